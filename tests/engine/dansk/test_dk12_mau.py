"""DK12: Mau when one card is left; the automatic penalty, and the `catch` house rule."""

from __future__ import annotations

from .helpers import act, find, kinds, legal, play, position, refused

CATCH = {"mau_catch": "catch"}


def test_it_costs_a_penalty_card_at_once_to_forget_mau() -> None:
    pos = position([["G1", "B2"], "B1 B3"], pile="G5", draw="R7 R8")
    after, events = act(pos, play(0, "G1"))
    assert after["hands"][0] == ["B2", "R7"]
    penalty = find(events, "penalty")
    assert penalty.seat == 0
    assert penalty.get("count") == 1
    assert after["must_call"] == []


def test_it_costs_nothing_with_mau_said() -> None:
    pos = position([["G1", "B2"], "B1 B3"], pile="G5", draw="R7 R8")
    after, events = act(pos, play(0, "G1", mau=True))
    assert after["hands"][0] == ["B2"]
    assert "mau" in kinds(events)
    assert "penalty" not in kinds(events)


def test_it_lists_a_play_leaving_one_card_with_and_without_mau() -> None:
    pos = position([["G1", "B2"], "B1 B3"], pile="G5")
    assert legal(pos, 0) == [play(0, "G1", mau=True), play(0, "G1")]


def test_it_lists_the_last_card_once_a_last_colour_change_without_a_colour() -> None:
    pos = position([["G1"], "B1 B3"], pile="G5")
    assert legal(pos, 0) == [play(0, "G1")]
    pos = position([["CC"], "B1 B3"], pile="G5")
    assert legal(pos, 0) == [play(0, "CC")]
    two = position([["CC", "B9"], "B1 B3"], pile="G5")
    changes = [a for a in legal(two, 0) if a["cards"] == ["CC"]]
    assert len(changes) == 8  # four colours, with and without Mau


def test_it_ignores_mau_on_a_play_that_does_not_leave_one_card() -> None:
    pos = position([["G1", "B2", "B4"], "B1 B3"], pile="G5")
    after, events = act(pos, play(0, "G1", mau=True))
    assert after["hands"][0] == ["B2", "B4"]
    assert "mau" not in kinds(events)
    assert "penalty" not in kinds(events)
    assert legal(pos, 0) == [play(0, "G1")]


def test_it_draws_the_penalty_card_before_the_cards_effect() -> None:
    # penalty cards first: seat 0's penalty card is the top of the draw pile, seat 1's 4 come after
    pos = position([["T4G", "B2"], "B1 B3", "Y1"], pile="G5", draw="R1 R2 R3 R4 R5")
    after, events = act(pos, play(0, "T4G"))
    assert after["hands"][0] == ["B2", "R1"]
    assert after["hands"][1] == ["B1", "B3", "R2", "R3", "R4", "R5"]
    assert kinds(events).index("penalty") < kinds(events).index("take")


def test_it_leaves_the_call_to_be_caught_with_the_catch_rule() -> None:
    pos = position([["G1", "B2"], "B1 B3", "Y1 Y2"], pile="G5", rules=CATCH, draw="R7")
    after, events = act(pos, play(0, "G1"))
    assert after["hands"][0] == ["B2"]
    assert after["must_call"] == [0]
    assert "no_mau" in kinds(events)
    # any other seat may catch, the seat to act included; not the seat itself
    assert {"seat": 1, "act": "catch", "target": 0} in legal(after, 1)
    assert {"seat": 2, "act": "catch", "target": 0} in legal(after, 2)
    assert all(a["act"] != "catch" for a in legal(after, 0))
    caught, events = act(after, {"seat": 2, "act": "catch", "target": 0})
    assert caught["hands"][0] == ["B2", "R7"]
    assert caught["must_call"] == []
    assert caught["turn"] == 1
    assert find(events, "caught").get("target") == 0
    refused(caught, {"seat": 1, "act": "catch", "target": 0}, "DK12")


def test_it_closes_the_catch_chance_when_the_next_seat_acts() -> None:
    pos = position([["G1", "B2"], "B1 B3", "Y1 Y2"], pile="G5", rules=CATCH)
    after, _ = act(pos, play(0, "G1"))
    after, _ = act(after, play(1, "B1", mau=True))
    assert after["must_call"] == []
    refused(after, {"seat": 2, "act": "catch", "target": 0}, "DK12")
    # a seat that misses its own call replaces the one whose chance closed
    pos = position([["G1", "B2"], "B1 B3", "Y1 Y2"], pile="G5", rules=CATCH)
    after, _ = act(pos, play(0, "G1"))
    after, _ = act(after, play(1, "B1"))
    assert after["must_call"] == [1]


def test_it_keeps_the_catch_chance_through_an_automatic_pick_up() -> None:
    pos = position([["T4G", "B2"], "B1 B3", "Y1 Y2"], pile="G5", rules=CATCH)
    after, _ = act(pos, play(0, "T4G"))
    assert len(after["hands"][1]) == 6
    assert after["turn"] == 2
    assert after["must_call"] == [0]
    after, _ = act(after, {"seat": 1, "act": "catch", "target": 0})
    assert len(after["hands"][0]) == 2
    # and a Draw 2 taken at once by a seat without one
    pos = position([["T2G", "B2"], "B1 B3", "Y1 Y2"], pile="G5", rules=CATCH)
    after, _ = act(pos, play(0, "T2G"))
    assert after["must_call"] == [0]
    assert len(after["hands"][1]) == 4


def test_it_closes_the_catch_chance_on_a_take_or_a_draw() -> None:
    pos = position([["T2G", "B2"], "T2B B3", "Y1 Y2"], pile="G5", rules=CATCH)
    after, _ = act(pos, play(0, "T2G"))
    assert after["must_call"] == [0]
    assert after["pending"]["target"] == 1
    taken, _ = act(after, {"seat": 1, "act": "take"})
    assert taken["must_call"] == []
    pos = position([["G1", "B2"], "R3 R4", "Y1 Y2"], pile="G5", rules=CATCH)
    after, _ = act(pos, play(0, "G1"))
    drawn, _ = act(after, {"seat": 1, "act": "draw"})
    assert drawn["must_call"] == []


def test_it_refuses_catches_that_are_not_due() -> None:
    pos = position([["G1", "B2", "B5"], "B1 B3", "Y1 Y2"], pile="G5", rules=CATCH, must_call=[1])
    refused(pos, {"seat": 1, "act": "catch", "target": 1}, "DK12")
    refused(pos, {"seat": 0, "act": "catch", "target": 2}, "DK12")
    auto = position([["G1", "B2"], "B1 B3", "Y1 Y2"], pile="G5", must_call=[1])
    refused(auto, {"seat": 0, "act": "catch", "target": 1}, "DK12")
    assert all(a["act"] != "catch" for a in legal(auto, 0))


def test_it_does_not_penalise_going_out_without_mau() -> None:
    pos = position([["G1"], "B1 B3", "Y1 Y2"], pile="G5", rules=CATCH)
    after, events = act(pos, play(0, "G1"))
    assert after["must_call"] == []
    assert "penalty" not in kinds(events)
    assert "no_mau" not in kinds(events)
