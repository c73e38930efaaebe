"""R7-R9: the effective top, its current colour, and the direction."""

from __future__ import annotations

from typing import Any

from games import engine
from tests.engine.ddmau.positions import (
    Position,
    apply,
    assert_refused,
    block,
    pile_play,
    play,
    position,
    top,
    top_colour,
)


def table(seat0: str, seat1: str = "Y12 Y13", top_card: Any = "R7", **kwargs: Any) -> Position:
    return position([seat0, seat1, "B12 B13", "G12 G13"], top=top_card, **kwargs)


# R7: looking through invisible cards


def test_it_looks_through_just_take_two_to_the_card_beneath() -> None:
    """R7: after "JT" on a red 7, seat 1 (having taken two) plays a red 3."""
    after = apply(table("JT Y4", "R3 Y3"), play(0, "JT"))
    assert top(after) == ("R7", "R")
    assert top(apply(after, play(1, "R3"))) == ("R3", "R")


def test_it_refuses_a_card_matching_nothing_beneath_just_take_two() -> None:
    """R7/R11: the red 7 still decides."""
    after = apply(table("JT Y4", "R3 Y3"), play(0, "JT"))
    assert_refused(after, play(1, "Y3"), "R11")


def test_it_looks_through_link_and_deck_master() -> None:
    """R7 (FAQ): after "LM DM" the next player plays on the red 7 beneath."""
    after = apply(table("LM DM Y4", "G7 Y3"), play(0, "LM DM"))
    assert top(after) == ("R7", "R")
    assert top(apply(after, play(1, "G7"))) == ("G7", "G")


def test_it_looks_through_a_blocking_master_mau() -> None:
    """R7/R25: the block is invisible: the blocker plays on the red Penal T beneath."""
    after = apply(table("TR Y4", "MM R3 Y3"), play(0, "TR"), block(1))
    assert top(after) == ("TR", "R")
    assert top(apply(after, play(1, "R3"))) == ("R3", "R")


def test_it_reads_the_top_from_the_position_not_the_last_pile_entry() -> None:
    """R7: a pile ending in "JT" and "LM DM" shows the yellow 9 beneath both."""
    pile = [pile_play(1, "Y9"), pile_play(2, "JT"), pile_play(3, "LM DM")]
    pos = position(["Y2 R5", "Y12 Y13", "B12 B13", "G12 G13"], top="Y9", pile=pile, turn=0)
    assert top(apply(pos, play(0, "Y2"))) == ("Y2", "Y")
    assert_refused(pos, play(0, "R5"), "R11")


# R8: current colours


def test_it_gives_a_shadow_master_the_colour_its_player_named() -> None:
    """R8: the current colour is the named one, not the red beneath."""
    after = apply(table("SM Y4", "G5 R5"), play(0, "SM", color="G"))
    assert top(after) == ("SM", "G")
    assert top(apply(after, play(1, "G5"))) == ("G5", "G")


def test_it_lets_a_master_mau_penal_t_absorb_the_colour_of_the_top() -> None:
    """R8: as a Penal T on a yellow 4 it is yellow; seat 1 takes two and loses the turn, seat 2 follows yellow."""
    pos = position(["MM G3", "R12 R13", "Y9 B13", "G12 G13"], top="Y4")
    after = apply(pos, play(0, "MM", mm=["T"]))
    assert top_colour(after) == "Y"
    assert after["turn"] == 2
    assert top(apply(after, play(2, "Y9"))) == ("Y9", "Y")


def test_it_matches_a_penal_t_of_any_colour_on_a_master_mau_penal_t() -> None:
    """R8/R16: a declared Penal T counts as a Penal T for matching (R11)."""
    pile = [pile_play(3, "Y4"), pile_play(0, "MM", mm=["T"])]
    pos = position(["Y12", "R12", "TB B13", "G12 G13"], top=("MM", "Y"), pile=pile, turn=2, streak=1)
    after = apply(pos, play(2, "TB"))
    assert top(after) == ("TB", "B")
    assert after["streak"] == 2


def test_it_refuses_a_number_of_another_colour_on_a_master_mau_penal_t() -> None:
    """R8: the Master Mau is yellow; a blue 4 neither matches its colour nor a number."""
    pile = [pile_play(3, "Y4"), pile_play(0, "MM", mm=["T"])]
    pos = position(["Y12", "R12", "B4 B13", "G12 G13"], top=("MM", "Y"), pile=pile, turn=2, streak=1)
    assert_refused(pos, play(2, "B4"), "R11")


def test_it_lets_a_master_mau_skip_led_on_an_empty_pile_take_the_named_colour() -> None:
    """R8: led on an empty pile, its player names the colour."""
    pos = position(["MM Y4", "Y12 Y13", "B12 B13", "G12 G13"], top=None)
    assert top_colour(apply(pos, play(0, "MM", mm=["O"], color="B"))) == "B"


# R9: direction


def test_it_starts_clockwise() -> None:
    """R9: the direction of a new game is +1."""
    assert engine.new_game(3, seed=9)["direction"] == 1


def test_it_flips_the_direction_with_an_other_way_mae() -> None:
    """R9/R22."""
    assert apply(table("OR Y4"), play(0, "OR"))["direction"] == -1


def test_it_flips_the_direction_back_with_a_second_other_way_mae() -> None:
    """R9/R22: from -1 back to +1."""
    assert apply(table("OR Y4", direction=-1), play(0, "OR"))["direction"] == 1
