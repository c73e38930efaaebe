"""MA5: a seven hits the next seat for 2; a seven answers it (adding 2), or the target takes all."""

from __future__ import annotations

from .helpers import act, kinds, legal, play, position, refused, simple

HANDS = ["H7 C2 C8", "C7 D7 HJ JK H9", "S7 C3", "D7 C5"]


def test_it_makes_the_next_seat_the_target_of_a_hit_of_two() -> None:
    p = play(position(HANDS, top="H5"), 0, "H7")
    assert p["pending"] == {"target": 1, "kind": "7", "cards": 2}
    assert p["turn"] == 1
    assert legal(p, 1) == [
        {"seat": 1, "act": "play", "cards": ["C7"], "calls": []},
        {"seat": 1, "act": "play", "cards": ["D7"], "calls": []},
        {"seat": 1, "act": "take"},
    ]


def test_it_adds_two_for_each_seven_and_passes_the_hit_on() -> None:
    p = play(position(HANDS, top="H5"), 0, "H7")
    p = play(p, 1, "C7")
    assert p["pending"] == {"target": 2, "kind": "7", "cards": 4}
    p = play(p, 2, "S7", "spade", "last_card")
    assert p["pending"] == {"target": 3, "kind": "7", "cards": 6}


def test_it_lets_the_target_take_the_total_and_play_goes_on_after_it() -> None:
    p = play(position(HANDS, top="H5"), 0, "H7")
    p = play(p, 1, "C7")
    after, events = act(p, {"seat": 2, "act": "take"})
    assert len(after["hands"][2]) == 2 + 4
    assert after["pending"] is None
    assert after["turn"] == 3
    assert kinds(events) == ["take"]
    assert events[0].get("count") == 4


def test_it_refuses_anything_but_a_seven_on_a_live_seven() -> None:
    p = play(position(HANDS, top="H5"), 0, "H7")
    for card in ("HJ", "JK", "H9"):
        action = {"seat": 1, "act": "play", "cards": [card], "calls": []}
        if card == "HJ":
            action["color"] = "H"
        refused(p, action, "MA5")
    refused(p, {"seat": 1, "act": "draw"}, "MA5")
    refused(p, {"seat": 2, "act": "take"}, "MA3")
    refused(position(HANDS, top="H5"), {"seat": 0, "act": "take"}, "MA5")


def test_it_treats_a_taken_seven_as_a_plain_card() -> None:
    p = play(position(HANDS, top="H5"), 0, "H7")
    p = simple(p, 1, "take")
    assert p["top"]["card"] == "H7"
    assert p["pending"] is None
    # seat 2 sees the seven but owes nothing; it may follow the suit or the rank
    assert p["turn"] == 2
    after = play(p, 2, "S7", "spade", "last_card")
    assert after["pending"] == {"target": 3, "kind": "7", "cards": 2}  # a new hit of 2


def test_it_picks_up_at_once_for_a_target_holding_no_seven() -> None:
    p = position(["H7 C2", "C3 C9", "C4", "C5"], top="H5")
    after, events = act(p, {"seat": 0, "act": "play", "cards": ["H7"], "calls": []})
    assert kinds(events) == ["play", "hit", "take"]
    assert after["pending"] is None
    assert len(after["hands"][1]) == 4
    assert after["turn"] == 2
