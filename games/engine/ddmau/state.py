"""The typed, immutable game state the rules work on.

NamedTuples rather than frozen dataclasses: they are as immutable and as typed, and a copy with a
few fields changed (`_replace`) costs under a microsecond, which keeps `apply` cheap. Dicts exist
only at the boundary (`convert.py`).
"""

from __future__ import annotations

from typing import NamedTuple

from .options import Options

Hand = tuple[str, ...]

MAX_SEATS = 10  # R3: two to ten players
MAX_DRAWS = 3  # R17: the cards a seat may draw in one turn, one at a time, before it may pass


class Top(NamedTuple):
    """The effective top (R7): the card, its current colour (R8), the kind it counts as (R16) and its number."""

    card: str
    color: str
    kind: str
    number: int | None


class Pending(NamedTuple):
    """A hit waiting for its target to take or block it (R19, R20, R25)."""

    target: int
    kind: str
    cards: int


class PileEntry(NamedTuple):
    """One play on the discard pile, bottom first (NOTATION.md); `block` marks a block (R45)."""

    seat: int
    cards: Hand
    mm: tuple[str, ...]
    color: str | None
    block: bool = False


class LastHand(NamedTuple):
    """The scoring of the hand just finished: `points` per player (after the Shadow Master multiplier
    unless `shadow_doubles` is "total"; in team play the team's score is the sum over its members),
    and `nets`, the seats whose total fell into the safety net (R31; None when a position written
    before the engine reported it is read)."""

    out: int
    points: tuple[int, ...]
    multiplier: int
    nets: tuple[int, ...] | None = None


class State(NamedTuple):
    """A DD MAU position (NOTATION.md) plus the engine's own keys `reshuffles` and `dealoff`."""

    options: Options
    hands: tuple[Hand, ...]
    draw: Hand
    pile: tuple[PileEntry, ...]
    top: Top | None
    streak: int
    pending: Pending | None
    turn: int | None
    direction: int
    draws: int
    must_call: int | None
    blocked: int | None
    dealer: int
    totals: tuple[int, ...]
    out: tuple[int, ...]
    teams: tuple[tuple[int, ...], ...] | None
    mode: str
    seed: int | str | None
    hand: int
    over: bool
    winners: tuple[int, ...] | None
    last_hand: LastHand | None
    # how many times the draw pile was rebuilt this hand: mixed into the next reshuffle's seed (R32)
    reshuffles: int
    # the face-up cards of R4's deal-off for the first dealer, public
    dealoff: Hand | None

    @property
    def seats(self) -> int:
        return len(self.hands)

    def active(self, seat: int) -> bool:
        return seat not in self.out


class Action(NamedTuple):
    """An action, parsed and type-checked (NOTATION.md). `cards`/`mm`/`color`/`ddmau` for `play`,
    `target` for `catch`."""

    seat: int
    act: str
    cards: Hand = ()
    mm: tuple[str, ...] = ()
    color: str | None = None
    ddmau: bool = False
    target: int | None = None


# the acts of nothing but a seat (draw, pass, take, block) by act and seat: immutable, so one serves
# every listing and every reading of them
SEAT_ACTS: dict[str, tuple[Action, ...]] = {
    act: tuple(Action(seat, act) for seat in range(MAX_SEATS)) for act in ("draw", "pass", "take", "block")
}
