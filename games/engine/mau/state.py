"""The typed, immutable `mau` state and action the rules work on (dicts exist only in `convert.py`).

NamedTuples: as immutable and typed as frozen dataclasses, and `_replace` of a few fields costs
under a microsecond. Pile entries are the one exception: they stay the read-only dicts of C2
(`{"seat": s, "cards": [code], "color": c}`), shared between the positions that hold them, since
most actions never look below the top and copying the pile would be most of the work of an action.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, NamedTuple

from .options import Options

Hand = tuple[str, ...]
Entry = Mapping[str, Any]  # one pile entry, C2; never changed once written


class Pending(NamedTuple):
    """A live seven hit (MA5): its target and the cards it holds (kind "7" in a position)."""

    target: int
    cards: int


class Window(NamedTuple):
    """An open reaction window (C5): "joker" (MA8) for `seats` around `origin`, or "final" (MA17)
    for the seat `origin` that emptied its hand (`seats` is then `(origin,)`)."""

    kind: str
    seats: tuple[int, ...]
    origin: int


class Offence(NamedTuple):
    """A call missing (or, under `strict_calls`, untrue) or a `slow` mark: MA13-MA15."""

    seat: int
    reason: str


class Held(NamedTuple):
    """The effect of a final card, kept while its `final` window is open (Settled points): what
    `turn`, `direction`, `pending`, `window` and `extra` become if a correct penalty reopens the hand."""

    turn: int | None
    direction: int
    pending: Pending | None
    window: Window | None
    extra: int


class LastHand(NamedTuple):
    """C9: who went out and each seat's points (the cards it still holds; 0 for the winner)."""

    out: int
    points: tuple[int, ...]


class State(NamedTuple):
    """A `mau` position (VARIANTS.md C7, C9, `mau`) plus the engine's own `reshuffles`, `penalised`
    and `held`."""

    options: Options
    hands: tuple[Hand, ...]
    draw: Hand
    pile: tuple[Entry, ...]
    top: str
    color: str | None  # `top.color`
    pending: Pending | None
    turn: int | None
    direction: int
    drawn: str | bool | None
    started: bool
    window: Window | None
    run: int
    skips: int
    extra: int
    offences: tuple[Offence, ...]
    slow: int | None
    dealer: int
    seed: int | str
    hand: int
    over: bool
    winners: tuple[int, ...] | None
    last_hand: LastHand | None
    # how often the draw pile was rebuilt this hand: part of the next rebuild's shuffle (C4, C11)
    reshuffles: int
    # offences already penalised, remembered until they would have expired (Settled points)
    penalised: tuple[Offence, ...]
    held: Held | None


class Action(NamedTuple):
    """A parsed, type-checked action. `seat` None: the server (`close`, `slow`)."""

    seat: int | None
    act: str
    card: str | None = None
    color: str | None = None
    calls: tuple[str, ...] = ()
    target: int | None = None
    reason: str | None = None


@lru_cache(maxsize=128, typed=True)
def bare_action(seat: int, act: str) -> Action:
    """An act of nothing but a seat (draw, take): immutable, so one serves every caller."""
    return Action(seat, act)
