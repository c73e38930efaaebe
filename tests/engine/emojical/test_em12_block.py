"""EM12: blocking a colour action card with a Blocking card of its colour."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import act, after, apply, kinds, legal, make, refused


@pytest.mark.parametrize(
    ("top", "pending"),
    [
        ("T2Y", {"target": 1, "kind": "T2", "cards": 6, "from": 0}),
        ("SKY", {"target": 1, "kind": "SK", "cards": 0, "from": 0}),
        ("GMY", {"target": 1, "kind": "GM", "cards": 0, "from": 0}),
        ("SWY", {"target": 1, "kind": "SW", "cards": 0, "from": 0}),
        ("DNY", {"target": 1, "kind": "DN", "cards": 0, "from": 0}),
    ],
)
def test_it_voids_a_colour_action_and_play_goes_on_from_the_blockers_left(top: str, pending: dict[str, Any]) -> None:
    order = "G2" if pending["kind"] == "DN" else None
    position = make(["G2", "BLY B1 B2", "B5", "B6"], top, pending=pending, donate_order=order)
    assert {"seat": 1, "act": "block", "cards": ["BLY"]} in legal(position, 1)
    position, events = apply(position, act(1, "block", cards=["BLY"]))
    assert position["hands"][1] == ["B1", "B2"]
    assert position["hands"][0] == ["G2"]
    assert position["pending"] is None
    assert position["turn"] == 2
    assert position["window"] is None
    assert position["top"] == {"card": "BLY", "color": "Y"}
    assert position["pile"][-1] == {"seat": 1, "cards": ["BLY"], "color": "Y"}
    assert kinds(events) == ["block"]


def test_it_blocks_a_rolled_over_take_2_with_the_colour_of_the_top_one() -> None:
    position = make(["G2", "BLY BLB B2", "B5"], "T2B", pending={"target": 1, "kind": "T2", "cards": 4, "from": 0})
    refused(position, act(1, "block", cards=["BLY"]), "EM12")
    assert after(position, act(1, "block", cards=["BLB"]))["hands"][1] == ["BLY", "B2"]


def test_it_cannot_block_a_grey_card() -> None:
    position = make(["G2", "BLB B2", "B5"], "T4", color="B", pending={"target": 1, "kind": "T4", "cards": 4, "from": 0})
    refused(position, act(1, "block", cards=["BLB"]), "EM12")
    assert {m["act"] for m in legal(position, 1)} == {"take"}


def test_it_refuses_a_block_with_no_action_to_block_or_a_card_not_held() -> None:
    refused(make(["BLY G2", "B5"], "Y1"), act(0, "block", cards=["BLY"]), "EM12")
    pending = {"target": 1, "kind": "SK", "cards": 0, "from": 0}
    refused(make(["G2", "B2", "B5"], "SKY", pending=pending), act(1, "block", cards=["BLY"]), "EM4")
    refused(make(["G2", "B2 Y3", "B5"], "SKY", pending=pending), act(1, "block", cards=["Y3"]), "EM12")


def test_it_lets_the_blocker_play_no_more() -> None:
    pending = {"target": 1, "kind": "SK", "cards": 0, "from": 0}
    position = after(make(["G2", "BLY Y2 Y3", "B5"], "SKY", pending=pending), act(1, "block", cards=["BLY"]))
    assert legal(position, 1) == []
    refused(position, {"seat": 1, "act": "play", "cards": ["Y2"]}, "EM4")


def test_it_wins_the_round_with_a_last_blocking_card_and_its_call() -> None:
    pending = {"target": 1, "kind": "T2", "cards": 2, "from": 0}
    position = make(["G2", "BLY", "B5"], "T2Y", pending=pending, totals=[0, 0, 0])
    assert legal(position, 1)[-1] == {"seat": 1, "act": "block", "cards": ["BLY"], "maumau": True}
    position = after(position, act(1, "block", cards=["BLY"], maumau=True))
    assert position["last_hand"] == {"out": 1, "points": [5, 0, 5]}
