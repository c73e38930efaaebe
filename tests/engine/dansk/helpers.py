"""Hand-made Danish Mau Mau positions and a few helpers for the ruling tests.

Cards are given as one string ("G1 B7 CC") or a list. The pile is given bottom first; its last card
is the top. By default the draw pile holds the cards a test names first (`draw`), then the rest of
the 110-card deck in deck order, so every position keeps the whole deck; `rest="pile"` puts the rest
under the pile instead (for an empty draw pile), `rest="none"` leaves it out. A test that names more
copies of a card than the deck holds fails loudly.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import pytest

from games.engine.dansk.cards import COLOUR_OF, DECK
from games.engine.errors import IllegalAction
from games.engine.events import Event
from games.engine.rules import Rules, get_rules
from games.engine.shuffle import shuffled

Cards = str | Iterable[str]
Position = dict[str, Any]
Action = dict[str, Any]
AUTO = object()


def cards(given: Cards) -> list[str]:
    return given.split() if isinstance(given, str) else list(given)


def deck_count(position: Mapping[str, Any]) -> Counter[str]:
    """Every card a position holds: hands, draw pile and discard pile."""
    held: Counter[str] = Counter()
    for hand in position["hands"]:
        held.update(hand)
    held.update(position["draw"])
    held.update(entry["cards"][0] for entry in position["pile"])
    return held


def position(
    hands: list[Cards],
    *,
    pile: Cards = "G5",
    color: Any = AUTO,
    draw: Cards = (),
    rest: str = "draw",
    turn: int = 0,
    direction: int = 1,
    pending: tuple[int, int] | None = None,
    must_call: Iterable[int] = (),
    rules: Mapping[str, Any] | None = None,
    dealer: int | None = None,
    totals: list[int] | None = None,
    hand: int = 1,
    seed: int | str = 0,
    last_hand: Mapping[str, Any] | None = None,
) -> Position:
    """A position with these hands; `pending=(target, cards)` makes a live Draw 2 hit."""
    seat_hands = [cards(h) for h in hands]
    piled = cards(pile)
    named_draw = cards(draw)
    used = Counter(c for h in seat_hands for c in h) + Counter(piled) + Counter(named_draw)
    deck = Counter(DECK)
    over = used - deck
    if over:
        pytest.fail(f"more copies than the deck holds: {dict(over)}")
    left: list[str] = []
    remaining = deck - used
    for code in dict.fromkeys(DECK):
        left.extend([code] * remaining[code])
    if rest == "pile":
        piled = left + piled
    elif rest == "draw":
        named_draw = named_draw + left
    top = piled[-1] if piled else None
    top_colour = COLOUR_OF[top] if top is not None and color is AUTO else (None if color is AUTO else color)
    n = len(seat_hands)
    return {
        "variant": "dansk",
        "rules": dict(rules or {}),
        "hands": seat_hands,
        "draw": named_draw,
        "pile": [
            {"seat": (n - 1 if dealer is None else dealer), "cards": [c], "color": COLOUR_OF[c]} for c in piled[:-1]
        ]
        + ([{"seat": (turn - direction) % n, "cards": [top], "color": top_colour}] if top else []),
        "top": None if top is None else {"card": top, "color": top_colour},
        "pending": None if pending is None else {"target": pending[0], "kind": "T2", "cards": pending[1]},
        "turn": turn,
        "direction": direction,
        "drawn": None,
        "must_call": list(must_call),
        "dealer": (n - 1 if dealer is None else dealer),
        "totals": [0] * n if totals is None else list(totals),
        "seed": seed,
        "hand": hand,
        "over": False,
        "winners": None,
        "last_hand": None if last_hand is None else dict(last_hand),
        "reshuffles": 0,
    }


def rules_of(pos: Mapping[str, Any]) -> Rules[Any, Any]:
    return get_rules("dansk", pos.get("rules"))


def act(pos: Position, action: Action) -> tuple[Position, tuple[Event, ...]]:
    """Apply `action` through the dict boundary; checks the input position is left unchanged."""
    before = copy.deepcopy(pos)
    rules = rules_of(pos)
    state = rules.read(pos)
    after, events = rules.step(state, rules.read_action(state, action))
    assert pos == before, "step changed its input"
    return rules.write(after), events


def play(seat: int, card: str, *, color: str | None = None, mau: bool = False) -> Action:
    action: Action = {"seat": seat, "act": "play", "cards": [card], "mau": mau}
    if color is not None:
        action["color"] = color
    return action


def legal(pos: Position, seat: int | None) -> list[Action]:
    rules = rules_of(pos)
    return [rules.write_action(a) for a in rules.legal(rules.read(pos), seat)]


def refused(pos: Position, action: Any, ruling: str) -> IllegalAction:
    """Assert that `action` is refused naming `ruling`, and that the position is unchanged."""
    before = copy.deepcopy(pos)
    rules = rules_of(pos)
    state = rules.read(pos)
    with pytest.raises(IllegalAction) as info:
        rules.step(state, rules.read_action(state, action))
    assert info.value.ruling == ruling, str(info.value)
    assert pos == before
    return info.value


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def find(events: Iterable[Event], kind: str) -> Event:
    for e in events:
        if e.kind == kind:
            return e
    raise AssertionError(f"no {kind!r} event in {[e.kind for e in events]}")


def deal_of(seed: int | str, hand: int = 1) -> tuple[str, ...]:
    """The shuffled deck round `hand` is dealt from."""
    return shuffled(DECK, "dansk", seed, "hand", hand)


def seed_where(test: Callable[[tuple[str, ...]], bool], hand: int = 1) -> int:
    """The first seed whose deal of round `hand` passes `test` (given the shuffled deck)."""
    for seed in range(5000):
        if test(deal_of(seed, hand)):
            return seed
    raise AssertionError("no such seed in 5000")
