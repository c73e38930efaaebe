"""Between hands in real browsers: the hand's result stands in front of both players, each says Ready,
and the next hand starts for both at once, without a reload."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connection, connections
from playwright.sync_api import expect

from games.models import Game
from tests.e2e.test_table import live_part, logged_in, open_table
from tests.support.servers import LiveServer, daphne_server
from tests.support.table_play import advance
from tests.support.tables import make_table

pytestmark = [pytest.mark.e2e, pytest.mark.slow]
BREAK_SECONDS = "120"  # longer than the test: only Ready ends it


@pytest.fixture
def site_with_breaks(transactional_db: Any, tmp_path: Path) -> Iterator[LiveServer]:
    """daphne with the pause between hands that live tables have (the suite turns it off elsewhere)."""
    mail_dir = tmp_path / "mail"
    mail_dir.mkdir()
    connection.close()
    with daphne_server(mail_dir, DDMAU_HAND_BREAK_SECONDS=BREAK_SECONDS) as server:
        yield server


@pytest.fixture
def after_the_first_hand(site_with_breaks: LiveServer, alice: Any, bob: Any, settings: Any) -> Game:
    """Alice and Bob between their first and second hand (made before the browser starts)."""
    settings.DDMAU_HAND_BREAK_SECONDS = float(BREAK_SECONDS)
    game = make_table(alice, bob)  # no hand of two reaches 505: the game goes on after the first
    advance(game, lambda position: position.get("hand", 1) >= 2 or bool(position.get("over")))
    game.refresh_from_db()
    assert game.on_break()
    return game


@pytest.fixture
def web(browser: Any) -> Iterator[Any]:
    yield browser
    connections.close_all()


def test_it_holds_the_next_hand_in_both_browsers_until_both_players_are_ready(
    site_with_breaks: LiveServer, after_the_first_hand: Game, alice: Any, web: Any
) -> None:
    game = after_the_first_hand
    alice_name = game.seats.get(user=alice).name

    pages = {name: logged_in(web, site_with_breaks, name) for name in ("alice", "bob")}
    for page in pages.values():
        open_table(page, site_with_breaks, game)
        panel = live_part(page, game).locator(".between-hands")
        expect(panel).to_contain_text("went out")
        expect(panel.get_by_role("button", name="Ready for the next hand")).to_be_visible()

    live_part(pages["alice"], game).get_by_role("button", name="Ready for the next hand").click()
    expect(live_part(pages["alice"], game).locator(".between-hands")).to_contain_text("You are ready")
    bobs_panel = live_part(pages["bob"], game).locator(".between-hands")
    expect(bobs_panel).to_contain_text(f"Ready: {alice_name}")  # pushed to Bob's page
    expect(bobs_panel.get_by_role("button", name="Ready for the next hand")).to_be_visible()
    game.refresh_from_db()
    assert game.on_break()

    live_part(pages["bob"], game).get_by_role("button", name="Ready for the next hand").click()
    for page in pages.values():
        expect(live_part(page, game).locator(".between-hands")).to_have_count(0)
        expect(live_part(page, game).locator(".felt")).to_have_attribute("data-hand-number", "2")
        assert page.evaluate("window.sameDocument") is True  # no reload
    game.refresh_from_db()
    assert not game.on_break()
    assert Game.objects.get(pk=game.pk).dealt_position()["hand"] == 2
