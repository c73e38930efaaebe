"""A DD MAU table against bots, in a real browser on a phone (390x844) and a laptop (1280x800): nothing
scrolls sideways, your own seat and the seat to act are in view, the action bar stays on screen with
a selection and with a refusal, the bots' moves arrive with motion (none when the player asks for
reduced motion) and your turn sounds. Screenshots of each size go to test-screens/ (ignored by git)
for a person to look at; they are not compared pixel by pixel.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connections
from playwright.sync_api import Locator, Page, expect

from games import actions, engine
from games.engine.ddmau.cards import CARDS, NUMBER
from games.models import Game, seed_digest
from tests.support.personas import PASSWORD
from tests.support.servers import ROOT, LiveServer, celery_worker_process
from tests.support.table_play import seed_where

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

SCREENS = ROOT / "test-screens"
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LAPTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
LANDSCAPE_PHONE: dict[str, Any] = {"viewport": {"width": 844, "height": 390}, "is_mobile": True, "has_touch": True}
SIZES = {"phone": PHONE, "laptop": LAPTOP, "landscape-phone": LANDSCAPE_PHONE}
SIMPLE_KINDS = {NUMBER, "T", "S", "O", "JT"}  # one card of these is a play that needs no declaration or colour

# Notes the beeps the page starts (the Web Audio API's oscillators, by wave: "sine" your turn, "square"
# a hit on you, "sawtooth" a catch, "triangle" a hand won) and the motion it makes (elements added for a moment: flying
# cards, "+2" on a seat), without changing either.
WATCH_SOUND_AND_MOTION = """
window.beeps = [];
window.motion = 0;
if (window.OscillatorNode) {
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args) { window.beeps.push(this.type); return start.apply(this, args); };
}
new MutationObserver((changes) => {
  for (const change of changes) for (const node of change.addedNodes) {
    if (node.nodeType === 1 && node.matches("[data-motion]")) window.motion += 1;
  }
}).observe(document, { childList: true, subtree: true });
"""


def single_card_play(position: dict[str, Any], seat: int) -> str | None:
    for action in engine.legal_actions(position, seat):
        cards = action.get("cards") or []
        if action["act"] == "play" and len(cards) == 1 and CARDS[cards[0]].kind in SIMPLE_KINDS:
            return str(cards[0])
    return None


def unrelated_pair(hand: list[str]) -> tuple[int, int] | None:
    """Two number cards sharing neither colour nor number: never a play (R12), so the server refuses it."""
    for i, a in enumerate(hand):
        for j, b in enumerate(hand):
            one, two = CARDS[a], CARDS[b]
            if one.kind == NUMBER == two.kind and one.colour != two.colour and one.number != two.number:
                return i, j
    return None


def good_deal(position: dict[str, Any]) -> bool:
    """Seat 0 (the person) leads, and holds a card to play alone and a pair that is no play."""
    return (
        position["turn"] == 0
        and not position.get("pending")
        and single_card_play(position, 0) is not None
        and unrelated_pair(position["hands"][0]) is not None
    )


@pytest.fixture
def bot_table(alice: Any) -> Game:
    """Alice against three greedy bots, dealt so that she leads; made before the browser starts."""
    game = actions.do_create_game(alice, seat_count=4, move_seconds=600, bots=3)
    seed = seed_where(good_deal, seats=4)
    Game.objects.filter(pk=game.pk).update(seed=seed, seed_hash=seed_digest(seed))
    actions.do_start(game.pk, alice)
    game.refresh_from_db()
    return game


@pytest.fixture
def worker(live_site: LiveServer, tmp_path: Path) -> Iterator[Any]:
    """The Celery worker that moves the bots, a little slower than a test would need, as on the site."""
    with celery_worker_process(tmp_path, DDMAU_BOT_DELAY_SECONDS="0.3") as process:
        yield process


@pytest.fixture
def web(browser: Any) -> Iterator[Any]:
    yield browser
    connections.close_all()


class Table:
    """Alice's page at the table, and what went wrong in it: script errors, policy refusals."""

    def __init__(self, page: Page, game: Game) -> None:
        self.page = page
        self.live = page.locator(f"#table-{game.pk}")
        self.errors: list[str] = []
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("console", lambda message: self.errors.append(message.text) if message.type == "error" else None)


def at_the_table(browser: Any, live: LiveServer, game: Game, **context: Any) -> Table:
    page: Page = browser.new_context(**context).new_page()
    table = Table(page, game)
    page.add_init_script(WATCH_SOUND_AND_MOTION)
    page.goto(live.url + "/accounts/login/")
    page.get_by_label("Username or email").fill("alice")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign In").click()
    expect(page.get_by_role("navigation", name="Main")).to_contain_text("Log out")
    page.goto(f"{live.url}/games/{game.pk}/")
    expect(page.locator("[data-conn]")).to_have_attribute("data-state", "live")
    return table


def screenshot(page: Page, name: str) -> None:
    SCREENS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENS / f"{name}.png")
    page.screenshot(path=SCREENS / f"{name}-full.png", full_page=True)


def sideways_scroll(page: Page) -> int:
    """How far the page could scroll sideways: 0 when it fits its viewport."""
    return int(page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth"))


def fully_in_view(locator: Locator) -> None:
    expect(locator).to_be_visible()
    expect(locator).to_be_in_viewport(ratio=1)


def seats_in_view(page: Page, live: Locator) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    fully_in_view(live.locator(".seat.is-me"))
    fully_in_view(live.locator(".seat.is-turn").first)


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_it_keeps_the_table_on_screen_and_the_action_bar_in_view_with_a_selection_and_a_refusal(
    live_site: LiveServer, bot_table: Game, worker: Any, web: Any, size: str
) -> None:
    game = bot_table
    table = at_the_table(web, live_site, game, **SIZES[size])
    page, live = table.page, table.live
    bar = live.locator(".me .actions")
    assert game.position is not None

    expect(live.locator(".seat.is-me")).to_have_class(re.compile("is-turn"))
    screenshot(page, f"table-{size}")
    assert sideways_scroll(page) == 0
    seats_in_view(page, live)

    # A selection: the Play button says what it plays, in view wherever the hand was scrolled to.
    code = single_card_play(game.position, 0)
    live.locator(f'.hand-card[data-code="{code}"]').first.click()
    expect(live.locator("[data-chosen] .chosen-card")).to_have_count(1)
    fully_in_view(bar)
    expect(bar.get_by_role("button", name=re.compile(r"^Play"))).to_be_enabled()
    screenshot(page, f"table-{size}-selected")
    page.keyboard.press("Escape")

    # A refusal: two cards that are no play, sent anyway (as a stale page could); the server says no.
    shown = live.locator(".hand-card").evaluate_all("cards => cards.map(card => card.dataset.code)")
    pair = unrelated_pair(shown)
    assert pair is not None
    for index in pair:
        live.locator(".hand-card").nth(index).click()
    live.get_by_role("button", name=re.compile(r"^Play")).evaluate("button => { button.disabled = false; }")
    live.get_by_role("button", name=re.compile(r"^Play")).click()
    expect(live.locator(".ruling")).to_be_visible()
    expect(live).to_have_attribute("data-seq", "0")
    fully_in_view(live.locator(".me .actions"))
    assert sideways_scroll(page) == 0
    screenshot(page, f"table-{size}-refused")

    # A play: the bots answer (the worker moves them) and the turn comes back, with motion and a sound.
    page.keyboard.press("Escape")
    live.locator(f'.hand-card[data-code="{code}"]').first.click()
    live.get_by_role("button", name=re.compile(r"^Play")).click()
    expect(live).not_to_have_attribute("data-seq", "0")
    expect(live.locator(".seat.is-me")).to_have_class(re.compile("is-turn"), timeout=30_000)
    page.wait_for_timeout(400)  # the last animations end
    assert page.evaluate("window.motion") > 0, "the bots' cards move on the table"
    assert "sine" in page.evaluate("window.beeps"), "your turn sounds"
    assert sideways_scroll(page) == 0
    seats_in_view(page, live)
    screenshot(page, f"table-{size}-after-bots")
    assert table.errors == []


def test_it_makes_no_motion_for_a_player_who_asks_for_reduced_motion_and_no_sound_once_switched_off(
    live_site: LiveServer, bot_table: Game, worker: Any, web: Any
) -> None:
    game = bot_table
    table = at_the_table(web, live_site, game, reduced_motion="reduce", **PHONE)
    page, live = table.page, table.live
    switch = page.get_by_role("checkbox", name="Sounds")
    expect(switch).to_be_visible()
    switch.uncheck()
    page.reload()
    expect(page.locator("[data-conn]")).to_have_attribute("data-state", "live")
    expect(page.get_by_role("checkbox", name="Sounds")).not_to_be_checked()  # remembered

    assert game.position is not None
    code = single_card_play(game.position, 0)
    live.locator(f'.hand-card[data-code="{code}"]').first.click()
    live.get_by_role("button", name=re.compile(r"^Play")).click()
    expect(live).not_to_have_attribute("data-seq", "0")
    expect(live.locator(".seat.is-me")).to_have_class(re.compile("is-turn"), timeout=30_000)
    assert page.evaluate("window.motion") == 0
    assert page.evaluate("window.beeps") == []
    assert page.evaluate("getComputedStyle(document.querySelector('.seat.is-turn')).animationName") == "none"
    assert table.errors == []


@pytest.fixture
def crowded_table(alice: Any) -> Game:
    """Alice against nine bots, dealt so that she leads: her hand begins below the fold on a phone."""
    game = actions.do_create_game(alice, seat_count=10, move_seconds=600, bots=9)
    seed = seed_where(lambda position: position["turn"] == 0 and not position.get("pending"), seats=10)
    Game.objects.filter(pk=game.pk).update(seed=seed, seed_hash=seed_digest(seed))
    actions.do_start(game.pk, alice)
    game.refresh_from_db()
    return game


@pytest.mark.parametrize("size", ["phone", "landscape-phone"])
def test_it_keeps_the_action_bar_on_screen_when_the_hand_begins_below_the_fold(
    live_site: LiveServer, crowded_table: Game, web: Any, size: str
) -> None:
    game = crowded_table
    table = at_the_table(web, live_site, game, **SIZES[size])
    page, live = table.page, table.live
    bar = live.locator(".me .actions")

    expect(live.locator(".seat")).to_have_count(10)
    if size == "phone":
        seats_in_view(page, live)  # ten seats in three columns, yours and the one to act among them
    assert sideways_scroll(page) == 0
    fully_in_view(bar)
    expect(bar.get_by_role("button", name=re.compile(r"^Draw"))).to_be_enabled()
    screenshot(page, f"crowded-{size}")

    live.locator(".hand-card").last.click()  # scrolls the hand into view: the bar stays pinned below it
    fully_in_view(bar)
    page.evaluate("window.scrollTo(0, 0)")
    fully_in_view(bar)
    assert sideways_scroll(page) == 0
    assert table.errors == []


def made_up_update(change: str) -> str:
    """A "table:updated" event as table.js dispatches it, made up in the page: `after` is the live
    fragment as it stands, `before` a copy of it, and `change` (JavaScript) alters either first."""
    return f"""
() => {{
  const root = document.querySelector("[data-table]");
  const after = root.querySelector(".table-live");
  const before = after.cloneNode(true);
  {change}
  root.dispatchEvent(new CustomEvent("table:updated", {{ detail: {{ before: before, after: after, moved: true }} }}));
}}
"""


# The fragment before a hit: your seat held two cards fewer and was not yet to act.
BEFORE_A_HIT = made_up_update("""
  const me = before.querySelector(".seat.is-me");
  me.dataset.cards = String(Number(me.dataset.cards) - 2);
  me.classList.remove("is-turn");
""")


def listening_at_the_table(web: Any, live: LiveServer, game: Game) -> Table:
    """Alice's page at the table on a laptop, after a first gesture: the browser lets it make sounds."""
    table = at_the_table(web, live, game, **LAPTOP)
    table.live.locator(".hand-card").first.click()
    table.page.keyboard.press("Escape")
    return table


def test_it_counts_a_hit_up_on_your_seat_and_sounds_it(live_site: LiveServer, bot_table: Game, web: Any) -> None:
    table = listening_at_the_table(web, live_site, bot_table)
    page, live = table.page, table.live

    page.evaluate(BEFORE_A_HIT)
    expect(live.locator(".seat.is-me .seat-float")).to_have_text("+2")
    assert page.evaluate("window.motion") > 0
    assert page.evaluate("window.beeps") == ["square", "square"]  # the hit's sound, not your turn's
    expect(live.locator(".seat.is-me .seat-float")).to_have_count(0)  # gone once it has risen
    expect(live.locator(".seat.is-me .cd-count")).to_have_text("7")
    assert table.errors == []


# A move at the table that caught someone (the engine's event kinds on the "what happened" line).
A_CATCH = made_up_update("""
  before.dataset.seq = String(Number(after.dataset.seq) - 1);
  let line = after.querySelector("[data-happened]");
  if (!line) {
    line = document.createElement("p");
    line.dataset.happened = "";
    after.querySelector(".table-board").prepend(line);
  }
  line.dataset.kinds = "caught draw";
""")


def test_it_sounds_a_catch_and_lets_each_sound_be_switched_off_on_its_own(
    live_site: LiveServer, bot_table: Game, web: Any
) -> None:
    table = listening_at_the_table(web, live_site, bot_table)
    page = table.page

    page.evaluate(A_CATCH)
    assert page.evaluate("window.beeps").count("sawtooth") == 3  # the catch's three notes

    page.locator("[data-sound-menu] summary").click()
    catch_switch = page.get_by_role("checkbox", name="a catch")
    expect(catch_switch).to_be_checked()
    catch_switch.uncheck()
    page.evaluate("window.beeps = []")
    page.evaluate(A_CATCH)
    assert "sawtooth" not in page.evaluate("window.beeps")
    page.reload()
    page.locator("[data-sound-menu] summary").click()
    expect(page.get_by_role("checkbox", name="a catch")).not_to_be_checked()  # remembered
    expect(page.get_by_role("checkbox", name="your turn")).to_be_checked()
    assert table.errors == []
