"""A Penal T in real browsers (issue 12): the Play button says what it will do before it is sent, and a
real bot's Penal T on the player, moved by the Celery worker, shows its sentence and grows the hand
on the open page, without a reload."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connections
from playwright.sync_api import expect

from games import actions, engine
from games.engine.bots import get_bot
from games.models import Game, seed_digest
from tests.e2e.test_table import PHONE, live_part, logged_in, open_table
from tests.engine.ddmau.positions import position
from tests.support.servers import ROOT, LiveServer, celery_worker_process
from tests.support.table_play import penal_t_alone, seed_where, seeded_table

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


@pytest.fixture
def penal_t_duel(alice: Any, bob: Any) -> Game:
    """Alice leads holding a Penal T she may play (made before the browser starts)."""
    return seeded_table(seed_where(lambda p: p["turn"] == 0 and penal_t_alone(p) is not None), alice, bob)


@pytest.fixture
def web(browser: Any) -> Iterator[Any]:
    yield browser
    connections.close_all()


def test_it_says_on_the_play_button_whom_a_penal_t_will_hit_before_it_is_sent(
    live_site: LiveServer, penal_t_duel: Game, web: Any
) -> None:
    game = penal_t_duel
    assert game.position is not None
    code = penal_t_alone(game.position)
    page = logged_in(web, live_site, "alice", **PHONE)
    open_table(page, live_site, game)
    live = live_part(page, game)
    play = live.get_by_role("button", name=re.compile(r"^Play"))

    card = live.locator(f'.hand-card[data-code="{code}"]').first
    card.click()
    expect(play).to_be_enabled()
    expect(play).to_contain_text(f"Play {card.get_attribute('aria-label')}")
    effect = play.locator("[data-play-effect]")
    expect(effect).to_have_text(
        re.compile(r"^Bob (picks up 2 and misses the turn|must take 2 \(and miss the turn\) or block)$")
    )
    expect(effect).to_be_visible()
    expect(effect).to_be_in_viewport(ratio=1)  # on a phone too: the words wrap under the cards' names
    assert page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth") == 0
    (ROOT / "test-screens").mkdir(exist_ok=True)
    page.screenshot(path=ROOT / "test-screens" / "penal-t-preview-phone.png")

    page.keyboard.press("Escape")  # nothing picked, nothing said
    expect(effect).to_have_count(0)
    live.locator(f'.hand-card[data-code="{code}"]').first.click()
    play.click()
    expect(live_part(page, game)).to_have_attribute("data-seq", "1")
    expect(live_part(page, game).locator("[data-log]")).to_contain_text("Bob")


# Alice (seat 0) plays her red 5 on the red 9; the bot (seat 1) can then only play its red Penal T
# or draw. Alice holds no Master Mau, so she picks up the two cards on the draw pile (yellow 8, blue
# 9) at once and misses the turn; the bot draws three cards it cannot play (yellow 3, blue 5, green
# 7) and passes, and it is Alice's turn again: her hand of 5 went to 4, then to 6.
ALICE, BOT = "R5 G2 B7 Y10 G11", "TR Y2 B4 G6"
DRAW = "Y8 B9 Y3 B5 G7"


@pytest.fixture
def bot_hits_alice(alice: Any) -> Game:
    """Alice against a greedy bot, at the position above (made before the browser starts)."""
    game = actions.do_create_game(alice, seat_count=2, move_seconds=600, bots=1)
    seed = seed_where(lambda p: p["turn"] == 0)  # Alice leads: no bot move is due at the start
    Game.objects.filter(pk=game.pk).update(seed=seed, seed_hash=seed_digest(seed))
    actions.do_start(game.pk, alice)
    crafted = {**position([ALICE, BOT], top="R9", draw=DRAW), "seed": seed}
    Game.objects.filter(pk=game.pk).update(position=crafted)
    game.refresh_from_db()

    # The engine agrees with the story, and the greedy bot answers with its Penal T.
    after = engine.apply(crafted, {"seat": 0, "act": "play", "cards": ["R5"], "mm": []})
    choice = get_bot("greedy", variant="ddmau").choose(engine.view(after, 1), engine.legal_actions(after, 1))
    assert choice["cards"] == ["TR"]
    _, events = engine.step_position(after, choice)
    assert [event.kind for event in events] == ["play", "take"]
    return game


@pytest.fixture
def worker(live_site: LiveServer, tmp_path: Path) -> Iterator[Any]:
    """The Celery worker that moves the bot, as on the site."""
    with celery_worker_process(tmp_path, DDMAU_BOT_DELAY_SECONDS="0.3") as process:
        yield process


def test_it_shows_a_real_bots_penal_t_on_the_player_with_its_sentence_and_the_hand_growing(
    live_site: LiveServer, bot_hits_alice: Game, worker: Any, web: Any
) -> None:
    game = bot_hits_alice
    page = logged_in(web, live_site, "alice")
    open_table(page, live_site, game)
    live = live_part(page, game)
    hand = live.locator(".hand-card")
    expect(hand).to_have_count(5)

    live.locator('.hand-card[data-code="R5"]').click()
    live.get_by_role("button", name=re.compile(r"^Play")).click()

    # The bot's moves arrive over the socket: its Penal T, Alice's pick-up, its draws and its pass.
    log = live.locator("[data-log]")
    expect(log).to_contain_text("Alice picks up 2 and misses the turn", timeout=30_000)
    expect(live.locator(".seat.is-me")).to_have_class(re.compile("is-turn"), timeout=30_000)
    expect(hand).to_have_count(6)
    expect(live.locator('.hand-card[data-code="Y8"]')).to_have_count(1)  # her own new cards, face up
    expect(live.locator('.hand-card[data-code="B9"]')).to_have_count(1)
    expect(live.locator(".seat.is-me .cd-count")).to_have_text("6")
    assert page.evaluate("window.sameDocument") is True, "the moves arrive without a reload"
