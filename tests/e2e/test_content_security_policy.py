"""The pages, htmx and the table's script work in a real browser under the Content-Security-Policy."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connections
from playwright.sync_api import ConsoleMessage, Page, expect

from games.models import Game
from tests.support.personas import PASSWORD
from tests.support.servers import LiveServer
from tests.support.tables import make_table

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


@pytest.fixture
def duel(alice: Any, bob: Any) -> Game:
    return make_table(alice, bob)  # made before the browser's event loop runs


@pytest.fixture
def web(browser: Any) -> Iterator[Any]:
    yield browser
    connections.close_all()


def test_it_runs_the_pages_htmx_and_the_table_without_a_policy_violation(
    live_site: LiveServer, duel: Game, web: Any
) -> None:
    page: Page = web.new_context().new_page()
    refused: list[str] = []
    page.on("console", lambda message: _note_refusal(message, refused))

    page.goto(live_site.url + "/accounts/login/")
    page.get_by_label("Username or email").fill("alice")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign In").click()
    expect(page.get_by_role("navigation", name="Main")).to_contain_text("Log out")

    page.goto(live_site.url + "/games/")  # htmx: the filter swaps the list in place
    page.locator("form[hx-get] select").first.select_option(index=1)
    page.wait_for_load_state("networkidle")
    page.goto(f"{live_site.url}/games/{duel.pk}/")  # the table's script and its WebSocket
    expect(page.locator("[data-conn]")).to_have_attribute("data-state", "live")

    assert refused == []
    assert page.evaluate("htmx.config.includeIndicatorStyles") is False


def _note_refusal(message: ConsoleMessage, refused: list[str]) -> None:
    if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
        refused.append(message.text)
