"""C1-C12 as emojical applies them: malformed actions, rebuilding the draw pile, views, faces and
notation."""

from __future__ import annotations

import contextlib
import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.emojical.cards import CODES
from games.engine.errors import IllegalAction
from games.engine.shuffle import shuffled

from .helpers import CLOSE, act, after, apply, kinds, make, play, refused, rules

POSITION = make(["Y2 G3 CP SWB", "Y4 B4", "B5"], "Y1")


@pytest.mark.parametrize(
    ("action", "ruling"),
    [
        (play(0, "ZZ"), "C1"),
        ({"seat": 0, "act": "play", "cards": [7]}, "C1"),
        (play(0, "CP", color="R"), "C1"),
        ({"seat": 0, "act": "play"}, "C2"),
        ({"seat": 0, "act": "play", "cards": []}, "C2"),
        ({"seat": 0, "act": "play", "cards": ["Y2", "G3"]}, "C2"),
        ({"seat": 0, "act": "play", "cards": "Y2"}, "C2"),
        ({"seat": 0, "act": "play", "cards": ["Y2"] * 10_000}, "C2"),
        ({"seat": 3, "act": "draw"}, "C3"),
        ({"seat": -1, "act": "draw"}, "C3"),
        ({"seat": True, "act": "draw"}, "C3"),
        ({"seat": "0", "act": "draw"}, "C3"),
        ({"act": "draw"}, "C3"),
        ({"seat": None, "act": "draw"}, "C3"),
        (play(0, "SWB", target=9), "EM9"),
        (play(0, "Y2", target=9), "C3"),
        ({"seat": 0, "act": "shout"}, "C7"),
        ({"seat": 0, "act": 3}, "C7"),
        ({"seat": 0}, "C7"),
        ({"seat": 0, "act": "draw", "cards": ["Y2"]}, "C7"),
        (play(0, "Y2", foo=1), "C7"),
        (play(0, "Y2", mau=1), "C7"),
        (play(0, "Y2", maumau="yes"), "C7"),
        (play(0, "CP", color=["Y"]), "C7"),
        ({"seat": 0, "act": "block", "cards": ["Y2"], "color": "Y"}, "C7"),
        ([0, "draw"], "C7"),
        (None, "C7"),
        ("draw", "C7"),
        ({1: 2, "seat": 0, "act": "draw"}, "C7"),
    ],
)
def test_it_refuses_malformed_actions_naming_the_convention(action: Any, ruling: str) -> None:
    refused(POSITION, action, ruling)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
actions = st.fixed_dictionaries(
    {},
    optional={
        "seat": st.one_of(st.integers(-2, 4), json_values),
        "act": st.sampled_from(["play", "jump_in", "block", "draw", "pass", "take", "mau", "close", "donate_pick"])
        | json_values,
        "cards": st.lists(st.sampled_from(sorted(CODES)) | json_values, max_size=3) | json_values,
        "color": st.sampled_from(["Y", "P", "G", "B", "R"]) | json_values,
        "target": json_values,
        "index": json_values,
        "mau": json_values,
        "maumau": json_values,
        "extra": json_values,
    },
)


@settings(max_examples=60, deadline=None)
@given(action=actions)
def test_it_answers_any_shape_of_action_with_a_state_or_a_refusal(action: dict[str, Any]) -> None:
    before = copy.deepcopy(POSITION)
    with contextlib.suppress(IllegalAction):
        apply(POSITION, action)
    assert before == POSITION


def test_it_rebuilds_the_draw_pile_from_the_pile_but_its_top_card() -> None:
    pile: list[dict[str, Any]] = [
        {"seat": None, "cards": ["G1"], "color": "G"},
        {"seat": 1, "cards": ["G6"], "color": "G"},
        {"seat": 2, "cards": ["Y6"], "color": "Y"},
        {"seat": 0, "cards": ["Y1"], "color": "Y"},
    ]
    position = make(["B2 G3", "P4"], "Y1", pile=pile, rest_of_deck=False, draw="P7", seed=11, turn=1)
    position = after(position, act(1, "draw"), act(1, "pass"))
    assert position["draw"] == []
    position, events = apply(position, act(0, "draw"))
    rebuilt = shuffled(["G1", "G6", "Y6"], "emojical", 11, "hand", 1, "reshuffle", 1)
    assert kinds(events) == ["reshuffle", "draw"]
    assert events[0].get("count") == 3
    assert position["hands"][0] == ["B2", "G3", rebuilt[0]]
    assert position["draw"] == list(rebuilt[1:])
    assert position["pile"] == [{"seat": 0, "cards": ["Y1"], "color": "Y"}]
    assert position["reshuffles"] == 1


def test_it_shuffles_with_seed_0_when_a_position_has_none() -> None:
    pile: list[dict[str, Any]] = [
        {"seat": None, "cards": ["G1"], "color": "G"},
        {"seat": 0, "cards": ["Y1"], "color": "Y"},
    ]
    position = make(["B2 G3", "P4"], "Y1", pile=pile, rest_of_deck=False, seed=0)
    del position["seed"]
    assert after(position, act(0, "draw"))["hands"][0] == ["B2", "G3", "G1"]


def test_it_keeps_the_position_unchanged_and_writes_fresh_lists() -> None:
    before = copy.deepcopy(POSITION)
    position, _ = apply(POSITION, play(0, "Y2"))
    assert before == POSITION
    position["pile"].append({"seat": 1, "cards": ["X"], "color": None})
    position["hands"][0].append("X")
    position["draw"].clear()
    position["top"]["card"] = "X"
    assert before == POSITION


def test_it_shows_a_seat_only_what_it_may_see() -> None:
    position = make(["Y2 G3", "Y4 B4", "B5"], "Y1", donate_order="Y2 G3", seed=99)
    r = rules()
    view = r.view(position, 1)
    assert view["hands"] == [2, ["Y4", "B4"], 1]
    assert view["draw"] == len(position["draw"])
    assert "seed" not in view
    assert view["donate_order"] == 2
    assert r.view(position, None)["hands"] == [2, 2, 1]
    with pytest.raises(ValueError, match="seat"):
        r.view(position, 5)


def test_it_draws_readable_faces_that_do_not_rely_on_colour() -> None:
    r = rules()
    face = r.card("B1")
    assert (face.name, face.short, face.colour, face.colour_name, face.symbol, face.points) == (
        "blue winking smiley",
        "1",
        "B",
        "blue",
        "B",
        5,
    )
    assert r.card("T2G").name == "green Take 2"
    assert r.card("T2G").short == "+2"
    assert r.card("T4").colour is None
    assert r.card("T4").points == 50
    assert r.card("EX").kind == "EX"
    with pytest.raises(KeyError):
        r.card("JK")


def test_it_writes_a_compact_notation() -> None:
    r = rules()
    assert (
        r.notation({"seat": 2, "act": "jump_in", "cards": ["SWP"], "target": 0, "mau": True}) == "2: jump_in SWP >0 mau"
    )
    assert r.notation({"seat": 1, "act": "play", "cards": ["CP"], "color": "G"}) == "1: play CP =G"
    assert r.notation({"seat": 3, "act": "donate_pick", "index": 4}) == "3: donate_pick #4"
    assert r.notation(CLOSE) == "-: close"
    assert r.notation({"seat": 0, "act": "block", "cards": ["BLY"], "maumau": True}) == "0: block BLY maumau"


def test_it_describes_actions_for_buttons() -> None:
    r = rules()
    assert r.describe(play(0, "B1", mau=True)) == "Play the blue winking smiley and call Mau"
    assert r.describe(play(0, "CP", color="G")) == "Play the Colour preference, naming green"
    assert r.describe(play(0, "SWP", target=2)) == "Play the purple Card swap, swapping hands with seat 2"
    assert r.describe({"seat": 1, "act": "jump_in", "cards": ["Y2"], "maumau": True}) == (
        "Jump in with the yellow grinning smiley and call Mau-Mau"
    )
    assert r.describe(act(0, "block", cards=["BLY"])) == "Block with the yellow Blocking card"
    assert r.describe(act(0, "safe")) == "Play safe: take 4 cards"
    assert r.describe(act(0, "donate_pick", index=0)) == "Take face-down card 1"
    assert r.describe(act(0, "take")) == "Take the cards"
    assert r.describe(act(0, "mau")) == "Call Mau"


def test_it_refuses_to_read_a_position_that_is_not_emojical() -> None:
    r = rules()
    with pytest.raises(ValueError, match="emojical"):
        r.read({**POSITION, "variant": "maumau"})
    with pytest.raises(ValueError, match="unknown card code"):
        r.read({**POSITION, "hands": [["QQ"], ["Y1"]]})
    with pytest.raises(ValueError, match="bad seat"):
        r.read({**POSITION, "turn": 7})
    with pytest.raises(ValueError, match="not an emojical position"):
        r.read({k: v for k, v in POSITION.items() if k != "top"})
