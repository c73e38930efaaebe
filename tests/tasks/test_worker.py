"""A real Celery worker, on the real Redis broker, runs the site's tasks against the test database."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from celery.contrib.testing.worker import start_worker
from celery.result import AsyncResult
from django.core.cache import cache
from django.db import transaction

from ddmau_site.celery import app
from ddmau_site.tasks import healthcheck
from tests.support.personas import make_player


@pytest.fixture
def worker(transactional_db: Any) -> Any:
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10) as running:
        yield running


def test_it_runs_a_task_on_a_real_worker_and_returns_its_result(worker: Any, alice: Any) -> None:
    token = uuid.uuid4().hex
    result = healthcheck.delay(token).get(timeout=20)
    assert result == {"token": token, "db": True, "cache": True, "users": 1}


def test_it_shows_a_task_queued_on_commit_what_the_transaction_wrote(worker: Any, alice: Any) -> None:
    task_id, probe = uuid.uuid4().hex, uuid.uuid4().hex
    with transaction.atomic():
        make_player("bob")
        healthcheck.apply_async_on_commit(args=(task_id,), task_id=task_id)
        # The solo worker takes tasks in order: once the probe is done, a task sent before it
        # would be done too, and would have counted Alice alone.
        healthcheck.delay(probe).get(timeout=20)
        assert not AsyncResult(task_id, app=app).ready()

    result: dict[str, object] = AsyncResult(task_id, app=app).get(timeout=20)

    assert result["users"] == 2


def test_it_never_runs_a_task_queued_in_a_rolled_back_transaction(worker: Any, alice: Any) -> None:
    dropped, later = uuid.uuid4().hex, uuid.uuid4().hex

    def refused_move() -> None:
        with transaction.atomic():
            healthcheck.delay_on_commit(dropped)
            raise RuntimeError("the move was refused")

    with pytest.raises(RuntimeError):
        refused_move()
    healthcheck.delay(later).get(timeout=20)

    # The solo worker takes tasks in order: had the first been sent, it would have run by now.
    assert cache.get(f"healthcheck:{later}") == "ok"
    assert cache.get(f"healthcheck:{dropped}") is None
