"""NOTATION.md views: what one seat (or a spectator) may see of a position."""

from __future__ import annotations

from games import engine
from tests.engine.ddmau.positions import Position, position


def table() -> Position:
    return position(["R3 Y4", "Y12 Y13 B1", "B12 B13"], top="R7")


def test_it_shows_a_seat_its_own_hand_and_only_counts_of_the_others() -> None:
    """NOTATION: others' hands become card counts."""
    seen = engine.view(table(), 0)
    assert sorted(seen["hands"][0]) == ["R3", "Y4"]
    assert seen["hands"][1:] == [3, 2]


def test_it_shows_the_draw_pile_as_its_length() -> None:
    """NOTATION: the draw pile becomes its length."""
    pos = table()
    assert engine.view(pos, 1)["draw"] == len(pos["draw"])


def test_it_shows_a_spectator_no_hand_at_all() -> None:
    """NOTATION: seat None sees counts only."""
    assert engine.view(table(), None)["hands"] == [2, 3, 2]


def test_it_shows_the_pile_and_the_top_to_everyone() -> None:
    """R7: the pile is face up."""
    pos = table()
    seen = engine.view(pos, 2)
    assert (seen["pile"], seen["top"]) == (pos["pile"], pos["top"])
