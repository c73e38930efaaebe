"""Hand-made `emojical` positions and a few assertions, for the ruling tests.

Cards are given as one string ("Y1 T2B CP") or a list. By default the draw pile holds the rest of
the deck (in deck order, after any cards the test names first), so every position keeps the whole
deck; the pile is the top card alone (`seat` None, as if turned) unless given.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from games.engine.emojical.cards import COLOUR, build_deck, table_copies
from games.engine.emojical.game import Emojical
from games.engine.emojical.options import Options
from games.engine.errors import IllegalAction
from games.engine.events import Event
from games.engine.rules import get_rules

Cards = str | Iterable[str]
Position = dict[str, Any]
DECK: tuple[str, ...] = build_deck(table_copies())


def cards(given: Cards) -> list[str]:
    return given.split() if isinstance(given, str) else list(given)


def rules(**options: Any) -> Emojical:
    found = get_rules("emojical", options or None)
    assert isinstance(found, Emojical)
    return found


def make(
    hands: Sequence[Cards],
    top: str = "Y1",
    *,
    color: str | bool | None = True,
    turn: int | None = 0,
    draw: Cards | None = None,
    rest_of_deck: bool = True,
    pile: list[dict[str, Any]] | None = None,
    pending: dict[str, Any] | None = None,
    window: dict[str, Any] | None = None,
    drawn: str | bool | None = None,
    must_call: Sequence[int] = (),
    dealer: int | None = None,
    totals: Sequence[int] | None = None,
    donate_order: Cards | None = None,
    options: dict[str, Any] | None = None,
    hand: int = 1,
    seed: int | str = 0,
) -> Position:
    """A position; `color=True` takes the top card's own colour (None for a grey top)."""
    held = [cards(h) for h in hands]
    n = len(held)
    top_color = COLOUR[top] if color is True else color
    if pile is None:
        pile = [{"seat": None, "cards": [top], "color": top_color}]
    first = cards(draw) if draw is not None else []
    if rest_of_deck:
        deck = Options.from_rules(options).deck_cards()
        left = Counter(deck)
        left.subtract(c for h in held for c in h)
        left.subtract(e["cards"][0] for e in pile)
        left.subtract(first)
        assert all(v >= 0 for v in left.values()), f"more copies than the deck holds: {-left}"
        for code in deck:
            if left[code] > 0:
                first.append(code)
                left[code] -= 1
    return {
        "variant": "emojical",
        "rules": dict(options or {}),
        "hands": held,
        "draw": first,
        "pile": pile,
        "top": {"card": top, "color": top_color},
        "pending": pending,
        "turn": turn,
        "direction": 1,
        "drawn": drawn,
        "must_call": list(must_call),
        "window": window,
        "dealer": (n - 1) if dealer is None else dealer,
        "totals": [0] * n if totals is None else list(totals),
        "seed": seed,
        "hand": hand,
        "over": False,
        "winners": None,
        "last_hand": None,
        "reshuffles": 0,
        "donate_order": None if donate_order is None else cards(donate_order),
    }


def rules_of(position: Position) -> Emojical:
    return rules(**position["rules"])


def apply(position: Position, action: dict[str, Any]) -> tuple[Position, tuple[Event, ...]]:
    """The position after `action` (through the dict boundary) and its events."""
    r = rules_of(position)
    state = r.read(position)
    after, events = r.step(state, r.read_action(state, action))
    return r.write(after), events


def after(position: Position, *actions: dict[str, Any]) -> Position:
    for action in actions:
        position, _ = apply(position, action)
    return position


def legal(position: Position, seat: int | None) -> list[dict[str, Any]]:
    r = rules_of(position)
    return [r.write_action(a) for a in r.legal(r.read(position), seat)]


def refused(position: Position, action: Any, ruling: str) -> IllegalAction:
    """Assert `action` is refused naming `ruling`, leaving the position as it was."""
    before = copy.deepcopy(position)
    with pytest.raises(IllegalAction) as caught:
        apply(position, action)
    assert caught.value.ruling == ruling, str(caught.value)
    assert position == before
    return caught.value


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def all_cards(position: Position) -> Counter[str]:
    """Every card of a position: hands, draw pile and discard pile."""
    found: Counter[str] = Counter()
    for h in position["hands"]:
        found.update(h)
    found.update(position["draw"])
    found.update(e["cards"][0] for e in position["pile"])
    return found


def play(seat: int | None, card: str, **fields: Any) -> dict[str, Any]:
    return {"seat": seat, "act": "play", "cards": [card], **fields}


def jump(seat: int, card: str, **fields: Any) -> dict[str, Any]:
    return {"seat": seat, "act": "jump_in", "cards": [card], **fields}


def act(seat: int | None, name: str, **fields: Any) -> dict[str, Any]:
    return {"seat": seat, "act": name, **fields}


CLOSE: dict[str, Any] = {"seat": None, "act": "close"}
