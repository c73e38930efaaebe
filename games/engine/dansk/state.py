"""The typed, immutable Danish Mau Mau state and action (NamedTuples: `_replace` is cheap).

Dicts exist only at the boundary (`convert.py`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from .options import Options

Hand = tuple[str, ...]


class Top(NamedTuple):
    """The top of the discard pile: its card and the current colour (None: any card may follow)."""

    card: str | None
    color: str | None


class Pending(NamedTuple):
    """A live Draw 2 hit (DK8) waiting for its target to take it or answer with a Draw 2."""

    target: int
    kind: str
    cards: int


class PileEntry(NamedTuple):
    """One card on the discard pile, bottom first: who put it down and the colour it left (C2)."""

    seat: int
    card: str
    color: str | None


_new = tuple.__new__


class Pile:
    """The discard pile, bottom first: immutable. Most actions never look below the top (`State.top`
    holds it), so a pile read from a position keeps that position's plays unread (`raw`) and reads
    them each time the rules look (a rebuild of the draw pile, C4), never keeping what it read: a
    state remembered with a position (`convert.apply_dict`) reads the position's own plays as they
    are then. They are copied when written; plays put on top since are `added`. A position must not
    be changed while a state read from it is in use."""

    __slots__ = ("_added", "_raw")

    def __init__(self, added: tuple[PileEntry, ...] = (), raw: Sequence[Mapping[str, Any]] = ()) -> None:
        self._added = added
        self._raw = raw

    @property
    def entries(self) -> tuple[PileEntry, ...]:
        if not self._raw:
            return self._added
        read = [_new(PileEntry, (e["seat"], e["cards"][0], e.get("color"))) for e in self._raw]
        return (*read, *self._added)

    def push(self, entry: PileEntry) -> Pile:
        """This pile with `entry` put on top."""
        return Pile((*self._added, entry), self._raw)

    def reread(self, raw: Sequence[Mapping[str, Any]]) -> None:
        """For the dict path only (`convert._unread`): this pile, built by a step and not yet seen
        outside it, becomes the pile a read of the position just written gives, `raw` its plays."""
        self._added = ()
        self._raw = raw

    def dicts(self) -> list[dict[str, Any]]:
        """The pile as a position writes it: new dicts, never the ones read."""
        try:
            written = [{"seat": e["seat"], "cards": [e["cards"][0]], "color": e["color"]} for e in self._raw]
        except KeyError:  # a hand-made play without its `color`
            written = [{"seat": e["seat"], "cards": [e["cards"][0]], "color": e.get("color")} for e in self._raw]
        for seat, card, color in self._added:  # mostly one play: a loop, not a comprehension's frame
            written.append({"seat": seat, "cards": [card], "color": color})
        return written

    def __len__(self) -> int:
        return len(self._raw) + len(self._added)

    def __iter__(self) -> Iterator[PileEntry]:
        return iter(self.entries)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pile) and self.entries == other.entries

    def __hash__(self) -> int:
        return hash(self.entries)

    def __repr__(self) -> str:
        return f"Pile({self.entries!r})"


class LastHand(NamedTuple):
    """The round just finished: who went out and each seat's points (DK14)."""

    out: int
    points: tuple[int, ...]


class State(NamedTuple):
    options: Options
    hands: tuple[Hand, ...]
    draw: Hand
    pile: Pile
    top: Top | None
    pending: Pending | None
    turn: int | None
    direction: int
    # C10: the card drawn this turn; always None between acts here, since a draw ends the turn (DK5)
    drawn: str | bool | None
    must_call: tuple[int, ...]
    dealer: int
    totals: tuple[int, ...]
    seed: int | str
    hand: int
    over: bool
    winners: tuple[int, ...] | None
    last_hand: LastHand | None
    # how many times the draw pile was rebuilt this round: part of the next rebuild's shuffle (C4, C11)
    reshuffles: int

    @property
    def seats(self) -> int:
        return len(self.hands)


class Action(NamedTuple):
    """A parsed action: `card`/`color`/`mau` for `play`, `target` for `catch`; seat None for `close`."""

    seat: int | None
    act: str
    card: str | None = None
    color: str | None = None
    mau: bool = False
    target: int | None = None
