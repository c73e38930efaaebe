"""The common conventions C1-C12 as `maumau` plays them (views: test_view.py; refusals: test_refusals.py)."""

from __future__ import annotations

from games.engine.maumau.cards import CARDS
from games.engine.shuffle import shuffled

from .helpers import act, apply, kinds, legal, make, play, refused, rules


def test_it_names_cards_by_suit_then_rank_c1() -> None:
    assert rules().card("SQ").name == "Queen of spades"
    assert rules().card("H10").name == "Ten of hearts"
    assert rules().card("C7").short == "7"
    assert {code[0] for code in CARDS} == {"C", "D", "H", "S"}


def test_it_writes_one_card_per_pile_entry_and_the_top_with_its_suit_c2() -> None:
    position = make(["HJ C9 D9", "S9 DK"], "SQ")
    after = play(position, 0, "HJ", "D")
    assert after["pile"][-1] == {"seat": 0, "cards": ["HJ"], "color": "D"}
    assert after["top"] == {"card": "HJ", "color": "D"}
    assert all(len(entry["cards"]) == 1 for entry in after["pile"])


def test_it_passes_the_turn_clockwise_c3() -> None:
    position = make(["S9 H9", "SK D8", "SA D9", "S10 DA"], "SQ", turn=2)
    after = play(position, 2, "SA")
    assert after["turn"] == 3
    assert play(after, 3, "S10")["turn"] == 0
    assert after["direction"] == 1


def test_it_rebuilds_the_draw_pile_from_the_seed_when_it_runs_out_c4() -> None:
    pile = [(1, "D9", "D"), (2, "C9", "C"), (1, "CK", "C"), (0, "SK", "S")]
    position = make(["S9 H9", "SQ D8 DA"], "SK", turn=0, pile=pile, draw="", seed="s3", rest_to=1)
    after, events = apply(position, {"seat": 0, "act": "draw"})
    expected = shuffled(["D9", "C9", "CK"], "maumau", "s3", "hand", 1, "reshuffle", 1)
    assert after["hands"][0] == ["S9", "H9", expected[0]]
    assert after["drawn"] == expected[0]
    assert after["draw"] == list(expected[1:])
    assert after["pile"] == [{"seat": 0, "cards": ["SK"], "color": "S"}]
    assert after["reshuffles"] == 1
    assert kinds(events) == ["reshuffle", "draw"]
    assert events[0].get("count") == 3


def test_it_numbers_the_rebuilds_of_a_hand_c4() -> None:
    pile = [(1, "D9", "D"), (0, "SK", "S")]
    position = make(["S9 H9", "SQ D8 DA"], "SK", turn=0, pile=pile, draw="", seed=4, rest_to=1, hand=3)
    position["reshuffles"] = 2
    after = act(position, 0, "draw")
    assert after["hands"][0][-1] == shuffled(["D9"], "maumau", 4, "hand", 3, "reshuffle", 3)[0]
    assert after["reshuffles"] == 3


def test_it_counts_a_draw_that_finds_nothing_as_made_and_ends_the_turn_c4_c10() -> None:
    position = make(["S9", "D8"], "SK", turn=0, draw="", seed=1, rest_to=1)
    after, events = apply(position, {"seat": 0, "act": "draw"})
    assert kinds(events) == ["draw"]
    assert events[0].get("count") == 0
    assert after["turn"] == 1
    assert after["drawn"] is None
    assert after["hands"] == position["hands"]


def test_it_uses_seed_zero_for_a_position_without_one_c11() -> None:
    pile = [(1, "D9", "D"), (2, "C9", "C"), (0, "SK", "S")]
    position = make(["S9 H9", "SQ D8 DA"], "SK", turn=0, pile=pile, draw="", seed=None, rest_to=1)
    after = act(position, 0, "draw")
    expected = shuffled(["D9", "C9"], "maumau", 0, "hand", 1, "reshuffle", 1)
    assert after["hands"][0][-1] == expected[0]
    assert after["seed"] == 0


def test_it_takes_a_hit_across_a_reshuffle_c4() -> None:
    pile = [(1, "D9", "D"), (2, "C9", "C"), (1, "CK", "C"), (0, "S7", "S")]
    position = make(["S9 H9", "SQ D8"], "S7", turn=1, pile=pile, pending=2, draw="HA", seed=9, rest_to=0)
    after, events = apply(position, {"seat": 1, "act": "take"})
    assert kinds(events) == ["reshuffle", "take"]
    again = shuffled(["D9", "C9", "CK"], "maumau", 9, "hand", 1, "reshuffle", 1)
    assert after["hands"][1] == ["SQ", "D8", "HA", again[0]]
    assert events[-1].get("count") == 2


def test_it_opens_no_reaction_window_c5() -> None:
    r = rules()
    position = make(["S9 H9", "SQ D8"], "SK", turn=0)
    assert r.window(position) is None
    assert legal(position, None) == []
    assert r.to_act(position) == (0,)
    refused(position, {"seat": None, "act": "close"}, "C5")


def test_it_takes_racing_acts_in_order_of_arrival_c6() -> None:
    position = make(["S9 HQ", "C9 DK D8", "HK HA CA"], "SQ", must_call=[])
    position = play(position, 0, "S9")
    first = act(position, 1, "catch", target=0)
    refused(first, {"seat": 2, "act": "catch", "target": 0}, "MM11")  # too late, at no cost
    assert len(first["hands"][2]) == 3


def test_it_resolves_a_hit_without_an_answer_at_once_as_the_seats_own_take_c12() -> None:
    position = make(["S7 H9 D9", "C9 DK", "HK HA"], "SQ", caught=[1])
    after, events = apply(position, {"seat": 0, "act": "play", "cards": ["S7"]})
    assert kinds(events) == ["play", "hit", "take"]
    assert after["caught"] == []  # the take counts as seat 1's own act
    assert after["turn"] == 2


def test_it_sends_a_target_with_a_seven_its_own_choice_c12() -> None:
    position = make(["S7 H9 D9", "C7 DK", "HK HA"], "SQ")
    after = play(position, 0, "S7")
    assert rules().to_act(after) == (1,)
    assert legal(after, 1) == [
        {"seat": 1, "act": "play", "cards": ["C7"], "mau": True},
        {"seat": 1, "act": "play", "cards": ["C7"]},
        {"seat": 1, "act": "take"},
    ]
