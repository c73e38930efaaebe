"""What one seat may see of a position (NOTATION.md: a *view*).

Other seats' hands become card counts, the draw pile its length, and the shuffle seed is removed
(it would reveal the draw pile and every later deal; the site publishes only its hash until the
game ends). Everything else in a position is public at a real table: the pile, the top, counts,
scores, the deal-off.
"""

from __future__ import annotations

import marshal
from collections.abc import Mapping
from typing import Any

# Keys a view never carries: the seed (and anything an engine might add that is derived from it).
HIDDEN_KEYS = frozenset({"seed"})


def view_of(
    position: Mapping[str, Any], seat: int | None, hidden: frozenset[str] = HIDDEN_KEYS, *, shared: bool = False
) -> dict[str, Any]:
    """The view of `seat` (None: a spectator). `hidden`: keys left out altogether (a game adds its
    engine-private keys that hold cards, or turns them into counts after this, C11). `shared`: the
    view's own dict and hands, but the position's own values for everything else (the pile, the
    totals...), not copies: for a reader that changes nothing in it, such as a page rendered from it,
    where copying the whole discard pile for every viewer of every move was a twentieth of the
    server's work. The card-holding parts it leaves out or counts are the same either way."""
    hands = position["hands"]
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(hands)):
        raise ValueError(f"there is no seat {seat!r} at this table")
    public = {key: value for key, value in position.items() if key not in hidden and key not in ("draw", "hands")}
    seen = public if shared else _copied(public)
    seen["hands"] = [list(hand) if i == seat else len(hand) for i, hand in enumerate(hands)]
    seen["draw"] = len(position["draw"])
    return seen


_SCALARS = frozenset({str, int, float, bool, type(None)})


def _copied(public: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of the public keys of a position. marshal copies JSON-shaped data in C, in half
    the time of `_copy` (a view is copied for every viewer of every move); it refuses any other
    type, which `_copy` then copies as it is."""
    try:
        copied: dict[str, Any] = marshal.loads(marshal.dumps(public))
    except ValueError:
        return {key: _copy(value) for key, value in public.items()}
    return copied


def _copy(value: Any) -> Any:
    """A copy of JSON-shaped data, so that changing a view never changes the position. Scalars are
    kept without a call each: a view is copied for every viewer of every move."""
    if isinstance(value, list):
        return [v if type(v) in _SCALARS else _copy(v) for v in value]
    if isinstance(value, dict):
        return {k: v if type(v) in _SCALARS else _copy(v) for k, v in value.items()}
    return value
