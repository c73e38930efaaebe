"""Malformed and illegal actions: each is refused with the ruling it breaks, and changes nothing (R50)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import engine
from tests.engine.ddmau.positions import (
    Position,
    apply,
    assert_refused,
    catch,
    draw,
    pass_turn,
    play,
    position,
    ruling_of,
    take,
)


def red_seven(mine: str = "R3 Y4 G7 SM MM LM DM TB SB JT", **kwargs: Any) -> Position:
    """Three seats, a red 7 on top, seat 0 to play."""
    return position([mine, "Y12 Y13", "B12 B13"], top="R7", **kwargs)


MALFORMED: list[tuple[str, Any, str]] = [
    ("not an object", ["play", "R3"], "R17"),
    ("no seat", {"act": "draw"}, "R17"),
    ("a seat that is text", {"seat": "0", "act": "draw"}, "R17"),
    ("a seat that is true", {"seat": True, "act": "draw"}, "R17"),
    ("a seat beyond the table", {"seat": 7, "act": "draw"}, "R17"),
    ("a negative seat", {"seat": -1, "act": "draw"}, "R17"),
    ("no act", {"seat": 0}, "R17"),
    ("an unknown act", {"seat": 0, "act": "give", "cards": ["R3"]}, "R17"),
    ("an act that is not text", {"seat": 0, "act": 3}, "R17"),
    ("an act that is a list", {"seat": 0, "act": ["draw"]}, "R17"),
    ("a play without cards", {"seat": 0, "act": "play"}, "R17"),
    ("a play of no cards", {"seat": 0, "act": "play", "cards": []}, "R17"),
    ("cards given as one string", {"seat": 0, "act": "play", "cards": "R3"}, "R17"),
    ("an unknown card code", {"seat": 0, "act": "play", "cards": ["R14"]}, "R2"),
    ("a card code in lower case", {"seat": 0, "act": "play", "cards": ["r3"]}, "R2"),
    ("a card that is a number", {"seat": 0, "act": "play", "cards": [3]}, "R2"),
    ("a card that is null", {"seat": 0, "act": "play", "cards": [None]}, "R2"),
    ("a Master Mau without mm", {"seat": 0, "act": "play", "cards": ["MM"]}, "R16"),
    ("mm of the wrong length", {"seat": 0, "act": "play", "cards": ["MM"], "mm": ["SM", "SM"], "color": "R"}, "R16"),
    ("mm naming no power card", {"seat": 0, "act": "play", "cards": ["MM"], "mm": ["DM"]}, "R16"),
    ("mm that is not a list", {"seat": 0, "act": "play", "cards": ["MM"], "mm": "JT"}, "R16"),
    ("mm for a play without a Master Mau", {"seat": 0, "act": "play", "cards": ["R3"], "mm": ["JT"]}, "R16"),
    ("a colour that is no colour", {"seat": 0, "act": "play", "cards": ["SM"], "color": "P"}, "R23"),
    ("a colour that is a number", {"seat": 0, "act": "play", "cards": ["SM"], "color": 1}, "R23"),
    ("a Shadow Master without a colour", {"seat": 0, "act": "play", "cards": ["SM"]}, "R23"),
    ("a DD MAU call that is text", {"seat": 0, "act": "play", "cards": ["R3"], "ddmau": "yes"}, "R26"),
    ("a catch without a target", {"seat": 1, "act": "catch"}, "R27"),
    ("a catch of a seat that is text", {"seat": 1, "act": "catch", "target": "0"}, "R27"),
    ("a catch of a seat beyond the table", {"seat": 1, "act": "catch", "target": 9}, "R27"),
]


@pytest.mark.parametrize(("why", "action", "ruling"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_it_refuses_a_malformed_action_with_the_nearest_ruling(why: str, action: Any, ruling: str) -> None:
    assert_refused(red_seven(), action, ruling)


ILLEGAL_PLAYS: list[tuple[str, str, str, str]] = [
    ("a card not in the hand", "R3 Y4", "B9", "R17"),
    ("a card held once, played twice", "R3 Y4", "R3 R3", "R17"),
    ("a card that matches neither colour nor number", "Y4 B9", "Y4", "R11"),
    ("a Penal T of another colour", "TB Y4", "TB", "R11"),
    ("colour following inside a play", "R5 R9 Y4", "R5 R9", "R12"),
    ("a number card after a power card", "TR R3 Y4", "TR R3", "R12"),
    ("a power card after a number card", "R3 TR Y4", "R3 TR", "R12"),
    ("two different power kinds without a Skip", "TR OR Y4", "TR OR", "R12"),
    ("a Skip sending a card of another colour", "SR TB Y4", "SR TB", "R42"),
    ("a Skip after the card it would send", "SR TR SB Y4", "SR TR SB", "R12"),
    ("Link Masters alone", "LM LM Y4", "LM LM", "R10"),
    ("a Deck Master without a Link Master", "DM Y4 B1", "DM", "R14"),
    ("two Deck Masters on one Link Master", "LM DM DM Y4", "LM DM DM", "R14"),
    ("a run without a Link Master", "R3 R4 R5 Y4", "R3 R4 R5", "R13"),
    (
        "two runs on one Link Master",
        "LM R6 R5 R4 Y4 Y3 Y2 B1",
        "LM R6 R5 R4 Y4 Y3 Y2",
        "R13",
    ),
    ("a run changing colour", "LM R3 R4 Y5 B1", "LM R3 R4 Y5", "R13"),
    ("a lone step", "LM R6 R5 Y4", "LM R6 R5", "R41"),
    ("a Link Master making a bad match good", "LM Y4 B9", "LM B9", "R11"),
]


@pytest.mark.parametrize(("why", "hand", "cards", "ruling"), ILLEGAL_PLAYS, ids=[p[0] for p in ILLEGAL_PLAYS])
def test_it_refuses_an_illegal_play_with_its_ruling(why: str, hand: str, cards: str, ruling: str) -> None:
    """On a red 7."""
    assert_refused(position([hand, "Y12 Y13", "B12 B13"], top="R7"), play(0, cards), ruling)


def test_it_refuses_a_run_that_changes_direction_without_a_set() -> None:
    """R41: R4 R5 R6 then back to R5 is refused (the R5 is held once, so use a rainbow to try it)."""
    pos = position(["LM MM R4 R5 R6 Y5 B1", "Y12 Y13", "B12 B13"], top="R7")
    assert_refused(pos, play(0, "LM MM R4 R5 R6 Y5", mm=["LM"]), "R41")


def test_it_refuses_a_move_out_of_turn() -> None:
    assert_refused(red_seven(), draw(1), "R17")


def test_it_refuses_a_fourth_draw() -> None:
    pos = apply(red_seven(), draw(0), draw(0), draw(0))
    assert_refused(pos, draw(0), "R17")


def test_it_refuses_a_pass_before_three_draws() -> None:
    assert_refused(apply(red_seven(), draw(0)), pass_turn(0), "R17")


def test_it_refuses_take_and_block_without_a_hit() -> None:
    assert_refused(red_seven(), take(0), "R25")
    assert_refused(red_seven(), {"seat": 0, "act": "block"}, "R25")


def test_it_refuses_a_play_or_draw_while_a_hit_is_pending() -> None:
    pos = apply(position(["TR Y4 B1", "MM Y13", "B12 B13"], top="R7"), play(0, "TR"))
    assert pos["pending"] == {"target": 1, "kind": "T", "cards": 2}
    assert_refused(pos, play(1, "Y13"), "R25")
    assert_refused(pos, draw(1), "R25")
    assert_refused(pos, pass_turn(1), "R25")


def test_it_refuses_a_block_without_a_master_mau() -> None:
    pos = position(["R3 Y4", "Y12 Y13", "B12 B13"], top=("TR", "R"), pending={"target": 0, "kind": "T", "cards": 2})
    assert_refused(pos, {"seat": 0, "act": "block"}, "R25")


def test_it_refuses_catches_that_the_rules_do_not_allow() -> None:
    """R27/R46: only a missed call can be caught, only that seat, and not by itself."""
    assert_refused(red_seven(), catch(1, 0), "R27")
    missed = apply(position(["R3 Y4", "Y12 Y13", "B12 B13"], top="R7"), play(0, "R3"))
    assert missed["must_call"] == 0
    assert_refused(missed, catch(2, 1), "R27")
    assert_refused(missed, catch(0, 0), "R27")


def test_it_refuses_every_action_once_the_game_is_over() -> None:
    pos = position(["R3", "Y12 Y13", "B12 B13"], top="R7", totals=[0, 500, 0])
    over = apply(pos, play(0, "R3"))
    assert over["over"] is True
    for action in (draw(over["dealer"]), catch(1, 0), play(1, "Y12"), pass_turn(0)):
        assert_refused(over, action, "R50")


def test_it_refuses_positions_it_cannot_read_without_crashing() -> None:
    for broken in ({}, {"variant": "ddmau"}, {"variant": "uno", "hands": []}):
        with pytest.raises(ValueError):  # noqa: PT011 - any ValueError (IllegalAction is one too) is a clean refusal
            engine.apply(broken, draw(0))


def test_it_changes_nothing_when_it_refuses() -> None:
    pos = red_seven()
    before = copy.deepcopy(pos)
    for action in (play(0, "B9"), play(0, "R5 R9"), draw(2), take(0), catch(1, 0)):
        with pytest.raises(engine.IllegalAction) as refused:
            engine.apply(pos, action)
        assert refused.value.ruling == ruling_of(str(refused.value))
    assert pos == before


HELD = ["R3", "Y4", "G7", "SM", "MM", "LM", "DM", "TB", "SB", "JT"]
junk = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.text(max_size=4) | st.sampled_from(["R3", "MM", "SM", "LM"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)
actions = st.fixed_dictionaries(
    {},
    optional={
        "seat": junk | st.integers(0, 2),
        "act": junk | st.sampled_from(["play", "draw", "pass", "take", "block", "catch"]),
        "cards": junk | st.lists(st.sampled_from(HELD), max_size=4),
        "mm": junk | st.lists(st.sampled_from(["T", "S", "O", "JT", "SM", "LM"]), max_size=2),
        "color": junk | st.sampled_from(["R", "Y", "B", "G"]),
        "ddmau": junk,
        "target": junk,
    },
)


@given(st.one_of(junk, actions))
@settings(max_examples=400, deadline=None)
def test_it_answers_any_input_with_a_position_or_a_refusal(action: Any) -> None:
    pos = red_seven()
    before = copy.deepcopy(pos)
    answer: Any
    try:
        answer = engine.apply(pos, action)
    except engine.IllegalAction as refused:
        answer = refused
    if isinstance(answer, engine.IllegalAction):
        assert ruling_of(str(answer)) == answer.ruling
    else:
        assert isinstance(answer, dict)
    assert pos == before
