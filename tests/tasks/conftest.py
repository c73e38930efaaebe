"""Fixtures for the clock, bot and mail tests: a real Celery worker on the real Redis broker."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from celery.beat import EmbeddedService
from celery.contrib.testing.worker import start_worker

from ddmau_site.celery import app
from tests.support.personas import make_player


@pytest.fixture
def clock_worker(transactional_db: Any) -> Iterator[Any]:
    """A solo worker thread in this process (it shares the test's settings and mail outbox).

    Messages left in the broker by earlier tests (countdowns of tables long gone) are dropped first.
    """
    app.control.purge()
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=10) as running:
        yield running


@pytest.fixture
def beat(clock_worker: Any, tmp_path: Path) -> Iterator[Any]:
    """Celery beat in a thread of this process, on the site's schedule (its sweeps), for clock_worker."""
    service: Any = EmbeddedService(app, thread=True, schedule_filename=str(tmp_path / "celerybeat-schedule"))
    service.start()
    try:
        yield service
    finally:
        service.stop()


@pytest.fixture
def dave(db: Any) -> Any:
    return make_player("dave")
