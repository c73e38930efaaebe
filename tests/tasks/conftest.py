"""Fixtures for the clock, bot and mail tests: a real Celery worker on the real Redis broker."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
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
def dave(db: Any) -> Any:
    return make_player("dave")
