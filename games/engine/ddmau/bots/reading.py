"""Reading the table from a seat's view: who sits where, where a play lands, and what others lack.

Bots see only `engine.view(position, seat)`. Everything here works from that view: the seat
order, the direction, the hand counts and the public pile. What a player lacks is read from the
pile alone: when the seat that had to follow a card did not play next, it drew and passed, so it
(most likely) held nothing of that card's colour.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.engine.ddmau.cards import CARDS, MASTER_MAU

View = Mapping[str, Any]
Action = dict[str, Any]

INVISIBLE = frozenset({"JT", "LM", "DM"})
ABSORBING = frozenset({"T", "S", "O"})
HITS = frozenset({"T", "JT"})


def advance(seat: int, direction: int, steps: int, seats: int, out: Iterable[int]) -> int:
    """The seat `steps` places on from `seat`, passing over eliminated seats (R44)."""
    gone = set(out)
    for _ in range(steps):
        seat = (seat + direction) % seats
        while seat in gone:
            seat = (seat + direction) % seats
    return seat


def body_kinds(cards: Sequence[str], mm: Sequence[str]) -> list[tuple[str, str]]:
    """The body of a play (riders left out) as (code, kind counted as) pairs (R10, R16)."""
    declared = iter(mm)
    body: list[tuple[str, str]] = []
    for code in cards:
        kind = CARDS[code].kind
        if code == MASTER_MAU:
            kind = next(declared, "S")
        if kind in ("LM", "DM"):
            continue
        body.append((code, kind))
    return body


def leading_skips(body: Sequence[tuple[str, str]]) -> int:
    skips = 0
    for _, kind in body:
        if kind != "S":
            break
        skips += 1
    return skips


def landing_seat(view: View, seat: int, body: Sequence[tuple[str, str]], direction: int | None = None) -> int:
    """The seat a play's effect lands on: after its leading Skips, in the current direction (R21, R44)."""
    seats = len(view["hands"])
    way = view["direction"] if direction is None else direction
    return advance(seat, way, leading_skips(body) + 1, seats, view.get("out") or ())


def opponents(view: View, seat: int) -> list[int]:
    """Seats still in the game that are not `seat` nor its partner."""
    partners = set(partners_of(view, seat))
    out = set(view.get("out") or ())
    return [s for s in range(len(view["hands"])) if s not in out and s not in partners]


def partners_of(view: View, seat: int) -> tuple[int, ...]:
    for team in view.get("teams") or ():
        if seat in team:
            return tuple(team)
    return (seat,)


def hand_count(view: View, seat: int) -> int:
    hand = view["hands"][seat]
    return hand if isinstance(hand, int) else len(hand)


def _flips(entry: Mapping[str, Any]) -> int:
    if entry.get("block"):
        return 0
    return sum(1 for _, kind in body_kinds(entry["cards"], entry.get("mm") or ()) if kind == "O")


def _colour_after(entry: Mapping[str, Any], colour: str | None) -> str | None:
    """The current colour after a pile entry (R8, R38), from the colour before it."""
    if entry.get("block"):
        return colour
    for code, kind in body_kinds(entry["cards"], entry.get("mm") or ()):
        if kind in INVISIBLE:
            continue
        if kind == "SM":
            colour = entry.get("color") or colour
        elif code == MASTER_MAU and kind in ABSORBING:
            colour = colour or entry.get("color")
        else:
            colour = CARDS[code].colour
    return colour


def _next_actor(view: View, entry: Mapping[str, Any], direction: int) -> int:
    """Who had to act after a play, before anyone else could play (R19-R23)."""
    seat = int(entry["seat"])
    seats = len(view["hands"])
    out = view.get("out") or ()
    body = body_kinds(entry["cards"], entry.get("mm") or ())
    skips = leading_skips(body)
    effect = body[skips][1] if skips < len(body) else None
    target = advance(seat, direction, skips + 1, seats, out)
    if effect == "O" and skips == 0:
        return seat
    if effect == "T":
        return advance(target, direction, 1, seats, out)
    return target


def lacking_colours(view: View) -> dict[int, set[str]]:
    """Colours each seat showed it lacked this hand: it had to follow that colour and did not play."""
    pile: Sequence[Mapping[str, Any]] = view.get("pile") or ()
    lacks: dict[int, set[str]] = {}
    if not pile:
        return lacks
    # Rebuild each entry's direction backwards from the current one: every Other Way Mae flipped it.
    directions = [0] * len(pile)
    way = int(view.get("direction", 1))
    for i in range(len(pile) - 1, -1, -1):
        way *= -1 if _flips(pile[i]) % 2 else 1
        directions[i] = way
    colour: str | None = None
    for i, entry in enumerate(pile):
        colour = _colour_after(entry, colour)
        if entry.get("block") or colour is None:
            continue
        body = body_kinds(entry["cards"], entry.get("mm") or ())
        if body and body[-1][1] in HITS:
            continue  # the target may block or pick up: no sign of what they hold
        actor = _next_actor(view, entry, directions[i])
        follower = pile[i + 1]["seat"] if i + 1 < len(pile) else view.get("turn")
        if follower is not None and follower != actor and actor != entry["seat"]:
            lacks.setdefault(actor, set()).add(colour)
    return lacks
