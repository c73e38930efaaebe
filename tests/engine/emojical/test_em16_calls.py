"""EM16-EM18 and the settled points on calls: Mau, Mau-Mau, penalties, the end of a round."""

from __future__ import annotations

import pytest

from .helpers import CLOSE, act, after, apply, jump, kinds, legal, make, play, refused

FOUR = ["Y2 Y3 G3", "Y4 B4 B7", "B5 B1", "P1 P2"]


def test_it_takes_a_mau_call_with_the_card() -> None:
    position, events = apply(make(["Y2 G3", "Y4"], "Y1"), play(0, "Y2", mau=True))
    assert position["must_call"] == []
    assert kinds(events) == ["play", "mau", "window"]


def test_it_lists_plays_with_the_call_they_need() -> None:
    assert legal(make(["Y2 G3", "Y4"], "Y1"), 0) == [{"seat": 0, "act": "play", "cards": ["Y2"], "mau": True}]
    assert legal(make(["Y2", "Y4"], "Y1"), 0) == [{"seat": 0, "act": "play", "cards": ["Y2"], "maumau": True}]


def test_it_accepts_a_late_mau_before_another_seat_acts() -> None:
    position = after(make(["Y2 G3", "Y4 B4", "B5"], "Y1"), play(0, "Y2"))
    assert position["must_call"] == [0]
    assert {"seat": 0, "act": "mau"} in legal(position, 0)
    position, events = apply(position, act(0, "mau"))  # during the window
    assert position["must_call"] == []
    assert kinds(events) == ["mau"]
    position = after(position, CLOSE, play(1, "Y4", mau=True))
    assert position["hands"][0] == ["G3"]


@pytest.mark.parametrize(
    "action",
    [
        play(1, "Y4", mau=True),
        act(1, "draw"),
        jump(2, "Y2", mau=True),
    ],
)
def test_it_punishes_a_missing_mau_when_another_seat_next_puts_down_or_takes(action: dict[str, object]) -> None:
    hands = ["Y2 G3", "Y4 B4" if action["act"] != "draw" else "G4 B4", "B5 Y2"]
    position = after(make(hands, "Y1", draw="P1 P2 P3"), play(0, "Y2"))
    if action["act"] != "jump_in":
        position = after(position, CLOSE)
    position, events = apply(position, action)
    assert kinds(events)[0] == "penalty"
    assert events[0].seat == 0
    assert position["hands"][0] == ["G3", "P1", "P2"]  # before the act takes effect
    assert position["must_call"] == []


def test_it_does_not_punish_on_a_close_an_accept_a_pass_or_a_mau() -> None:
    position = after(make(["SKY G3", "Y4 BLY", "B5"], "Y1"), play(0, "SKY"))
    position, events = apply(position, CLOSE)
    assert position["pending"]["kind"] == "SK"
    assert "penalty" not in kinds(events)
    position, events = apply(position, act(1, "accept"))
    assert "penalty" not in kinds(events)
    assert position["must_call"] == [0]


def test_it_refuses_a_mau_from_a_seat_that_owes_none() -> None:
    position = make(["Y2 G3", "Y4"], "Y1")
    refused(position, act(1, "mau"), "EM16")
    refused(position, act(0, "mau"), "EM16")


def test_it_ends_the_duty_when_the_seat_no_longer_holds_one_card() -> None:
    position = make(["G2", "T2Y B4 B6", "B5"], "Y1", must_call=[0], turn=1)
    position = after(position, play(1, "T2Y"))  # punishes seat 0 at once: the duty ends with it
    assert position["must_call"] == []
    position = make(["T2Y G2", "T2B B4", "B5"], "Y1", options={"jump_in": False})
    position = after(position, play(0, "T2Y"))
    assert position["must_call"] == [0]


def test_it_ignores_a_mau_on_a_card_that_does_not_leave_one_card() -> None:
    position, events = apply(make(["Y2 G3 G4", "Y4"], "Y1"), play(0, "Y2", mau=True))
    assert "mau" not in kinds(events)
    assert position["must_call"] == []


def test_it_ignores_a_maumau_on_a_card_that_does_not_empty_the_hand() -> None:
    position, events = apply(make(["Y2 G3", "Y4"], "Y1"), play(0, "Y2", maumau=True))
    assert "maumau" not in kinds(events)
    assert position["must_call"] == [0]


def test_it_punishes_an_emptying_card_without_mau_mau_and_the_round_goes_on() -> None:
    position = make(["T2Y", "Y4 B4", "B5"], "Y1", draw="P1 P2 P3 P4")
    position, events = apply(position, play(0, "T2Y", mau=True))  # only "mau": a missing Mau-Mau
    assert kinds(events) == ["play", "penalty", "window"]
    assert position["hands"][0] == ["P1", "P2"]
    assert position["over"] is False
    assert position["hand"] == 1
    position = after(position, CLOSE)
    assert position["hands"][1] == ["Y4", "B4", "P3", "P4"]  # the card's effect still comes


def test_it_ends_the_round_at_once_with_the_mau_mau_call_skipping_the_action() -> None:
    position = make(["T2Y", "Y4 B4", "B5"], "Y1", totals=[0, 0, 0])
    position, events = apply(position, play(0, "T2Y", maumau=True))
    assert kinds(events)[:5] == ["play", "maumau", "out", "hand_over", "deal"]  # no hit, no window
    assert position["last_hand"] == {"out": 0, "points": [0, 10, 5]}
    assert position["hand"] == 2


def test_it_needs_no_colour_or_target_on_a_last_card_with_its_call() -> None:
    for card in ("CP", "SWY"):
        position = after(make([card, "Y4 B4", "B5"], "Y1"), play(0, card, maumau=True))
        assert position["hand"] == 2
    refused(make(["CP", "Y4 B4", "B5"], "Y1"), play(0, "CP"), "EM13")


def test_it_ends_the_round_with_a_jump_in_and_its_call() -> None:
    position = after(make(["Y2 G2 G3", "Y2", "B5"], "Y1", totals=[0, 0, 0]), play(0, "Y2"))
    assert legal(position, 1) == [{"seat": 1, "act": "jump_in", "cards": ["Y2"], "maumau": True}]
    position = after(position, jump(1, "Y2", maumau=True))
    assert position["last_hand"]["out"] == 1


@pytest.mark.parametrize(
    ("top", "pending", "hand", "action"),
    [
        ("T2Y", {"kind": "T2", "cards": 2}, "G4 B4", act(1, "take")),
        ("T2Y", {"kind": "T2", "cards": 2}, "BLY B4 B6", act(1, "block", cards=["BLY"])),
        ("GMY", {"kind": "GM", "cards": 0}, "G4 B4", act(1, "safe")),
        ("GMY", {"kind": "GM", "cards": 0}, "G4 B4", act(1, "gamble")),
        ("DNY", {"kind": "DN", "cards": 0}, "G4 B4", act(1, "donate_pick", index=0)),
    ],
)
def test_it_punishes_an_owed_mau_before_any_other_seats_answer(
    top: str, pending: dict[str, object], hand: str, action: dict[str, object]
) -> None:
    position = make(
        ["G2", hand, "B5 B7 B8"],
        top,
        turn=1,
        pending={"target": 1, "from": 0, **pending},
        must_call=[2] if pending["kind"] == "DN" else [0],
        donate_order="G2" if pending["kind"] == "DN" else None,
        draw="P1 P2 P3 P4 P5 P6 P7 P8 P1 P2",
    )
    if pending["kind"] == "DN":
        position["hands"][2] = ["B5"]
    position, events = apply(position, action)
    assert kinds(events)[0] == "penalty"
    assert position["must_call"] == []


def test_it_refuses_at_no_cost_a_late_mau_after_the_penalty() -> None:
    position = after(make(["Y2 G3", "Y4 B4 B6", "B5"], "Y1", draw="P1 P2"), play(0, "Y2"), CLOSE)
    position = after(position, play(1, "Y4"))  # seat 0 is penalised first
    refused(position, act(0, "mau"), "EM16")  # C6: no longer legal, refused at no cost
