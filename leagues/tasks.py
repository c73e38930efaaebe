"""Celery tasks of leagues: thin, they call leagues.game_results."""

from __future__ import annotations

from celery import shared_task
from celery.contrib.django.task import DjangoTask

from leagues import game_results


@shared_task(base=DjangoTask)
def sweep_results() -> int:
    """Beat, every few seconds: hand ends and finished games whose after-hand hook was lost."""
    return game_results.sweep()
