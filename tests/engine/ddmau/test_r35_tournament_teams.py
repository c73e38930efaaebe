"""R35-R37 (with R48): tournament eliminations, team scores and partners."""

from __future__ import annotations

import pytest

from games import engine
from tests.engine.ddmau.positions import acts, apply, assert_refused, play, position, size, sizes

TEAMS_4 = [[0, 2], [1, 3]]
TEAMS_6 = [[0, 3], [1, 4], [2, 5]]


# R35: tournament play


def test_it_eliminates_a_player_above_505_and_plays_on() -> None:
    """R35: 500 + 12 = 512: seat 1 is out; the game goes on with seats 0 and 2."""
    pos = position(["R3", "Y12", "B1"], top="R7", totals=[0, 500, 0], mode="tournament", dealer=2)
    after = apply(pos, play(0, "R3"))
    assert after["out"] == [1]
    assert not after.get("over")
    assert after["totals"] == [-3, 512, 1]


def test_it_deals_the_next_hand_to_the_remaining_players_only() -> None:
    """R35/R3/R48: two players remain, so nine cards each; the eliminated seat gets none."""
    pos = position(["R3", "Y12", "B1"], top="R7", totals=[0, 500, 0], mode="tournament", dealer=2)
    after = apply(pos, play(0, "R3"))
    assert sizes(after) == [9, 0, 9]
    assert after["turn"] == 0


def test_it_sizes_hands_by_the_players_still_in_the_game() -> None:
    """R35/R3: eight seats, one eliminated: seven players get seven cards, not five."""
    hands = ["R3", "Y12", "B1", "B2", "G1", "G2", "Y1", "Y2"]
    pos = position(hands, top="R7", totals=[0, 500, 0, 0, 0, 0, 0, 0], mode="tournament", dealer=7)
    after = apply(pos, play(0, "R3"))
    assert sizes(after) == [7, 0, 7, 7, 7, 7, 7, 7]


def test_it_passes_the_turn_over_an_eliminated_seat() -> None:
    """R35/R44: seat 2 is out, so seat 3 follows seat 1."""
    pos = position(["Y12", "R5 Y5", [], "B12"], top="R7", turn=1, out=[2], mode="tournament")
    assert apply(pos, play(1, "R5"))["turn"] == 3


def test_it_skips_only_seats_still_in_the_game() -> None:
    """R44: seat 1's Skip skips seat 3 (seat 2 is out); seat 0 plays next."""
    pos = position(["Y12", "SR Y5", [], "B12"], top="R7", turn=1, out=[2], mode="tournament")
    assert apply(pos, play(1, "SR"))["turn"] == 0


def test_it_hits_the_next_seat_still_in_the_game() -> None:
    """R44: seat 1's Penal T hits seat 3, not the eliminated seat 2."""
    pos = position(["Y12", "TR Y5", [], "B12"], top="R7", turn=1, out=[2], mode="tournament")
    after = apply(pos, play(1, "TR"))
    assert size(after, 3) == 3
    assert size(after, 2) == 0
    assert after["turn"] == 0


def test_it_leaves_an_eliminated_total_alone() -> None:
    """R35: seat 3 left earlier at 520 and is not scored again."""
    pos = position(["R3", "Y12", "B1", []], top="R7", totals=[0, 0, 0, 520], out=[3], mode="tournament")
    after = apply(pos, play(0, "R3"))
    assert after["totals"] == [-3, 12, 1, 520]


def test_it_nets_a_tournament_total_before_eliminating() -> None:
    """R48: 493 + 12 = 505 becomes 350; nobody is eliminated."""
    pos = position(["R3", "Y12", "B1"], top="R7", totals=[0, 493, 0], mode="tournament")
    after = apply(pos, play(0, "R3"))
    assert after["totals"] == [-3, 350, 1]
    assert after["out"] == []


def test_it_crowns_the_last_player_standing() -> None:
    """R35: seats 1 and 2 both pass 505 in the same hand; seat 0 alone remains and wins."""
    pos = position(["R3", "Y12", "B12"], top="R7", totals=[0, 500, 500], mode="tournament")
    after = apply(pos, play(0, "R3"))
    assert after["over"] is True
    assert after["winners"] == [0]
    assert after["turn"] is None


def test_it_refuses_every_action_once_a_tournament_is_won() -> None:
    """R50: the game is over."""
    pos = position(["R3", "Y12", "B12"], top="R7", totals=[0, 500, 500], mode="tournament")
    after = apply(pos, play(0, "R3"))
    assert engine.legal_actions(after, 0) == []
    assert_refused(after, {"seat": 0, "act": "draw"}, "R50")


def test_it_starts_a_tournament_with_nobody_out() -> None:
    """R35: new_game in tournament mode."""
    game = engine.new_game(4, seed=3, mode="tournament")
    assert (game["mode"], game["out"]) == ("tournament", [])


# R36 and R48: teams


@pytest.mark.parametrize(("seats", "teams"), [(4, TEAMS_4), (6, TEAMS_6)])
def test_it_seats_partners_across_the_table(seats: int, teams: list[list[int]]) -> None:
    """R36: 4 players: 0+2, 1+3; 6 players: 0+3, 1+4, 2+5."""
    assert engine.new_game(seats, seed=5, teams=True)["teams"] == teams


def test_it_adds_partners_hand_scores() -> None:
    """R36: seat 0 out with a Just Take Two (-25), partner holds a red 10 (+10): the team scores -15.

    Seat 1 picks up R1 R2 from the Just Take Two: 12 + 13 + 1 + 2 = 28; seat 3 holds 25: that team 53.
    """
    pos = position(["JT", "Y12 Y13", "R10", "G12 G13"], top="R7", teams=TEAMS_4, draw="R1 R2")
    after = apply(pos, play(0, "JT"))
    assert after["totals"] == [-15, 53, -15, 53]


def test_it_adds_partners_scores_in_a_six_player_team_game() -> None:
    """R36: -3 + 5 = 2 for seats 0+3; 1 + 2 = 3 for 1+4; 1 + 2 = 3 for 2+5."""
    pos = position(["R3", "Y1", "B1", "G5", "Y2", "B2"], top="R7", teams=TEAMS_6)
    assert apply(pos, play(0, "R3"))["totals"] == [2, 3, 3, 2, 3, 3]


def test_it_adds_the_team_hand_to_the_team_total() -> None:
    """R36: both partners carry the team total: 100 - 3 + 1 = 98; 50 + 5 + 7 = 62."""
    pos = position(["R3", "Y5", "B1", "G7"], top="R7", teams=TEAMS_4, totals=[100, 50, 100, 50])
    assert apply(pos, play(0, "R3"))["totals"] == [98, 62, 98, 62]


def test_it_multiplies_the_partner_of_a_shadow_master_out_too() -> None:
    """R48: -35 + 10 x 2 = -15 for seats 0+2; (5 + 7) x 2 = 24 for seats 1+3."""
    pos = position(["SM", "Y5", "R10", "G7"], top="R7", teams=TEAMS_4)
    assert apply(pos, play(0, "SM", color="B"))["totals"] == [-15, 24, -15, 24]


def test_it_nets_a_team_total() -> None:
    """R31/R36: 490 + 5 + 7 = 502 becomes 350 for both partners."""
    pos = position(["R3", "Y5", "B1", "G7"], top="R7", teams=TEAMS_4, totals=[0, 490, 0, 490])
    assert apply(pos, play(0, "R3"))["totals"] == [-2, 350, -2, 350]


def test_it_names_both_partners_winners() -> None:
    """R34/R36: 495 + 12 = 507 ends the game; seats 0 and 2 (-2) win."""
    pos = position(["R3", "Y5", "B1", "G7"], top="R7", teams=TEAMS_4, totals=[0, 495, 0, 495])
    after = apply(pos, play(0, "R3"))
    assert after["over"] is True
    assert sorted(after["winners"]) == [0, 2]


def test_it_eliminates_partners_together_in_a_tournament() -> None:
    """R48: team 1+3 passes 505 (495 + 12 = 507): both leave; seats 0 and 2 are the last team standing."""
    pos = position(["R3", "Y5", "B1 B2", "G7"], top="R7", teams=TEAMS_4, totals=[0, 495, 0, 495], mode="tournament")
    after = apply(pos, play(0, "R3"))
    assert after["over"] is True
    assert sorted(after["winners"]) == [0, 2]


def test_it_names_the_lowest_eliminated_team_when_nobody_remains() -> None:
    """R35/R48: both teams pass 505 in one hand; the lower total wins.

    Seats 0+2: 450 - 3 + (12 + 13 + 12 + 13 + 12) = 450 + 59 = 509; seats 1+3: 470 + 25 + 24 = 519.
    """
    hands = ["R3", "G13 R12", "Y12 Y13 B12 B13 G12", "R13 R11"]
    pos = position(hands, top="R7", teams=TEAMS_4, totals=[450, 470, 450, 470], mode="tournament")
    after = apply(pos, play(0, "R3"))
    assert after["totals"] == [509, 519, 509, 519]
    assert after["over"] is True
    assert sorted(after["winners"]) == [0, 2]


# R37: partners play their own hands


def test_it_offers_no_way_to_pass_cards_to_a_partner() -> None:
    """R37: the acts are those of NOTATION.md; there is no giving."""
    pos = position(["R3 Y4", "Y5", "B1", "G7"], top="R7", teams=TEAMS_4)
    assert acts(pos, 0) <= {"play", "draw", "pass", "take", "block", "catch"}
    assert_refused(pos, {"seat": 0, "act": "give", "cards": ["Y4"], "target": 2}, "R17", "R37")


def test_it_offers_nothing_to_an_eliminated_seat() -> None:
    """R35/R46: an eliminated seat neither plays nor catches."""
    pos = position(["R3 Y4", "Y12 Y13", [], "B12"], top="R7", out=[2], mode="tournament", totals=[0, 0, 520, 0])
    after = apply(pos, play(0, "R3"))
    assert after["must_call"] == 0
    assert engine.legal_actions(after, 2) == []
