"""EM10 (Donating) and EM11 (Gambling), with their settled points."""

from __future__ import annotations

from collections import Counter

from games.engine.shuffle import shuffled

from .helpers import CLOSE, act, after, all_cards, apply, kinds, legal, make, play, refused, rules

DN = {"target": 1, "kind": "DN", "cards": 0, "from": 0}
GM = {"target": 1, "kind": "GM", "cards": 0, "from": 0}


def test_it_lets_the_left_neighbour_pick_a_face_down_card_from_the_donor() -> None:
    position = make(["DNY G2 G3 B4", "B1", "B5"], "Y1", seed=7)
    position = after(position, play(0, "DNY"))
    position, events = apply(position, CLOSE)
    assert position["pending"] == DN
    order = position["donate_order"]
    assert Counter(order) == Counter(["G2", "G3", "B4"])
    # stored in an order shuffled from the seed (the pile held 2 cards, no rebuild yet)
    assert tuple(order) == shuffled(["G2", "G3", "B4"], "emojical", 7, "hand", 1, "donate", 0, 2)
    assert legal(position, 1) == [{"seat": 1, "act": "donate_pick", "index": i} for i in range(3)]
    position, events = apply(position, {"seat": 1, "act": "donate_pick", "index": 2})
    assert position["hands"][1] == ["B1", order[2]]
    assert len(position["hands"][0]) == 2
    assert position["turn"] == 1  # then it is the recipient's turn
    assert position["donate_order"] is None
    assert kinds(events) == ["donate"]
    assert events[0].cards == ()  # the card taken is not named to the table


def test_it_shows_the_donate_order_only_as_a_length() -> None:
    position = make(["G2 G3", "B1", "B5"], "DNY", pending=DN, donate_order="G3 G2")
    for seat in (0, 1, 2, None):
        assert rules().view(position, seat)["donate_order"] == 2


def test_it_refuses_an_index_out_of_the_donors_hand() -> None:
    position = make(["G2 G3", "B1", "B5"], "DNY", pending=DN, donate_order="G3 G2")
    refused(position, {"seat": 1, "act": "donate_pick", "index": 2}, "EM10")
    refused(position, {"seat": 1, "act": "donate_pick", "index": -1}, "EM10")
    refused(position, {"seat": 1, "act": "donate_pick", "index": True}, "C7")
    refused(position, {"seat": 1, "act": "donate_pick", "index": "0"}, "C7")
    refused(position, {"seat": 1, "act": "donate_pick"}, "C7")
    refused(position, act(1, "accept"), "EM10")
    refused(position, {"seat": 2, "act": "donate_pick", "index": 0}, "EM4")


def test_it_makes_a_donor_left_with_no_cards_the_winner() -> None:
    position = make(["G2", "B1", "B5"], "DNY", pending=DN, donate_order="G2", totals=[0, 0, 0])
    position, events = apply(position, {"seat": 1, "act": "donate_pick", "index": 0})
    assert position["last_hand"] == {"out": 0, "points": [0, 10, 5]}
    assert position["totals"] == [15, 0, 0]
    assert "hand_over" in kinds(events)


def test_it_takes_a_random_card_at_once_in_random_mode() -> None:
    position = make(["DNY G2 G3 B4", "B1", "B5"], "Y1", options={"donate": "random"})
    position = after(position, play(0, "DNY"), CLOSE)
    assert position["pending"] is None
    assert len(position["hands"][1]) == 2
    assert len(position["hands"][0]) == 2
    assert position["turn"] == 1
    assert all_cards(position) == all_cards(make(["DNY G2 G3 B4", "B1", "B5"], "Y1"))


def test_it_lets_a_recipient_with_a_blocking_card_choose_in_random_mode() -> None:
    position = make(["DNY G2 G3", "B1 BLY", "B5"], "Y1", options={"donate": "random"})
    position = after(position, play(0, "DNY"), CLOSE)
    assert position["pending"] == DN
    assert {m["act"] for m in legal(position, 1)} == {"accept", "block"}
    accepted = after(position, act(1, "accept"))
    assert len(accepted["hands"][1]) == 3
    assert accepted["turn"] == 1


def test_it_makes_the_next_player_choose_safe_or_gamble() -> None:
    position = make(["GMY G2 G3", "B1", "B5"], "Y1")
    position = after(position, play(0, "GMY"), CLOSE)
    assert position["pending"] == GM
    assert legal(position, 1) == [{"seat": 1, "act": "safe"}, {"seat": 1, "act": "gamble"}]


def test_it_takes_4_cards_when_playing_safe_then_the_turn_goes_on() -> None:
    position = make(["G2", "B1", "B5"], "GMY", pending=GM, draw="P1 P2 P3 P4 P5")
    position, events = apply(position, act(1, "safe"))
    assert position["hands"][1] == ["B1", "P1", "P2", "P3", "P4"]
    assert position["turn"] == 1
    assert position["pending"] is None
    assert kinds(events) == ["safe"]


def test_it_costs_8_cards_when_the_gamble_turns_a_smiley() -> None:
    position = make(["G2", "B1", "B5"], "GMY", pending=GM, draw="P1 P2 P3 P4 P5 P6 P7 P8 G1")
    position, events = apply(position, act(1, "gamble"))
    assert position["hands"][1] == ["B1", "P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8"]
    assert events[0].cards == ("P1",)  # the turned card is public
    assert events[0].get("count") == 8
    assert position["turn"] == 1


def test_it_costs_only_the_turned_action_card_grey_and_extra_included() -> None:
    for turned in ("SKB", "CP", "EX"):
        position = make(["G2", "B1", "B5"], "GMY", pending=GM, draw=f"{turned} P2 P3")
        position = after(position, act(1, "gamble"))
        assert position["hands"][1] == ["B1", turned]


def test_it_rebuilds_an_empty_draw_pile_before_gambling() -> None:
    pile = [{"seat": 2, "cards": ["Y3"], "color": "Y"}, {"seat": 0, "cards": ["GMY"], "color": "Y"}]
    position = make(["G2", "B1", "B5"], "GMY", pending=GM, pile=pile, rest_of_deck=False)
    position, events = apply(position, act(1, "gamble"))
    assert kinds(events) == ["reshuffle", "gamble"]
    assert position["hands"][1] == ["B1", "Y3"]  # a smiley: all there is, the rest lapses
    assert position["pile"] == [{"seat": 0, "cards": ["GMY"], "color": "Y"}]


def test_it_gambles_on_nothing_when_no_card_is_left() -> None:
    position = make(["G2", "B1", "B5"], "GMY", pending=GM, rest_of_deck=False)
    position, events = apply(position, act(1, "gamble"))
    assert position["hands"][1] == ["B1"]
    assert events[0].get("count") == 0
    assert position["turn"] == 1


def test_it_refuses_other_answers_to_a_gambling() -> None:
    position = make(["G2", "B1 GMB", "B5"], "GMY", pending=GM)
    refused(position, act(1, "take"), "EM11")
    refused(position, act(1, "accept"), "EM11")
    refused(position, play(1, "GMB"), "EM11")
    refused(position, act(1, "draw"), "EM11")
