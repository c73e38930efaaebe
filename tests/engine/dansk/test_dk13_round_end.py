"""DK13-DK15: the last card ends the round, scoring, the next round, the game's end."""

from __future__ import annotations

from collections import Counter

from games.engine.dansk.cards import DECK, KIND
from games.engine.rules import HandResult, Outcome, get_rules

from .helpers import act, deck_count, find, kinds, play, position, refused, seed_where


def test_it_ends_the_round_on_the_last_card_and_scores_the_hands() -> None:
    pos = position(["G1", "B2 T2B", "CC Y9 R1"], pile="G5", totals=[3, 4, 5], dealer=2)
    after, events = act(pos, play(0, "G1"))
    assert after["last_hand"] == {"out": 0, "points": [0, 12, 20]}
    assert after["totals"] == [3, 16, 25]
    assert after["hand"] == 2
    assert after["over"] is False
    assert kinds(events)[:4] == ["play", "out", "hand_over", "deal"]
    over = find(events, "hand_over")
    assert over.get("points") == (0, 12, 20)
    assert over.get("totals") == (3, 16, 25)
    assert deck_count(after) == Counter(DECK)
    result = get_rules("dansk").hand_result(after)
    assert result == HandResult(1, 0, (0, 12, 20))


def test_it_voids_the_effect_of_the_last_card() -> None:
    for card in ("T4G", "STG", "RVG", "T2G"):
        pos = position([[card], "B2 B3", "Y1"], pile="G5", hand=3, direction=1)
        after, events = act(pos, play(0, card))
        assert after["over"] is True
        assert after["hands"][1] == ["B2", "B3"]  # no Draw 4 or Draw 2 picked up
        assert after["direction"] == 1
        assert "take" not in kinds(events)
        assert "skip" not in kinds(events)
        assert "reverse" not in kinds(events)


def test_it_lets_a_live_draw_2_total_lapse_when_its_target_goes_out() -> None:
    pos = position([["B2", "B3"], ["T2B"], "Y1 Y2"], pile="T2G", pending=(1, 6), turn=1, hand=3)
    after, _events = act(pos, play(1, "T2B"))
    assert after["over"] is True
    assert after["hands"][2] == ["Y1", "Y2"]
    assert after["pending"] is None
    assert after["last_hand"] == {"out": 1, "points": [5, 0, 3]}


def test_it_takes_a_last_colour_change_without_a_colour() -> None:
    pos = position([["CC"], "B2 B3"], pile="G5", hand=3)
    after, _ = act(pos, play(0, "CC"))
    assert after["over"] is True
    assert after["pile"][-1] == {"seat": 0, "cards": ["CC"], "color": None}
    pos = position([["CC"], "B2 B3"], pile="G5", hand=3)
    after, _ = act(pos, play(0, "CC", color="R"))
    assert after["over"] is True


def test_it_counts_number_cards_at_face_value_and_specials_at_10() -> None:
    pos = position(["G1", "B9 Y1 RVR T2G T4B STY CC"], pile="G5", hand=3)
    after, _ = act(pos, play(0, "G1"))
    assert after["last_hand"]["points"] == [0, 9 + 1 + 50]


def test_it_ends_the_game_after_the_agreed_rounds_lowest_total_winning() -> None:
    pos = position(["G1", "B2", "B3 B4"], pile="G5", totals=[30, 10, 3], hand=3)
    after, events = act(pos, play(0, "G1"))
    assert after["over"] is True
    assert after["totals"] == [30, 12, 10]
    assert after["winners"] == [2]
    assert after["turn"] is None
    assert after["pending"] is None
    assert after["must_call"] == []
    assert find(events, "game_over").get("winners") == (2,)
    assert "deal" not in kinds(events)
    outcome = get_rules("dansk").outcome(after)
    assert outcome == Outcome((2,), (3, 2, 1), (30, 12, 10), False)
    assert get_rules("dansk").hand_result(after) == HandResult(3, 0, (0, 2, 7))
    assert get_rules("dansk").to_act(after) == ()


def test_it_shares_the_win_between_equal_lowest_totals() -> None:
    pos = position(["G1", "B2", "B3"], pile="G5", totals=[7, 5, 4], hand=3)
    after, _ = act(pos, play(0, "G1"))
    assert after["totals"] == [7, 7, 7]
    assert after["winners"] == [0, 1, 2]


def test_it_refuses_every_act_once_the_game_is_over() -> None:
    pos = position(["G1", "B2 B5", "B3"], pile="G5", hand=3)
    after, _ = act(pos, play(0, "G1"))
    for action in (play(1, "B2"), {"seat": 1, "act": "draw"}, {"seat": 2, "act": "take"}):
        refused(after, action, "DK15")
    rules = get_rules("dansk")
    assert all(rules.legal(rules.read(after), seat) == [] for seat in range(3))


def test_it_starts_each_round_clockwise_before_the_turned_card_acts() -> None:
    seed = seed_where(lambda d: KIND[d[15]] == "N", hand=2)
    pos = position(["RVG", "B2", "B3"], pile="G5", direction=-1, turn=0, seed=seed, dealer=0)
    after, _ = act(pos, play(0, "RVG"))
    assert after["hand"] == 2
    assert after["direction"] == 1
    assert after["turn"] == 2  # the new dealer is seat 1; its left starts
    seed = seed_where(lambda d: d[15].startswith("RV"), hand=2)
    pos = position(["RVG", "B2", "B3"], pile="G5", direction=-1, turn=0, seed=seed, dealer=0)
    after, _ = act(pos, play(0, "RVG"))
    assert after["direction"] == -1  # clockwise, then the turned Reverse turned it
    assert after["turn"] == 0
