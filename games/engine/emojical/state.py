"""The typed, immutable emojical state and action (NamedTuples: cheap `_replace`, no dicts inside).

Dicts exist only at the boundary (`convert.py`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from .cards import CODES, COLOURS
from .options import Options

Hand = tuple[str, ...]


class Top(NamedTuple):
    """The top card and its current colour (the named one after a grey or extra card; None: any card fits)."""

    card: str
    color: str | None


class PileEntry(NamedTuple):
    """One card on the discard pile, bottom first; `seat` None for the turned card (C2)."""

    seat: int | None
    card: str
    color: str | None


class Pile:
    """The discard pile, bottom first, read lazily: the entries of a position stay its dicts
    (`below`) until a rebuild needs their cards, and an action only puts entries on top (`above`).
    Reading a long pile entry by entry on every action was most of the cost of reading a position;
    a malformed entry is reported (ValueError) when a rebuild or a comparison reads it."""

    __slots__ = ("above", "below")

    def __init__(self, below: Sequence[Mapping[str, Any]] = (), above: tuple[PileEntry, ...] = ()) -> None:
        self.below = below
        self.above = above

    def push(self, entry: PileEntry) -> Pile:
        return Pile(self.below, (*self.above, entry))

    def entries(self) -> tuple[PileEntry, ...]:
        """Every entry; ValueError for a malformed entry of the position read."""
        return (*[_entry(e) for e in self.below], *self.above)

    def last(self) -> PileEntry:
        """The top entry (IndexError for an empty pile)."""
        return self.above[-1] if self.above else _entry(self.below[-1])

    def top_only(self) -> tuple[list[str], Pile]:
        """C4: the cards under the top entry, and the pile of the top entry alone."""
        entries = self.entries()
        return [e.card for e in entries[:-1]], Pile((), entries[-1:])

    def to_dicts(self) -> list[Mapping[str, Any]]:
        """The entries as a new list. Entries read from a position are passed on as they are (the
        engine never changes one), so the position written shares them with the one read: copying
        every entry of a long pile on every action was the largest cost of writing a position."""
        written: list[Mapping[str, Any]] = list(self.below)
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


def _entry(e: Mapping[str, Any]) -> PileEntry:
    try:
        seat, cards, color = e["seat"], e["cards"], e["color"]
        if (
            (seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)))
            or not isinstance(cards, list | tuple)
            or len(cards) != 1
            or cards[0] not in CODES
            or (color is not None and color not in COLOURS)
        ):
            raise ValueError(f"bad pile entry {e!r}")
        return PileEntry(seat, cards[0], color)
    except (KeyError, TypeError) as exc:
        raise ValueError(f"bad pile entry {e!r}") from exc


class Pending(NamedTuple):
    """What a seat must answer (EM7-EM12, EM14): `kind` T2, T4, SK, SW, DN or GM; `cards` the
    count of a Take hit (0 for the others); `source` the seat it comes from (the donor for DN)."""

    target: int
    kind: str
    cards: int
    source: int


class Window(NamedTuple):
    """An open jump-in window (EM5): the card, the seat that put it down, a Card swap's target."""

    kind: str
    card: str
    seat: int
    target: int | None


class LastHand(NamedTuple):
    """The last finished round: who went out and each seat's hand points (0 for the winner)."""

    out: int
    points: tuple[int, ...]


class State(NamedTuple):
    """An emojical position (VARIANTS.md) plus the engine's `reshuffles` and `donate_order`."""

    options: Options
    hands: tuple[Hand, ...]
    draw: Hand
    pile: Pile
    top: Top
    pending: Pending | None
    turn: int | None
    # the card drawn this turn, True when the draw found nothing, None before a draw (C10)
    drawn: str | bool | None
    must_call: tuple[int, ...]
    window: Window | None
    dealer: int
    totals: tuple[int, ...] | None
    seed: int | str | None
    hand: int
    over: bool
    winners: tuple[int, ...] | None
    last_hand: LastHand | None
    # how many times the draw pile was rebuilt this hand (mixed into the next rebuild's shuffle)
    reshuffles: int
    # the donor's hand in the face-down order the recipient picks from (EM10), None otherwise
    donate_order: Hand | None

    @property
    def seats(self) -> int:
        return len(self.hands)


class Action(NamedTuple):
    """A parsed action. `seat` None only for the server's `close`."""

    seat: int | None
    act: str
    card: str | None = None
    color: str | None = None
    target: int | None = None
    mau: bool = False
    maumau: bool = False
    pick: int | None = None  # donate_pick's `index` (a NamedTuple cannot have a field named index)
