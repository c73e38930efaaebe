"""MM10-MM11: the Mau call, the open state and its race, catches and overzealous calls, with the
Settled points (a late `mau` after a catch, penalty cards first, a caught seat's turn)."""

from __future__ import annotations

from .helpers import act, apply, kinds, legal, make, play, refused


def _open_seat_zero() -> dict[str, object]:
    """Seat 0 played its penultimate card without calling; seat 1 is to act."""
    position = make(["S9 HQ", "C9 DK D8", "HK HA CA"], "SQ")
    after, events = apply(position, {"seat": 0, "act": "play", "cards": ["S9"]})
    assert kinds(events) == ["play"]
    return after


def test_it_lets_a_player_call_mau_with_the_penultimate_card_mm10() -> None:
    position = make(["S9 HQ", "C9 DK"], "SQ")
    after, events = apply(position, {"seat": 0, "act": "play", "cards": ["S9"], "mau": True})
    assert after["must_call"] == []
    assert kinds(events) == ["play", "mau"]
    assert events[1].text == "{p0} calls Mau"
    assert [a for a in legal(after, 1) if a["act"] == "catch"] == []


def test_it_leaves_a_player_open_who_has_not_called_mm10() -> None:
    position = _open_seat_zero()
    assert position["must_call"] == [0]
    assert {"seat": 0, "act": "mau"} in legal(position, 0)
    assert {"seat": 1, "act": "catch", "target": 0} in legal(position, 1)
    assert {"seat": 2, "act": "catch", "target": 0} in legal(position, 2)
    assert {"seat": 0, "act": "catch", "target": 0} not in legal(position, 0)


def test_it_accepts_a_late_call_at_any_time_out_of_turn_mm10() -> None:
    position = _open_seat_zero()
    after, events = apply(position, {"seat": 0, "act": "mau"})
    assert after["must_call"] == []
    assert after["hands"][0] == ["HQ"]
    assert after["turn"] == 1
    assert kinds(events) == ["mau"]
    refused(after, {"seat": 1, "act": "catch", "target": 0}, "MM11")


def test_it_accepts_a_late_call_while_a_seven_is_live_mm10() -> None:
    position = make(["HQ", "C9 C7", "HK"], "S7", turn=1, pending=2, must_call=[0])
    after = act(position, 0, "mau")
    assert after["must_call"] == []
    assert after["pending"] == {"target": 1, "kind": "7", "cards": 2}


def test_it_makes_a_caught_player_draw_one_card_and_play_goes_on_mm10() -> None:
    position = _open_seat_zero()
    after, events = apply(position, {"seat": 2, "act": "catch", "target": 0})
    assert after["hands"][0] == ["HQ", "C7"]
    assert after["must_call"] == []
    assert after["caught"] == [0]
    assert after["turn"] == 1
    assert kinds(events) == ["caught"]
    assert events[0].seat == 0
    assert events[0].get("by") == 2
    assert "C7" not in events[0].text


def test_it_lets_a_caught_player_continue_its_own_turn_mm10() -> None:
    position = make(["S8 H9", "C9 DK"], "SQ")
    position = play(position, 0, "S8")  # two players: seat 0 moves again, with one card, not called
    assert position["turn"] == 0
    assert position["must_call"] == [0]
    caught = act(position, 1, "catch", target=0)
    assert caught["turn"] == 0
    assert caught["drawn"] is None  # the penalty card is not the turn's draw
    assert {"seat": 0, "act": "draw"} in legal(caught, 0)
    assert len(caught["hands"][0]) == 2


def test_it_counts_whichever_of_mau_and_catch_arrives_first_mm10() -> None:
    position = _open_seat_zero()
    called = act(position, 0, "mau")
    refused(called, {"seat": 1, "act": "catch", "target": 0}, "MM11")
    caught = act(position, 1, "catch", target=0)
    refused(caught, {"seat": 0, "act": "mau"}, "MM10")  # Settled points: refused at no cost


def test_it_charges_a_call_after_a_catch_once_the_seat_has_acted_again() -> None:
    position = make(["HQ C9 D9", "S9 DK D8"], "SQ", turn=0, caught=[0])
    refused(position, {"seat": 0, "act": "mau"}, "MM10")
    after = play(position, 0, "HQ")
    assert after["caught"] == []
    after = act(after, 0, "mau")  # not open: an overzealous call
    assert len(after["hands"][0]) == 3


def test_it_ends_the_open_state_when_the_seat_no_longer_holds_one_card_mm10() -> None:
    position = make(["HQ", "C9 D7"], "S9", turn=0, must_call=[0], draw_first="D8")
    drew = act(position, 0, "draw")
    assert drew["must_call"] == []
    position = make(["H9", "C9 D7"], "S7", turn=0, pending=2, must_call=[0])
    took = act(position, 0, "take")
    assert took["must_call"] == []
    refused(took, {"seat": 1, "act": "catch", "target": 0}, "MM11")


def test_it_ends_the_open_state_when_the_seat_goes_out_mm10() -> None:
    position = make(["SK", "C9 D7", "HA DA CA"], "S9", turn=0, must_call=[0])
    after = play(position, 0, "SK")
    assert after["over"] is True
    assert after["must_call"] == []


def test_it_keeps_several_open_seats_in_a_list_mm10() -> None:
    position = make(["SK C8", "SQ", "D9 DA CA"], "S9", turn=0, must_call=[1])
    after = play(position, 0, "SK")
    assert after["must_call"] == [1, 0]
    catches = [a for a in legal(after, 2) if a["act"] == "catch"]
    assert catches == [{"seat": 2, "act": "catch", "target": 1}, {"seat": 2, "act": "catch", "target": 0}]
    assert {"seat": 0, "act": "catch", "target": 1} in legal(after, 0)
    assert {"seat": 1, "act": "mau"} in legal(after, 1)


def test_it_refuses_a_catch_of_oneself_mm10() -> None:
    position = _open_seat_zero()
    refused(position, {"seat": 0, "act": "catch", "target": 0}, "MM10")


def test_it_refuses_a_catch_of_a_seat_that_is_not_open_at_no_cost_mm11() -> None:
    position = make(["SK C8", "SQ", "D9 DA CA"], "S9", turn=0)
    error = refused(position, {"seat": 0, "act": "catch", "target": 1}, "MM11")
    assert "seat 1" in str(error)


def test_it_charges_one_card_for_mau_on_a_play_that_leaves_more_than_one_mm11() -> None:
    position = make(["SK C8 D8", "SQ C9", "D9 DA CA"], "S9", turn=0)
    after, events = apply(position, {"seat": 0, "act": "play", "cards": ["SK"], "mau": True})
    assert after["hands"][0] == ["C8", "D8", "C7"]
    assert kinds(events) == ["play", "penalty"]
    assert after["must_call"] == []
    assert after["turn"] == 1


def test_it_draws_the_penalty_card_before_the_cards_effect() -> None:
    position = make(["S7 C8 D8", "SQ C9", "D9 DA CA"], "S9", turn=0, draw_first="HA H10 HK")
    after, events = apply(position, {"seat": 0, "act": "play", "cards": ["S7"], "mau": True})
    assert kinds(events) == ["play", "penalty", "hit", "take"]
    assert after["hands"][0] == ["C8", "D8", "HA"]
    assert after["hands"][1] == ["SQ", "C9", "H10", "HK"]


def test_it_charges_one_card_for_a_mau_from_a_seat_that_is_not_open_mm11() -> None:
    position = make(["SK C8", "SQ C9", "D9 DA CA"], "S9", turn=0)
    after, events = apply(position, {"seat": 2, "act": "mau"})
    assert len(after["hands"][2]) == 4
    assert kinds(events) == ["penalty"]
    assert after["turn"] == 0
    assert {"seat": 2, "act": "mau"} not in legal(position, 2)


def test_it_charges_a_repeated_call_mm11() -> None:
    position = _open_seat_zero()
    called = act(position, 0, "mau")
    again, events = apply(called, {"seat": 0, "act": "mau"})
    assert len(again["hands"][0]) == 2
    assert kinds(events) == ["penalty"]


def test_it_ignores_mau_on_the_last_card() -> None:
    position = make(["SK", "SQ C9", "D9 DA CA"], "S9", turn=0)
    after, events = apply(position, {"seat": 0, "act": "play", "cards": ["SK"], "mau": True})
    assert "penalty" not in kinds(events)
    assert after["winners"] == [0]
    assert after["hands"][0] == []


def test_it_lists_the_penultimate_play_with_and_without_the_call() -> None:
    position = make(["SK C8", "SQ C9"], "S9", turn=0)
    assert legal(position, 0) == [
        {"seat": 0, "act": "play", "cards": ["SK"], "mau": True},
        {"seat": 0, "act": "play", "cards": ["SK"]},
        {"seat": 0, "act": "draw"},
    ]
