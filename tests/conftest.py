"""Shared fixtures: personas, real servers (daphne, Celery), the browser, and service markers."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connection

from tests.support.personas import make_player
from tests.support.servers import LiveServer, daphne_server

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    from django.conf import settings

    on_postgres = settings.DATABASES["default"]["ENGINE"].endswith("postgresql")
    skip_pg = pytest.mark.skip(reason="needs PostgreSQL (row locks, concurrency); set DATABASE_URL or start it")
    for item in items:
        if "postgres" in item.keywords and not on_postgres:
            item.add_marker(skip_pg)


@pytest.fixture
def alice(db: Any) -> Any:
    return make_player("alice")


@pytest.fixture
def bob(db: Any) -> Any:
    return make_player("bob")


@pytest.fixture
def carol(db: Any) -> Any:
    return make_player("carol")


@pytest.fixture
def staff_sam(db: Any) -> Any:
    return make_player("sam", staff=True, display_name="Sam (staff)")


@pytest.fixture
def live_site(transactional_db: Any, tmp_path: Path) -> Iterator[LiveServer]:
    """daphne serving the site on a free port, against the test database, keeping mail in tmp_path."""
    mail_dir = tmp_path / "mail"
    mail_dir.mkdir()
    connection.close()
    with daphne_server(mail_dir) as server:
        yield server


@pytest.fixture(scope="session")
def chromium_path() -> str:
    if not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists():
        if os.environ.get("DDMAU_REQUIRE_SERVICES"):
            pytest.fail(f"{CHROMIUM} is missing (apt-get install chromium)")
        pytest.skip(f"{CHROMIUM} is missing: browser tests skipped (apt-get install chromium)")
    return CHROMIUM


@pytest.fixture
def browser(chromium_path: str) -> Iterator[Any]:
    # The sync Playwright API runs an event loop in this thread; the ORM calls the test makes in
    # between are still synchronous, so Django's async-safety check would refuse them.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()
    os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
