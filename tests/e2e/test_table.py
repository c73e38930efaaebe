"""Two people play DD MAU in real browsers against a live daphne server while a third watches.

Each logs in through the login page; moves are made by clicking cards and buttons (and keys), and
each move must reach the other browsers over the WebSocket, without a reload.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connections
from playwright.sync_api import Page, expect

from games import engine
from games.engine.ddmau.cards import CARDS, NUMBER
from games.models import Game
from games.templatetags.ddmau_cards import label
from tests.support.personas import PASSWORD
from tests.support.servers import LiveServer
from tests.support.table_play import seed_where, seeded_table
from tests.support.tables import make_table, play_to_the_end

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
SIMPLE_KINDS = {NUMBER, "T", "S", "O", "JT"}  # one card of these is a play that needs no declaration or colour


def unrelated_pair(position: dict[str, Any]) -> bool:
    """The seat to act holds two number cards sharing neither colour nor number (an illegal pair, R12)."""
    numbers = [CARDS[c] for c in position["hands"][position["turn"]] if CARDS[c].kind == NUMBER]
    return any(a.colour != b.colour and a.number != b.number for a in numbers for b in numbers)


# Tables are made before the browser starts: the sync Playwright API runs an event loop in this
# thread, and the action layer's on-commit broadcast cannot run beside it.
@pytest.fixture
def duel(alice: Any, bob: Any) -> Game:
    return seeded_table("h7-e2e-1", alice, bob)


@pytest.fixture
def mismatched_duel(alice: Any, bob: Any) -> Game:
    return seeded_table(seed_where(unrelated_pair), alice, bob)


@pytest.fixture
def web(browser: Any) -> Iterator[Any]:
    """The browser; ORM calls made while its event loop runs get their own connection, closed here."""
    yield browser
    connections.close_all()


def logged_in(browser: Any, live: LiveServer, username: str, **context: Any) -> Page:
    page: Page = browser.new_context(**context).new_page()
    page.goto(live.url + "/accounts/login/")
    page.get_by_label("Username or email").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign In").click()
    expect(page.get_by_role("navigation", name="Main")).to_contain_text("Log out")
    return page


def open_table(page: Page, live: LiveServer, game: Game) -> None:
    page.goto(f"{live.url}/games/{game.pk}/")
    expect(page.locator("[data-conn]")).to_have_attribute("data-state", "live")
    page.evaluate("window.sameDocument = true")  # gone if the page were reloaded


def live_part(page: Page, game: Game) -> Any:
    return page.locator(f"#table-{game.pk}")


def single_card_play(game: Game, seat: int) -> str | None:
    """A card the seat may play on its own, needing no declaration or colour, or None."""
    assert game.position is not None
    for action in engine.legal_actions(game.position, seat):
        cards = action.get("cards") or []
        if action["act"] == "play" and len(cards) == 1 and CARDS[cards[0]].kind in SIMPLE_KINDS:
            return str(cards[0])
    return None


def make_a_move(page: Page, game: Game, seat: int) -> str:
    """The seat to act moves through its page: a single card if it has one, else take, draw or pass."""
    live = live_part(page, game)
    code = single_card_play(game, seat)
    if code is not None:
        live.locator(f'.hand-card[data-code="{code}"]').first.click()
        expect(live.locator("[data-chosen] .chosen-card")).to_have_count(1)
        live.get_by_role("button", name=re.compile(r"^Play")).click()
        return code
    for name in (r"^Take \d+", r"^Draw", r"^Pass"):
        button = live.get_by_role("button", name=re.compile(name))
        if button.count():
            button.click()
            return name
    raise AssertionError("no move offered to the seat to act")


def test_it_lets_two_players_play_while_each_sees_the_others_moves_live_and_a_spectator_sees_no_hand(
    live_site: LiveServer, duel: Game, carol: Any, web: Any
) -> None:
    game = duel
    pages = {
        0: logged_in(web, live_site, "alice"),
        1: logged_in(web, live_site, "bob", **PHONE),
    }
    watcher = logged_in(web, live_site, "carol")
    for page in (*pages.values(), watcher):
        open_table(page, live_site, game)

    expect(live_part(watcher, game).locator(".hand-card")).to_have_count(0)
    expect(live_part(watcher, game).locator(".seat").first).to_contain_text("9")

    played: list[str] = []
    for _ in range(6):
        game.refresh_from_db()
        assert game.position is not None
        seat = game.position["pending"]["target"] if game.position["pending"] else game.position["turn"]
        moved = make_a_move(pages[seat], game, seat)
        seq = game.seq + 1
        for page in (*pages.values(), watcher):
            expect(live_part(page, game)).to_have_attribute("data-seq", str(seq))
        if moved in CARDS:
            played.append(moved)
            for page in (pages[1 - seat], watcher):
                expect(live_part(page, game).locator(".last-play")).to_contain_text(seat_name(game, seat))
                expect(live_part(page, game).locator(".last-play .cd").last).to_have_attribute(
                    "aria-label", re.compile("^" + re.escape(label(moved)))
                )
        else:
            expect(live_part(pages[1 - seat], game).locator("[data-log] li").last).to_contain_text(
                seat_name(game, seat)
            )

    assert played, "the seed should give at least one card play in six moves"
    for page in (*pages.values(), watcher):
        assert page.evaluate("window.sameDocument") is True, "updates arrive without a reload"
    expect(live_part(watcher, game).locator(".hand-card")).to_have_count(0)
    expect(live_part(watcher, game).get_by_role("heading", name=re.compile("Your hand"))).to_have_count(0)


def seat_name(game: Game, seat: int) -> str:
    return str(game.seats.get(index=seat).name)


def mover_and_waiter(web: Any, live: LiveServer, game: Game, **mover_context: Any) -> tuple[Page, Page]:
    """The pages of the player to act and of the other one, both logged in and at the table."""
    assert game.position is not None
    seat = game.position["turn"]
    mover = logged_in(web, live, ("alice", "bob")[seat], **mover_context)
    waiter = logged_in(web, live, ("alice", "bob")[1 - seat])
    open_table(mover, live, game)
    open_table(waiter, live, game)
    return mover, waiter


def test_it_plays_from_the_keyboard_and_says_when_the_cards_picked_are_no_play(
    live_site: LiveServer, mismatched_duel: Game, web: Any
) -> None:
    game = mismatched_duel
    page, other = mover_and_waiter(web, live_site, game)
    live = live_part(page, game)

    # Two number cards that neither share a colour nor a number: picked with the number keys.
    hand = [live.locator(".hand-card").nth(i).get_attribute("data-code") or "" for i in range(9)]
    first, second = next(
        (i, j)
        for i, a in enumerate(hand)
        for j, b in enumerate(hand)
        if CARDS[a].kind == NUMBER == CARDS[b].kind
        and CARDS[a].colour != CARDS[b].colour
        and CARDS[a].number != CARDS[b].number
    )
    page.keyboard.press(str(first + 1))
    page.keyboard.press(str(second + 1))
    expect(live.locator(".hand-card").nth(first).locator(".order")).to_have_text("1")
    expect(live.locator(".hand-card").nth(second).locator(".order")).to_have_text("2")
    # Honest choices: the light shows only what a legal play can go on with, and Play stays off.
    expect(live.locator("[data-builder-hint]")).to_contain_text("no play")
    expect(live.get_by_role("button", name=re.compile(r"^Play"))).to_be_disabled()
    page.keyboard.press("Enter")
    expect(live_part(page, game)).to_have_attribute("data-seq", "0")
    expect(live_part(page, game).locator(".hand-card")).to_have_count(9)

    # The picks stay picked for a second try; Backspace takes the last one back, Escape the rest.
    live = live_part(page, game)
    picked = live.locator('.hand-card[aria-pressed="true"]')
    expect(picked).to_have_count(2)
    page.keyboard.press("Backspace")
    expect(picked).to_have_count(1)
    page.keyboard.press("Escape")
    expect(picked).to_have_count(0)
    page.keyboard.press("d")
    expect(live_part(page, game)).to_have_attribute("data-seq", "1")
    expect(live_part(page, game).locator(".hand-card")).to_have_count(10)
    expect(live_part(page, game).get_by_role("button", name=re.compile(r"^Draw"))).to_contain_text("(2 left)")
    expect(live_part(other, game).locator(".seat.is-turn")).to_contain_text("10")


@pytest.fixture
def master_mau_duel(alice: Any, bob: Any) -> Game:
    seed = next(
        f"h7-m{n}" for n in range(500) if "MM" in (p := engine.new_game(2, seed=f"h7-m{n}"))["hands"][p["turn"]]
    )
    return seeded_table(seed, alice, bob)


def test_it_asks_what_a_master_mau_is_and_which_colour_before_playing_it(
    live_site: LiveServer, master_mau_duel: Game, web: Any
) -> None:
    game = master_mau_duel
    page, other = mover_and_waiter(web, live_site, game, **PHONE)
    live = live_part(page, game)
    play = live.get_by_role("button", name=re.compile(r"^Play"))

    live.locator('.hand-card[data-code="MM"]').first.tap()
    kind = live.get_by_label("Play Master Mau as")
    expect(kind).to_be_visible()
    expect(play).to_be_disabled()
    expect(live.get_by_role("group", name="Name a colour")).to_be_hidden()

    kind.select_option(label="Shadow Master")
    expect(live.get_by_role("group", name="Name a colour")).to_be_visible()
    expect(play).to_be_disabled()
    live.get_by_text("green", exact=True).tap()
    expect(play).to_be_enabled()
    play.tap()

    top = live_part(other, game).locator(".pile-top .cd")
    expect(top).to_have_attribute("aria-label", "Master Mau, 50 points, played as Shadow Master, now green")
    expect(live_part(other, game).locator(".now-colour")).to_contain_text("green")


@pytest.fixture
def finished_duel(alice: Any, bob: Any) -> Game:
    game = make_table(alice, bob, rules={"target": 40, "net_low": 35, "net_reset": 20})
    return play_to_the_end(game)


def test_it_replays_a_finished_game_step_by_step_with_buttons_and_keys(
    live_site: LiveServer, finished_duel: Game, web: Any
) -> None:
    game = finished_duel
    page = logged_in(web, live_site, "bob")
    page.goto(f"{live_site.url}/games/{game.pk}/replay/")
    label = page.locator("[data-step-label]")
    steps = page.locator("[data-step]")

    expect(label).to_have_text("The deal")
    expect(page.locator("[data-step]:visible")).to_have_count(1)
    page.get_by_role("button", name="Next step").click()
    expect(label).to_contain_text("Move 1 of")
    page.keyboard.press("ArrowRight")
    expect(label).to_contain_text("Move 2 of")
    expect(steps.nth(2)).to_be_visible()
    page.keyboard.press("End")
    expect(page.locator("[data-step]:visible .replay-step-title")).to_contain_text("Move")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Home")
    expect(label).to_have_text("The deal")
    expect(page.get_by_text(game.seed, exact=True)).to_be_visible()
    expect(page.get_by_role("link", name="Game record (JSON)")).to_have_attribute(
        "href", f"/games/{game.pk}/record.json"
    )


def test_it_catches_up_with_moves_made_while_its_connection_was_lost(
    live_site: LiveServer, duel: Game, web: Any
) -> None:
    game = duel
    mover, waiter = mover_and_waiter(web, live_site, game)

    waiter.context.set_offline(True)
    expect(waiter.locator("[data-conn]")).not_to_have_attribute("data-state", "live")
    live_part(mover, game).get_by_role("button", name=re.compile(r"^Draw")).click()
    expect(live_part(mover, game)).to_have_attribute("data-seq", "1")
    expect(live_part(waiter, game)).to_have_attribute("data-seq", "0")

    waiter.context.set_offline(False)
    expect(waiter.locator("[data-conn]")).to_have_attribute("data-state", "live", timeout=20000)
    expect(live_part(waiter, game)).to_have_attribute("data-seq", "1")
    assert waiter.evaluate("window.sameDocument") is True
