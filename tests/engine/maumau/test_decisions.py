"""The package's "Decisions" (games/engine/maumau/__init__.py): points VARIANTS.md leaves open."""

from __future__ import annotations

import pytest

from games.engine.errors import IllegalAction
from games.engine.maumau import moves
from games.engine.maumau.bots import RandomBot

from .helpers import act, apply, kinds, legal, make, play, refused, rules


def test_it_deals_hand_h_from_seat_h_minus_1() -> None:
    r = rules(mode="points")
    state = r.new_game(3, seed=1)
    for hand in (2, 3, 4, 5):
        dealt, events = moves.deal(state, (hand - 1) % 3, hand)
        assert dealt.dealer == (hand - 1) % 3
        assert events[0].kind == "deal"
        assert events[0].seat == dealt.dealer


def test_it_returns_no_events_from_new_game_but_applies_the_turned_card() -> None:
    r = rules()
    state = r.new_game(2, seed=1)
    assert r.write(state)["pending"] is None or r.write(state)["turn"] == 1


def test_it_lets_a_seat_with_a_fruitless_draw_in_a_read_position_only_pass() -> None:
    position = make(["S9 HQ", "C9"], "SQ", drawn=True)
    assert legal(position, 0) == [{"seat": 0, "act": "pass"}]
    refused(position, {"seat": 0, "act": "play", "cards": ["S9"]}, "MM5")
    assert act(position, 0, "pass")["turn"] == 1


def test_it_lets_a_last_jack_stand_for_its_own_suit() -> None:
    after = play(make(["DJ", "C9"], "DQ"), 0, "DJ", "S")
    assert after["pile"][-1]["color"] == "D"


def test_it_forgets_a_catch_once_the_caught_seat_acts_on_its_own() -> None:
    position = make(["HQ C9 D9", "S9 DK"], "SQ", caught=[0])
    for action in ({"seat": 0, "act": "draw"}, {"seat": 0, "act": "play", "cards": ["HQ"]}):
        assert apply(position, action)[0]["caught"] == []
    assert act(position, 1, "mau")["caught"] == [0]  # another seat's act does not


def test_it_charges_a_mau_from_a_seat_that_went_out_on_a_seven() -> None:
    position = play(make(["S7", "C7 D9 DA", "HK"], "S9"), 0, "S7")
    assert position["emptied"] == [0]
    assert position["hands"][0] == []
    position = act(position, 0, "mau")
    assert len(position["hands"][0]) == 1
    after = act(position, 1, "take")
    assert after["over"] is False  # seat 0 holds a card again: nobody is out


def test_it_gives_the_hand_to_the_first_emptied_seat_still_without_cards() -> None:
    position = make(["C9", "C7", "HA DA"], "S7", turn=1, emptied=[0], pile=[(2, "S9", "S"), (0, "S7", "S")])
    assert play(position, 1, "C7")["winners"] == [1]


def test_it_writes_the_cards_left_as_points_in_the_solo_game_too() -> None:
    after = play(make(["SK", "C9 D9", "HA"], "S9", rules_={"target": 4}), 0, "SK")
    assert after["last_hand"] == {"out": 0, "points": [0, 2, 1]}
    assert after["totals"] is None
    assert after["over"] is True


def test_it_lists_open_seats_in_the_order_they_opened() -> None:
    position = make(["S9 HQ", "C9 S10", "HK HA CA"], "SQ", turn=1, must_call=[0])
    position["hands"][0] = ["HQ"]
    position["draw"].append("S9")
    assert play(position, 1, "S10")["must_call"] == [0, 1]


def test_it_keeps_the_drawn_card_through_a_penalty() -> None:
    position = act(make(["S9 HQ D9", "C9"], "SQ", draw_first="D8"), 0, "draw")
    after = act(position, 0, "mau")
    assert after["drawn"] == "D8"
    assert len(after["hands"][0]) == 5


def test_it_lists_true_calls_and_accepts_others_with_their_penalty() -> None:
    position = make(["S9 HQ D9", "C9"], "SQ")
    assert all(not a.get("mau") for a in legal(position, 0))
    assert {"seat": 0, "act": "mau"} not in legal(position, 0)
    _after, events = apply(position, {"seat": 0, "act": "play", "cards": ["S9"], "mau": True})
    assert kinds(events) == ["play", "penalty"]


def test_it_lets_the_random_bot_choose_turn_acts_and_react_with_calls() -> None:
    bot = RandomBot(1)
    legal_list = [{"seat": 0, "act": "draw"}, {"seat": 0, "act": "catch", "target": 1}]
    assert all(bot.choose({}, legal_list)["act"] == "draw" for _ in range(20))
    reactions = {str(bot.react({}, legal_list)) for _ in range(50)}
    assert str({"seat": 0, "act": "catch", "target": 1}) in reactions
    assert "None" in reactions


def test_it_describes_a_take_without_a_count() -> None:
    assert rules().describe({"seat": 0, "act": "take"}) == "Take the cards of the sevens"


def test_it_moves_a_seat_that_empties_its_hand_again_to_the_end_of_emptied() -> None:
    # seats 1 then 0 emptied their hands earlier this hand and took hits back
    position = make(["C7", "D7", "HA DA", "CA"], "S7", turn=0, emptied=[1, 0], pile=[(3, "S9", "S"), (3, "S7", "S")])
    position = play(position, 0, "C7")
    assert position["emptied"] == [1, 0]
    after = play(position, 1, "D7")  # seat 2 takes 4: seats 0 and 1 hold nothing, seat 0 emptied first
    assert after["emptied"] == [0, 1]
    assert after["winners"] == [0]


def test_it_normalizes_actions_for_storage() -> None:
    r = rules()
    assert r.normalize_action({"seat": 1, "act": "play", "cards": ["S9"], "color": "H", "mau": False}) == {
        "seat": 1,
        "act": "play",
        "cards": ["S9"],
    }
    jack = {"seat": 1, "act": "play", "cards": ["SJ"], "color": "H", "mau": True}
    assert r.normalize_action(jack) == jack
    assert r.normalize_action({"seat": 3, "act": "catch", "target": 0}) == {"seat": 3, "act": "catch", "target": 0}
    with pytest.raises(IllegalAction):
        r.normalize_action({"seat": 0, "act": "play", "cards": ["S9"], "x": 1})
