"""The settled points (C8-C12) as they apply to `dansk`, and the `dansk` paragraph."""

from __future__ import annotations

from games.engine.dansk.cards import KIND
from games.engine.rules import get_rules

from .helpers import act, deal_of, find, kinds, legal, play, position, refused, seed_where


def test_it_lets_the_target_take_while_holding_a_draw_2() -> None:
    pos = position([["B2", "B3"], "T2B T2Y G1", "Y1"], pile="T2G", pending=(1, 2), turn=1)
    assert {"seat": 1, "act": "take"} in legal(pos, 1)
    after, _ = act(pos, {"seat": 1, "act": "take"})
    assert len(after["hands"][1]) == 5
    assert after["turn"] == 2


def test_it_starts_a_new_hit_with_a_draw_2_on_a_spent_one() -> None:
    pos = position([["T2B", "B3", "B4"], "G1 G2", "Y1"], pile="T2G")
    after, events = act(pos, play(0, "T2B"))
    assert len(after["hands"][1]) == 4  # a new hit of 2, taken at once: no Draw 2 to answer with
    assert find(events, "take").get("count") == 2


def test_it_ignores_mau_on_a_play_that_leaves_more_than_one_card() -> None:
    pos = position([["G1", "B2", "B3"], "B1"], pile="G5", rules={"mau_catch": "catch"})
    after, events = act(pos, play(0, "G1", mau=True))
    assert after["must_call"] == []
    assert "mau" not in kinds(events)


def test_it_keeps_the_catch_chance_until_the_next_seat_acts_itself() -> None:
    pos = position([["STG", "B2"], "B1 B3", "Y1 Y2", "R1 R2"], pile="G5", rules={"mau_catch": "catch"})
    after, _ = act(pos, play(0, "STG"))
    assert after["turn"] == 2
    assert after["must_call"] == [0]
    after, _ = act(after, {"seat": 3, "act": "catch", "target": 0})
    assert after["must_call"] == []
    assert len(after["hands"][0]) == 2


def test_it_lapses_a_live_total_and_needs_no_colour_on_a_last_colour_change() -> None:
    pos = position([["CC"], "B1 B3"], pile="G5", hand=3)
    after, _ = act(pos, play(0, "CC"))
    assert after["over"] is True


def test_it_starts_each_round_clockwise_then_applies_the_turned_card() -> None:
    seed = seed_where(lambda d: KIND[d[20]] == "RV")
    pos = get_rules("dansk").write(get_rules("dansk").new_game(4, seed=seed))
    assert pos["direction"] == -1
    assert pos["turn"] == 3


def test_it_redraws_until_a_number_card_colour_changes_included() -> None:
    seed = seed_where(lambda d: d[20] == "CC" and KIND[d[21]] != "N")
    deck = deal_of(seed)
    rules = get_rules("dansk", {"first_card": "redraw"})
    pos = rules.write(rules.new_game(4, seed=seed))
    turned = next(c for c in deck[20:] if KIND[c] == "N")
    assert pos["top"]["card"] == turned


def test_it_never_sets_pending_for_a_draw_4() -> None:
    pos = position([["T4G", "B2", "B3"], "T4B B1", "Y1"], pile="G5")
    after, _ = act(pos, play(0, "T4G"))
    assert after["pending"] is None


def test_it_draws_penalty_cards_before_the_cards_effect() -> None:
    pos = position([["T2G", "B2"], "B1 B3", "Y1"], pile="G5", draw="R1 R2 R3")
    after, _ = act(pos, play(0, "T2G"))
    assert after["hands"][0] == ["B2", "R1"]
    assert after["hands"][1] == ["B1", "B3", "R2", "R3"]


def test_it_resolves_a_hit_without_an_answer_at_once_as_the_seats_own_take() -> None:
    # C6, C12: no window, no pending, the table sees the pick-up
    pos = position([["T2G", "B2", "B3"], "B1 B3", "Y1"], pile="G5")
    after, events = act(pos, play(0, "T2G"))
    assert after["pending"] is None
    assert after["turn"] == 2
    take = find(events, "take")
    assert take.seat == 1
    assert take.get("count") == 2


def test_it_writes_the_engine_keys_and_the_game_over_shape() -> None:
    pos = position(["G1", "B2 B3"], pile="G5", hand=3, must_call=[1], rules={"mau_catch": "catch"})
    after, _ = act(pos, play(0, "G1"))
    assert after["over"] is True
    assert after["winners"] == [0]
    assert after["turn"] is None
    assert after["pending"] is None
    assert after["must_call"] == []
    assert after["last_hand"] == {"out": 0, "points": [0, 5]}
    assert after["window"] is None
    assert "blocked" not in after
    assert "streak" not in after
    refused(after, {"seat": 1, "act": "draw"}, "DK15")
