"""R26-R27 (with R46): the DD MAU call and the catch window."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games import engine
from tests.engine.ddmau.positions import (
    Position,
    apply,
    assert_refused,
    block,
    catch,
    draw,
    in_hand,
    play,
    position,
    size,
)


def table(mine: str = "R3 Y4", seat1: str = "Y12 Y13", **kwargs: Any) -> Position:
    """Three seats; seat 0 plays the red 3 on the red 7 and keeps the yellow 4; the draw starts G1."""
    kwargs.setdefault("draw", "G1 G2 G3")
    return position([mine, seat1, "B12 B13"], top="R7", **kwargs)


def missed() -> Position:
    """Seat 0 is down to one card and did not call."""
    return apply(table(), play(0, "R3"))


def test_it_remembers_a_missed_call() -> None:
    """R26/R27: a play leaving one card without the call can be caught."""
    after = missed()
    assert after["must_call"] == 0
    assert after["turn"] == 1


def test_it_accepts_the_call_with_the_play() -> None:
    """R26: with the call there is nothing to catch."""
    after = apply(table(), play(0, "R3", ddmau=True))
    assert after["must_call"] is None
    assert_refused(after, catch(1, 0), "R27")


def test_it_makes_a_caught_player_draw_one_card() -> None:
    """R27: the caught player draws 1 card, the next one of the draw pile."""
    after = apply(missed(), catch(2, 0))
    assert in_hand(after, 0) == Counter(["Y4", "G1"])
    assert after["must_call"] is None


def test_it_lets_the_next_player_catch_before_acting() -> None:
    """R27/R46: the seat to act may catch too; it is still its turn afterwards."""
    after = apply(missed(), catch(1, 0))
    assert size(after, 0) == 2
    assert (after["turn"], after["draws"]) == (1, 0)


def test_it_changes_neither_the_turn_nor_the_draws_on_a_catch_out_of_turn() -> None:
    """R46: seat 2 catches while seat 1 is to act."""
    pos = missed()
    after = apply(pos, catch(2, 0))
    assert (after["turn"], after["draws"], after["direction"]) == (pos["turn"], pos["draws"], pos["direction"])


def test_it_closes_the_window_when_the_next_player_draws() -> None:
    """R27/R46: the chance is gone once the seat to act has acted."""
    after = apply(missed(), draw(1))
    assert after["must_call"] is None
    assert_refused(after, catch(2, 0), "R27")


def test_it_closes_the_window_when_the_next_player_plays() -> None:
    """R27/R46: a play by the seat to act closes it."""
    pos = position(["R3 Y4", "R12 Y13 Y11", "B12 B13"], top="R7")
    after = apply(pos, play(0, "R3"), play(1, "R12"))
    assert after["must_call"] is None
    assert_refused(after, catch(2, 0), "R27")


def test_it_closes_the_window_when_the_target_blocks() -> None:
    """R27/R46: blocking is acting."""
    pos = table("TR Y4", seat1="MM Y13")
    after = apply(pos, play(0, "TR"), block(1))
    assert after["must_call"] is None


def test_it_lets_a_player_catch_while_a_hit_is_pending() -> None:
    """R46: seat 2 catches seat 0 while seat 1 decides whether to block; the hit still waits."""
    pos = apply(table("TR Y4", seat1="MM Y13"), play(0, "TR"))
    assert pos["must_call"] == 0
    after = apply(pos, catch(2, 0))
    assert size(after, 0) == 2
    assert after["pending"] == pos["pending"]
    assert after["turn"] == 1


def test_it_refuses_a_player_catching_themself() -> None:
    """R46: any seat except the one who missed the call."""
    assert_refused(missed(), catch(0, 0), "R27")


def test_it_refuses_a_catch_of_a_seat_that_missed_nothing() -> None:
    """R27: seat 2 did not miss a call."""
    assert_refused(missed(), catch(1, 2), "R27")


def test_it_refuses_a_catch_when_nobody_missed_a_call() -> None:
    """R27: nothing to catch."""
    assert_refused(table(), catch(1, 0), "R27")


def test_it_offers_the_catch_to_the_other_seats() -> None:
    """R46: legal_actions lists the catch for seats 1 and 2, not for seat 0."""
    pos = missed()
    offered = {
        seat: [a for a in engine.legal_actions(pos, seat) if a["act"] == "catch" and a.get("target") == 0]
        for seat in range(3)
    }
    assert offered[1]
    assert offered[2]
    assert not offered[0]


def test_it_ignores_a_call_on_a_play_leaving_two_cards() -> None:
    """R39: the call is ignored when more than one card remains."""
    after = apply(table("R3 Y4 Y5"), play(0, "R3", ddmau=True))
    assert after["must_call"] is None
    assert size(after, 0) == 2


def test_it_needs_no_call_to_go_out_with_several_cards() -> None:
    """R27 (FAQ): going out with all four 10s needs no call."""
    pos = position(["R10 Y10 B10 G10", "Y12 Y13", "B12 B13"], top="R7")
    after = apply(pos, play(0, "R10 Y10 B10 G10"))
    assert after["last_hand"]["out"] == 0
    assert after["last_hand"]["points"][0] == -40


def test_it_refuses_a_catch_by_an_eliminated_seat() -> None:
    """R46: only seats still in the game may catch.

    R46 (who may catch), R27 (R50 maps catches to it) and R35 (eliminated seats) all fit: any of them.
    """
    pos = position(["R3 Y4", "Y12 Y13", "B12 B13", []], top="R7", out=[3], mode="tournament", totals=[0, 0, 0, 510])
    assert_refused(apply(pos, play(0, "R3")), catch(3, 0), "R27", "R46", "R35")


def test_it_keeps_the_window_open_while_the_player_who_missed_goes_again() -> None:
    """R46: after "OR" leaving one card, seat 0 is to act again; seat 1 may still catch."""
    after = apply(table("OR Y4"), play(0, "OR"))
    assert (after["turn"], after["must_call"]) == (0, 0)
    caught = apply(after, catch(1, 0))
    assert size(caught, 0) == 2
    assert caught["turn"] == 0


def test_it_closes_the_window_when_the_player_who_missed_acts_again() -> None:
    """R46: the seat to act is the one who missed; its own next action closes the window."""
    after = apply(table("OR Y4"), play(0, "OR"), draw(0))
    assert after["must_call"] is None
