"""Every example, FAQ answer and tip of the DD MAU rulebook (seeds/000), each as a case of its own."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.ddmau.positions import (
    Position,
    apply,
    assert_refused,
    block,
    catch,
    draw,
    lists_play,
    play,
    points,
    position,
    size,
    sizes,
    top,
)

# Four seats unless an example needs more; seat 0 acts on a red 7.
OTHERS = ["Y12 Y13", "B12 B13", "R12 R13"]


def red_seven(mine: str, *others: str, **kwargs: Any) -> Position:
    kwargs.setdefault("top", "R7")
    return position([mine, *(others or OTHERS)], **kwargs)


# THE GAME BEGINS


def test_it_plays_all_three_tens_on_a_red_seven() -> None:
    """R12: "red 10, yellow 10 and blue 10 ... may play ALL three 10s at the same time"."""
    after = apply(red_seven("R10 Y10 B10 G4"), play(0, "R10 Y10 B10"))
    assert sizes(after) == [1, 2, 2, 2]
    assert top(after) == ("B10", "B")
    assert after["turn"] == 1


def test_it_forgets_a_missed_call_once_the_next_player_begins_their_turn() -> None:
    """R27: caught: the player draws one; if the next player begins the turn unnoticed, no card is given."""
    pos = apply(red_seven("R3 G4"), play(0, "R3"))
    assert size(apply(pos, catch(2, 0)), 0) == 2
    later = apply(pos, draw(1))
    assert_refused(later, catch(2, 0), "R27")
    assert size(later, 0) == 1


# PENAL "T"


def test_it_makes_the_target_pick_up_two_then_six_after_two_more_penal_ts() -> None:
    """R19: P1 plays a Penal T (P2 picks up 2, loses the turn); P3 plays two (P4 picks up 6)."""
    pos = red_seven("TR Y4 G4", "Y12 Y13", "TY TB B4", "R12 R13")
    after = apply(pos, play(0, "TR"))
    assert size(after, 1) == 2 + 2
    assert after["turn"] == 2
    after = apply(after, play(2, "TY TB"))
    assert size(after, 3) == 2 + 6
    assert after["turn"] == 0


def test_it_makes_the_next_player_pick_up_two_after_going_out_with_a_penal_t() -> None:
    """R28: the next player picks up 2 and adds them to the ending score: 12 + 13 + 1 + 2 = 28."""
    after = apply(red_seven("TR", draw="Y1 Y2"), play(0, "TR"))
    assert after["totals"] == [-20, 28, 25, 25]


# SKIP


def test_it_skips_two_and_hits_the_third_player_with_four() -> None:
    """R21: red Skip, blue Skip, blue Penal T, green Penal T: the third player picks up 4 and loses the turn."""
    after = apply(red_seven("SR SB TB TG G4"), play(0, "SR SB TB TG"))
    assert sizes(after) == [1, 2, 2, 6]
    assert after["turn"] == 0


# OTHER WAY MAE


def test_it_makes_the_player_go_again_after_a_double_reverse() -> None:
    """R22: two Other Way Maes: a double reverse, and the player still goes again."""
    after = apply(red_seven("OR OY G4"), play(0, "OR OY"))
    assert (after["turn"], after["direction"]) == (0, 1)


# JUST TAKE TWO


def test_it_makes_the_target_take_six_then_the_next_one_eight() -> None:
    """R20: JT on two Penal Ts: 6 cards, no turn lost; that player's Penal T: the next picks up 8 and loses the turn."""
    pos = red_seven("TR TY Y4", "Y12 Y13", "JT B4", "TB R13")
    after = apply(pos, play(0, "TR TY", ddmau=True))
    assert size(after, 1) == 2 + 4
    after = apply(after, play(2, "JT"))
    assert size(after, 3) == 2 + 6
    assert after["turn"] == 3
    assert top(after) == ("TY", "Y")
    after = apply(after, play(3, "TB"))
    assert size(after, 0) == 1 + 8
    assert after["turn"] == 1


# SHADOW MASTER


def test_it_scores_minus_35_and_doubles_the_others_for_a_shadow_master_out() -> None:
    """R30: -35 and everybody else x2: 25 x 2 = 50."""
    after = apply(red_seven("SM"), play(0, "SM", color="B"))
    assert after["totals"] == [-35, 50, 50, 50]


def test_it_scores_minus_70_and_quadruples_the_others_for_two_shadow_masters() -> None:
    """R30: -70 and x4: 25 x 4 = 100."""
    after = apply(red_seven("SM SM"), play(0, "SM SM", color="B"))
    assert after["totals"] == [-70, 100, 100, 100]


# LINK MASTER


def test_it_lets_a_link_master_go_first_and_then_a_green_seven() -> None:
    """R10: top red 7: LINK MASTER first, then green 7."""
    after = apply(red_seven("LM G7 G4"), play(0, "LM G7"))
    assert top(after) == ("G7", "G")


def test_it_plays_a_link_master_run_on_a_green_two() -> None:
    """R13: LINK MASTER, green 7, green 8, green 9 on a green 2."""
    after = apply(red_seven("LM G7 G8 G9 Y4", top="G2"), play(0, "LM G7 G8 G9"))
    assert top(after) == ("G9", "G")


def test_it_plays_a_run_with_sets_at_both_ends() -> None:
    """R13: LM B7 Y7 G7 G8 G9 G10 G11 B11 R11 on a red 7; the play changes the colour."""
    hand = "LM B7 Y7 G7 G8 G9 G10 G11 B11 R11 Y4"
    after = apply(red_seven(hand), play(0, "LM B7 Y7 G7 G8 G9 G10 G11 B11 R11"))
    assert top(after) == ("R11", "R")
    assert size(after, 0) == 1


def test_it_plays_a_run_in_reverse_order() -> None:
    """R13: runs may be in reverse order."""
    after = apply(red_seven("LM G9 G8 G7 Y4", top="G2"), play(0, "LM G9 G8 G7"))
    assert top(after) == ("G7", "G")


def test_it_refuses_two_link_masters_alone_but_accepts_link_and_deck_master() -> None:
    """R10: "LM LM" alone is not legal; "LM DM" alone is."""
    assert_refused(red_seven("LM LM G4"), play(0, "LM LM"), "R10")
    assert top(apply(red_seven("LM DM G4"), play(0, "LM DM"))) == ("R7", "R")


def test_it_accepts_two_link_masters_with_one_deck_master() -> None:
    """R10 (FAQ): "You may also play 2 LINK MASTER cards with one DECK MASTER"."""
    after = apply(red_seven("LM LM DM G4"), play(0, "LM LM DM"))
    assert size(after, 0) == 1


def test_it_accepts_link_and_deck_master_with_three_tens() -> None:
    """R10 (FAQ): LINK MASTER, DECK MASTER, red 10, blue 10, green 10."""
    after = apply(red_seven("LM DM R10 B10 G10 Y4"), play(0, "LM DM R10 B10 G10"))
    assert top(after) == ("G10", "G")


def test_it_looks_through_link_and_deck_master_to_the_play_before() -> None:
    """R7 (FAQ): after "LM DM" alone the next player plays on the last play: the red 7."""
    pos = red_seven("LM DM G4", "R3 Y13")
    after = apply(pos, play(0, "LM DM"))
    assert top(apply(after, play(1, "R3"))) == ("R3", "R")


def test_it_looks_through_just_take_two_to_the_play_before() -> None:
    """R7 (FAQ): "the same goes for a JTT card"."""
    pos = red_seven("JT G4", "R3 Y13")
    after = apply(pos, play(0, "JT"))
    assert top(apply(after, play(1, "R3"))) == ("R3", "R")


# DECK MASTER


def test_it_lets_a_player_go_out_with_a_green_seven_and_three_deck_masters() -> None:
    """R14/R33: -7, and that player becomes the new Deck Master."""
    after = apply(red_seven("G7 DM DM DM", dealer=2), play(0, "G7 DM DM DM"))
    assert after["totals"] == [-7, 25, 25, 25]
    assert (after["dealer"], after["turn"]) == (0, 1)


def test_it_lets_a_player_go_out_with_a_shadow_master_and_three_deck_masters() -> None:
    """R14/R33 (FAQ): -35 and the new Deck Master; the Shadow Master doubles the others (25 x 2)."""
    after = apply(red_seven("SM DM DM DM", dealer=2), play(0, "SM DM DM DM", color="Y"))
    assert after["totals"] == [-35, 50, 50, 50]
    assert after["dealer"] == 0


# MASTER MAU


def test_it_scores_the_rainbow_run_at_minus_164() -> None:
    """R13/R29: LM LM MM(as LM) R1 Y1 B1 Y2 R3 B4 G5 G6 Y7 B8 Y8 R8 on a red 7.

    30 + 30 + 50 + (1 + 1 + 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 8 + 8 = 54) = 164.
    """
    run = "LM LM MM R1 Y1 B1 Y2 R3 B4 G5 G6 Y7 B8 Y8 R8"
    assert points(run) == 164
    after = apply(red_seven(run), play(0, run, mm=["LM"]))
    assert after["last_hand"]["out"] == 0
    assert after["last_hand"]["points"][0] == -164
    assert after["totals"][0] == -164


def test_it_lists_the_rainbow_run_among_the_legal_plays() -> None:
    """R13: legal_actions offers the whole -164 play (in some order with the same outcome)."""
    run = "LM LM MM R1 Y1 B1 Y2 R3 B4 G5 G6 Y7 B8 Y8 R8"
    assert lists_play(red_seven(run), 0, run)


def test_it_blocks_a_penal_t_with_a_master_mau_and_may_go_again() -> None:
    """R25 (tip 6): block the hit; going again is allowed, not required."""
    pos = red_seven("TR G4", "MM Y5 Y13", "B12 B13", "R12 R13")
    after = apply(pos, play(0, "TR"), block(1))
    assert size(after, 1) == 2
    assert after["turn"] == 1
    assert apply(after, {"seat": 1, "act": "pass"})["turn"] == 2


# FAQ


def test_it_lets_a_master_mau_declared_skip_take_a_blue_skip_on_a_red_seven() -> None:
    """R16 (FAQ): MM as Skip absorbs red, so the blue Skip may follow; two players are skipped."""
    after = apply(red_seven("MM SB G4"), play(0, "MM SB", mm=["S"]))
    assert after["turn"] == 3
    assert top(after) == ("SB", "B")


def test_it_lets_a_master_mau_declared_penal_t_take_a_penal_t_of_any_colour() -> None:
    """R16 (FAQ): "Same goes for a Master Mau and any color Penal T": streak 2, seat 1 picks up 4."""
    after = apply(red_seven("MM TG G4"), play(0, "MM TG", mm=["T"]))
    assert size(after, 1) == 2 + 4


@pytest.mark.parametrize(
    ("kind", "color", "turn", "direction"),
    [("S", None, 3, 1), ("SM", "B", 2, 1), ("JT", None, 2, 1), ("T", None, 3, 1), ("O", None, 2, -1)],
)
def test_it_lets_a_sent_master_mau_become_any_power_card(
    kind: str, color: str | None, turn: int, direction: int
) -> None:
    """R16/R21 (FAQ): "SR MM" with the Master Mau as Skip, Shadow Master, JT, Penal T or Other Way Mae."""
    after = apply(red_seven("SR MM G4"), play(0, "SR MM", mm=[kind], color=color))
    assert (after["turn"], after["direction"]) == (turn, direction)


def test_it_needs_no_call_to_go_out_with_all_four_tens() -> None:
    """R27 (FAQ): going out with four 10s needs no DD MAU."""
    after = apply(red_seven("R10 Y10 B10 G10"), play(0, "R10 Y10 B10 G10"))
    assert after["last_hand"]["points"][0] == -40


# TOURNAMENT AND TEAMS, GOING OUT


@pytest.mark.parametrize("total", [500, 501, 502, 503, 504, 505])
def test_it_puts_a_score_of_500_to_505_back_to_350(total: int) -> None:
    """R31: the safety net: seat 1 ends the hand on `total` (total - 12 before, plus a yellow 12)."""
    pos = red_seven("R3", "Y12", "B1", "G1", totals=[0, total - 12, 0, 0])
    after = apply(pos, play(0, "R3"))
    assert after["totals"] == [-3, 350, 1, 1]


def test_it_ends_the_game_when_a_score_exceeds_505() -> None:
    """R31: 506 exceeds 505."""
    pos = red_seven("R3", "Y12", "B1", "G1", totals=[0, 494, 0, 0])
    assert apply(pos, play(0, "R3"))["over"] is True


def test_it_scores_a_team_minus_25_plus_10_as_minus_15() -> None:
    """R36: Player 1 goes out at -25 (a Just Take Two), partner Player 3 holds 10: the team scores -15.

    Player 2 picks up Y1 Y2 from the Just Take Two: 12 + 13 + 3 = 28; Player 4 holds 25: 53 for that team.
    """
    pos = red_seven("JT", "Y12 Y13", "R10", "R12 R13", teams=[[0, 2], [1, 3]], draw="Y1 Y2")
    after = apply(pos, play(0, "JT"))
    assert after["totals"] == [-15, 53, -15, 53]


# TIPS


def test_it_dumps_three_link_masters_and_two_shadow_masters_in_one_play() -> None:
    """Tip 4: "LM LM LM SM SM" sheds 3 x 30 + 2 x 35 = 160 points."""
    after = apply(red_seven("LM LM LM SM SM Y4"), play(0, "LM LM LM SM SM", color="G"))
    assert points(after["hands"][0]) == 4
    assert top(after) == ("SM", "G")


def test_it_skips_three_and_hits_the_fourth_then_hits_again_on_the_extra_turn() -> None:
    """Tip 5: five players, yellow 4 on top: "SY SB SR TR" hits seat 4 for 2, so it is seat 0's turn again;
    then "TG" hits seat 1 for 2 x 2 = 4."""
    pos = position(["SY SB SR TR TG G3", "Y12", "B12", "R12", "G12"], top="Y4")
    after = apply(pos, play(0, "SY SB SR TR"))
    assert size(after, 4) == 1 + 2
    assert after["turn"] == 0
    after = apply(after, play(0, "TG"))
    assert size(after, 1) == 1 + 4
    assert after["turn"] == 2


def test_it_lets_a_skip_send_a_shadow_master_colour_to_the_player_after() -> None:
    """Tip 7: "SR SM" naming green: seat 2 must follow green and cannot play its blue 5."""
    pos = red_seven("SR SM G4", "Y12 Y13", "B5 G5", "R12 R13")
    after = apply(pos, play(0, "SR SM", color="G"))
    assert after["turn"] == 2
    assert_refused(after, play(2, "B5"), "R11")
    assert top(apply(after, play(2, "G5"))) == ("G5", "G")


def test_it_lets_a_last_master_mau_give_the_next_player_two() -> None:
    """Tip 9: going out with the Master Mau as a Penal T: -50, the next player picks up Y1 Y2 (25 + 3 = 28)."""
    after = apply(red_seven("MM", draw="Y1 Y2"), play(0, "MM", mm=["T"]))
    assert after["totals"] == [-50, 28, 25, 25]


def test_it_lets_a_last_master_mau_double_everybody() -> None:
    """Tip 9: going out with the Master Mau as a Shadow Master: -50, everybody else x2."""
    after = apply(red_seven("MM"), play(0, "MM", mm=["SM"], color="R"))
    assert after["totals"] == [-50, 50, 50, 50]


def test_it_keeps_yellow_with_a_shadow_master_against_a_player_without_yellow() -> None:
    """Tip 12: yellow 2 on top: a Shadow Master naming yellow keeps seat 1's blue 6 out."""
    pos = red_seven("SM Y6 G4", "B6 R13", top="Y2")
    after = apply(pos, play(0, "SM", color="Y"))
    assert_refused(after, play(1, "B6"), "R11")
    after = apply(pos, play(0, "Y6"))
    assert top(apply(after, play(1, "B6"))) == ("B6", "B")
