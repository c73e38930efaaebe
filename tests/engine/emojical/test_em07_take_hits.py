"""EM7 (Take 2) and EM14 (Take 4 + colour preference): hits, roll-overs, takes, the turn after."""

from __future__ import annotations

from .helpers import CLOSE, act, after, apply, kinds, legal, make, play, refused

T2_HIT = {"target": 1, "kind": "T2", "cards": 2, "from": 0}


def test_it_makes_the_next_player_the_target_of_a_hit_of_2() -> None:
    position = after(make(["T2Y G2 G3", "T2B G4", "G5"], "Y1"), play(0, "T2Y"), CLOSE)
    assert position["pending"] == T2_HIT
    assert position["turn"] == 1
    assert legal(position, 1) == [
        {"seat": 1, "act": "play", "cards": ["T2B"], "mau": True},
        {"seat": 1, "act": "take"},
    ]


def test_it_rolls_a_take_2_of_any_colour_over_to_the_left() -> None:
    position = make(["G2", "T2B G4 G6", "T2P G5 G7", "G1"], "T2Y", pending=T2_HIT)
    position = after(position, play(1, "T2B"), CLOSE)
    assert position["pending"] == {"target": 2, "kind": "T2", "cards": 4, "from": 1}
    position = after(position, play(2, "T2P"), CLOSE)
    assert len(position["hands"][3]) == 7  # no answer: seat 3 takes the 6 at once
    assert position["turn"] == 3


def test_it_lets_the_target_take_the_total_and_go_on_with_its_turn() -> None:
    position = make(["G2", "T2B G4", "G5"], "T2Y", pending=T2_HIT, draw="P1 P2")
    position, events = apply(position, act(1, "take"))
    assert position["hands"][1] == ["T2B", "G4", "P1", "P2"]
    assert position["pending"] is None
    assert position["turn"] == 1
    assert kinds(events) == ["take"]
    assert events[0].get("count") == 2
    # the turn goes on as normal: a Take 2 still fits the Take 2 on top, and starts a new hit of 2
    assert {"seat": 1, "act": "play", "cards": ["T2B"]} in legal(position, 1)
    position = after(position, play(1, "T2B"), CLOSE)
    assert len(position["hands"][2]) == 3


def test_it_lets_the_target_draw_after_taking_when_nothing_fits() -> None:
    position = make(["G2", "G4 P6", "G5"], "T2Y", pending=T2_HIT, draw="P1 P2 B3")
    position = after(position, act(1, "take"))
    assert legal(position, 1) == [{"seat": 1, "act": "draw"}]
    position = after(position, act(1, "draw"), act(1, "pass"))
    assert position["turn"] == 2


def test_it_answers_a_take_2_hit_only_with_a_take_2() -> None:
    position = make(["G2", "T4 Y4 SKY", "G5"], "T2Y", pending=T2_HIT)
    error = refused(position, play(1, "T4", color="G"), "EM7")
    assert "only a Take 2" in error.reason
    refused(position, play(1, "Y4"), "EM7")
    refused(position, act(1, "draw"), "EM7")
    refused(position, act(1, "safe"), "EM7")
    refused(position, act(1, "accept"), "EM7")


def test_it_answers_a_take_4_hit_only_with_a_take_4() -> None:
    position = make(["G2", "T2Y T4 G4", "G5"], "T4", color="B", pending={**T2_HIT, "kind": "T4", "cards": 4})
    error = refused(position, play(1, "T2Y"), "EM14")
    assert "take 4 cards" in error.reason
    refused(position, act(1, "block", cards=["BLB"]), "EM12")


def test_it_takes_at_once_when_the_target_has_no_answer() -> None:
    position = make(["T2Y G2", "G4 B5", "G5"], "Y1", draw="P1 P2 P3 P4")
    position = after(position, play(0, "T2Y"))  # no Mau call
    assert position["must_call"] == [0]
    position, events = apply(position, CLOSE)
    assert kinds(events) == ["window", "hit", "penalty", "take"]  # the automatic take punishes seat 0 first
    assert position["hands"][0] == ["G2", "P1", "P2"]
    assert position["hands"][1] == ["G4", "B5", "P3", "P4"]
    assert position["turn"] == 1


def test_it_names_a_colour_and_hits_the_next_player_for_4_with_a_take_4() -> None:
    position = make(["T4 G2 G3", "T4 Y4 B6", "G5"], "Y1")
    position = after(position, play(0, "T4", color="B"), CLOSE)
    assert position["top"] == {"card": "T4", "color": "B"}
    assert position["pending"] == {"target": 1, "kind": "T4", "cards": 4, "from": 0}
    moves = legal(position, 1)
    assert [m.get("color") for m in moves if m["act"] == "play"] == ["Y", "P", "G", "B"]
    assert {"seat": 1, "act": "take"} in moves
    rolled = after(position, play(1, "T4", color="G"), CLOSE)
    assert rolled["top"] == {"card": "T4", "color": "G"}
    assert len(rolled["hands"][2]) == 9  # 8 at once: seat 2 holds no Take 4
    taken = after(position, act(1, "take"))
    assert len(taken["hands"][1]) == 7
    plays = [m["cards"][0] for m in legal(taken, 1) if m["act"] == "play"]
    assert "B6" in plays
    assert "Y4" not in plays  # bound to the named colour
    assert "T4" in plays


def test_it_lets_a_take_lapse_when_no_card_is_left() -> None:
    position = make(["G2", "T2B G4", "G5"], "T2Y", pending={**T2_HIT, "cards": 6}, draw="P1", rest_of_deck=False)
    position, events = apply(position, act(1, "take"))
    assert position["hands"][1] == ["T2B", "G4", "P1"]
    assert events[-1].get("count") == 1
