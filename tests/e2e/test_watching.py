"""A visitor without an account finds a public game from the nav, watches it live and sees no hand;
a player starts a game against bots in one click from the home page."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connection, connections
from playwright.sync_api import Page, expect

from games.models import BOT_MARK, Game
from tests.support.personas import PASSWORD
from tests.support.servers import LiveServer
from tests.support.tables import hidden_cards, leaked, make_table, play

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.fixture
def duel(alice: Any, bob: Any) -> Game:
    return make_table(alice, bob, move_seconds=300)


@pytest.fixture
def web(browser: Any) -> Iterator[Any]:
    yield browser
    connections.close_all()


def move_elsewhere(game: Game) -> None:
    """The player to act moves, as from another browser: in a thread of its own, away from the
    browser's event loop (the move's on-commit broadcast needs one of its own)."""

    def move() -> None:
        try:
            assert play(game).ok
        finally:
            connection.close()

    mover = threading.Thread(target=move)
    mover.start()
    mover.join(30)


def test_it_lets_a_visitor_without_an_account_watch_a_public_table_live_and_see_no_hand(
    live_site: LiveServer, duel: Game, web: Any
) -> None:
    visitor: Page = web.new_context(**PHONE).new_page()
    visitor.goto(live_site.url + "/")
    visitor.get_by_role("navigation", name="Main").get_by_role("link", name="Watch").click()
    expect(visitor.get_by_role("heading", name="Games in progress")).to_be_visible()
    visitor.get_by_role("link", name=f"Watch table {duel.pk}").click()

    expect(visitor).to_have_url(re.compile(f"/games/{duel.pk}/$"))
    expect(visitor.locator("[data-conn]")).to_have_attribute("data-state", "live")  # its socket is open
    live = visitor.locator(f"#table-{duel.pk}")
    for _ in range(2):
        seq = Game.objects.get(pk=duel.pk).seq
        move_elsewhere(duel)
        expect(live).to_have_attribute("data-seq", str(seq + 1))

    assert leaked(visitor.content(), hidden_cards(duel, None)) == set()
    expect(live.locator(".hand-card")).to_have_count(0)
    expect(visitor.get_by_role("navigation", name="Main")).to_contain_text("Log in")


def test_it_seats_a_player_against_three_bots_in_one_click_from_the_home_page(
    live_site: LiveServer, alice: Any, web: Any
) -> None:
    page: Page = web.new_context().new_page()
    page.goto(live_site.url + "/")
    page.get_by_role("button", name="Play now against bots").click()
    page.get_by_label("Username or email").fill("alice")  # visitors log in first, then come back
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign In").click()
    page.get_by_role("button", name=re.compile("^Play now against 3 bots")).click()

    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    game = Game.objects.get(creator=alice)
    expect(page.locator(f"#table-{game.pk}")).to_contain_text(f"{BOT_MARK} ")
    assert game.status == Game.Status.PLAYING
    assert sorted(seat.bot for seat in game.seats.all()) == ["", "greedy", "greedy", "greedy"]
