"""The immutable state and action types of classic Mau-Mau.

NamedTuples: as typed and immutable as frozen dataclasses, and `_replace` is cheap. Dicts exist
only at the boundary (`convert.py`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from .options import Options

Hand = tuple[str, ...]


class PileEntry(NamedTuple):
    """One card on the discard pile, bottom first: who put it down and the suit it stands for (C2)."""

    seat: int
    card: str
    color: str


class Pile:
    """The discard pile, bottom first, read lazily: the plays of a position read from dicts stay
    those dicts (`below`) until a reshuffle needs their cards or the pile is written, and a step only
    adds plays on top (`above`). Reading every play of a long pile twice per action was the largest
    cost of the dict path."""

    __slots__ = ("above", "below")

    def __init__(self, below: Sequence[Mapping[str, Any]] = (), above: tuple[PileEntry, ...] = ()) -> None:
        self.below = below
        self.above = above

    def push(self, entry: PileEntry) -> Pile:
        return Pile(self.below, (*self.above, entry))

    def entries(self) -> tuple[PileEntry, ...]:
        """Every play as a `PileEntry`; ValueError for a malformed play of the position read."""
        try:
            read = [PileEntry(int(e["seat"]), str(e["cards"][0]), str(e["color"])) for e in self.below]
        except (KeyError, TypeError, IndexError, ValueError) as exc:
            raise ValueError(f"not a maumau pile play: {exc!r}") from exc
        return (*read, *self.above)

    def cards(self) -> list[str]:
        return [entry.card for entry in self.entries()]

    def top_only(self) -> Pile:
        """The pile after a reshuffle: its top play alone (C4)."""
        entries = self.entries()
        return Pile((), entries[-1:])

    def to_dicts(self) -> list[dict[str, Any]]:
        below = self.below
        if below:
            try:
                written = [{"seat": e["seat"], "cards": [e["cards"][0]], "color": e["color"]} for e in below]
            except (KeyError, TypeError, IndexError) as exc:
                raise ValueError(f"not a maumau pile play: {exc!r}") from exc
        else:
            written = []
        written.extend({"seat": seat, "cards": [card], "color": color} for seat, card, color in self.above)
        return written

    def __len__(self) -> int:
        return len(self.below) + len(self.above)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pile) and self.entries() == other.entries()

    def __hash__(self) -> int:
        return hash(self.entries())

    def __repr__(self) -> str:
        return f"Pile({list(self.entries())!r})"


class Pending(NamedTuple):
    """A live seven (MM7): its target and the cards it would take (always kind "7")."""

    target: int
    cards: int


class LastHand(NamedTuple):
    """The hand just finished: who went out and the cards each other seat still held (C9)."""

    out: int
    points: tuple[int, ...]


class State(NamedTuple):
    """A `maumau` position. `top` is the last pile entry's card and `color` its standing suit;
    `drawn` is the card drawn this turn (True: a draw found nothing, C10); `caught` the seats
    caught since their last own act, whose late `mau` is refused at no cost (Settled points);
    `emptied` the seats that emptied their hand this hand, in order (MM13)."""

    options: Options
    hands: tuple[Hand, ...]
    draw: Hand
    pile: Pile
    top: str
    color: str
    pending: Pending | None
    turn: int | None
    drawn: str | bool | None
    must_call: tuple[int, ...]
    caught: tuple[int, ...]
    emptied: tuple[int, ...]
    dealer: int
    totals: tuple[int, ...] | None
    seed: int | str
    hand: int
    over: bool
    winners: tuple[int, ...] | None
    last_hand: LastHand | None
    reshuffles: int

    @property
    def seats(self) -> int:
        return len(self.hands)


class Action(NamedTuple):
    """A parsed action: `card`, `color` and `mau` for `play`, `target` for `catch`; seat None
    only for the server's `close`."""

    seat: int | None
    act: str
    card: str | None = None
    color: str | None = None
    mau: bool = False
    target: int | None = None
