"""One source of truth for matching (R11) and chaining (R12, R42): `legal_actions` lists exactly
what `apply` accepts, because both use `plays`' predicates (`moves._fits` is built on them)."""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest

from games import engine
from games.engine.ddmau import moves, plays
from games.engine.ddmau.cards import CARDS, standard_deck
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


def _tops() -> list[Top | None]:
    """Every kind of effective top: none, number cards, coloured power cards, a Shadow Master and a
    Master Mau as each colour they may name or take, and a Master Mau declared as each power card."""
    found: list[Top | None] = [None]
    for code in ("R1", "Y7", "B12", "G13", "TR", "SY", "OB", "TG", "JT"):
        info = CARDS[code]
        found.append(Top(code, info.colour or "R", info.kind, info.number))
    for colour in "RYBG":
        found.append(Top("SM", colour, "SM", None))
        found.extend(Top("MM", colour, kind, None) for kind in ("T", "S", "O"))
    found.append(Top("MM", "", "JT", None))
    return found


def test_it_lists_the_same_plays_in_the_same_order_by_its_shortcuts_as_the_general_way() -> None:
    """`plays` sends a hand without a Master Mau down a shortcut of its own (`_plain_plays`, and
    `_link_plays` with a Link Master); each must list exactly what the general way lists, in order.
    Seeded random hands of 1 to 16 cards, with and without Link and Deck Masters, on every kind of top."""
    rng = random.Random(20261129)
    deck = [code for code in standard_deck() if code != "MM"]
    riders = ["LM", "DM", "DM"]
    tops = _tops()
    for _ in range(1500):
        hand = rng.sample(deck, rng.randint(1, 16))
        for extra in riders:
            if rng.random() < 0.3:
                hand.insert(rng.randrange(len(hand) + 1), extra)
        top = rng.choice(tops)
        shortcut = moves._link_plays if "LM" in hand else moves._plain_plays
        assert shortcut(top, tuple(hand), 2) == moves.general_plays(top, tuple(hand), 2), (top, hand)


def _recording(called: list[str], way: str, original: Any, *args: Any) -> Any:
    called.append(way)
    return original(*args)


def test_it_sends_a_hand_down_the_shortcut_that_fits_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison above holds only if `plays` uses the shortcuts for the hands they are for."""
    called: list[str] = []
    for way in ("_plain_plays", "_link_plays", "general_plays"):
        monkeypatch.setattr(moves, way, functools.partial(_recording, called, way, getattr(moves, way)))
    top = Top("R7", "R", "N", 7)
    for hand, way in (
        (("R3", "TR", "DM"), "_plain_plays"),
        (("R3", "LM", "R4", "R5"), "_link_plays"),
        (("R3", "LM", "MM"), "general_plays"),
    ):
        called.clear()
        moves.plays(top, hand, 0)
        assert called == [way]
