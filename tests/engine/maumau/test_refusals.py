"""C8: refusals name the ruling; malformed actions of any shape are refused with IllegalAction."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

from games.engine.errors import IllegalAction

from .helpers import make, refused, rules


def _position() -> dict[str, Any]:
    return make(["S9 HQ HJ", "C9 DK", "HK HA"], "SQ", must_call=[])


@pytest.mark.parametrize(
    ("action", "ruling"),
    [
        ({"seat": 0, "act": "play", "cards": ["H2"]}, "C1"),  # not in the 32-card pack
        ({"seat": 0, "act": "play", "cards": ["ZZ"]}, "C1"),
        ({"seat": 0, "act": "play", "cards": [7]}, "C1"),
        ({"seat": 0, "act": "play", "cards": [None]}, "C1"),
        ({"seat": 0, "act": "play", "cards": [["S9"]]}, "C1"),
        ({"seat": 0, "act": "play", "cards": []}, "C2"),
        ({"seat": 0, "act": "play", "cards": ["S9", "HQ"]}, "C2"),
        ({"seat": 0, "act": "play", "cards": "S9"}, "C2"),
        ({"seat": 0, "act": "play"}, "C2"),
        ({"seat": 0, "act": "play", "cards": ["S9"] * 100_000}, "C2"),
        ({"seat": 0, "act": "play", "cards": {"S9": 1}}, "C2"),
        ({"seat": 3, "act": "draw"}, "C3"),
        ({"seat": -1, "act": "draw"}, "C3"),
        ({"seat": True, "act": "draw"}, "C3"),
        ({"seat": 0.0, "act": "draw"}, "C3"),
        ({"seat": "0", "act": "draw"}, "C3"),
        ({"act": "draw"}, "C3"),
        ({"seat": None, "act": "draw"}, "C3"),
        ({"seat": 0, "act": "catch"}, "C3"),
        ({"seat": 0, "act": "catch", "target": 9}, "C3"),
        ({"seat": 0, "act": "catch", "target": False}, "C3"),
        ({"seat": 1, "act": "close"}, "C3"),
        ({"seat": 0, "act": "jump_in", "cards": ["S9"]}, "C7"),
        ({"seat": 0, "act": "spam"}, "C7"),
        ({"seat": 0, "act": None}, "C7"),
        ({"seat": 0, "act": ["draw"]}, "C7"),
        ({"seat": 0}, "C7"),
        ({"seat": 0, "act": "draw", "cards": ["S9"]}, "C7"),
        ({"seat": 0, "act": "play", "cards": ["S9"], "ddmau": True}, "C7"),
        ({"seat": 0, "act": "play", "cards": ["S9"], "mau": "yes"}, "C7"),
        ({"seat": 0, "act": "play", "cards": ["S9"], "mau": 1}, "C7"),
        ({"seat": 0, "act": "mau", "target": 1}, "C7"),
        ({"seat": 0, "act": "draw", **{f"k{i}": i for i in range(1000)}}, "C7"),
        ({"seat": 0, "act": "play", "cards": ["HJ"], "color": "hearts"}, "MM9"),
        ({"seat": 0, "act": "play", "cards": ["HJ"], "color": True}, "MM9"),
        ({"seat": 0, "act": "play", "cards": ["SK"]}, "MM5"),  # not held
        ({"seat": 1, "act": "play", "cards": ["DK"]}, "MM5"),  # not the turn
        ({"seat": 0, "act": "pass"}, "MM5"),
        ({"seat": 0, "act": "take"}, "MM7"),
        ({"seat": 0, "act": "play", "cards": ["HJ"]}, "MM9"),
        ({"seat": 0, "act": "catch", "target": 1}, "MM11"),
        ({"seat": None, "act": "close"}, "C5"),
    ],
)
def test_it_refuses_a_malformed_or_illegal_action_naming_the_ruling(action: dict[str, Any], ruling: str) -> None:
    refused(_position(), action, ruling)


@pytest.mark.parametrize("action", [None, 3, "draw", ["draw"], b"x", 1.5])
def test_it_refuses_an_action_that_is_not_an_object_c7(action: object) -> None:
    refused(_position(), action, "C7")


def test_it_refuses_every_act_of_every_shape_without_another_exception() -> None:
    r = rules()
    state = r.read(_position())
    values: list[Any] = [None, True, 0, 1, -5, 2**70, 1.0, "", "S9", "play", [], ["S9"], {}, {"a": 1}, ["S9", "S9"]]
    for act in ("play", "draw", "pass", "take", "mau", "catch", "close", "x"):
        for key in ("seat", "cards", "color", "mau", "target", "act"):
            for value in values:
                action = {"seat": 0, "act": act, key: value}
                with contextlib.suppress(IllegalAction):
                    r.step(state, r.read_action(state, action))


def test_it_names_its_refusals_in_words_a_player_understands() -> None:
    position = make(["S9 C7", "C9"], "S7", pending=4)
    error = refused(position, {"seat": 0, "act": "draw"}, "MM7")
    assert "play a seven or take 4 cards" in str(error)
    error = refused(make(["C8 HQ", "C9"], "SQ"), {"seat": 0, "act": "play", "cards": ["C8"]}, "MM4")
    assert str(error) == "MM4: the Eight of clubs matches neither the suit (spades) nor the rank of the Queen of spades"


def test_it_refuses_to_read_a_position_of_another_game() -> None:
    r = rules()
    with pytest.raises(ValueError, match="maumau"):
        r.read({**_position(), "variant": "dansk"})
    with pytest.raises(ValueError, match="maumau"):
        r.read({"hands": 3})
    with pytest.raises(ValueError, match="deck"):
        r.read({**_position(), "hands": [["X1"], ["C9"]]})
    with pytest.raises(ValueError, match="2 to 4"):
        r.read({**_position(), "hands": [["C9"]]})
    with pytest.raises(ValueError, match="unknown house rule"):
        r.read({**_position(), "rules": {"speed": 3}})
