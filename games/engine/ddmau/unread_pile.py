"""A pile left unread: `engine.apply` and `engine.legal_actions` read positions with one.

Reading a position's pile, play by play, is most of the work of reading a position, and most
actions never look at the pile: a play or a block puts one on top, a draw or a pass leaves it be.
So those two read the pile as an `UnreadPile`: the position's own dicts (`below`) and the plays put
on top since (`added`). Putting plays on top (`pile + (entry,)`) is all it allows; any other look
(iterating, `len`, indexing, comparing, hashing...) raises `PileNeeded`, and the caller then reads
the position in full and starts again. The answer is the one a full read gives: up to the first
look the rules ran exactly as they would have with the pile read, and they are pure functions of
the state. The rules look at the pile for a reshuffle (R32, R47, R49) and to seed the shuffles of
a hand-built position without a seed; a Master Mau top's declaration is read with the top.

The dicts belong to the caller, so a state holding an unread pile never leaves the call that read it.
A malformed play below is reported (ValueError) when `apply` copies the pile out, after the rules
had their say: an illegal action on such a position is refused as illegal, and `legal_actions`,
which writes no pile, does not report it. The plays of a position `apply` wrote are not copied
but carried into the next position as they are (convert.py's module docstring): one a caller broke
in place is reported when the pile is next read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from .state import PileEntry


class PileNeeded(Exception):
    """The rules looked at an unread pile: read the position in full and start again."""


class UnreadPile(tuple[PileEntry, ...]):
    """A tuple only to fit `State.pile` (its own items are none): every way to look into it raises
    `PileNeeded`, except `+`, which puts plays on top."""

    below: Sequence[Mapping[str, Any]]
    added: tuple[PileEntry, ...]
    # the engine's own copies of the plays below as it wrote them (convert.py's remembered
    # positions): the plays below are then shared rather than copied when written. A caller may
    # have changed the plays in place since: they are compared with these before `entries` is used
    private: list[dict[str, Any]] | None
    # with `private`, the plays below as the engine wrote them, when it had them at hand: what
    # reading them gives, so that a position whose plays are found equal to their private copies
    # is read in full without reading its plays again
    entries: tuple[PileEntry, ...] | None

    def __new__(
        cls,
        below: Sequence[Mapping[str, Any]],
        added: tuple[PileEntry, ...] = (),
        private: list[dict[str, Any]] | None = None,
        entries: tuple[PileEntry, ...] | None = None,
    ) -> UnreadPile:
        return new_unread_pile(below, added, private, entries)

    def __add__(self, more: tuple[PileEntry, ...]) -> UnreadPile:  # type: ignore[override]  # plays only
        return new_unread_pile(self.below, self.added + more, self.private, self.entries)

    def __repr__(self) -> str:
        return f"UnreadPile({len(self.below)} plays unread, {self.added!r} on top)"


_new = tuple.__new__


def new_unread_pile(
    below: Sequence[Mapping[str, Any]],
    added: tuple[PileEntry, ...] = (),
    private: list[dict[str, Any]] | None = None,
    entries: tuple[PileEntry, ...] | None = None,
) -> UnreadPile:
    """`UnreadPile(below, added, private, entries)` at half the cost (one is made on every
    `apply`): without the class call's `__new__` and `super()`, its attributes put straight into
    its `__dict__` (a tuple subclass can have no `__slots__`)."""
    pile: UnreadPile = _new(UnreadPile)
    attributes = pile.__dict__
    attributes["below"] = below
    attributes["added"] = added
    attributes["private"] = private
    attributes["entries"] = entries
    return pile


def _look(self: UnreadPile, *args: object) -> NoReturn:
    raise PileNeeded


# Set after the class so that type checkers keep tuple's signatures (these never return anyway).
for _name in (
    "__iter__",
    "__reversed__",
    "__len__",
    "__getitem__",
    "__contains__",
    "__eq__",
    "__ne__",
    "__lt__",
    "__le__",
    "__gt__",
    "__ge__",
    "__hash__",
    "__mul__",
    "__rmul__",
    "__radd__",
    "__getnewargs__",
    "count",
    "index",
):
    setattr(UnreadPile, _name, _look)
