"""Where people sit: partners opposite each other (R36), tournament tables drawn at random from a seed."""

from __future__ import annotations

import random
from collections.abc import Sequence

TEAM_TABLE_SIZES = (4, 6)


def partners_seating(teams: Sequence[Sequence[int]], seats: int) -> list[int]:
    """The user id at each seat index, partners opposite: team k takes seats k and k + seats/2.

    4 seats hold two pairs (0+2, 1+3), 6 seats three pairs (0+3, 1+4, 2+5).
    """
    if seats not in TEAM_TABLE_SIZES:
        raise ValueError(f"R36: team play needs 4 or 6 seats, not {seats}")
    pairs = seats // 2
    if len(teams) != pairs or any(len(team) != 2 for team in teams):
        raise ValueError(f"R36: {seats} seats take {pairs} pairs of partners")
    order: list[int] = [0] * seats
    for index, (first, second) in enumerate(teams):
        order[index] = first
        order[index + pairs] = second
    if len(set(order)) != seats:
        raise ValueError("R36: a player can sit in only one seat")
    return order


def table_count(units: int, capacity: int) -> int:
    """How many tables `units` players (or partnerships) take: as few as hold them, two at least at each.

    When two per table is all that fits (capacity 2, an odd number left), one table takes a third.
    """
    if units < 2:
        return 0
    return max(1, min(-(-units // capacity), units // 2))


def draw_tables(units: Sequence[int], tables: int, seed: str) -> list[list[int]]:
    """Seat `units` (entrant ids) at `tables` tables whose sizes differ by one at most, at random from `seed`.

    Anyone can re-derive a draw: sort the ids, shuffle them with Python's `random.Random(seed).shuffle`,
    and deal them to the tables in turn, one at a time; each table's list is its seating order.
    """
    if tables < 1:
        raise ValueError("a draw needs at least one table")
    order = sorted(units)
    random.Random(seed).shuffle(order)
    return [order[index::tables] for index in range(tables)]
