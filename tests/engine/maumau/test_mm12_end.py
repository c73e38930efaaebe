"""MM12-MM16 and C9: going out, going out on a seven, the solo game, the point game, the game's end."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.rules import HandResult, Outcome

from .helpers import act, all_cards, apply, deck, kinds, legal, make, play, refused, rules


def test_it_ends_the_hand_when_a_player_plays_the_last_card_mm12() -> None:
    position = make(["SK", "C9 D7", "HA DA CA"], "S9", turn=0)
    after, events = apply(position, {"seat": 0, "act": "play", "cards": ["SK"]})
    assert after["over"] is True
    assert after["winners"] == [0]
    assert kinds(events) == ["play", "out", "hand_over", "game_over"]
    assert events[2].get("points") == (0, 2, 3)
    assert events[3].get("winners") == (0,)


@pytest.mark.parametrize(("card", "top"), [("S8", "S9"), ("SJ", "S9")])
def test_it_gives_a_final_eight_or_jack_no_effect_mm12(card: str, top: str) -> None:
    position = make([card, "C9 D7", "HA DA CA"], top, turn=0)
    after, events = apply(position, {"seat": 0, "act": "play", "cards": [card]})
    assert after["over"] is True
    assert "skip" not in kinds(events)
    assert "color" not in kinds(events)
    assert after["top"]["color"] == "S"


def test_it_lets_a_last_seven_hit_and_end_the_hand_after_the_take_mm13() -> None:
    position = make(["S7", "C9 D8", "HA DA CA"], "S9", turn=0)
    after, events = apply(position, {"seat": 0, "act": "play", "cards": ["S7"]})
    assert kinds(events) == ["play", "out", "hit", "take", "hand_over", "game_over"]
    assert after["winners"] == [0]
    assert after["last_hand"] == {"out": 0, "points": [0, 4, 3]}  # counted after the take


def test_it_keeps_the_hand_going_while_a_last_seven_is_answered_mm13() -> None:
    position = make(["S7", "C7 D8", "HA DA CA"], "S9", turn=0)
    after, events = apply(position, {"seat": 0, "act": "play", "cards": ["S7"]})
    assert kinds(events) == ["play", "out", "hit"]
    assert after["over"] is False
    assert after["emptied"] == [0]
    assert after["pending"] == {"target": 1, "kind": "7", "cards": 2}
    answered, events = apply(after, {"seat": 1, "act": "play", "cards": ["C7"], "mau": True})
    assert kinds(events) == ["play", "mau", "hit", "take", "hand_over", "game_over"]
    assert answered["winners"] == [0]
    assert answered["last_hand"]["points"] == [0, 1, 7]


def test_it_makes_the_player_who_went_out_take_if_every_other_player_adds_a_seven_mm13() -> None:
    position = make(["S7", "C7 D8", "H7 DA CA"], "S9", turn=0)
    position = play(position, 0, "S7")
    position = play(position, 1, "C7", mau=True)
    after, events = apply(position, {"seat": 2, "act": "play", "cards": ["H7"]})
    # seat 0 has no cards and so no seven: it takes the 6 at once, and the hand goes on
    assert kinds(events) == ["play", "hit", "take"]
    assert after["over"] is False
    assert len(after["hands"][0]) == 6
    assert after["turn"] == 1
    assert after["pending"] is None
    assert after["emptied"] == [0]


def test_it_makes_an_empty_handed_target_take_mm13() -> None:
    position = make(["", "C7 D8", "HA DA CA"], "S7", turn=0, pending=4, emptied=[0], dealer=2)
    assert legal(position, 0) == [{"seat": 0, "act": "take"}]
    after = act(position, 0, "take")
    assert len(after["hands"][0]) == 4
    assert after["turn"] == 1


def test_it_gives_the_hand_to_the_first_seat_that_emptied_its_hand_mm13() -> None:
    position = make(["S7", "C7", "HA DA CA"], "S9", turn=0)
    position = play(position, 0, "S7")
    after, events = apply(position, {"seat": 1, "act": "play", "cards": ["C7"]})
    assert kinds(events) == ["play", "out", "hit", "take", "hand_over", "game_over"]
    assert after["emptied"] == [0, 1]
    assert after["winners"] == [0]


def test_it_gives_the_hand_to_a_later_seat_when_the_first_took_cards_back_mm13() -> None:
    position = make(["C9 HK", "C7", "HA DA CA"], "S7", turn=1, emptied=[0], pile=[(2, "S9", "S"), (0, "S7", "S")])
    after = play(position, 1, "C7")
    assert after["winners"] == [1]
    assert after["last_hand"]["points"] == [2, 0, 5]


def test_it_plays_one_hand_in_the_solo_game_mm14() -> None:
    position = make(["SK", "C9 D7", "HA DA CA"], "S9", turn=0)
    after = play(position, 0, "SK")
    assert after["over"] is True
    assert after["totals"] is None
    assert after["turn"] is None
    assert after["pending"] is None
    assert after["must_call"] == []
    assert after["hand"] == 1
    for seat in range(3):
        assert legal(after, seat) == []
    refused(after, {"seat": 1, "act": "draw"}, "MM14")
    refused(after, {"seat": 1, "act": "mau"}, "MM14")
    refused(after, {"seat": 1, "act": "catch", "target": 0}, "MM14")
    outcome = rules().outcome(after)
    assert outcome == Outcome((0,), (1, 2, 3), None, True)
    assert rules().hand_result(after) == HandResult(1, 0, (0, 2, 3))


def _points_position(totals: list[int], **options: Any) -> dict[str, Any]:
    return make(
        ["SK", "C9 D7", "HA DA CA"], "S9", turn=0, totals=totals, dealer=2, rules_={"mode": "points", **options}
    )


def test_it_scores_one_point_per_card_left_in_the_point_game_mm15() -> None:
    after, events = apply(_points_position([0, 0, 0]), {"seat": 0, "act": "play", "cards": ["SK"]})
    assert after["over"] is False
    assert after["totals"] == [5, 0, 0]
    assert after["last_hand"] == {"out": 0, "points": [0, 2, 3]}
    assert events[2].kind == "hand_over"
    assert events[2].get("totals") == (5, 0, 0)
    assert kinds(events)[3] == "deal"
    # the next hand: dealt by the next seat clockwise, from the hand's own shuffle
    assert after["hand"] == 2
    assert after["dealer"] == 0
    assert after["emptied"] == []
    assert after["must_call"] == []
    assert after["reshuffles"] == 0
    assert all_cards(after) == all_cards(_points_position([0, 0, 0]))
    assert len(after["pile"]) == 1
    assert rules().hand_result(after) == HandResult(1, 0, (0, 2, 3))
    assert rules().outcome(after) is None


def test_it_ends_the_point_game_at_the_target_mm15() -> None:
    after, events = apply(_points_position([20, 24, 3]), {"seat": 0, "act": "play", "cards": ["SK"]})
    assert after["over"] is True  # 25 with three players is beyond 17
    assert after["winners"] == [0]
    assert after["totals"] == [25, 24, 3]
    assert kinds(events)[-1] == "game_over"
    refused(after, {"seat": 1, "act": "draw"}, "MM15")
    outcome = rules().outcome(after)
    assert outcome is not None
    assert outcome.placings == (1, 2, 3)
    assert outcome.totals == (25, 24, 3)


@pytest.mark.parametrize(("seats", "target"), [(2, 10), (3, 17), (4, 25)])
def test_it_sets_the_target_by_the_number_of_players_mm15(seats: int, target: int) -> None:
    others = [[card] for card in ["C9", "D7", "D8"][: seats - 1]]  # each loser holds one card

    def game_with(total: int) -> dict[str, Any]:
        totals = [total] + [0] * (seats - 1)
        return make([["SK"], *others], "S9", turn=0, totals=totals, dealer=seats - 1, rules_={"mode": "points"})

    short = play(game_with(target - seats), 0, "SK")
    assert short["totals"][0] == target - 1
    assert short["over"] is False
    assert play(game_with(target - seats + 1), 0, "SK")["over"] is True  # reaching the target is enough


def test_it_honours_a_target_house_rule_mm15() -> None:
    after = play(_points_position([0, 0, 0], target=5), 0, "SK")
    assert after["over"] is True
    assert after["rules"] == {"mode": "points", "target": 5}


def test_it_plays_whole_point_games_through_several_hands_mm15() -> None:
    from games.engine.maumau.bots import BOTS, play_game

    r = rules(mode="points")
    for seed in range(3):
        final = play_game(r, [BOTS["greedy"](seed), BOTS["random"](seed)], seed)
        assert final["over"] is True
        assert max(final["totals"]) >= 10
        assert final["totals"][final["winners"][0]] == max(final["totals"])
        assert final["hand"] >= 1


def test_it_keeps_no_credit_stakes_mm16() -> None:
    r = rules()
    keys = set(r.write(r.new_game(2, seed=1)))
    assert not keys & {"stakes", "pot", "bets", "credits"}
    assert {o.key for o in r.option_specs} == {"deck", "mode", "target", "jack_on_jack"}


def test_it_writes_the_engine_keys_c9() -> None:
    r = rules()
    position = r.write(r.new_game(3, seed=2))
    assert set(position) == {
        "variant", "rules", "hands", "draw", "pile", "top", "pending", "turn", "direction", "drawn",
        "must_call", "dealer", "totals", "seed", "hand", "over", "winners", "last_hand", "emptied",
        "caught", "reshuffles",
    }  # fmt: skip
    assert position["direction"] == 1
    assert not {"streak", "out", "teams", "mode", "blocked", "draws", "window"} & set(position)
    assert r.write(r.new_game(3, seed=2, **{}))["hands"] != [[], [], []]
    assert len(deck()) == 32
