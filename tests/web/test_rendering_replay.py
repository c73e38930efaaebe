"""The replay of a finished game: hand by hand, move by move, every hand open, the seed next to its hash."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import engine
from games.models import Game, seed_digest
from games.templatetags.ddmau_cards import label
from tests.support.table_play import Position, advance, hand_multipliers, played_out, seed_where, seeded_table
from tests.support.tables import player_at

pytestmark = pytest.mark.slow
RULES = {"target": 60, "net_low": 55, "net_reset": 20}


def two_short_hands(position: Position) -> bool:
    end, moves = played_out(position)
    return end["hand"] >= 2 and moves <= 80


@pytest.fixture
def finished(alice: Any, bob: Any) -> Game:
    game = seeded_table(seed_where(two_short_hands, rules=RULES), alice, bob, rules=RULES)
    advance(game, lambda p: bool(p.get("over")), limit=200)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


def replay_page(game: Game, user: Any, query: str = "") -> str:
    client = Client()
    client.force_login(user)
    response = client.get(reverse("games:replay", args=[game.pk]) + query)
    assert response.status_code == 200
    return response.content.decode()


def steps(html: str) -> list[str]:
    return re.findall(r'<li class="replay-step card".*?</li>\n', html, re.S)


def text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))


def card_labels(fragment: str) -> list[str]:
    return re.findall(r'role="img" aria-label="([^"]+)"', fragment)


def test_it_reveals_the_seed_beside_the_hash_shown_from_the_start(finished: Game, bob: Any) -> None:
    html = replay_page(finished, bob)

    assert finished.seed in html
    assert finished.seed_hash in html
    assert seed_digest(finished.seed) == finished.seed_hash
    assert "SHA-256 of the seed matches" in html
    assert f'href="{reverse("games:record", args=[finished.pk])}"' in html


def test_it_shows_the_first_hand_from_the_deal_move_by_move_with_every_hand_open(
    finished: Game, alice: Any, bob: Any
) -> None:
    html = replay_page(finished, alice)
    shown = steps(html)
    deal = finished.initial_position()
    names = [player_at(finished, seat).profile.name for seat in (0, 1)]
    first_hand = []
    position = deal
    for move in finished.moves.order_by("seq"):
        if position["hand"] != 1:
            break
        first_hand.append(move)
        position = engine.apply(position, move.action)

    assert "Hand 1: the deal" in shown[0]
    for seat, name in enumerate(names):
        row = re.search(rf'<th scope="row">{name}\b.*?</tr>', shown[0], re.S)
        assert row is not None
        assert sorted(card_labels(row.group(0))) == sorted(label(code) for code in deal["hands"][seat])
    lines = [
        [text(line) for line in re.findall(r'<span class="replay-step-line">(.*)</span></h2>', step)]
        for step in shown[1:]
    ]
    assert lines == [[f"{names[move.seat or 0]}: {move.notation.partition(':')[2].strip()}"] for move in first_hand]


def test_it_opens_another_hand_from_its_link(finished: Game, bob: Any) -> None:
    first = replay_page(finished, bob)
    assert 'href="?hand=2"' in first

    second = replay_page(finished, bob, "?hand=2")

    assert "Hand 2: the deal" in steps(second)[0]
    assert '<strong aria-current="page">Hand 2</strong>' in second
    assert "Hand 1: the deal" not in second


def shadow_master_then_once(position: Position) -> bool:
    """Is the first hand won on Shadow Masters (a multiplier), and a later one not?"""
    multipliers = hand_multipliers(position)
    return multipliers[0] > 1 and 1 in multipliers


def test_it_names_the_shadow_masters_a_hand_was_scored_with_in_its_games_words(alice: Any, bob: Any) -> None:
    """The heading of a hand's scoring says its multiplier as DD MAU's presenter does; a hand that
    counts once says nothing more."""
    game = seeded_table(seed_where(shadow_master_then_once, rules=RULES), alice, bob, rules=RULES)
    advance(game, lambda p: bool(p.get("over")), limit=400)
    game.refresh_from_db()
    multipliers = hand_multipliers(game.initial_position())
    once = multipliers.index(1) + 1

    first = replay_page(game, bob)
    other = replay_page(game, bob, f"?hand={once}")

    assert f"<h2>Hand 1 scored · Shadow Master \N{MULTIPLICATION SIGN}{multipliers[0]}</h2>" in first
    assert f"<h2>Hand {once} scored</h2>" in other
