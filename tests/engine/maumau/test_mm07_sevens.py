"""MM7 (sevens), with C6/C12 (a target without a seven takes at once) and the Settled points."""

from __future__ import annotations

from .helpers import act, apply, kinds, legal, make, play, refused


def test_it_makes_the_next_player_the_target_of_a_hit_of_two_mm7() -> None:
    position = make(["S7 H9 D9", "C7 DK", "HK HA"], "SQ")
    after, events = apply(position, {"seat": 0, "act": "play", "cards": ["S7"]})
    assert after["pending"] == {"target": 1, "kind": "7", "cards": 2}
    assert after["turn"] == 1
    assert kinds(events) == ["play", "hit"]
    assert events[1].seat == 1
    assert events[1].get("count") == 2


def test_it_adds_two_for_each_seven_and_passes_the_hit_on_mm7() -> None:
    position = make(["S7 H9 D9", "C7 DK H8", "D7 HA", "CA CK"], "SQ")
    position = play(position, 0, "S7")
    position = play(position, 1, "C7")
    assert position["pending"] == {"target": 2, "kind": "7", "cards": 4}
    position = play(position, 2, "D7", mau=True)
    # seat 3 holds no seven: it takes the 6 cards at once and misses the turn
    assert position["pending"] is None
    assert len(position["hands"][3]) == 8
    assert position["turn"] == 0


def test_it_lets_the_target_take_the_total_ending_its_turn_mm7() -> None:
    pile = [(1, "SQ", "S"), (1, "S7", "S"), (2, "C7", "C")]
    position = make(["S9 H7", "D7 DK H8", "D9 HA"], "C7", pile=pile, pending=4)
    after, events = apply(position, {"seat": 0, "act": "take"})
    assert len(after["hands"][0]) == 6
    assert after["turn"] == 1
    assert after["pending"] is None
    assert kinds(events) == ["take"]
    assert events[0].get("count") == 4
    assert "misses the turn" in events[0].text


def test_it_allows_no_other_card_on_a_live_seven_not_even_a_jack_mm7() -> None:
    position = make(["SJ S9 C7", "C9"], "S7", pending=2)
    error = refused(position, {"seat": 0, "act": "play", "cards": ["SJ"], "color": "H"}, "MM7")
    assert "take 2 cards" in str(error)
    refused(position, {"seat": 0, "act": "play", "cards": ["S9"]}, "MM7")
    assert {a["cards"][0] for a in legal(position, 0) if a["act"] == "play"} == {"C7"}


def test_it_treats_a_taken_seven_as_a_plain_card_mm7() -> None:
    position = make(["S9 SJ HK", "C9 DK"], "S7")  # pending None: the seven was taken
    plays = {a["cards"][0] for a in legal(position, 0) if a["act"] == "play"}
    assert plays == {"S9", "SJ"}
    assert {"seat": 0, "act": "draw"} in legal(position, 0)
    after, events = apply(position, {"seat": 0, "act": "play", "cards": ["S9"]})
    assert kinds(events) == ["play"]
    assert after["turn"] == 1


def test_it_starts_a_new_hit_of_two_with_a_seven_on_a_used_seven() -> None:
    position = make(["H7 SJ HK", "C7 DK"], "S7")
    after = play(position, 0, "H7")
    assert after["pending"] == {"target": 1, "kind": "7", "cards": 2}


def test_it_takes_at_once_for_a_target_without_a_seven_c12() -> None:
    position = make(["S7 H9 D9", "C9 DK", "HK HA"], "SQ")
    after, events = apply(position, {"seat": 0, "act": "play", "cards": ["S7"]})
    assert kinds(events) == ["play", "hit", "take"]
    assert events[2].seat == 1
    assert after["hands"][1] == ["C9", "DK", "C7", "C8"]
    assert after["pending"] is None
    assert after["turn"] == 2


def test_it_hits_the_other_player_with_two_players_mm7() -> None:
    position = make(["S7 H9 D9", "C9 DK"], "SQ")
    after = play(position, 0, "S7")
    assert len(after["hands"][1]) == 4
    assert after["turn"] == 0


def test_it_refuses_a_take_with_no_live_seven_mm7() -> None:
    position = make(["S9 H9", "C9"], "S7")
    refused(position, {"seat": 0, "act": "take"}, "MM7")


def test_it_refuses_a_pass_on_a_live_seven_mm7() -> None:
    position = make(["S9 H7", "C9"], "S7", pending=2)
    refused(position, {"seat": 0, "act": "pass"}, "MM7")


def test_it_takes_what_there_is_when_the_cards_run_out_c4() -> None:
    position = make(["S9 H7", "C9 D9"], "S7", pending=4, draw="CA")
    after, events = apply(position, {"seat": 0, "act": "take"})
    assert after["hands"][0] == ["S9", "H7", "CA"]
    assert after["draw"] == []
    assert events[-1].get("count") == 1
    assert "lapses" in events[-1].text
    assert after["turn"] == 1


def test_it_lets_a_target_that_answers_call_mau_with_its_seven_mm7_mm10() -> None:
    position = make(["S9 H7", "C9 D9 C7"], "S7", pending=2)
    after = play(position, 0, "H7", mau=True)
    assert after["must_call"] == []
    assert after["pending"] == {"target": 1, "kind": "7", "cards": 4}
    assert act(after, 1, "take")["turn"] == 0
