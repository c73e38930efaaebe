"""Hand-made `mau` positions and actions for the ruling tests.

Cards are given as one string ("H5 S7 JK") or a list. By default the draw pile holds the rest of
the deck (after any cards the test names first, in deck order), so every position conserves the
deck; naming more copies of a card than the deck holds fails loudly.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

from games.engine.errors import IllegalAction
from games.engine.events import Event
from games.engine.mau.cards import ONE_DECK, SUIT
from games.engine.mau.game import Mau
from games.engine.rules import get_rules

Cards = str | Iterable[str]
Position = dict[str, Any]
Action = dict[str, Any]


def cards(given: Cards) -> list[str]:
    return given.split() if isinstance(given, str) else list(given)


def game(rules: Mapping[str, Any] | None = None) -> Mau:
    found = get_rules("mau", rules)
    assert isinstance(found, Mau)
    return found


def position(
    hands: Sequence[Cards],
    *,
    top: str | tuple[str, str | None] = "H5",
    turn: int | None = 0,
    draw: Cards = (),
    fill: bool = True,
    pile: Sequence[Cards] | None = None,
    pending: tuple[int, int] | None = None,
    direction: int = 1,
    window: Mapping[str, Any] | None = None,
    run: int = 1,
    skips: int | None = None,
    extra: int = 0,
    offences: Iterable[tuple[int, str]] = (),
    penalised: Iterable[tuple[int, str]] = (),
    slow: int | None = None,
    rules: Mapping[str, Any] | None = None,
    started: bool = True,
    dealer: int = 0,
    held: Mapping[str, Any] | None = None,
    seed: int | str = 0,
) -> Position:
    """A position: `top` is the top card (with its colour for a Jack, or None after a Joker);
    `pile` the cards below it, bottom first (entries by seat 0)."""
    rules = dict(rules or {})
    card, color = (top, SUIT[top]) if isinstance(top, str) else top
    below = list(pile or ())
    entries: list[dict[str, Any]] = [
        {"seat": 0, "cards": [c], "color": SUIT[c]} for group in below for c in cards(group)
    ]
    entries.append({"seat": dealer, "cards": [card], "color": color})
    hand_lists = [cards(h) for h in hands]
    first = cards(draw)
    deck = Counter(ONE_DECK * rules.get("decks", 2))
    used = Counter(c for h in hand_lists for c in h) + Counter(first) + Counter(c for e in entries for c in e["cards"])
    over = used - deck
    assert not over, f"more copies than the deck holds: {dict(over)}"
    rest = [] if not fill else [c for c in ONE_DECK * rules.get("decks", 2) if _left_over(used, c)]
    return {
        "variant": "mau",
        "rules": rules,
        "hands": hand_lists,
        "draw": first + rest,
        "pile": entries,
        "top": {"card": card, "color": color},
        "pending": None if pending is None else {"target": pending[0], "kind": "7", "cards": pending[1]},
        "turn": turn,
        "direction": direction,
        "drawn": None,
        "started": started,
        "window": None if window is None else dict(window),
        "run": run,
        "skips": skips if skips is not None else (1 if card[1:] == "8" else 0),
        "extra": extra,
        "offences": [{"seat": s, "reason": r} for s, r in offences],
        "slow": slow,
        "dealer": dealer,
        "seed": seed,
        "hand": 1,
        "over": False,
        "winners": None,
        "last_hand": None,
        "reshuffles": 0,
        "penalised": [{"seat": s, "reason": r} for s, r in penalised],
        "held": None if held is None else dict(held),
    }


def _left_over(used: Counter[str], card: str) -> bool:
    """Whether this copy of `card` is left for the draw pile (the named copies come first)."""
    if used[card] > 0:
        used[card] -= 1
        return False
    return True


def act(pos: Position, action: Action) -> tuple[Position, tuple[Event, ...]]:
    """Apply `action` through the dict boundary; the position is checked unchanged."""
    before = copy.deepcopy(pos)
    g = game(pos.get("rules"))
    state = g.read(pos)
    after, events = g.step(state, g.read_action(state, action))
    assert pos == before, "step changed its input"
    return g.write(after), events


def play(pos: Position, seat: int, card: str, *calls: str, color: str | None = None) -> Position:
    action: Action = {"seat": seat, "act": "play", "cards": [card], "calls": list(calls)}
    if color is not None:
        action["color"] = color
    return act(pos, action)[0]


def spam(pos: Position, seat: int, card: str, *calls: str) -> Position:
    return act(pos, {"seat": seat, "act": "spam", "cards": [card], "calls": list(calls)})[0]


def simple(pos: Position, seat: int | None, name: str, **fields: Any) -> Position:
    return act(pos, {"seat": seat, "act": name, **fields})[0]


def close(pos: Position) -> Position:
    return act(pos, {"seat": None, "act": "close"})[0]


def refused(pos: Position, action: Any, ruling: str) -> IllegalAction:
    """`action` is refused naming `ruling`, and the position is left as it was."""
    before = copy.deepcopy(pos)
    g = game(pos.get("rules"))
    state = g.read(pos)
    with pytest.raises(IllegalAction) as caught:
        g.step(state, g.read_action(state, action))
    assert caught.value.ruling == ruling, str(caught.value)
    assert pos == before
    return caught.value


def legal(pos: Position, seat: int | None) -> list[Action]:
    g = game(pos.get("rules"))
    return [g.write_action(a) for a in g.legal(g.read(pos), seat)]


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def all_cards(pos: Mapping[str, Any]) -> Counter[str]:
    """Every card of a position: hands, draw pile and discard pile."""
    held = Counter(c for h in pos["hands"] for c in h)
    return held + Counter(pos["draw"]) + Counter(c for e in pos["pile"] for c in e["cards"])


def offences(pos: Mapping[str, Any]) -> list[tuple[int, str]]:
    return [(o["seat"], o["reason"]) for o in pos["offences"]]
