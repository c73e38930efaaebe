"""R18-R25: the hit streak, Penal T, Just Take Two, Skip and sending, Other Way Mae, Shadow Master,
Master Mau and blocking."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tests.engine.ddmau.positions import (
    Position,
    acts,
    apply,
    assert_refused,
    block,
    draw,
    in_hand,
    pass_turn,
    pile_play,
    play,
    position,
    size,
    sizes,
    take,
    top,
    top_colour,
)

Top = str | tuple[str, str] | None


def table(mine: str, top_card: Top = "R7", *, seat1: str = "Y12 Y13", **kwargs: Any) -> Position:
    """Four seats, seat 0 to act; seat 1 (the usual target) may be given a Master Mau."""
    return position([mine, seat1, "B12 B13", "R12 R13"], top=top_card, **kwargs)


# R18: the hit streak


def test_it_starts_a_streak_with_a_penal_t() -> None:
    """R18: one Penal T on the pile: streak 1."""
    assert apply(table("TR Y4"), play(0, "TR"))["streak"] == 1


def test_it_resets_the_streak_with_a_number_card() -> None:
    """R18: any other visible card resets it."""
    assert apply(table("R5 Y4", "TR", streak=2), play(0, "R5"))["streak"] == 0


def test_it_resets_the_streak_with_a_shadow_master() -> None:
    """R18: a Shadow Master is visible and not a Penal T."""
    assert apply(table("SM Y4", "TR", streak=2), play(0, "SM", color="B"))["streak"] == 0


def test_it_keeps_the_streak_through_just_take_two() -> None:
    """R18/R20: Just Take Two adds to the streak: 1 + 1 = 2, so seat 1 picks up 2 x 2 = 4."""
    after = apply(table("JT Y4", "TR", streak=1), play(0, "JT"))
    assert after["streak"] == 2
    assert size(after, 1) == 2 + 4


def test_it_leaves_the_streak_alone_on_a_play_of_riders_only() -> None:
    """R43: "LM DM" neither adds to nor resets the streak; the next Penal T makes it 2 (seat 2 picks up 4)."""
    pos = table("LM DM Y4", "TR", seat1="TY Y13", streak=1)
    after = apply(pos, play(0, "LM DM"))
    assert after["streak"] == 1
    after = apply(after, play(1, "TY"))
    assert after["streak"] == 2
    assert size(after, 2) == 2 + 4


def test_it_leaves_the_streak_alone_on_a_draw() -> None:
    """R43: draws do not touch the streak."""
    assert apply(table("Y3 Y4", "TR", streak=2), draw(0))["streak"] == 2


# R19: Penal T


def test_it_makes_the_next_player_pick_up_two_and_lose_the_turn() -> None:
    """R19: streak 1: 2 x 1 = 2 cards; seat 1 loses the turn, seat 2 plays."""
    after = apply(table("TR Y4"), play(0, "TR"))
    assert sizes(after) == [1, 4, 2, 2]
    assert after["turn"] == 2
    assert after["pending"] is None


def test_it_gives_the_picked_up_cards_from_the_top_of_the_draw_pile() -> None:
    """R19: the target picks up the next cards of the draw pile."""
    after = apply(table("TR Y4", draw="G1 G2"), play(0, "TR"))
    assert in_hand(after, 1) == Counter(["Y12", "Y13", "G1", "G2"])


def test_it_hits_the_previous_seat_when_play_runs_the_other_way() -> None:
    """R19/R21: with direction -1 the target of seat 0 is seat 3, and seat 2 plays next."""
    after = apply(table("TR Y4", direction=-1), play(0, "TR"))
    assert size(after, 3) == 2 + 2
    assert after["turn"] == 2


def test_it_makes_the_target_pick_up_four_on_a_streak_of_one() -> None:
    """R19: a Penal T on a Penal T: streak 2, 2 x 2 = 4 cards."""
    after = apply(table("TB Y4", "TR", streak=1), play(0, "TB"))
    assert size(after, 1) == 2 + 4


def test_it_waits_for_a_target_who_holds_a_master_mau() -> None:
    """R19/R25: the target may block, so the hit is pending and the target is to act."""
    after = apply(table("TR Y4", seat1="MM Y13"), play(0, "TR"))
    assert after["pending"]["target"] == 1
    assert after["pending"]["kind"] == "T"
    assert after["pending"]["cards"] == 2
    assert after["turn"] == 1
    assert size(after, 1) == 2


def test_it_offers_the_target_only_take_and_block() -> None:
    """R25: a pending hit must be taken or blocked (seat 0 called DD MAU, so there is nothing to catch)."""
    after = apply(table("TR Y4", seat1="MM Y13"), play(0, "TR", ddmau=True))
    assert acts(after, 1) == {"take", "block"}


def test_it_makes_the_target_lose_the_turn_after_taking_a_penal_t() -> None:
    """R19: take: two cards and the turn passes to seat 2."""
    after = apply(table("TR Y4", seat1="MM Y13"), play(0, "TR"), take(1))
    assert size(after, 1) == 4
    assert after["turn"] == 2
    assert after["pending"] is None


def test_it_refuses_a_play_by_the_target_of_a_pending_hit() -> None:
    """R25: the pending hit comes first."""
    pos = apply(table("TR Y4", seat1="MM Y13"), play(0, "TR"))
    assert_refused(pos, play(1, "MM", mm=["T"]), "R25")


def test_it_refuses_a_draw_by_the_target_of_a_pending_hit() -> None:
    """R25: the pending hit comes first."""
    pos = apply(table("TR Y4", seat1="MM Y13"), play(0, "TR"))
    assert_refused(pos, draw(1), "R25")


# R20: Just Take Two


def test_it_makes_the_next_player_just_take_two_and_keep_the_turn() -> None:
    """R20: streak 1: 2 cards, and seat 1 still plays, looking through to the red 7."""
    after = apply(table("JT Y4"), play(0, "JT"))
    assert size(after, 1) == 4
    assert (after["turn"], after["draws"]) == (1, 0)
    assert top(after) == ("R7", "R")


def test_it_makes_the_target_take_six_after_just_take_two_on_two_penal_ts() -> None:
    """R20: streak 2 + 1 = 3: 2 x 3 = 6 cards, without losing the turn."""
    after = apply(table("JT Y4", "TY", streak=2), play(0, "JT"))
    assert size(after, 1) == 2 + 6
    assert after["turn"] == 1


def test_it_adds_up_stacked_just_take_twos() -> None:
    """R20: "JT JT": streak 2, 4 cards."""
    after = apply(table("JT JT Y4"), play(0, "JT JT"))
    assert size(after, 1) == 2 + 4
    assert after["turn"] == 1


def test_it_keeps_the_turn_with_the_target_after_taking_a_just_take_two() -> None:
    """R20: the target takes two and then plays."""
    after = apply(table("JT Y4", seat1="MM Y13"), play(0, "JT"))
    assert after["pending"]["kind"] == "JT"
    after = apply(after, take(1))
    assert size(after, 1) == 4
    assert (after["turn"], after["draws"], after["pending"]) == (1, 0, None)


# R21: Skip and sending


def test_it_skips_the_next_player() -> None:
    """R21: one Skip: seat 1 is skipped, seat 2 plays."""
    after = apply(table("SR Y4"), play(0, "SR"))
    assert after["turn"] == 2
    assert sizes(after) == [1, 2, 2, 2]


def test_it_skips_against_the_clock_when_the_direction_is_reversed() -> None:
    """R21: direction -1: seat 1 skips seat 0 and seat 3 plays."""
    after = apply(position(["Y12", "SR Y4", "B12 B13", "R12 R13"], top="R7", turn=1, direction=-1), play(1, "SR"))
    assert after["turn"] == 3


def test_it_skips_one_player_per_skip() -> None:
    """R21: three Skips in five seats skip seats 1, 2 and 3; seat 4 plays."""
    pos = position(["SY SB SR G3", "Y12", "B12", "R12", "G12"], top="Y4")
    after = apply(pos, play(0, "SY SB SR"))
    assert after["turn"] == 4


def test_it_comes_round_to_the_skipping_player() -> None:
    """R21/R44: two Skips in three seats: the third seat on is seat 0 itself, which plays again."""
    pos = position(["SR SB G3", "Y12 Y13", "B12 B13"], top="R7", draws=1)
    after = apply(pos, play(0, "SR SB"))
    assert (after["turn"], after["draws"]) == (0, 0)


def test_it_keeps_counting_round_the_table_with_more_skips_than_players() -> None:
    """R21/R44: three Skips in three seats: the fourth seat on is seat 1."""
    pos = position(["SR SB SY G3", "Y12 Y13", "B12 B13"], top="R7")
    assert apply(pos, play(0, "SR SB SY"))["turn"] == 1


def test_it_lands_a_sent_master_mau_penal_t_after_the_skipped_player() -> None:
    """R21 (FAQ): "SR MM(as T)": seat 1 skipped, seat 2 picks up 2 and loses the turn."""
    after = apply(table("SR MM Y4"), play(0, "SR MM", mm=["T"]))
    assert size(after, 2) == 4
    assert size(after, 1) == 2
    assert after["turn"] == 3


def test_it_hits_the_seat_after_two_skips_with_two_sent_penal_ts() -> None:
    """R21: "SR SB TB TG": seats 1 and 2 skipped, seat 3 picks up 2 x 2 = 4, seat 0 plays next."""
    after = apply(table("SR SB TB TG Y4"), play(0, "SR SB TB TG"))
    assert sizes(after) == [1, 2, 2, 6]
    assert after["turn"] == 0


# R22: Other Way Mae


def test_it_reverses_the_direction_and_makes_the_player_go_again() -> None:
    """R22: seat 0 plays again; direction -1."""
    after = apply(table("OR Y4 R5"), play(0, "OR"))
    assert (after["turn"], after["direction"], after["draws"]) == (0, -1, 0)


def test_it_sends_play_the_new_way_after_the_second_turn() -> None:
    """R22: after going again, seat 0's next play passes the turn to seat 3."""
    after = apply(table("OR Y4 R5"), play(0, "OR"), play(0, "R5"))
    assert after["turn"] == 3


def test_it_flips_twice_for_two_other_way_maes() -> None:
    """R22: a double reverse; seat 0 still goes again."""
    after = apply(table("OR OY Y4"), play(0, "OR OY"))
    assert (after["turn"], after["direction"]) == (0, 1)


def test_it_starts_the_second_turn_with_no_draws_made() -> None:
    """R22/R44: a player who goes again starts a fresh turn."""
    after = apply(table("Y3 Y4", draw="OR"), draw(0), play(0, "OR"))
    assert (after["turn"], after["draws"]) == (0, 0)


def test_it_gives_the_turn_to_the_target_of_a_sent_other_way_mae() -> None:
    """R22/R44: "SR OR": the target is found the old way (seat 2), then the direction flips."""
    after = apply(table("SR OR Y4"), play(0, "SR OR"))
    assert (after["turn"], after["direction"]) == (2, -1)


def test_it_flips_once_per_sent_other_way_mae() -> None:
    """R22/R44: "SR OR OY": target seat 2, two flips leave the direction clockwise."""
    after = apply(table("SR OR OY Y4"), play(0, "SR OR OY"))
    assert (after["turn"], after["direction"]) == (2, 1)


def test_it_makes_the_player_of_a_master_mau_other_way_go_again() -> None:
    """R22/R24: a Master Mau declared Other Way Mae reverses and takes the top's colour (R8)."""
    after = apply(table("MM Y4", "Y9"), play(0, "MM", mm=["O"]))
    assert (after["turn"], after["direction"]) == (0, -1)
    assert top_colour(after) == "Y"


# R23: Shadow Master


def test_it_makes_the_next_player_follow_the_named_colour() -> None:
    """R23: Shadow Master naming blue; the player does not go again."""
    after = apply(table("SM Y4"), play(0, "SM", color="B"))
    assert top(after) == ("SM", "B")
    assert after["turn"] == 1


def test_it_accepts_a_card_of_the_named_colour_after_a_shadow_master() -> None:
    """R23: seat 1 follows blue."""
    pos = position(["SM Y4", "B5 R5", "B12 B13", "R12 R13"], top="R7")
    after = apply(pos, play(0, "SM", color="B"), play(1, "B5"))
    assert top(after) == ("B5", "B")


def test_it_refuses_a_card_of_the_old_colour_after_a_shadow_master() -> None:
    """R23/R11: the red 7 underneath no longer counts."""
    pos = position(["SM Y4", "B5 R5", "B12 B13", "R12 R13"], top="R7")
    assert_refused(apply(pos, play(0, "SM", color="B")), play(1, "R5"), "R11")


def test_it_refuses_a_shadow_master_without_a_colour() -> None:
    """R23: the player names a colour."""
    assert_refused(table("SM Y4"), play(0, "SM"), "R23")


def test_it_refuses_a_shadow_master_naming_no_colour_of_the_deck() -> None:
    """R23: the colours are R, Y, B and G."""
    assert_refused(table("SM Y4"), play(0, "SM", color="P"), "R23")


# R24: Master Mau counts as its declared kind


def test_it_makes_a_master_mau_declared_just_take_two_hit_without_losing_the_turn() -> None:
    """R24: as Just Take Two: seat 1 picks up 2, keeps the turn, and sees the red 7."""
    after = apply(table("MM Y4"), play(0, "MM", mm=["JT"]))
    assert size(after, 1) == 4
    assert after["turn"] == 1
    assert top(after) == ("R7", "R")


def test_it_makes_a_master_mau_declared_skip_skip() -> None:
    """R24: as Skip."""
    assert apply(table("MM Y4"), play(0, "MM", mm=["S"]))["turn"] == 2


# R25: blocking


def hit_on_seat_one(seat1: str = "MM Y13", played: str = "TR", mm: tuple[str, ...] = ()) -> Position:
    return apply(table(f"{played} Y4", seat1=seat1), play(0, played, mm=mm))


def test_it_blocks_a_penal_t_with_a_master_mau() -> None:
    """R25: nothing picked up, the Master Mau leaves the hand, the streak resets, the blocker is to act."""
    after = apply(hit_on_seat_one(), block(1))
    assert in_hand(after, 1) == Counter(["Y13"])
    assert (after["pending"], after["streak"], after["turn"], after["blocked"], after["draws"]) == (None, 0, 1, 1, 0)


def test_it_keeps_the_card_beneath_a_block_on_top() -> None:
    """R25/R7: the block is invisible: the red Penal T is still the top."""
    assert top(apply(hit_on_seat_one(), block(1))) == ("TR", "R")


def test_it_lets_the_blocker_pass_at_once() -> None:
    """R25/R45: after a block the blocker may pass before any draw."""
    after = apply(hit_on_seat_one(), block(1), pass_turn(1))
    assert (after["turn"], after["blocked"]) == (2, None)
    assert size(after, 1) == 1


def test_it_lets_the_blocker_take_a_normal_turn() -> None:
    """R25: the blocker plays on the Penal T beneath; the streak started afresh, so seat 2 picks up 2."""
    after = apply(hit_on_seat_one("MM TY Y13"), block(1), play(1, "TY"))
    assert size(after, 2) == 2 + 2
    assert after["turn"] == 3


def test_it_blocks_a_just_take_two() -> None:
    """R25: Just Take Two can be blocked as well."""
    after = apply(hit_on_seat_one(played="JT"), block(1))
    assert size(after, 1) == 1
    assert (after["turn"], after["pending"]) == (1, None)


def test_it_blocks_a_master_mau_declared_penal_t() -> None:
    """R25: a hit by a Master Mau declared Penal T is a pending hit too."""
    pos = hit_on_seat_one(played="MM", mm=("T",))
    assert pos["pending"]["kind"] == "T"
    after = apply(pos, block(1))
    assert (size(after, 1), after["streak"]) == (1, 0)


def test_it_refuses_a_block_by_a_player_who_is_not_the_target() -> None:
    """R25: only the target blocks; seat 2 holds a Master Mau too."""
    pos = apply(position(["TR Y4", "MM Y13", "MM B13", "R12 R13"], top="R7"), play(0, "TR"))
    assert_refused(pos, block(2), "R25", "R17")


def test_it_refuses_a_block_when_no_hit_is_pending() -> None:
    """R25: there is nothing to block."""
    assert_refused(table("MM Y4"), block(0), "R25")


def test_it_waits_with_the_whole_count_of_a_stack() -> None:
    """R19: "TR TG" on a target holding a Master Mau: 2 x 2 = 4 cards wait; taking them adds 4."""
    pos = apply(table("TR TG Y4", seat1="MM Y13"), play(0, "TR TG"))
    assert pos["pending"]["cards"] == 4
    assert size(apply(pos, take(1)), 1) == 2 + 4


def test_it_waits_with_six_for_a_just_take_two_on_two_penal_ts() -> None:
    """R20: streak 2 + 1 = 3: six cards wait for the target."""
    pos = apply(table("JT Y4", "TY", seat1="MM Y13", streak=2), play(0, "JT"))
    assert (pos["pending"]["kind"], pos["pending"]["cards"]) == ("JT", 6)


def test_it_lets_the_blocker_pass_but_not_the_others() -> None:
    """R25/R45: after a block, legal_actions offers the blocker a pass before any draw."""
    after = apply(hit_on_seat_one(), block(1))
    assert {"pass", "draw"} <= acts(after, 1)


def test_it_accepts_a_power_card_of_the_named_colour_on_a_shadow_master() -> None:
    """R11/R23: a blue Penal T follows a Shadow Master naming blue; a red one does not."""
    pile = [pile_play(3, "R7"), pile_play(3, "SM", color="B")]
    pos = table("TB TR Y4", ("SM", "B"), pile=pile)
    assert top(apply(pos, play(0, "TB"))) == ("TB", "B")
    assert_refused(pos, play(0, "TR"), "R11")


def test_it_colours_a_second_master_mau_by_the_first() -> None:
    """R38: "MM MM" both as Penal T on a yellow 4: yellow; streak 2, seat 1 picks up 4."""
    after = apply(table("MM MM G3", "Y4"), play(0, "MM MM", mm=["T", "T"]))
    assert top_colour(after) == "Y"
    assert size(after, 1) == 2 + 4


def test_it_hits_with_a_penal_t_carried_by_riders() -> None:
    """R10/R19: "LM DM TR": the riders change nothing; seat 1 picks up 2 and loses the turn."""
    after = apply(table("LM DM TR Y4"), play(0, "LM DM TR"))
    assert size(after, 1) == 4
    assert after["turn"] == 2


def test_it_sends_an_other_way_mae_past_two_skips() -> None:
    """R22/R44: "SR SB OB": seats 1 and 2 skipped, seat 3 is the target; the direction flips."""
    after = apply(table("SR SB OB Y4"), play(0, "SR SB OB"))
    assert (after["turn"], after["direction"]) == (3, -1)
