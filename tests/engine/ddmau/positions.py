"""Hand-made DD MAU positions and actions in NOTATION.md form, for the ruling tests.

Cards may be given as one string ("LM G7 G8 G9") or as a list. By default the draw pile holds the
rest of the 80-card deck (after any cards the test names first), so every position conserves the
deck and a hand that ends can be dealt again; a test that names more copies of a card than the deck
holds fails loudly instead of testing an impossible table.
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from games import engine

COLOURS = "RYBG"
POWER_POINTS = {"T": 20, "S": 15, "O": 14, "JT": 25, "SM": 35, "LM": 30, "DM": 0, "MM": 50}
COLOURLESS_COPIES = {"JT": 4, "SM": 3, "LM": 4, "DM": 3, "MM": 2}

Cards = str | Iterable[str]
Position = dict[str, Any]
Action = dict[str, Any]


def cards(given: Cards) -> list[str]:
    return given.split() if isinstance(given, str) else list(given)


def full_deck() -> list[str]:
    numbers = [f"{colour}{number}" for colour in COLOURS for number in range(1, 14)]
    coloured = [f"{kind}{colour}" for kind in "TSO" for colour in COLOURS]
    colourless = [code for code, copies in COLOURLESS_COPIES.items() for _ in range(copies)]
    return numbers + coloured + colourless


def points(given: Cards) -> int:
    total = 0
    for code in cards(given):
        if code in POWER_POINTS:
            total += POWER_POINTS[code]
        elif code[0] in "TSO" and len(code) == 2:
            total += POWER_POINTS[code[0]]
        else:
            total += int(code[1:])
    return total


def colour_of(code: str) -> str | None:
    if code in COLOURLESS_COPIES:
        return None
    return code[1] if code[0] in "TSO" and len(code) == 2 else code[0]


def pile_play(seat: int, given: Cards, *, mm: Iterable[str] = (), color: str | None = None) -> dict[str, Any]:
    return {"seat": seat, "cards": cards(given), "mm": list(mm), "color": color}


def position(
    hands: Sequence[Cards],
    *,
    top: str | tuple[str, str] | None = None,
    turn: int = 0,
    draw: Cards = (),
    fill: bool = True,
    pile: list[dict[str, Any]] | None = None,
    streak: int = 0,
    pending: dict[str, Any] | None = None,
    direction: int = 1,
    draws: int = 0,
    must_call: int | None = None,
    blocked: int | None = None,
    dealer: int | None = None,
    totals: list[int] | None = None,
    out: list[int] | None = None,
    teams: list[list[int]] | None = None,
    mode: str = "standard",
    rules: dict[str, Any] | None = None,
) -> Position:
    """A position in the middle of a hand. `top` is a card code (its own colour) or (code, colour).

    Without `pile`, the pile is the single play that shows `top`, made by the seat before `turn`.
    With `fill`, the draw pile is `draw` followed by the rest of the deck in a fixed order.
    """
    seats = len(hands)
    top_dict: dict[str, Any] | None = None
    if top is not None:
        code, colour = (top, colour_of(top)) if isinstance(top, str) else top
        top_dict = {"card": code, "color": colour}
        if pile is None:
            named = colour if code in ("SM", "MM") else None
            pile = [pile_play((turn - direction) % seats, [code], color=named)]
    pile = pile or []
    hand_lists = [cards(hand) for hand in hands]
    draw_list = cards(draw)
    if fill:
        draw_list += rest_of_deck(hand_lists, pile, draw_list)
    return {
        "variant": "ddmau",
        "rules": rules or {},
        "hands": hand_lists,
        "draw": draw_list,
        "pile": pile,
        "top": top_dict,
        "streak": streak,
        "pending": pending,
        "turn": turn,
        "direction": direction,
        "draws": draws,
        "must_call": must_call,
        "blocked": blocked,
        "dealer": (turn - 1) % seats if dealer is None else dealer,
        "totals": totals or [0] * seats,
        "out": out or [],
        "teams": teams,
        "mode": mode,
    }


def rest_of_deck(hands: list[list[str]], pile: list[dict[str, Any]], draw: list[str]) -> list[str]:
    used = Counter(code for hand in hands for code in hand)
    used.update(code for play in pile for code in play["cards"])
    used.update(draw)
    left = Counter(full_deck())
    left.subtract(used)
    too_many = {code: -count for code, count in left.items() if count < 0}
    unknown = set(used) - set(full_deck())
    assert not unknown, f"unknown card codes {unknown}"
    assert not too_many, f"more copies than one deck holds: {too_many}"
    return [code for code in dict.fromkeys(full_deck()) for _ in range(left[code])]


def play(seat: int, given: Cards, *, mm: Iterable[str] = (), color: str | None = None, ddmau: bool = False) -> Action:
    return {"seat": seat, "act": "play", "cards": cards(given), "mm": list(mm), "color": color, "ddmau": ddmau}


def draw(seat: int) -> Action:
    return {"seat": seat, "act": "draw"}


def pass_turn(seat: int) -> Action:
    return {"seat": seat, "act": "pass"}


def take(seat: int) -> Action:
    return {"seat": seat, "act": "take"}


def block(seat: int) -> Action:
    return {"seat": seat, "act": "block"}


def catch(seat: int, target: int) -> Action:
    return {"seat": seat, "act": "catch", "target": target}


def apply(pos: Position, *actions: Action) -> Position:
    """Apply the actions in order, checking that no input position is changed."""
    for action in actions:
        before = copy.deepcopy(pos)
        after = engine.apply(pos, action)
        assert pos == before, f"apply changed its input position on {action}"
        pos = after
    return pos


def refusal(pos: Position, action: Action) -> str:
    """The refusal message for an illegal action, after checking it left the position alone."""
    before = copy.deepcopy(pos)
    with pytest.raises(engine.IllegalAction) as refused:
        engine.apply(pos, action)
    assert pos == before, "a refused action changed the position"
    return str(refused.value)


def ruling_of(message: str) -> str:
    found = re.match(r"(R\d+):", message)
    assert found, f"refusal does not start with a ruling id: {message!r}"
    return found.group(1)


def assert_refused(pos: Position, action: Action, *rulings: str) -> str:
    """Assert the action is refused citing one of `rulings` (more than one only where RULINGS.md is ambiguous)."""
    message = refusal(pos, action)
    assert ruling_of(message) in rulings, f"expected {'/'.join(rulings)}, got {message!r}"
    return message


def in_hand(pos: Position, seat: int) -> Counter[str]:
    return Counter(pos["hands"][seat])


def size(pos: Position, seat: int) -> int:
    hand = pos["hands"][seat]
    return hand if isinstance(hand, int) else len(hand)


def sizes(pos: Position) -> list[int]:
    return [size(pos, seat) for seat in range(len(pos["hands"]))]


def top(pos: Position) -> tuple[str, str] | None:
    shown = pos["top"]
    return None if shown is None else (shown["card"], shown["color"])


def top_colour(pos: Position) -> str | None:
    return None if pos["top"] is None else pos["top"]["color"]


def listed_plays(pos: Position, seat: int) -> list[Counter[str]]:
    """The legal plays of `seat` as multisets of cards (order and declarations left aside)."""
    return [Counter(action["cards"]) for action in engine.legal_actions(pos, seat) if action["act"] == "play"]


def lists_play(pos: Position, seat: int, given: Cards) -> bool:
    return Counter(cards(given)) in listed_plays(pos, seat)


def acts(pos: Position, seat: int) -> set[str]:
    return {action["act"] for action in engine.legal_actions(pos, seat)}


def count_cards(pos: Position) -> int:
    held = sum(size(pos, seat) for seat in range(len(pos["hands"])))
    drawable = pos["draw"] if isinstance(pos["draw"], int) else len(pos["draw"])
    return held + drawable + sum(len(p["cards"]) for p in pos["pile"])
