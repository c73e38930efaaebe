"""The decisions taken where VARIANTS.md is silent (listed in the package docstring)."""

from __future__ import annotations

from typing import Any

from games.engine.shuffle import shuffled

from .helpers import CLOSE, act, after, legal, make, play


def test_it_takes_the_first_card_of_the_shuffled_order_in_random_mode() -> None:
    position = make(["DNY G2 G3 B4", "B1", "B5"], "Y1", options={"donate": "random"}, seed=4)
    position = after(position, play(0, "DNY"), CLOSE)
    order = shuffled(["G2", "G3", "B4"], "emojical", 4, "hand", 1, "donate", 0, 2)
    assert position["hands"][1] == ["B1", order[0]]


def test_it_donates_nothing_when_the_donor_has_no_card_left() -> None:
    window = {"kind": "jump", "card": "DNY", "seat": 0}
    pile: list[dict[str, Any]] = [
        {"seat": None, "cards": ["Y1"], "color": "Y"},
        {"seat": 0, "cards": ["DNY"], "color": "Y"},
    ]
    position = make([[], "B1 B2", "B5"], "DNY", window=window, pile=pile, turn=None)
    position = after(position, CLOSE)
    assert position["pending"] is None
    assert position["turn"] == 1
    assert position["hands"][1] == ["B1", "B2"]


def test_it_gives_a_pending_skip_no_card_count_and_names_where_it_came_from() -> None:
    position = after(make(["SKY G2 G3", "BLY B4", "B5"], "Y1"), play(0, "SKY"), CLOSE)
    assert position["pending"] == {"target": 1, "kind": "SK", "cards": 0, "from": 0}


def test_it_lets_a_player_play_the_card_drawn_after_taking_a_hit() -> None:
    position = make(["G2", "G4 P6", "G5"], "T2Y", turn=1, draw="P1 P2 Y7")
    position["pending"] = {"target": 1, "kind": "T2", "cards": 2, "from": 0}
    position = after(position, act(1, "take"), act(1, "draw"))
    assert position["drawn"] == "Y7"
    assert {"seat": 1, "act": "play", "cards": ["Y7"]} in legal(position, 1)


def test_it_keeps_play_clockwise_with_direction_always_1() -> None:
    position = after(make(["Y2 G2 G3", "Y4 B4", "B5"], "Y1"), play(0, "Y2"), CLOSE)
    assert position["direction"] == 1
    assert position["turn"] == 1
