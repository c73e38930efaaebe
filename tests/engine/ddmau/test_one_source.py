"""One source of truth for matching (R11) and chaining (R12, R42): `legal_actions` lists exactly
what `apply` accepts, because both use `plays`' predicates (`moves._fits` is built on them)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest

from games import engine
from games.engine.ddmau import moves, plays
from games.engine.ddmau.cards import CARDS
from games.engine.ddmau.plays import Card
from games.engine.ddmau.state import Top
from games.engine.errors import IllegalAction

from .positions import position

POWERS = ("TR", "TY", "SR", "SY", "OR", "OB", "JT", "SM")
TOPS: tuple[str | tuple[str, str], ...] = ("R7", "Y7", "TR", "SY", "OB", "JT", ("SM", "B"))


def _after(pos: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
    """The position after `action`, less the pile (one listed action stands for each outcome)."""
    return {k: v for k, v in engine.apply(pos, action).items() if k != "pile"}


def _candidates(hand: list[str], pair: tuple[str, str]) -> Iterator[dict[str, Any]]:
    tries = [(code,) for code in hand] + list(itertools.permutations(pair, 2))
    for combo in tries:
        for colour in (None, *"RYBG") if "SM" in combo else (None,):
            action = {"seat": 0, "act": "play", "cards": list(combo), "mm": [], "ddmau": False}
            if colour is not None:
                action["color"] = colour
            yield action


@pytest.mark.parametrize("top", TOPS, ids=str)
def test_it_lists_every_play_of_one_or_two_cards_that_apply_accepts(top: str | tuple[str, str]) -> None:
    shown = top if isinstance(top, str) else top[0]
    for pair in itertools.combinations([p for p in POWERS if p != shown], 2):
        hand = [*pair, "G5", "B7"]
        pos = position([hand, "B2 B3"], top=top)
        listed = engine.legal_actions(pos, 0)
        outcomes = [_after(pos, action) for action in listed]  # every listed action is accepted
        for action in _candidates(hand, pair):
            try:
                result = _after(pos, action)
            except IllegalAction:
                continue
            assert result in outcomes, f"{action} is accepted on {top} but no listed action does the same"


def test_it_matches_and_chains_power_cards_with_the_checkers_own_predicates() -> None:
    checker = plays.PlayChecker()
    tops = [Top(code, CARDS[code].colour or colour, CARDS[code].kind, None) for code in POWERS for colour in "RB"]
    for code, top in itertools.product(POWERS, tops):
        card = moves._Power(code, CARDS[code].kind, CARDS[code].colour or "G")
        assert moves._fits(top, None, card) == checker.matches(top, Card(*card, None))
        prev = moves._Power(top.card, top.kind, top.color)
        follows = True
        try:
            checker.chain(Card(*prev, None), Card(*card, None))
        except IllegalAction:
            follows = False
        assert moves._fits(top, prev, card) == follows
