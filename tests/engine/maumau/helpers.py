"""Hand-made `maumau` positions and a few assertions, for the ruling tests.

Cards are given as one string ("C7 HJ SQ") or a list. By default the draw pile holds the rest of
the pack (in pack order, after any cards the test names first), so every position keeps the whole
deck; the pile is the turned card alone unless given.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from games.engine.errors import IllegalAction
from games.engine.events import Event
from games.engine.maumau.game import MauMau
from games.engine.rules import get_rules

Cards = str | Iterable[str]
Position = dict[str, Any]
SUITS = "CDHS"


def cards(given: Cards) -> list[str]:
    return given.split() if isinstance(given, str) else list(given)


def deck(size: int = 32) -> list[str]:
    ranks = ["7", "8", "9", "10", "J", "Q", "K", "A"]
    if size == 52:
        ranks = ["2", "3", "4", "5", "6", *ranks]
    return [suit + rank for suit in SUITS for rank in ranks]


def rules(**options: Any) -> MauMau:
    found = get_rules("maumau", options or None)
    assert isinstance(found, MauMau)
    return found


def make(
    hands: Sequence[Cards],
    top: str,
    *,
    color: str | None = None,
    turn: int | None = 0,
    draw: Cards | None = None,
    draw_first: Cards = (),
    pile: Sequence[tuple[int, str, str]] | None = None,
    pending: int | None = None,
    drawn: str | bool | None = None,
    must_call: Sequence[int] = (),
    caught: Sequence[int] = (),
    emptied: Sequence[int] = (),
    dealer: int | None = None,
    totals: Sequence[int] | None = None,
    hand: int = 1,
    seed: int | str | None = 7,
    rules_: dict[str, Any] | None = None,
    rest_to: int | None = None,
) -> Position:
    """A position: `pile` as (seat, card, color) plays ending with `top` (default: the top alone,
    put down by the dealer); `pending` the cards of a live seven aimed at `turn`; `draw` the whole
    draw pile (default: `draw_first`, then the rest of the pack); `rest_to` a seat whose hand gets
    the rest of the pack instead, when `draw` is given."""
    size = (rules_ or {}).get("deck", 32)
    hand_lists = [cards(h) for h in hands]
    n = len(hand_lists)
    if dealer is None:
        dealer = (turn - 1) % n if turn is not None else 0
    color = color or top[0]
    if pile is None:
        pile = [(dealer, top, color)]
    assert pile[-1][1] == top, "the pile must end with the top card"
    used = [c for h in hand_lists for c in h] + [c for _, c, _ in pile]
    if draw is None:
        first = cards(draw_first)
        taken = Counter(used + first)
        rest = [c for c in deck(size) if not taken[c]]
        draw_list = first + rest
    else:
        draw_list = cards(draw)
        if rest_to is not None:
            taken = Counter(used + draw_list)
            hand_lists[rest_to] += [c for c in deck(size) if not taken[c]]
            used = [c for h in hand_lists for c in h] + [c for _, c, _ in pile]
    everything = Counter(used + draw_list)
    assert all(v == 1 for v in everything.values()), f"a card appears twice: {everything.most_common(2)}"
    position: Position = {
        "variant": "maumau",
        "rules": dict(rules_ or {}),
        "hands": hand_lists,
        "draw": draw_list,
        "pile": [{"seat": s, "cards": [c], "color": col} for s, c, col in pile],
        "top": {"card": top, "color": color},
        "pending": None if pending is None else {"target": turn, "kind": "7", "cards": pending},
        "turn": turn,
        "direction": 1,
        "drawn": drawn,
        "must_call": list(must_call),
        "dealer": dealer,
        "totals": None if totals is None else list(totals),
        "hand": hand,
        "over": False,
        "winners": None,
        "last_hand": None,
        "emptied": list(emptied),
        "caught": list(caught),
        "reshuffles": 0,
    }
    if seed is not None:
        position["seed"] = seed
    return position


def apply(position: Position, action: dict[str, Any]) -> tuple[Position, tuple[Event, ...]]:
    """Apply through the dict boundary, checking that the input is left untouched."""
    before = copy.deepcopy(position)
    r = rules()
    state = r.read(position)
    after, events = r.step(state, r.read_action(state, action))
    assert position == before
    return r.write(after), events


def play(position: Position, seat: int, card: str, color: str | None = None, mau: bool = False) -> Position:
    action: dict[str, Any] = {"seat": seat, "act": "play", "cards": [card]}
    if color is not None:
        action["color"] = color
    if mau:
        action["mau"] = True
    return apply(position, action)[0]


def act(position: Position, seat: int | None, name: str, **fields: Any) -> Position:
    return apply(position, {"seat": seat, "act": name, **fields})[0]


def refused(position: Position, action: Any, ruling: str) -> IllegalAction:
    """The action is refused naming `ruling`, and the position is unchanged."""
    before = copy.deepcopy(position)
    r = rules()
    state = r.read(position)
    with pytest.raises(IllegalAction) as info:
        r.step(state, r.read_action(state, action))
    assert info.value.ruling == ruling, str(info.value)
    assert str(info.value).startswith(f"{ruling}: ")
    assert position == before
    return info.value


def legal(position: Position, seat: int | None) -> list[dict[str, Any]]:
    r = rules()
    return [r.write_action(a) for a in r.legal(r.read(position), seat)]


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def all_cards(position: Position) -> Counter[str]:
    """Every card of a position: hands, draw and pile."""
    found: Counter[str] = Counter()
    for h in position["hands"]:
        found.update(h)
    found.update(position["draw"])
    for entry in position["pile"]:
        found.update(entry["cards"])
    return found
