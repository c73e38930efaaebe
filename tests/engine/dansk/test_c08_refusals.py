"""C8: malformed and illegal actions are refused with IllegalAction naming the ruling; nothing changes."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.errors import IllegalAction
from games.engine.rules import get_rules

from .helpers import play, position, refused

POS = position([["G1", "B2", "CC"], "B1 B3", "Y1 Y2"], pile="G5")


@pytest.mark.parametrize(
    ("action", "ruling"),
    [
        ({"seat": 0, "act": "play", "cards": ["X9"]}, "C1"),
        ({"seat": 0, "act": "play", "cards": ["g1"]}, "C1"),
        ({"seat": 0, "act": "play", "cards": [7]}, "C1"),
        ({"seat": 0, "act": "play", "cards": [None]}, "C1"),
        ({"seat": 0, "act": "play", "cards": []}, "C2"),
        ({"seat": 0, "act": "play", "cards": ["G1", "B2"]}, "C2"),
        ({"seat": 0, "act": "play", "cards": ["G1"] * 100_000}, "C2"),
        ({"seat": 0, "act": "play", "cards": "G1"}, "C2"),
        ({"seat": 0, "act": "play"}, "C2"),
        ({"seat": 0, "act": "play", "cards": {"G1": 1}}, "C2"),
        ({"seat": 3, "act": "draw"}, "C3"),
        ({"seat": -1, "act": "draw"}, "C3"),
        ({"seat": True, "act": "draw"}, "C3"),
        ({"seat": 0.0, "act": "draw"}, "C3"),
        ({"seat": "0", "act": "draw"}, "C3"),
        ({"act": "draw"}, "C3"),
        ({"seat": None, "act": "draw"}, "C3"),
        ({"seat": 0, "act": "catch", "target": 9}, "C3"),
        ({"seat": 0, "act": "catch", "target": False}, "C3"),
        ({"seat": 0, "act": "catch"}, "C3"),
        ({"seat": 0, "act": "pass"}, "C7"),
        ({"seat": 0, "act": "mau"}, "C7"),
        ({"seat": 0, "act": "spam"}, "C7"),
        ({"seat": 0, "act": None}, "C7"),
        ({"seat": 0, "act": ["play"]}, "C7"),
        ({"seat": 0}, "C7"),
        ({"seat": 0, "act": "draw", "cards": ["G1"]}, "C7"),
        ({"seat": 0, "act": "play", "cards": ["G1"], "mm": []}, "C7"),
        ({"seat": 0, "act": "play", "cards": ["G1"], "ddmau": True}, "C7"),
        ({"seat": 0, "act": "take", "target": 1}, "C7"),
        ({"seat": None, "act": "close"}, "C5"),
        ({"seat": 0, "act": "close"}, "C5"),
        ({"seat": 0, "act": "play", "cards": ["G1"], "mau": 1}, "DK12"),
        ({"seat": 0, "act": "play", "cards": ["G1"], "mau": "yes"}, "DK12"),
        ({"seat": 0, "act": "play", "cards": ["G1"], "mau": None}, "DK12"),
        ({"seat": 0, "act": "play", "cards": ["CC"], "color": "green"}, "DK11"),
        ({"seat": 0, "act": "play", "cards": ["CC"], "color": ["G"]}, "DK11"),
        ({"seat": 0, "act": "play", "cards": ["CC"]}, "DK11"),
        ({"seat": 1, "act": "play", "cards": ["B1"]}, "DK5"),
        ({"seat": 0, "act": "play", "cards": ["Y1"]}, "DK5"),
        ({"seat": 0, "act": "play", "cards": ["B2"]}, "DK4"),
        ({"seat": 0, "act": "draw"}, "DK5"),
        ({"seat": 0, "act": "take"}, "DK8"),
        ({"seat": 1, "act": "catch", "target": 0}, "DK12"),
    ],
)
def test_it_refuses_with_the_ruling(action: dict[str, Any], ruling: str) -> None:
    refused(POS, action, ruling)


@pytest.mark.parametrize("action", [None, 3, "play G1", ["play"], b"x", 1.5, object()])
def test_it_refuses_an_action_that_is_not_an_object(action: Any) -> None:
    refused(POS, action, "C7")


def test_it_refuses_an_action_with_keys_that_are_not_strings() -> None:
    refused(POS, {"seat": 0, "act": "draw", 5: 1}, "C7")


def test_it_refuses_acts_after_the_game_ended_with_dk15() -> None:
    pos = dict(POS, over=True, winners=[1], turn=None)
    refused(pos, play(0, "G1"), "DK15")
    refused(pos, {"seat": 1, "act": "catch", "target": 0}, "DK15")


def test_it_refuses_rather_than_crash_on_any_shape_of_junk() -> None:
    rules = get_rules("dansk")
    state = rules.read(POS)
    junk: list[Any] = [
        {"seat": 0, "act": "play", "cards": [["G1"]]},
        {"seat": 0, "act": "play", "cards": [{"c": 1}]},
        {"seat": 0, "act": "play", "cards": ["G1"], "color": {"x": 1}},
        {"seat": [0], "act": "draw"},
        {"seat": {"0": 0}, "act": "draw"},
        {"seat": 0, "act": {"a": 1}},
        {"seat": 2**70, "act": "draw"},
        {"seat": 0, "act": "catch", "target": [0]},
        {"seat": 0, "act": "catch", "target": "1"},
    ]
    for action in junk:
        with pytest.raises(IllegalAction):
            rules.step(state, rules.read_action(state, action))


def test_it_names_the_rule_in_words_a_player_understands() -> None:
    pos = position([["B2", "B3"], "T2B G1", "Y1"], pile="T2G", pending=(1, 4), turn=1)
    error = refused(pos, play(1, "G1"), "DK8")
    assert str(error) == "DK8: only a Draw 2 can answer a Draw 2 hit: play one or take 4 cards"
    error = refused(POS, play(0, "B2"), "DK4")
    assert "blue 2" in str(error)
    assert "green 5" in str(error)


def test_it_raises_value_error_for_an_unknown_card_drawn() -> None:
    rules = get_rules("dansk")
    bad = position([["B2"], "B1 B3", "Y1 Y2"], pile="G5", draw="R1")
    bad["draw"] = ["ZZ", *bad["draw"][1:]]
    state = rules.read(bad)
    with pytest.raises(ValueError, match="unknown card code drawn"):
        rules.step(state, rules.read_action(state, {"seat": 0, "act": "draw"}))


def test_it_raises_value_error_for_a_position_that_is_not_one() -> None:
    rules = get_rules("dansk")
    for bad in (
        {},
        dict(POS, variant="mau"),
        dict(POS, hands=[["ZZ"], [], []]),
        dict(POS, top={"card": "ZZ", "color": None}),
        dict(POS, turn=7),
        dict(POS, pile=None),
        dict(POS, rules={"rounds": 0}),
    ):
        with pytest.raises(ValueError, match=r"dansk|card|turn|rounds|variant|pile"):
            rules.read(bad)
