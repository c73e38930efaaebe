"""EM8 (Skip) and EM9 (Card swap)."""

from __future__ import annotations

import pytest

from .helpers import CLOSE, act, after, apply, kinds, legal, make, play, refused

TWO_SWAPS = {"emoji_deck": {"SWY": 2, "DNY": 0}}


def test_it_makes_the_next_player_miss_the_turn() -> None:
    position = make(["SKY G2 G3", "Y3 G4", "Y4 G5"], "Y1")
    position, events = apply(after(position, play(0, "SKY")), CLOSE)
    assert position["turn"] == 2
    assert position["hands"][1] == ["Y3", "G4"]  # neither plays nor draws
    assert kinds(events) == ["window", "hit", "skip"]


def test_it_has_no_roll_over_for_a_skip() -> None:
    position = make(["G2", "SKB BLY G4", "G5"], "SKY", pending={"target": 1, "kind": "SK", "cards": 0, "from": 0})
    refused(position, play(1, "SKB"), "EM8")
    assert {m["act"] for m in legal(position, 1)} == {"accept", "block"}
    position = after(position, act(1, "accept"))
    assert position["turn"] == 2
    # the skipped seat's next chance: a Skip matches a Skip by symbol on the following turn
    assert position["top"] == {"card": "SKY", "color": "Y"}


def test_it_swaps_whole_hands_with_the_named_seat_who_plays_next() -> None:
    position = make(["SWY Y2 G3", "B1", "P4 P5 P6 P7", "B6"], "Y1")
    position = after(position, play(0, "SWY", target=3))
    assert position["window"] == {"kind": "jump", "card": "SWY", "seat": 0, "target": 3}
    position, events = apply(position, CLOSE)
    assert position["hands"][0] == ["B6"]
    assert position["hands"][3] == ["Y2", "G3"]
    assert position["turn"] == 3
    assert kinds(events) == ["window", "hit", "swap"]
    position = after(position, play(3, "Y2", mau=True), CLOSE)
    assert position["turn"] == 0  # play goes on clockwise from the target


@pytest.mark.parametrize("target", [None, 0])
def test_it_needs_another_seat_for_a_card_swap(target: int | None) -> None:
    position = make(["SWY G2 G3", "B1"], "Y1")
    refused(position, play(0, "SWY", target=target), "EM9")


def test_it_refuses_a_swap_target_that_is_no_seat() -> None:
    position = make(["SWY G2 G3", "B1"], "Y1")
    refused(position, play(0, "SWY", target=5), "EM9")
    refused(position, play(0, "SWY", target=True), "EM9")
    refused(make(["Y2 G2 G3", "B1"], "Y1"), play(0, "Y2", target=5), "C3")


def test_it_lists_a_swap_per_other_seat() -> None:
    position = make(["SWY G2 G3", "B1", "B2"], "Y1")
    assert [m["target"] for m in legal(position, 0) if m["act"] == "play"] == [1, 2]


def test_it_lets_the_named_seat_block_or_accept_a_swap() -> None:
    position = make(["G2 G3", "B1", "BLY P5 P6"], "SWY", pending={"target": 2, "kind": "SW", "cards": 0, "from": 0})
    assert {m["act"] for m in legal(position, 2)} == {"accept", "block"}
    blocked = after(position, act(2, "block", cards=["BLY"]))
    assert blocked["hands"][2] == ["P5", "P6"]
    assert blocked["hands"][0] == ["G2", "G3"]
    assert blocked["turn"] == 0  # the blocker's left
    accepted = after(position, act(2, "accept"))
    assert accepted["hands"][2] == ["G2", "G3"]
    assert accepted["turn"] == 2


def test_it_clears_an_owed_mau_when_hands_are_swapped() -> None:
    position = make(["SWY G2", "B1", "P4 P5 P6 P7"], "Y1", totals=[0, 0, 0])
    position = after(position, play(0, "SWY", target=2))
    assert position["must_call"] == [0]
    position, events = apply(position, CLOSE)
    assert position["must_call"] == []
    assert "penalty" not in kinds(events)
    assert position["hands"][0] == ["P4", "P5", "P6", "P7"]


def test_it_lets_a_jumped_in_swap_cancel_the_covered_swap() -> None:
    position = make(["SWY G2 G3", "B1 B2", "SWY G5", "B6 B7 B8"], "Y1", options=TWO_SWAPS)
    position = after(position, play(0, "SWY", target=1), jump(2, "SWY", target=0), CLOSE)
    assert position["hands"][0] == ["G5"]
    assert position["hands"][2] == ["G2", "G3"]
    assert position["hands"][1] == ["B1", "B2"]
    assert position["turn"] == 0


def jump(seat: int, card: str, **fields: object) -> dict[str, object]:
    return {"seat": seat, "act": "jump_in", "cards": [card], **fields}
