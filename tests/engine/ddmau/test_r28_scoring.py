"""R28-R34: going out, final pick-ups, scoring, Shadow multipliers, the safety net, reshuffles,
the next dealer and the winner."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tests.engine.ddmau.positions import (
    Position,
    apply,
    draw,
    in_hand,
    pile_play,
    play,
    position,
    sizes,
)


def three(mine: str, seat1: str = "Y12 Y13", seat2: str = "B12 B13", **kwargs: Any) -> Position:
    kwargs.setdefault("top", "R7")
    return position([mine, seat1, seat2], **kwargs)


def four(mine: str, seat1: str = "Y12 Y13", seat2: str = "B12 B13", seat3: str = "G12 G13", **kwargs: Any) -> Position:
    kwargs.setdefault("top", "R7")
    return position([mine, seat1, seat2, seat3], **kwargs)


# R29: scoring


def test_it_scores_the_hand_when_a_player_goes_out() -> None:
    """R29: seat 0 subtracts 10+10+10 = 30; seat 1 adds 1 + 20 = 21; seat 2 adds 50."""
    after = apply(three("R10 Y10 B10", "G1 TR", "MM"), play(0, "R10 Y10 B10"))
    last = after["last_hand"]
    assert (last["out"], last["points"], last["multiplier"]) == (0, [-30, 21, 50], 1)
    assert after["totals"] == [-30, 21, 50]


def test_it_adds_the_hand_to_the_running_totals() -> None:
    """R29: 100 - 30 = 70, 200 + 21 = 221, 50 + 50 = 100."""
    pos = three("R10 Y10 B10", "G1 TR", "MM", totals=[100, 200, 50])
    assert apply(pos, play(0, "R10 Y10 B10"))["totals"] == [70, 221, 100]


def test_it_scores_every_power_card_at_its_value() -> None:
    """R2/R29: 20 + 15 + 14 + 25 + 35 + 30 + 0 + 50 = 189."""
    after = apply(three("R3", "TR SB OG JT SM LM DM MM", "B1"), play(0, "R3"))
    assert after["totals"] == [-3, 189, 1]


def test_it_deals_the_next_hand_after_scoring() -> None:
    """R29/R48: the next hand is dealt: seven cards each for three players, an empty pile, clockwise."""
    after = apply(three("R10 Y10 B10", "G1 TR", "MM", dealer=2), play(0, "R10 Y10 B10"))
    assert sizes(after) == [7, 7, 7]
    assert (after["pile"], after["top"], after["streak"], after["direction"]) == ([], None, 0, 1)
    assert (after["dealer"], after["turn"]) == (2, 0)


# R28: the final pick-ups


def test_it_makes_the_next_player_pick_up_after_going_out_with_a_penal_t() -> None:
    """R28: seat 1 picks up R1 R2 and adds them: 12 + 13 + 1 + 2 = 28."""
    after = apply(three("TR", draw="R1 R2"), play(0, "TR"))
    assert after["totals"] == [-20, 28, 25]


def test_it_never_makes_the_player_who_went_out_pick_up() -> None:
    """R28/R44: two players, "SR TR": counting only the others, the target is seat 1 (25 + 1 + 2 = 28)."""
    pos = position(["SR TR", "Y12 Y13"], top="R7", draw="R1 R2")
    assert apply(pos, play(0, "SR TR"))["totals"] == [-35, 28]


def test_it_counts_only_the_other_players_for_a_sent_final_hit() -> None:
    """R28: three players, "SR SB TB" out: the others in order are 1, 2, 1: two skipped, seat 1 is hit.

    15 + 15 + 20 = 50 for seat 0; seat 1: 25 + 1 + 2 = 28; seat 2: 25.
    """
    after = apply(three("SR SB TB", draw="R1 R2"), play(0, "SR SB TB"))
    assert after["totals"] == [-50, 28, 25]


def test_it_lands_a_sent_final_hit_where_it_was_sent() -> None:
    """R28: four players, "SR TR" out: seat 2 picks up (25 + 3 = 28), seat 1 does not."""
    after = apply(four("SR TR", draw="R1 R2"), play(0, "SR TR"))
    assert after["totals"] == [-35, 25, 28, 25]


def test_it_makes_the_final_pick_up_without_a_block() -> None:
    """R28: the target's Master Mau cannot block it: 50 + 13 + 1 + 2 = 66."""
    after = apply(three("TR", "MM Y13", draw="R1 R2"), play(0, "TR"))
    assert after["totals"] == [-20, 66, 25]


def test_it_counts_the_streak_for_a_final_just_take_two() -> None:
    """R28/R20: on a Penal T (streak 1) the final JT makes streak 2: seat 1 picks up 4 cards (1+2+3+4 = 10)."""
    after = apply(three("JT", top="TR", streak=1, draw="R1 R2 R3 R4"), play(0, "JT"))
    assert after["totals"] == [-25, 35, 25]


def test_it_finds_the_final_target_against_the_clock() -> None:
    """R28: direction -1: the target of seat 0 is seat 2 (25 + 3 = 28)."""
    after = apply(three("TR", direction=-1, draw="R1 R2"), play(0, "TR"))
    assert after["totals"] == [-20, 25, 28]


def test_it_starts_the_next_hand_clockwise_after_going_out_with_an_other_way_mae() -> None:
    """R28/R48: the Other Way Mae of the final play has no effect on the next hand."""
    after = apply(three("OR"), play(0, "OR"))
    assert after["totals"] == [-14, 25, 25]
    assert after["direction"] == 1


# R30: Shadow Master multipliers


def test_it_doubles_the_others_points_for_a_shadow_master_out() -> None:
    """R30: -35 for seat 0; (12 + 13) x 2 = 50; 1 x 2 = 2."""
    after = apply(three("SM", seat2="B1"), play(0, "SM", color="G"))
    assert after["totals"] == [-35, 50, 2]
    assert after["last_hand"]["multiplier"] == 2
    assert after["last_hand"]["points"][0] == -35


def test_it_quadruples_the_others_points_for_two_shadow_masters() -> None:
    """R30: -70; 25 x 4 = 100; 1 x 4 = 4."""
    after = apply(three("SM SM", seat2="B1"), play(0, "SM SM", color="G"))
    assert after["totals"] == [-70, 100, 4]
    assert after["last_hand"]["multiplier"] == 4


def test_it_doubles_for_a_master_mau_declared_shadow_master() -> None:
    """R30: a declared Shadow Master counts: -50; 25 x 2; 1 x 2."""
    after = apply(three("MM", seat2="B1"), play(0, "MM", mm=["SM"], color="Y"))
    assert after["totals"] == [-50, 50, 2]


def test_it_doubles_the_running_totals_under_the_total_house_rule() -> None:
    """R30 (shadow_doubles: total): seats 1 and 2 hold only a Deck Master (0 points): 100 -> 200, 40 -> 80."""
    pos = three("SM", "DM", "DM", totals=[10, 100, 40], rules={"shadow_doubles": "total"})
    assert apply(pos, play(0, "SM", color="R"))["totals"] == [-25, 200, 80]


def test_it_leaves_the_running_totals_alone_by_default() -> None:
    """R30 (default shadow_doubles: hand): 0 points doubled are 0: 100 and 40 stay."""
    pos = three("SM", "DM", "DM", totals=[10, 100, 40])
    assert apply(pos, play(0, "SM", color="R"))["totals"] == [-25, 100, 40]


# R31: the safety net and the end of the game


@pytest.mark.parametrize("before", [488, 490, 493])
def test_it_puts_a_total_of_500_to_505_back_to_350(before: int) -> None:
    """R31: before + 12 lands in 500..505 and becomes 350."""
    after = apply(three("R3", "Y12", "B1", totals=[0, before, 0]), play(0, "R3"))
    assert after["totals"] == [-3, 350, 1]
    assert not after.get("over")


def test_it_leaves_a_total_of_499_alone() -> None:
    """R31: 487 + 12 = 499 is below the net."""
    after = apply(three("R3", "Y12", "B1", totals=[0, 487, 0]), play(0, "R3"))
    assert after["totals"] == [-3, 499, 1]


def test_it_catches_the_player_who_went_out_in_the_net_too() -> None:
    """R31: 503 - 3 = 500 becomes 350."""
    after = apply(three("R3", "Y12", "B1", totals=[503, 0, 0]), play(0, "R3"))
    assert after["totals"] == [350, 12, 1]


def test_it_ends_the_game_above_505() -> None:
    """R31/R50: 494 + 12 = 506: the game is over and nobody is to act."""
    after = apply(three("R3", "Y12", "B1", totals=[0, 494, 0]), play(0, "R3"))
    assert after["over"] is True
    assert after["totals"] == [-3, 506, 1]
    assert (after["turn"], after["pending"], after["must_call"]) == (None, None, None)


def test_it_uses_the_house_rule_net_and_target() -> None:
    """R31 (target 300, net_low 290, net_reset 200): 280 + 12 = 292 -> 200."""
    rules = {"target": 300, "net_low": 290, "net_reset": 200}
    after = apply(three("R3", "Y12", "B1", totals=[0, 280, 0], rules=rules), play(0, "R3"))
    assert after["totals"] == [-3, 200, 1]


def test_it_ends_the_game_above_the_house_rule_target() -> None:
    """R31 (target 300): 289 + 12 = 301 ends the game."""
    rules = {"target": 300, "net_low": 290, "net_reset": 200}
    after = apply(three("R3", "Y12", "B1", totals=[0, 289, 0], rules=rules), play(0, "R3"))
    assert after["over"] is True


# R32: the reshuffle


def test_it_reshuffles_all_but_the_top_play_and_the_plays_after_it() -> None:
    """R32/R49: the red 7 play and the "LM DM" after it stay; B3 G3 B7 become the draw pile."""
    pile = [pile_play(1, "B3 G3"), pile_play(2, "B7"), pile_play(0, "R7"), pile_play(1, "LM DM")]
    pos = three("Y3 Y4", pile=pile, draw=[], fill=False)
    after = apply(pos, draw(0))
    assert after["pile"] == pile[2:]
    drawn = in_hand(after, 0) - Counter(["Y3", "Y4"])
    assert sum(drawn.values()) == 1
    assert set(drawn) <= {"B3", "G3", "B7"}
    assert Counter(after["draw"]) + drawn == Counter(["B3", "G3", "B7"])


# R33: the next dealer


def test_it_makes_the_player_who_went_out_with_a_deck_master_the_dealer() -> None:
    """R33: "G7 DM" out; seat 2 holds a Deck Master too, but seat 0 deals and seat 1 leads."""
    after = apply(four("G7 DM", seat2="B12 DM", dealer=3), play(0, "G7 DM"))
    assert (after["dealer"], after["turn"]) == (0, 1)


def test_it_gives_the_deal_to_the_first_deck_master_holder_in_the_direction_of_play() -> None:
    """R33: from seat 0 clockwise: seat 1 has none, seat 2 has one."""
    after = apply(four("G7", seat2="B12 DM", seat3="G12 DM", dealer=1), play(0, "G7"))
    assert (after["dealer"], after["turn"]) == (2, 3)


def test_it_looks_for_the_deck_master_against_the_clock_when_play_runs_that_way() -> None:
    """R33: direction -1: from seat 0 the first seat is 3."""
    after = apply(four("G7", seat2="B12 DM", seat3="G12 DM", dealer=1, direction=-1), play(0, "G7"))
    assert (after["dealer"], after["turn"]) == (3, 0)


def test_it_keeps_the_dealer_when_nobody_holds_a_deck_master() -> None:
    """R33: otherwise the same dealer as before."""
    after = apply(four("G7", dealer=2), play(0, "G7"))
    assert (after["dealer"], after["turn"]) == (2, 3)


def test_it_looks_for_the_deck_master_after_the_final_pick_ups() -> None:
    """R33/R49: seat 1 picks up a Deck Master with the final Penal T, and comes before seat 2."""
    after = apply(four("TR", seat2="B12 DM", dealer=3, draw="DM R1"), play(0, "TR"))
    assert after["dealer"] == 1


def test_it_looks_for_the_deck_master_in_the_direction_before_the_final_play() -> None:
    """R49: the final Other Way Mae would turn play against the clock; the search still goes clockwise."""
    after = apply(four("OR", seat2="B12 DM", seat3="G12 DM", dealer=1), play(0, "OR"))
    assert after["dealer"] == 2


# R34: the winner


def test_it_names_the_lowest_total_the_winner() -> None:
    """R34: -3, 494 + 12 = 506, 1: seat 0 wins."""
    after = apply(three("R3", "Y12", "B1", totals=[0, 494, 0]), play(0, "R3"))
    assert after["winners"] == [0]


def test_it_shares_the_win_between_equal_totals() -> None:
    """R34: 10 - 3 = 7 and 5 + 2 = 7 tie; 495 + 12 = 507 ends the game."""
    after = apply(three("R3", "B2", "Y12", totals=[10, 5, 495]), play(0, "R3"))
    assert after["totals"] == [7, 7, 507]
    assert sorted(after["winners"]) == [0, 1]


def test_it_reshuffles_in_the_middle_of_a_pick_up() -> None:
    """R32: seat 1 must pick up 2 but one card is left: G1 comes first, then the pile below the Penal T
    (Y5 B5 R5) is shuffled into the draw and one of them follows; the Penal T play stays on the pile."""
    pile = [pile_play(1, "Y5 B5"), pile_play(2, "R5")]
    pos = three("TR Y4", pile=pile, top="R5", draw="G1", fill=False)
    after = apply(pos, play(0, "TR"))
    picked = in_hand(after, 1) - Counter(["Y12", "Y13"])
    assert picked["G1"] == 1
    assert sum(picked.values()) == 2
    assert set(picked) - {"G1"} <= {"Y5", "B5", "R5"}
    assert [entry["cards"] for entry in after["pile"]] == [["TR"]]
    assert len(after["draw"]) == 2
