"""Site-wide Celery tasks."""

from __future__ import annotations

from celery import shared_task
from celery.contrib.django.task import DjangoTask
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection


# base=DjangoTask: Celery uses it for Django projects anyway; naming it lets mypy see delay_on_commit.
@shared_task(base=DjangoTask)
def healthcheck(token: str) -> dict[str, object]:
    """Prove a worker can reach the database and the cache; the caller checks the echo."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        (one,) = cursor.fetchone() or (0,)
    cache.set(f"healthcheck:{token}", "ok", 60)
    return {
        "token": token,
        "db": one == 1,
        "cache": cache.get(f"healthcheck:{token}") == "ok",
        "users": get_user_model().objects.count(),
    }
