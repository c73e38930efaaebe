"""C8 and malformed input: every wrong shape is refused with `IllegalAction` naming a ruling, never
another exception, and the position is left as it was."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.errors import IllegalAction

from .helpers import game, position, refused

P = position(["H9 C3 SQ", "D9 D8", "H6 H4", "H9 SQ C9"], top="H5", offences=[(3, "spade")])


@pytest.mark.parametrize(
    ("action", "ruling"),
    [
        ({"seat": 1, "act": "draw"}, "MA3"),  # not the seat's turn
        ({"seat": 0, "act": "play", "cards": ["H8"], "calls": []}, "MA3"),  # a card it does not hold
        ({"seat": 0, "act": "play", "cards": ["ZZ"], "calls": []}, "C1"),
        ({"seat": 0, "act": "play", "cards": [7], "calls": []}, "C1"),
        ({"seat": 0, "act": "play", "cards": [None], "calls": []}, "C1"),
        ({"seat": 0, "act": "play", "cards": [["H9"]], "calls": []}, "C1"),
        ({"seat": 0, "act": "play", "cards": ["H9", "C3"], "calls": []}, "C2"),
        ({"seat": 0, "act": "play", "cards": ["H9"] * 10_000, "calls": []}, "C2"),
        ({"seat": 0, "act": "play", "cards": "H9", "calls": []}, "C2"),
        ({"seat": 0, "act": "play", "calls": []}, "C2"),
        ({"seat": 9, "act": "draw"}, "C3"),
        ({"seat": "0", "act": "draw"}, "C3"),
        ({"seat": 0.0, "act": "draw"}, "C3"),
        ({"seat": False, "act": "draw"}, "C3"),
        ({"act": "draw"}, "C3"),
        ({"seat": None, "act": "draw"}, "C3"),
        ({"seat": 0, "act": "catch", "target": 3}, "C7"),
        ({"seat": 0, "act": None}, "C7"),
        ({"seat": 0, "act": ["draw"]}, "C7"),
        ({"seat": 0}, "C7"),
        ({"seat": 0, "act": "draw", "extra": 1}, "C7"),
        ({"seat": 0, "act": "play", "cards": ["H9"], "calls": [], "ddmau": True}, "C7"),
        ({"seat": 0, "act": "spam", "cards": ["H9"], "color": "H", "calls": []}, "C7"),
        ({"seat": 1, "act": "penalty", "target": 3, "reason": "spade", "cards": ["D9"]}, "C7"),
        ({"seat": 0, "act": "play", "cards": ["H9"], "calls": "mau"}, "MA13"),
        ({"seat": 0, "act": "play", "cards": ["H9"], "calls": [True]}, "MA13"),
        ({"seat": 0, "act": "play", "cards": ["H9"], "calls": list(range(100_000))}, "MA13"),
        ({"seat": 0, "act": "play", "cards": ["H9"], "calls": {"mau": True}}, "MA13"),
        ({"seat": 0, "act": "play", "cards": ["H9"], "color": 1, "calls": []}, "MA7"),
        ({"seat": 0, "act": "play", "cards": ["H9"], "color": True, "calls": []}, "MA7"),
        ({"seat": 1, "act": "penalty", "target": True, "reason": "spade"}, "C3"),
        ({"seat": 1, "act": "penalty", "target": "3", "reason": "spade"}, "C3"),
        ({"seat": 1, "act": "penalty", "target": 3, "reason": None}, "MA14"),
        ({"seat": 1, "act": "penalty", "target": 3, "reason": ["spade"]}, "MA14"),
        ({"seat": 1, "act": "penalty", "target": 3}, "MA14"),
        ({"seat": 0, "act": "close"}, "C5"),
        ({"seat": None, "act": "close"}, "C5"),
        ({"seat": None, "act": "slow", "target": 0}, "MA15"),
        ({"seat": None, "act": "slow", "target": 99}, "C3"),
        ({"seat": 0, "act": "start", "calls": []}, "MA2"),
        ({"seat": 1, "act": "take"}, "MA3"),
        ({"seat": 0, "act": "take"}, "MA5"),
        ({"seat": 2, "act": "spam", "cards": ["H6"], "calls": []}, "MA10"),
    ],
)
def test_it_refuses_a_malformed_or_illegal_action(action: dict[str, Any], ruling: str) -> None:
    refused(P, action, ruling)


@pytest.mark.parametrize("action", [None, 3, "draw", ["draw"], b"draw", {1: 2}, {"seat": {}, "act": "draw"}])
def test_it_refuses_what_is_no_action_at_all(action: Any) -> None:
    g = game()
    with pytest.raises(IllegalAction):
        g.step(g.read(P), g.read_action(g.read(P), action))


def test_it_refuses_every_act_after_the_game_ended() -> None:
    over = {**P, "over": True, "winners": [0], "turn": None}
    for action in (
        {"seat": 0, "act": "draw"},
        {"seat": 1, "act": "penalty", "target": 3, "reason": "spade"},
        {"seat": None, "act": "close"},
    ):
        refused(over, action, "MA17")
    assert game().legal(game().read(over), 0) == []


def test_it_refuses_a_position_that_is_not_a_mau_position() -> None:
    g = game()
    for bad in ({}, {**P, "variant": "ddmau"}, {**P, "hands": [["XX"]]}, {**P, "top": {"card": "H5", "color": "R"}}):
        with pytest.raises(ValueError, match=r"mau|code|top|variant"):
            g.read(bad)
