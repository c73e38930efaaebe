"""R4-R6: the first dealer, the empty pile and who leads, later dealers."""

from __future__ import annotations

from typing import Any

import pytest

from games import engine
from tests.engine.ddmau.positions import Position, apply, assert_refused, play, position, size, top


def test_it_starts_a_game_with_an_empty_pile_and_a_fresh_state() -> None:
    """R5/R9/R18: no card is turned over; clockwise; no streak, nothing pending, zero totals."""
    game = engine.new_game(4, seed=1)
    assert (game["variant"], game["rules"], game["mode"], game["teams"], game["out"]) == (
        "ddmau",
        {},
        "standard",
        None,
        [],
    )
    assert (game["pile"], game["top"], game["streak"], game["direction"], game["draws"]) == ([], None, 0, 1, 0)
    assert (game["pending"], game["must_call"], game["blocked"]) == (None, None, None)
    assert game["totals"] == [0, 0, 0, 0]


@pytest.mark.parametrize("seed", range(6))
def test_it_lets_the_seat_left_of_the_dealer_lead(seed: int) -> None:
    """R5: the next seat clockwise from the dealer plays first."""
    game = engine.new_game(5, seed=seed)
    assert game["turn"] == (game["dealer"] + 1) % 5


def test_it_deals_the_same_game_from_the_same_seed() -> None:
    """R4: the same seed gives the same game."""
    assert engine.new_game(4, seed=42) == engine.new_game(4, seed=42)


def test_it_deals_different_games_from_different_seeds() -> None:
    """R4: the shuffle follows the seed."""
    hands = {str(engine.new_game(4, seed=seed)["hands"]) for seed in range(5)}
    assert len(hands) == 5


def test_it_finds_the_first_dealer_by_the_deal_off_not_always_at_seat_zero() -> None:
    """R4: the first seat dealt a Deck Master deals; over 40 seeds that is not always the same seat."""
    dealers = {engine.new_game(4, seed=seed)["dealer"] for seed in range(40)}
    assert len(dealers) >= 2
    assert dealers <= {0, 1, 2, 3}


def test_it_keeps_the_house_rules_given_to_a_new_game() -> None:
    """R31 options travel in the position's rules."""
    rules = {"target": 300, "net_low": 290, "net_reset": 200}
    assert engine.new_game(3, seed=1, rules=rules)["rules"] == rules


def empty_pile(mine: str, **kwargs: Any) -> Position:
    """Start of a hand: seat 0 deals, seat 1 leads on an empty pile."""
    return position(["Y12 Y13", mine, "B12 B13", "R12 R13"], top=None, turn=1, dealer=0, **kwargs)


@pytest.mark.parametrize("lead", ["Y3", "R10 Y10", "LM G7 G8 G9"])
def test_it_lets_the_leader_lead_any_number_play(lead: str) -> None:
    """R5: anything may be led on the empty pile; the last card shows."""
    after = apply(empty_pile(f"{lead} B4"), play(1, lead))
    last = lead.split()[-1]
    assert top(after) == (last, last[0])
    assert after["turn"] == 2


def test_it_lets_the_leader_lead_a_penal_t_of_any_colour() -> None:
    """R5/R19: a blue Penal T led on the empty pile hits seat 2."""
    after = apply(empty_pile("TB B4"), play(1, "TB"))
    assert top(after) == ("TB", "B")
    assert size(after, 2) == 4
    assert after["turn"] == 3


def test_it_lets_the_leader_lead_an_other_way_mae_and_go_again() -> None:
    """R5/R22."""
    after = apply(empty_pile("OB B4"), play(1, "OB"))
    assert (after["turn"], after["direction"]) == (1, -1)


def test_it_lets_the_leader_lead_a_shadow_master_naming_a_colour() -> None:
    """R5/R23."""
    after = apply(empty_pile("SM B4"), play(1, "SM", color="Y"))
    assert top(after) == ("SM", "Y")


def test_it_lets_the_leader_name_the_colour_of_a_master_mau_skip() -> None:
    """R8/R39: led on an empty pile, a Master Mau declared Skip takes the colour its player names."""
    after = apply(empty_pile("MM B4"), play(1, "MM", mm=["S"], color="G"))
    assert after["top"]["color"] == "G"
    assert after["turn"] == 3


def test_it_refuses_a_coloured_master_mau_led_without_a_colour() -> None:
    """R8/R39 (R50 maps a missing colour to R23): nothing to absorb, so a colour must be named."""
    assert_refused(empty_pile("MM B4"), play(1, "MM", mm=["T"]), "R23", "R8", "R39")


def test_it_leaves_the_pile_open_after_a_lead_of_riders_only() -> None:
    """R5/R7: after "LM DM" nothing visible lies on the pile, so seat 2 may lead anything."""
    pos = position(["Y12 Y13", "LM DM B4", "G9 B13", "R12 R13"], top=None, turn=1, dealer=0)
    after = apply(pos, play(1, "LM DM"))
    assert after["top"] is None
    assert top(apply(after, play(2, "G9"))) == ("G9", "G")


def test_it_leaves_the_pile_open_after_a_lead_of_just_take_two() -> None:
    """R5/R7/R20: Just Take Two is invisible; seat 2 picks up two and may still lead anything."""
    pos = position(["Y12 Y13", "JT B4", "G9 B13", "R12 R13"], top=None, turn=1, dealer=0)
    after = apply(pos, play(1, "JT"))
    assert after["top"] is None
    assert size(after, 2) == 4
    assert top(apply(after, play(2, "G9"))) == ("G9", "G")


def test_it_chooses_later_dealers_by_r33() -> None:
    """R6/R33: after the first hand the dealer is not dealt off again: seat 2 went out with a Deck Master."""
    pos = position(["Y12 Y13", "B12 B13", "G7 DM", "R12 R13"], top="R7", turn=2, dealer=0)
    after = apply(pos, play(2, "G7 DM"))
    assert (after["dealer"], after["turn"]) == (2, 3)
