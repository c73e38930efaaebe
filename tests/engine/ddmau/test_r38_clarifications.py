"""R38-R50: the clarifications."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games import engine
from tests.engine.ddmau.positions import (
    Position,
    acts,
    apply,
    assert_refused,
    block,
    catch,
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


def four(seat0: str, seat1: str = "Y12 Y13", top_card: Any = "R7", **kwargs: Any) -> Position:
    return position([seat0, seat1, "B12 B13", "G12 G13"], top=top_card, **kwargs)


# R38: Master Mau visibility and colour


def test_it_keeps_a_master_mau_declared_link_master_invisible() -> None:
    """R38: "G7 MM(as LM)": the green 7 shows, not the Master Mau."""
    after = apply(four("G7 MM Y4"), play(0, "G7 MM", mm=["LM"]))
    assert top(after) == ("G7", "G")


def test_it_keeps_a_master_mau_declared_just_take_two_invisible() -> None:
    """R38: the red 7 still shows after "MM(as JT)"."""
    after = apply(four("MM Y4"), play(0, "MM", mm=["JT"]))
    assert top(after) == ("R7", "R")


def test_it_shows_a_master_mau_declared_other_way_mae() -> None:
    """R38: visible, in the colour of the green 5 it was played on."""
    after = apply(four("MM Y4", top_card="G5"), play(0, "MM", mm=["O"]))
    assert top(after) != ("G5", "G")
    assert top_colour(after) == "G"


def test_it_colours_a_master_mau_by_the_body_card_just_before_it() -> None:
    """R38: "SB MM(as T)" on a red Skip: the Master Mau is blue, not red. Seat 2 is hit, seat 3 plays."""
    after = apply(four("SB MM Y4", top_card="SR"), play(0, "SB MM", mm=["T"]))
    assert top_colour(after) == "B"
    assert size(after, 2) == 4
    assert after["turn"] == 3


def test_it_colours_a_first_body_master_mau_by_the_top_even_behind_riders() -> None:
    """R38: "LM DM MM(as S)" on a yellow 4: the riders are no body cards; the Skip is yellow."""
    after = apply(four("LM DM MM G3", top_card="Y4"), play(0, "LM DM MM", mm=["S"]))
    assert top_colour(after) == "Y"
    assert after["turn"] == 2


# R39: one colour per play


def test_it_applies_the_one_named_colour_to_every_shadow_master() -> None:
    """R39: "SM SM" naming yellow."""
    after = apply(four("SM SM Y4"), play(0, "SM SM", color="Y"))
    assert top(after) == ("SM", "Y")
    assert after["turn"] == 1


# R40: Link Masters count twice, independently


def test_it_frees_deck_masters_but_not_runs_from_link_masters_when_going_out() -> None:
    """R40/R14: going out needs no Link Master for Deck Masters, but the run still needs one."""
    assert_refused(four("DM G7 G8 G9", top_card="G2"), play(0, "DM G7 G8 G9"), "R13", "R40")


def test_it_lets_one_link_master_license_a_run_while_deck_masters_ride_free_going_out() -> None:
    """R40: "LM DM DM G7 G8 G9" empties the hand: 30 + 7 + 8 + 9 = 54."""
    after = apply(four("LM DM DM G7 G8 G9", top_card="G2"), play(0, "LM DM DM G7 G8 G9"))
    assert after["last_hand"]["points"][0] == -54


# R42: sending matches each card against the one before it


def test_it_matches_a_sent_card_against_the_skip_just_before_it() -> None:
    """R42: in "SR SB TB" the blue Penal T follows the blue Skip."""
    after = apply(four("SR SB TB Y4"), play(0, "SR SB TB"))
    assert size(after, 3) == 4
    assert after["turn"] == 0


def test_it_refuses_a_sent_card_matching_only_an_earlier_skip() -> None:
    """R42: "SR SB TR": the red Penal T does not match the blue Skip before it."""
    assert_refused(four("SR SB TR Y4"), play(0, "SR SB TR"), "R12", "R42")


def test_it_lets_a_stack_follow_a_sent_penal_t() -> None:
    """R42: "SR TR TB": the blue Penal T stacks on the sent red one; seat 2 picks up 4."""
    after = apply(four("SR TR TB Y4"), play(0, "SR TR TB"))
    assert size(after, 2) == 2 + 4
    assert after["turn"] == 3


# R43: the streak


def test_it_resets_the_streak_with_the_skips_that_send_penal_ts() -> None:
    """R43: streak 2 on the red Penal T; "SR SB TB" resets it, the sent Penal T starts at 1: seat 3 picks up 2."""
    after = apply(four("SR SB TB Y4", top_card="TR", streak=2), play(0, "SR SB TB"))
    assert after["streak"] == 1
    assert size(after, 3) == 2 + 2


def test_it_keeps_the_streak_when_a_hit_is_taken() -> None:
    """R43: a take leaves the streak alone."""
    after = apply(four("TR Y4", "MM Y13"), play(0, "TR"), take(1))
    assert after["streak"] == 1


def test_it_keeps_the_streak_when_a_player_passes() -> None:
    """R43: draws and passes leave it alone."""
    pos = four("Y3 Y4", top_card="TR", streak=3, draws=2)
    after = apply(pos, draw(0), pass_turn(0))
    assert after["streak"] == 3


# R44: targets


def test_it_gives_two_players_and_one_skip_the_same_player_again() -> None:
    """R44: with two players a Skip brings the turn back to its player, with no draws made."""
    pos = position(["SR Y4 Y5", "Y12 Y13"], top="R7", draws=2)
    after = apply(pos, play(0, "SR"))
    assert (after["turn"], after["draws"]) == (0, 0)


def test_it_can_make_the_sender_its_own_target() -> None:
    """R44: two players, "SR TR" while cards remain: the target is seat 0 itself, who picks up 2 and loses the turn."""
    pos = position(["SR TR Y4", "Y12 Y13"], top="R7")
    after = apply(pos, play(0, "SR TR"))
    assert sizes(after) == [1 + 2, 2]
    assert after["turn"] == 1


def test_it_finds_the_target_of_a_sent_other_way_mae_in_the_old_direction() -> None:
    """R44: five seats, "SR OR" from seat 0: clockwise target seat 2 (the new way it would be seat 3)."""
    pos = position(["SR OR Y4", "Y12", "B12", "G12", "R12"], top="R7")
    after = apply(pos, play(0, "SR OR"))
    assert (after["turn"], after["direction"]) == (2, -1)


def test_it_starts_the_blockers_turn_with_no_draws() -> None:
    """R44: a blocker starts a fresh turn: three draws are open."""
    after = apply(four("TR Y4", "MM Y13"), play(0, "TR"), block(1), draw(1), draw(1), draw(1))
    assert after["draws"] == 3
    assert after["turn"] == 1


# R45: the block on the pile


def test_it_puts_the_block_on_the_pile_in_its_own_form() -> None:
    """R45: {"seat": 1, "cards": ["MM"], "mm": [], "color": null, "block": true}."""
    after = apply(four("TR Y4", "MM Y13"), play(0, "TR"), block(1))
    entry = after["pile"][-1]
    assert {key: entry.get(key) for key in ("seat", "cards", "mm", "color", "block")} == {
        "seat": 1,
        "cards": ["MM"],
        "mm": [],
        "color": None,
        "block": True,
    }


def test_it_does_not_count_a_block_as_a_play_for_the_call() -> None:
    """R45: blocking down to one card needs no DD MAU call."""
    after = apply(four("TR Y4", "MM Y13"), play(0, "TR", ddmau=True), block(1))
    assert size(after, 1) == 1
    assert after["must_call"] is None


def test_it_ends_the_hand_when_a_player_blocks_with_the_last_card() -> None:
    """R45: the block is the final play, scored -50; seat 0 keeps 4, seats 2 and 3 hold 25 each."""
    after = apply(four("TR Y4", "MM"), play(0, "TR", ddmau=True), block(1))
    assert after["last_hand"]["out"] == 1
    assert after["totals"] == [4, -50, 25, 25]


def test_it_clears_blocked_when_the_blockers_turn_ends() -> None:
    """R45: `blocked` holds the blocker only until their turn ends."""
    after = apply(four("TR Y4", "MM Y13"), play(0, "TR"), block(1))
    assert after["blocked"] == 1
    after = apply(after, draw(1), draw(1), draw(1), pass_turn(1))
    assert after["blocked"] is None


# R47: nothing to draw


def nothing_to_draw() -> Position:
    return four("Y3 Y4", pile=[pile_play(3, "R7")], draw=[], fill=False)


def test_it_lets_a_draw_from_nothing_count_as_a_draw() -> None:
    """R47: the draw does nothing and counts."""
    after = apply(nothing_to_draw(), draw(0))
    assert in_hand(after, 0) == Counter(["Y3", "Y4"])
    assert (after["turn"], after["draws"]) == (0, 1)


def test_it_lets_a_player_with_nothing_to_draw_pass_at_once() -> None:
    """R47: pass is legal at once."""
    assert {"pass", "draw"} <= acts(nothing_to_draw(), 0)
    assert apply(nothing_to_draw(), pass_turn(0))["turn"] == 1


# R48: new hands


def test_it_lets_the_first_seat_still_in_the_game_after_the_dealer_lead() -> None:
    """R48: dealer 0; seat 1 is eliminated by this hand, so seat 2 leads the next."""
    pos = position(["B1", "Y12", "R3", "G1"], top="R7", turn=2, dealer=0, totals=[0, 500, 0, 0], mode="tournament")
    after = apply(pos, play(2, "R3"))
    assert after["out"] == [1]
    assert (after["dealer"], after["turn"]) == (0, 2)


# R49: reshuffle and next dealer


def test_it_reshuffles_the_whole_pile_when_nothing_visible_lies_on_it() -> None:
    """R49: top null: every card of the pile goes back."""
    pos = four("Y3 Y4", top_card=None, pile=[pile_play(3, "LM DM")], draw=[], fill=False)
    after = apply(pos, draw(0))
    assert after["pile"] == []
    assert len(after["draw"]) == 1
    assert sum((in_hand(after, 0) - Counter(["Y3", "Y4"])).values()) == 1


def test_it_passes_the_deal_clockwise_when_the_old_dealer_is_eliminated() -> None:
    """R49: dealer 3 is eliminated (its Deck Master does not count); nobody else holds one: seat 0 deals."""
    pos = position(["R3", "B1", "G1", "Y12 DM"], top="R7", turn=0, dealer=3, totals=[0, 0, 0, 500], mode="tournament")
    after = apply(pos, play(0, "R3"))
    assert after["out"] == [3]
    assert (after["dealer"], after["turn"]) == (0, 1)


# R50: game over


def game_over() -> Position:
    return apply(four("R3", "Y12", totals=[0, 500, 0, 0]), play(0, "R3"))


def test_it_clears_turn_pending_and_call_when_the_game_ends() -> None:
    """R50."""
    after = game_over()
    assert after["over"] is True
    assert (after["turn"], after["pending"], after["must_call"]) == (None, None, None)


def test_it_offers_no_action_after_the_game_ends() -> None:
    """R50: every action is refused, so none is listed."""
    after = game_over()
    assert all(engine.legal_actions(after, seat) == [] for seat in range(4))


def test_it_refuses_every_action_after_the_game_ends() -> None:
    """R50: plays, draws, passes and catches alike."""
    after = game_over()
    hand = after["hands"][1]
    for action in (play(1, hand[:1]), draw(1), pass_turn(2), catch(2, 1), take(1), block(1)):
        assert_refused(after, action, "R50")
