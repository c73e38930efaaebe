"""R17: a turn is a play, or up to three draws one at a time, then a play or a pass."""

from __future__ import annotations

from typing import Any

from games import engine
from tests.engine.ddmau.positions import (
    Position,
    acts,
    apply,
    assert_refused,
    draw,
    in_hand,
    pass_turn,
    play,
    position,
    size,
)


def table(mine: str = "G7 Y3", **kwargs: Any) -> Position:
    """Three seats; seat 0 holds a legal play (G7 on the red 7); the draw starts B5 B6 B8."""
    kwargs.setdefault("draw", "B5 B6 B8")
    return position([mine, "Y12 Y13", "B12 B13"], top="R7", **kwargs)


def test_it_lets_a_player_draw_although_a_play_exists() -> None:
    """R17: digging for power is allowed even when a play exists."""
    after = apply(table(), draw(0))
    assert in_hand(after, 0)["B5"] == 1
    assert (after["turn"], after["draws"]) == (0, 1)


def test_it_lets_a_player_play_after_a_draw() -> None:
    """R17: after each draw the player may play; the turn then passes with a fresh count of draws."""
    after = apply(table(), draw(0), play(0, "G7"))
    assert (after["turn"], after["draws"]) == (1, 0)


def test_it_lets_a_player_play_the_card_just_drawn() -> None:
    """R17: the drawn red 5 plays on the red 7."""
    after = apply(table("Y3 Y4", draw="R5"), draw(0), play(0, "R5"))
    assert after["top"]["card"] == "R5"
    assert after["turn"] == 1


def test_it_lets_a_player_draw_three_times() -> None:
    """R17: up to three draws, one card each."""
    after = apply(table(), draw(0), draw(0), draw(0))
    assert after["draws"] == 3
    assert after["turn"] == 0
    assert size(after, 0) == 2 + 3


def test_it_refuses_a_fourth_draw() -> None:
    """R17: three draws at most."""
    assert_refused(apply(table(), draw(0), draw(0), draw(0)), draw(0), "R17")


def test_it_passes_the_turn_after_the_third_draw() -> None:
    """R17: after the third draw the player may pass."""
    after = apply(table(), draw(0), draw(0), draw(0), pass_turn(0))
    assert (after["turn"], after["draws"]) == (1, 0)
    assert size(after, 0) == 5


def test_it_lets_a_player_play_after_the_third_draw() -> None:
    """R17: after the third draw the player plays or passes."""
    after = apply(table(), draw(0), draw(0), draw(0), play(0, "G7"))
    assert after["turn"] == 1


def test_it_refuses_a_pass_before_any_draw() -> None:
    """R17: a player plays or draws; passing comes only after the third draw."""
    assert_refused(table(), pass_turn(0), "R17")


def test_it_refuses_a_pass_after_two_draws() -> None:
    """R17: two draws are not three."""
    assert_refused(apply(table(), draw(0), draw(0)), pass_turn(0), "R17")


def test_it_offers_a_draw_but_no_pass_at_the_start_of_a_turn() -> None:
    """R17: legal_actions at the start of a turn."""
    offered = acts(table(), 0)
    assert "draw" in offered
    assert "pass" not in offered
    assert "play" in offered


def test_it_offers_a_pass_but_no_draw_after_three_draws() -> None:
    """R17: legal_actions after the third draw."""
    offered = acts(apply(table(), draw(0), draw(0), draw(0)), 0)
    assert "pass" in offered
    assert "draw" not in offered


def test_it_offers_nothing_but_catches_to_a_seat_whose_turn_it_is_not() -> None:
    """R17/R27: only the seat to act plays or draws; with no missed call there is nothing to catch."""
    assert engine.legal_actions(table(), 1) == []


def test_it_refuses_a_play_out_of_turn() -> None:
    """R17/R50: wrong seat."""
    assert_refused(table(), play(1, "Y12"), "R17")


def test_it_refuses_a_draw_out_of_turn() -> None:
    """R17/R50: wrong seat."""
    assert_refused(table(), draw(2), "R17")


def test_it_refuses_cards_the_player_does_not_hold() -> None:
    """R17/R50: the red 9 is not in seat 0's hand."""
    assert_refused(table(), play(0, "R9"), "R17")


def test_it_refuses_a_card_held_once_played_twice() -> None:
    """R17/R50: a hand is a multiset; one green 7 cannot be put down twice."""
    assert_refused(table(), play(0, "G7 G7"), "R17")


def test_it_refuses_an_unknown_act() -> None:
    """R17/R50: unknown act."""
    assert_refused(table(), {"seat": 0, "act": "give", "cards": ["G7"], "target": 2}, "R17")


def test_it_refuses_an_unknown_card_code() -> None:
    """R2/R50: "X7" is no card."""
    assert_refused(table(), play(0, "X7"), "R2")


def test_it_moves_the_turn_counter_clockwise_when_the_direction_is_reversed() -> None:
    """R9/R17: with direction -1 the next seat after 0 of three is seat 2."""
    after = apply(table(direction=-1), play(0, "G7"))
    assert after["turn"] == 2


def test_it_continues_a_turn_from_a_position_with_draws_made() -> None:
    """R17: a position two draws into the turn allows one more draw, then a pass."""
    after = apply(table(draws=2), draw(0), pass_turn(0))
    assert after["turn"] == 1
