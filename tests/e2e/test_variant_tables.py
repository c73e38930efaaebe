"""The four Mau-Mau games in real browsers: two players and a spectator against a live daphne server.

Each table is dealt from a seed and its hands are then set by hand (tests/support/variant_positions),
so that a turn or two in, an out-of-turn act is there to be made: a catch of a missing Mau call
(`maumau`, and `dansk` with `mau_catch: catch`), a penalty for a missing "last card" call (`mau`), a
jump-in with the identical card (`emojical`). Every move is made by clicking the card's choices or
the other buttons, and must reach the other two browsers over the WebSocket, without a reload. No
Celery worker runs: the only reaction window (emojical's jump-in) is the last thing each test sees.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from django.db import connections
from playwright.sync_api import Locator, Page, expect

from games import engine
from games.models import Game
from tests.support.personas import PASSWORD
from tests.support.servers import LiveServer
from tests.support.variant_positions import crafted_table

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
SCREENS = Path("/tmp/screens")
PLAYERS = ("alice", "bob")  # by seat


@dataclass(frozen=True)
class Step:
    """One click: `action` (the engine's, seat included) made through its button; `log` is what the
    new line of the move log says in every browser."""

    action: dict[str, Any]
    log: str
    out_of_turn: bool = False


@dataclass(frozen=True)
class Scenario:
    variant: str
    seed: str
    hands: tuple[tuple[str, ...], tuple[str, ...]]  # alice's (seat 0, the dealer), bob's
    steps: tuple[Step, ...]
    colour_after: str  # the colour or suit to follow at the end, in words
    rules: dict[str, Any] = field(default_factory=dict)
    window_after: str = ""  # the reaction window every browser shows at the end, if any


def act(seat: int, name: str, **fields: Any) -> dict[str, Any]:
    return {"seat": seat, "act": name, **fields}


SCENARIOS = {
    # Bob plays; Alice plays her penultimate card without the Mau call; Bob catches her; Bob plays on.
    "maumau": Scenario(
        "maumau",
        "e2e-0",  # turned: King of spades; Bob (left of the dealer) plays first
        (("SA", "HA"), ("S9", "D9", "C10", "H10", "DA", "CQ")),
        (
            Step(act(1, "play", cards=["S9"]), "Bob plays"),
            Step(act(0, "play", cards=["SA"]), "Alice plays"),
            Step(act(1, "catch", target=0), "Bob catches Alice", out_of_turn=True),
            Step(act(1, "play", cards=["DA"]), "Bob plays"),
        ),
        colour_after="♦ diamonds",
    ),
    # Alice starts as the dealer; Bob plays; Alice leaves herself one card without "last card";
    # Bob calls the penalty on her and then plays.
    "mau": Scenario(
        "mau",
        "e2e-0",  # turned: 3 of hearts
        (("H6", "C3"), ("H5", "C9", "D10", "CQ", "DK", "C4", "D6")),
        (
            Step(act(0, "start", calls=[]), "Alice starts the game"),
            Step(act(1, "play", cards=["H5"], calls=[]), "Bob plays"),
            Step(act(0, "play", cards=["H6"], calls=[]), "Alice plays"),
            Step(act(1, "penalty", target=0, reason="last_card"), "Bob calls a penalty on Alice", out_of_turn=True),
            Step(act(1, "play", cards=["D6"], calls=[]), "Bob plays"),
        ),
        colour_after="♦ diamonds",
    ),
    # With the house rule `mau_catch: catch` a missing Mau costs a card only if someone catches it.
    "dansk": Scenario(
        "dansk",
        "e2e-0",  # turned: yellow 1; Bob plays first
        (("Y7", "B8"), ("Y4", "G2", "B3", "R6", "G9")),
        (
            Step(act(1, "play", cards=["Y4"], mau=False), "Bob plays"),
            Step(act(0, "play", cards=["Y7"], mau=False), "Alice plays"),
            Step(act(1, "catch", target=0), "Bob catches Alice", out_of_turn=True),
            Step(act(1, "draw"), "Bob draws"),
        ),
        rules={"mau_catch": "catch"},
        colour_after="yellow",
    ),
    # The turned green Take 2 hits Bob, who blocks it (no jump-in after a block); Alice plays a
    # smiley, and Bob, holding the very same card, jumps in while the window is open.
    "emojical": Scenario(
        "emojical",
        "e2e-2",  # turned: green Take 2, aimed at Bob
        (("G5", "P7", "Y2"), ("BLG", "G5", "Y3", "P8", "B6", "Y1", "P4")),
        (
            Step(act(1, "block", cards=["BLG"]), "Bob blocks"),
            Step(act(0, "play", cards=["G5"]), "Alice plays"),
            Step(act(1, "jump_in", cards=["G5"]), "Bob jumps in", out_of_turn=True),
        ),
        colour_after="green",
        window_after="Jump in! Anyone holding the same card as Bob",
    ),
}


# Tables are made before the browser starts: the sync Playwright API runs an event loop in this
# thread, and the action layer's on-commit broadcast cannot run beside it.
@pytest.fixture(params=list(SCENARIOS))
def scenario(request: pytest.FixtureRequest) -> Scenario:
    return SCENARIOS[request.param]


@pytest.fixture
def table(scenario: Scenario, alice: Any, bob: Any, carol: Any) -> Game:
    return crafted_table(scenario.variant, scenario.seed, scenario.hands, alice, bob, rules=scenario.rules)


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


def live_part(page: Page, game: Game) -> Locator:
    return page.locator(f"#table-{game.pk}")


def button_for(page: Page, game: Game, action: dict[str, Any], label: str) -> Locator:
    """The button that sends `action`: inside its card's choices (opened first), else among the
    other acts. Its text is the engine's description (and a key hint, for the other acts)."""
    live = live_part(page, game)
    cards = action.get("cards")
    if cards:
        choice = live.locator(f'details.hand-choice[data-code="{cards[0]}"]')
        if choice.get_attribute("open") is None:
            choice.locator("summary").click()
        return choice.get_by_role("button", name=label, exact=True)
    return live.locator("form.other-choices").get_by_role("button", name=re.compile("^" + re.escape(label)))


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page scrolls sideways on a phone: {width[0]}px wide in {width[1]}px"


def screenshots(pages: dict[str, Page], variant: str, tmp_path: Path) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    for size, page in pages.items():
        shot = page.screenshot(full_page=True)
        for folder in (tmp_path, SCREENS):
            (folder / f"{variant}-{size}.png").write_bytes(shot)


def test_it_plays_each_game_by_clicking_with_an_out_of_turn_act_that_every_browser_sees_land_live(
    live_site: LiveServer, scenario: Scenario, table: Game, web: Any, tmp_path: Path
) -> None:
    game = table
    assert game.position is not None
    position = dict(game.position)
    rules = engine.rules_of(position)
    pages = {0: logged_in(web, live_site, "alice", **DESKTOP), 1: logged_in(web, live_site, "bob", **PHONE)}
    watcher = logged_in(web, live_site, "carol", **DESKTOP)
    everyone = (*pages.values(), watcher)
    for page in everyone:
        open_table(page, live_site, game)
    expect(live_part(watcher, game).locator(".hand-choice, .hand-idle")).to_have_count(0)
    expect(live_part(watcher, game).locator(".move-form")).to_have_count(0)

    for seq, step in enumerate(scenario.steps, start=1):
        action = step.action
        seat = action["seat"]
        legal = engine.legal_actions(position, seat)
        assert action in legal, (action, legal)
        # the page names players where the engine's words name seats ("Catch seat 0" reads "Catch Alice")
        label = re.sub(r"\bseat (\d+)\b", lambda m: ("Alice", "Bob")[int(m.group(1))], rules.describe(action))
        if step.out_of_turn:
            assert action["act"] in rules.out_of_turn_acts, "an act any seat that may make it makes at any moment"
            # Only the seat that may make it has its button; the other player and the watcher do not.
            other = pages[1 - seat]
            expect(live_part(other, game).get_by_role("button", name=re.compile("^" + re.escape(label)))).to_have_count(
                0
            )
            expect(live_part(watcher, game).get_by_role("button")).to_have_count(0)
        button = button_for(pages[seat], game, action, label)
        expect(button).to_be_visible()
        if seat == 1:
            no_sideways_scroll(pages[1])  # with a card's choices open, too
        button.click()

        position = engine.apply(position, action)
        for page in everyone:
            expect(live_part(page, game)).to_have_attribute("data-seq", str(seq))
            line = live_part(page, game).locator("[data-log] li").last
            expect(line).to_have_attribute("value", str(seq))
            expect(line).to_contain_text(step.log)

    game.refresh_from_db()
    assert game.position == position, "the server's game went exactly as the engine says"
    for page in everyone:
        expect(live_part(page, game).locator(".now-colour")).to_contain_text(scenario.colour_after)
    if scenario.window_after:
        for page in everyone:
            expect(live_part(page, game).locator(".window")).to_contain_text(scenario.window_after)
    for page in everyone:
        assert page.evaluate("window.sameDocument") is True, "updates arrive without a reload"
    no_sideways_scroll(pages[1])
    screenshots({"1280x800": pages[0], "390x844": pages[1]}, scenario.variant, tmp_path)
