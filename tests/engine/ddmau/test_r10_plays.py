"""R10-R16: what one play may contain (riders, body, chaining, runs, Deck Masters, Master Mau)."""

from __future__ import annotations

from typing import Any

from tests.engine.ddmau.positions import (
    Position,
    apply,
    assert_refused,
    in_hand,
    listed_plays,
    lists_play,
    play,
    position,
    size,
    sizes,
    top,
    top_colour,
)

# Seat 0 acts in a four-seat game; the others hold cards no test here plays.
OTHERS = ["Y12 Y13", "B12 B13", "R12 R13"]


def table(mine: str, top_card: str | tuple[str, str] | None = "R7", **kwargs: Any) -> Position:
    return position([mine, *OTHERS], top=top_card, **kwargs)


# R10: riders


def test_it_accepts_a_link_master_with_a_deck_master_as_a_whole_play() -> None:
    """R10: "LM DM" alone is legal and shows nothing new."""
    after = apply(table("LM DM Y3 B4"), play(0, "LM DM"))
    assert in_hand(after, 0) == in_hand(table("Y3 B4"), 0)
    assert top(after) == ("R7", "R")
    assert after["turn"] == 1


def test_it_refuses_two_link_masters_alone() -> None:
    """R10: "LM LM" is not a play."""
    assert_refused(table("LM LM Y3"), play(0, "LM LM"), "R10")


def test_it_refuses_a_link_master_alone() -> None:
    """R10: a Link Master is never played alone."""
    assert_refused(table("LM Y3"), play(0, "LM"), "R10")


def test_it_accepts_two_link_masters_with_one_deck_master() -> None:
    """R10: "LM LM DM" is legal: the Deck Master makes it so."""
    after = apply(table("LM LM DM Y3"), play(0, "LM LM DM"))
    assert size(after, 0) == 1
    assert top(after) == ("R7", "R")


def test_it_refuses_a_deck_master_alone_while_the_hand_goes_on() -> None:
    """R10/R14: a lone Deck Master needs a Link Master unless it empties the hand.

    Both R10 (riders only, no Link Master) and R14 (a Deck Master without its Link Master) describe it.
    """
    assert_refused(table("DM Y3"), play(0, "DM"), "R10", "R14")


def test_it_lets_riders_sit_after_the_body() -> None:
    """R10: riders may sit anywhere; the last *visible* card is the body's last card."""
    after = apply(table("G7 LM Y3"), play(0, "G7 LM"))
    assert top(after) == ("G7", "G")


def test_it_lets_riders_sit_inside_a_set() -> None:
    """R10: a Link Master between two cards of a set does not break the set."""
    after = apply(table("R10 LM Y10 B3"), play(0, "R10 LM Y10"))
    assert top(after) == ("Y10", "Y")
    assert size(after, 0) == 1


def test_it_accepts_link_and_deck_master_in_front_of_a_set() -> None:
    """R10 (FAQ): "LM DM R10 B10 G10" on a red 7."""
    after = apply(table("LM DM R10 B10 G10 Y3"), play(0, "LM DM R10 B10 G10"))
    assert top(after) == ("G10", "G")
    assert size(after, 0) == 1


def test_it_lets_a_player_go_out_with_deck_masters_alone() -> None:
    """R10/R14: going out with Deck Masters only is legal; they are worth 0."""
    after = apply(table("DM DM"), play(0, "DM DM"))
    assert after["last_hand"]["out"] == 0
    assert after["last_hand"]["points"][0] == 0


def test_it_refuses_going_out_with_link_masters_alone() -> None:
    """R10: going out does not make "LM LM" legal (a Link Master without a Deck Master beside it)."""
    assert_refused(table("LM LM"), play(0, "LM LM"), "R10")


def test_it_refuses_going_out_with_a_lone_link_master() -> None:
    """R10: a last card that is a Link Master cannot be played alone."""
    assert_refused(table("LM"), play(0, "LM"), "R10")


def test_it_lets_a_player_go_out_with_a_link_master_beside_deck_masters() -> None:
    """R10/R14: "LM DM DM" empties the hand: the Link Master has a Deck Master beside it. 30 + 0 + 0 = 30."""
    after = apply(table("LM DM DM"), play(0, "LM DM DM"))
    assert after["last_hand"]["out"] == 0
    assert after["last_hand"]["points"][0] == -30


# R11: the first body card


def test_it_accepts_a_number_of_the_top_colour() -> None:
    """R11: a number card matches by colour."""
    after = apply(table("R3 Y4"), play(0, "R3"))
    assert top(after) == ("R3", "R")
    assert after["turn"] == 1


def test_it_accepts_a_number_of_the_top_number() -> None:
    """R11: a number card matches by number, and the colour changes with it."""
    after = apply(table("G7 Y4"), play(0, "G7"))
    assert top(after) == ("G7", "G")


def test_it_refuses_a_number_of_another_colour_and_number() -> None:
    """R11: neither colour nor number."""
    assert_refused(table("Y3 Y4"), play(0, "Y3"), "R11")


def test_it_accepts_a_penal_t_of_the_top_colour() -> None:
    """R11: Penal T follows colour."""
    after = apply(table("TR Y4"), play(0, "TR"))
    assert top(after) == ("TR", "R")


def test_it_refuses_a_penal_t_of_another_colour_on_a_number() -> None:
    """R11: a blue Penal T does not match a red 7."""
    assert_refused(table("TB Y4"), play(0, "TB"), "R11")


def test_it_accepts_a_penal_t_of_any_colour_on_a_penal_t() -> None:
    """R11: Penal T on any Penal T."""
    after = apply(table("TB Y4", "TR", streak=1), play(0, "TB"))
    assert top(after) == ("TB", "B")


def test_it_accepts_a_skip_of_any_colour_on_a_skip() -> None:
    """R11: Skip on any Skip."""
    after = apply(table("SB Y4", "SR"), play(0, "SB"))
    assert top(after) == ("SB", "B")


def test_it_accepts_an_other_way_mae_of_any_colour_on_an_other_way_mae() -> None:
    """R11: Other Way Mae on any Other Way Mae."""
    after = apply(table("OB Y4", "OR"), play(0, "OB"))
    assert top(after) == ("OB", "B")


def test_it_refuses_a_skip_of_another_colour_on_a_penal_t() -> None:
    """R11: kinds match only themselves; a blue Skip is no match for a red Penal T."""
    assert_refused(table("SB Y4", "TR", streak=1), play(0, "SB"), "R11")


def test_it_accepts_just_take_two_on_anything() -> None:
    """R11: Just Take Two matches anything, here a green Skip."""
    after = apply(table("JT Y4", "SG"), play(0, "JT"))
    assert top(after) == ("SG", "G")


def test_it_accepts_a_shadow_master_on_anything() -> None:
    """R11: Shadow Master matches anything, here a blue Other Way Mae."""
    after = apply(table("SM Y4", "OB"), play(0, "SM", color="Y"))
    assert top(after) == ("SM", "Y")


def test_it_accepts_a_master_mau_on_anything() -> None:
    """R11: Master Mau matches anything; as a Penal T on a yellow Skip it takes yellow (R8)."""
    after = apply(table("MM Y4", "SY"), play(0, "MM", mm=["T"]))
    assert top_colour(after) == "Y"


def test_it_accepts_a_number_of_the_colour_of_a_power_card() -> None:
    """R11: a number card follows a Skip's colour."""
    after = apply(table("R5 Y4", "SR"), play(0, "R5"))
    assert top(after) == ("R5", "R")


def test_it_refuses_a_number_of_another_colour_on_a_power_card() -> None:
    """R11: a power card has no number to match."""
    assert_refused(table("Y5 Y4", "SR"), play(0, "Y5"), "R11")


# R12: chaining


def test_it_accepts_three_tens_on_a_red_seven() -> None:
    """R12: a set; the red 10 matches the red 7 and the others follow by number."""
    after = apply(table("R10 Y10 B10 G3"), play(0, "R10 Y10 B10"))
    assert top(after) == ("B10", "B")
    assert sizes(after) == [1, 2, 2, 2]


def test_it_refuses_a_set_whose_first_card_does_not_match() -> None:
    """R11: the first body card must match; a yellow 10 first does not match a red 7."""
    assert_refused(table("R10 Y10 B10 G3"), play(0, "Y10 R10 B10"), "R11")


def test_it_lists_the_three_tens_among_the_legal_plays() -> None:
    """R12: legal_actions offers the set."""
    assert lists_play(table("R10 Y10 B10 G3"), 0, "R10 Y10 B10")


def test_it_refuses_colour_following_inside_a_play() -> None:
    """R12: "R5 R9" is illegal."""
    assert_refused(table("R5 R9 Y4"), play(0, "R5 R9"), "R12")


def test_it_refuses_a_power_card_after_a_number_card() -> None:
    """R12: no power card after a number card."""
    assert_refused(table("R5 TR Y4"), play(0, "R5 TR"), "R12")


def test_it_refuses_a_number_card_after_a_power_card() -> None:
    """R12: no number card after a power card."""
    assert_refused(table("TR R5 Y4"), play(0, "TR R5"), "R12")


def test_it_accepts_a_stack_of_penal_ts_of_any_colours() -> None:
    """R12: power to power of the same kind. Streak 2, so seat 1 picks up 2 x 2 = 4."""
    after = apply(table("TR TG Y4"), play(0, "TR TG"))
    assert top(after) == ("TG", "G")
    assert size(after, 1) == 2 + 4


def test_it_refuses_two_power_kinds_without_a_skip_between() -> None:
    """R12/R42: a Penal T is followed only by Penal Ts (both rulings say so)."""
    assert_refused(table("TR OR Y4"), play(0, "TR OR"), "R12", "R42")


def test_it_lets_a_skip_send_a_penal_t_of_its_colour() -> None:
    """R12/R21: "SR TR": seat 1 is skipped, seat 2 picks up 2 and loses the turn, so seat 3 plays."""
    after = apply(table("SR TR Y4"), play(0, "SR TR"))
    assert sizes(after) == [1, 2, 4, 2]
    assert after["turn"] == 3


def test_it_refuses_a_skip_sending_a_power_card_that_does_not_match_it() -> None:
    """R12/R42: a blue Penal T does not match a red Skip."""
    assert_refused(table("SR TB Y4"), play(0, "SR TB"), "R12", "R42")


def test_it_refuses_a_skip_after_a_sent_penal_t() -> None:
    """R12/R42: once a power card other than a Skip follows, only its kind may follow."""
    assert_refused(table("SR TR SB Y4"), play(0, "SR TR SB"), "R12", "R42")


def test_it_lets_a_skip_send_a_just_take_two() -> None:
    """R21: "SR JT": seat 2 picks up 2 and keeps the turn; Just Take Two is invisible, the red Skip shows."""
    after = apply(table("SR JT Y4"), play(0, "SR JT"))
    assert size(after, 2) == 2 + 2
    assert after["turn"] == 2
    assert top(after) == ("SR", "R")


def test_it_lets_a_skip_send_a_shadow_master() -> None:
    """R21/R23: "SR SM" naming blue: seat 2 must follow blue."""
    after = apply(table("SR SM Y4"), play(0, "SR SM", color="B"))
    assert after["turn"] == 2
    assert top(after) == ("SM", "B")


# R13 and R41: runs


def green_two(mine: str) -> Position:
    return table(mine, "G2")


def test_it_accepts_a_link_master_run() -> None:
    """R13: "LM G7 G8 G9" on a green 2."""
    after = apply(green_two("LM G7 G8 G9 Y3"), play(0, "LM G7 G8 G9"))
    assert top(after) == ("G9", "G")
    assert size(after, 0) == 1


def test_it_refuses_a_run_without_a_link_master() -> None:
    """R13: runs need a Link Master in the play."""
    assert_refused(green_two("G7 G8 G9 Y3"), play(0, "G7 G8 G9"), "R13")


def test_it_accepts_a_run_in_reverse() -> None:
    """R13: numbers may fall by 1."""
    after = apply(green_two("LM G9 G8 G7 Y3"), play(0, "LM G9 G8 G7"))
    assert top(after) == ("G7", "G")


def test_it_accepts_a_long_run_as_one_run() -> None:
    """R41: a run is a maximal stretch: G5..G11 is one run, so one Link Master is enough."""
    after = apply(green_two("LM G5 G6 G7 G8 G9 G10 G11 Y3"), play(0, "LM G5 G6 G7 G8 G9 G10 G11"))
    assert top(after) == ("G11", "G")


def test_it_accepts_a_link_master_in_the_middle_of_a_run() -> None:
    """R10/R13: the rider may sit inside the run."""
    after = apply(green_two("G7 LM G8 G9 Y3"), play(0, "G7 LM G8 G9"))
    assert top(after) == ("G9", "G")


def test_it_accepts_sets_at_both_ends_of_a_run() -> None:
    """R13: "LM B7 Y7 G7 G8 G9 G10 G11 B11 R11" on a red 7, ending red."""
    hand = "LM B7 Y7 G7 G8 G9 G10 G11 B11 R11 Y3"
    after = apply(table(hand), play(0, "LM B7 Y7 G7 G8 G9 G10 G11 B11 R11"))
    assert top(after) == ("R11", "R")
    assert size(after, 0) == 1


def test_it_refuses_a_lone_run_step() -> None:
    """R13/R41: a run needs three cards; "G7 G8" is a lone step."""
    assert_refused(green_two("LM G7 G8 Y3"), play(0, "LM G7 G8"), "R13", "R41")


def test_it_refuses_a_lone_step_between_a_run_and_a_set() -> None:
    """R41: "G7 G8 G9 Y9 Y10": the run is fine, the step Y9-Y10 after the set is alone."""
    assert_refused(green_two("LM LM G7 G8 G9 Y9 Y10 B3"), play(0, "LM LM G7 G8 G9 Y9 Y10"), "R13", "R41")


def test_it_refuses_a_run_changing_colour_without_a_master_mau() -> None:
    """R13: a run is of one colour unless a Master Mau is declared Link Master."""
    assert_refused(table("LM G7 Y8 B9 G3", "R7"), play(0, "LM G7 Y8 B9"), "R12", "R13", "R41")


def test_it_does_not_run_from_thirteen_to_one() -> None:
    """R13: numbers rise or fall by exactly 1; 13 does not wrap to 1."""
    assert_refused(green_two("LM G11 G12 G13 G1 Y3"), play(0, "LM G11 G12 G13 G1"), "R12", "R13", "R41")


def test_it_accepts_two_runs_with_two_link_masters_and_a_set_between() -> None:
    """R13: G5 G6 G7 (run), G7 Y7 (set), Y7 Y8 Y9 (run): two runs, two Link Masters."""
    hand = "LM LM G5 G6 G7 Y7 Y8 Y9 B3"
    after = apply(green_two(hand), play(0, "LM LM G5 G6 G7 Y7 Y8 Y9"))
    assert top(after) == ("Y9", "Y")


def test_it_refuses_two_runs_with_one_link_master() -> None:
    """R13/R40: as many runs as Link Masters."""
    hand = "LM G5 G6 G7 Y7 Y8 Y9 B3"
    assert_refused(green_two(hand), play(0, "LM G5 G6 G7 Y7 Y8 Y9"), "R13", "R40")


def test_it_accepts_a_run_up_then_a_set_then_a_run_down() -> None:
    """R41: a change of direction is fine with a set transition between: G7 G8 G9, G9 Y9, Y9 Y8 Y7."""
    hand = "LM LM G7 G8 G9 Y9 Y8 Y7 B3"
    after = apply(table(hand), play(0, "LM LM G7 G8 G9 Y9 Y8 Y7"))
    assert top(after) == ("Y7", "Y")


def test_it_accepts_a_rainbow_run_with_a_master_mau_as_link_master() -> None:
    """R13: with a Master Mau declared Link Master, runs ignore colour: G7 Y8 B9 on a red 7."""
    after = apply(table("MM G7 Y8 B9 G3"), play(0, "MM G7 Y8 B9", mm=["LM"]))
    assert top(after) == ("B9", "B")


def test_it_refuses_a_rainbow_run_that_turns_without_a_set() -> None:
    """R41: R7 Y8 B9 then G8 B7 changes direction with no set between: refused although two licences exist."""
    hand = "LM MM R7 Y8 B9 G8 B7 G3"
    assert_refused(table(hand, "R2"), play(0, "LM MM R7 Y8 B9 G8 B7", mm=["LM"]), "R12", "R13", "R41")


def test_it_accepts_a_rainbow_run_that_turns_at_a_set() -> None:
    """R41: R7 Y8 B9 (up), B9 G9 (set), G9 G8 Y7 (down), on a red 2 with LM and MM-as-LM."""
    hand = "LM MM R7 Y8 B9 G9 G8 Y7 B3"
    after = apply(table(hand, "R2"), play(0, "LM MM R7 Y8 B9 G9 G8 Y7", mm=["LM"]))
    assert top(after) == ("Y7", "Y")


# R14 and R40: Deck Masters and their Link Masters


def test_it_refuses_two_deck_masters_with_one_link_master_while_the_hand_goes_on() -> None:
    """R14/R40: each Deck Master needs its own Link Master (R40 restates R14's count)."""
    assert_refused(table("LM DM DM G7 Y3"), play(0, "LM DM DM G7"), "R14", "R40")


def test_it_accepts_two_deck_masters_with_two_link_masters() -> None:
    """R14: one Link Master for each Deck Master."""
    after = apply(table("LM LM DM DM G7 Y3"), play(0, "LM LM DM DM G7"))
    assert top(after) == ("G7", "G")
    assert size(after, 0) == 1


def test_it_refuses_a_deck_master_without_a_link_master_in_front_of_a_card() -> None:
    """R14: "DM G7" while cards remain."""
    assert_refused(table("DM G7 Y3"), play(0, "DM G7"), "R14", "R40")


def test_it_lets_one_link_master_carry_a_deck_master_and_license_a_run() -> None:
    """R40: the two counts are independent: one Link Master, one Deck Master, one run."""
    after = apply(green_two("LM DM G7 G8 G9 Y3"), play(0, "LM DM G7 G8 G9"))
    assert top(after) == ("G9", "G")


def test_it_counts_two_link_masters_against_two_deck_masters_and_two_runs_independently() -> None:
    """R40: two Link Masters cover two Deck Masters and two runs at once (2 >= 2 and 2 >= 2)."""
    hand = "LM LM DM DM G5 G6 G7 Y7 Y8 Y9 B3"
    after = apply(green_two(hand), play(0, "LM LM DM DM G5 G6 G7 Y7 Y8 Y9"))
    assert top(after) == ("Y9", "Y")
    assert size(after, 0) == 1


# R15: a Link Master is not a wild card


def test_it_does_not_let_a_link_master_make_an_unmatched_card_playable() -> None:
    """R15: "LM G5" on a red 7 is as illegal as "G5" (R11 is the rule the body breaks)."""
    assert_refused(table("LM G5 Y3"), play(0, "LM G5"), "R11", "R15")


def test_it_does_not_let_a_link_master_join_unrelated_numbers() -> None:
    """R15: "LM R5 G9" is not a set and not a run."""
    assert_refused(table("LM R5 G9 Y3"), play(0, "LM R5 G9"), "R12", "R13", "R15")


# R16: Master Mau declarations


def test_it_lets_a_master_mau_declared_skip_stack_with_a_blue_skip_on_a_red_seven() -> None:
    """R16 (FAQ): "MM(as Skip) SB" on a red 7 skips two players: seat 0 -> seat 3."""
    after = apply(table("MM SB Y3"), play(0, "MM SB", mm=["S"]))
    assert after["turn"] == 3
    assert top(after) == ("SB", "B")


def test_it_lets_a_master_mau_declared_penal_t_stack_with_any_penal_t() -> None:
    """R16 (FAQ): "MM(as T) TB" on a red 7: streak 2, seat 1 picks up 4 and loses the turn."""
    after = apply(table("MM TB Y3"), play(0, "MM TB", mm=["T"]))
    assert size(after, 1) == 2 + 4
    assert after["turn"] == 2


def test_it_lets_a_master_mau_declared_skip_send_a_penal_t_of_the_absorbed_colour() -> None:
    """R16/R38: the Master Mau becomes a red Skip on the red 7, so a red Penal T may be sent."""
    after = apply(table("MM TR Y3"), play(0, "MM TR", mm=["S"]))
    assert size(after, 2) == 2 + 2
    assert after["turn"] == 3


def test_it_refuses_a_master_mau_declared_skip_sending_another_colour() -> None:
    """R16/R38: the absorbed colour is red; a blue Penal T does not match a red Skip."""
    assert_refused(table("MM TB Y3"), play(0, "MM TB", mm=["S"]), "R12", "R42")


def test_it_refuses_a_master_mau_without_a_declaration() -> None:
    """R16: a Master Mau must be declared."""
    assert_refused(table("MM Y3"), play(0, "MM"), "R16")


def test_it_refuses_a_master_mau_declared_as_a_deck_master() -> None:
    """R16: the declarations are T, S, O, JT, SM and LM only."""
    assert_refused(table("MM Y3"), play(0, "MM", mm=["DM"]), "R16")


def test_it_refuses_a_declaration_for_a_play_without_a_master_mau() -> None:
    """R16: one declaration per Master Mau, no more."""
    assert_refused(table("R3 Y3"), play(0, "R3", mm=["T"]), "R16")


def test_it_refuses_two_master_maus_declared_as_different_kinds_in_a_row() -> None:
    """R12: a Master Mau counts as its declared kind, so a Penal T then a Skip do not chain."""
    assert_refused(table("MM MM Y3"), play(0, "MM MM", mm=["T", "S"]), "R12", "R42")


def test_it_lets_a_master_mau_declared_link_master_carry_a_deck_master() -> None:
    """R16/R10: "MM(as LM) DM" is a rider play with a Link Master and a Deck Master."""
    after = apply(table("MM DM Y3"), play(0, "MM DM", mm=["LM"]))
    assert top(after) == ("R7", "R")
    assert size(after, 0) == 1


def test_it_refuses_a_master_mau_declared_link_master_alone() -> None:
    """R16/R10: declared Link Master, it is a rider and cannot be played alone."""
    assert_refused(table("MM Y3"), play(0, "MM", mm=["LM"]), "R10")


def test_it_shows_a_master_mau_declared_shadow_master_in_the_named_colour() -> None:
    """R16/R23: declared Shadow Master, it names a colour."""
    after = apply(table("MM Y3"), play(0, "MM", mm=["SM"], color="G"))
    assert top_colour(after) == "G"
    assert after["turn"] == 1


def test_it_keeps_the_named_colour_on_the_pile_play() -> None:
    """R39/NOTATION: the play on the pile keeps the cards in order, the declarations and the colour."""
    after = apply(table("LM SM Y3"), play(0, "LM SM", color="B"))
    shown = after["pile"][-1]
    assert (shown["seat"], shown["cards"], shown["mm"], shown["color"]) == (0, ["LM", "SM"], [], "B")


# legal_actions lists the rider plays and the runs


def test_it_lists_link_and_deck_master_as_a_play_of_their_own() -> None:
    """R10 (tip 3): with nothing else to play, "LM DM" is still a legal play."""
    assert lists_play(table("LM DM Y3"), 0, "LM DM")


def test_it_never_lists_link_masters_alone() -> None:
    """R10: "LM" and "LM LM" are not plays."""
    plays = listed_plays(table("LM LM Y3"), 0)
    assert all(set(cards) != {"LM"} for cards in plays)


def test_it_lists_a_link_master_run() -> None:
    """R13: legal_actions offers "LM G7 G8 G9" on a green 2."""
    assert lists_play(green_two("LM G7 G8 G9 Y3"), 0, "LM G7 G8 G9")


def test_it_does_not_list_a_run_without_a_link_master() -> None:
    """R13: with no Link Master, the green run is not offered (single cards and nothing longer)."""
    plays = listed_plays(green_two("G7 G8 G9 Y3"), 0)
    assert all(len(cards) == 1 for cards in plays)


def test_it_accepts_three_runs_with_three_link_masters() -> None:
    """R13: G1 G2 G3 | G3 Y3 | Y3 Y4 Y5 | Y5 B5 | B5 B6 B7 on a green 9: three runs, three Link Masters."""
    hand = "LM LM LM G1 G2 G3 Y3 Y4 Y5 B5 B6 B7 R1"
    after = apply(table(hand, "G9"), play(0, "LM LM LM G1 G2 G3 Y3 Y4 Y5 B5 B6 B7"))
    assert top(after) == ("B7", "B")


def test_it_refuses_three_runs_with_two_link_masters() -> None:
    """R13/R40: the third run has no Link Master."""
    hand = "LM LM G1 G2 G3 Y3 Y4 Y5 B5 B6 B7 R1"
    assert_refused(table(hand, "G9"), play(0, "LM LM G1 G2 G3 Y3 Y4 Y5 B5 B6 B7"), "R13", "R40")
