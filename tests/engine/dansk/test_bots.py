"""The bots: full games through `get_rules("dansk")`, legal choices only, the greedy bot's habits."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from games.engine.dansk.bots import BOTS, GreedyBot, RandomBot, get_bot, greedy_win_rate, play_game, seen_unable
from games.engine.dansk.cards import DECK, FITS
from games.engine.rules import get_rules

from .helpers import Cards, deck_count, legal, play, position


class Checked:
    """Wraps a bot: every action it returns must be one of `legal`; its views hide other hands."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.calls = 0

    def choose(self, view: Any, legal: list[dict[str, Any]]) -> dict[str, Any]:
        self._check_view(view)
        action = self.bot.choose(view, legal)
        assert action in legal
        self.calls += 1
        return dict(action)

    def react(self, view: Any, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
        self._check_view(view)
        action: dict[str, Any] | None = self.bot.react(view, legal)
        assert action is None or action in legal
        return action

    @staticmethod
    def _check_view(view: Any) -> None:
        assert sum(isinstance(hand, list) for hand in view["hands"]) == 1
        assert isinstance(view["draw"], int)
        assert "seed" not in view


@pytest.mark.parametrize(
    ("seats", "rules"),
    [(4, None), (2, {"mau_catch": "catch"}), (3, {"first_card": "redraw", "rounds": 2}), (6, {"rounds": 1})],
)
def test_it_plays_whole_games_with_the_bots(seats: int, rules: dict[str, Any] | None) -> None:
    game = get_rules("dansk", rules)
    for seed in range(3):
        bots = [Checked(get_bot("greedy" if s % 2 else "random", seed=f"{seed}|{s}")) for s in range(seats)]
        final = play_game(game, bots, seed)
        assert final["over"] is True
        assert final["winners"]
        assert final["hand"] == game.option_values()["rounds"]
        assert deck_count(final) == Counter(DECK)
        assert all(bot.calls for bot in bots)


def test_it_names_the_bots() -> None:
    assert set(BOTS) == {"random", "greedy"}
    assert BOTS["random"](1).name == "random"
    assert BOTS["greedy"](None).name == "greedy"
    with pytest.raises(ValueError, match="unknown bot"):
        get_bot("clever")


def test_it_replays_the_same_game_with_the_same_seeds() -> None:
    game = get_rules("dansk")
    first = play_game(game, [RandomBot(1), RandomBot(2), GreedyBot()], "same")
    again = play_game(game, [RandomBot(1), RandomBot(2), GreedyBot()], "same")
    assert first == again


def view_and_legal(pos: dict[str, Any], seat: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    return get_rules("dansk", pos["rules"]).view(pos, seat), legal(pos, seat)


def test_it_has_the_greedy_bot_go_out_and_say_mau() -> None:
    pos = position([["G1"], "B1 B3", "Y1"], pile="G5")
    assert GreedyBot().choose(*view_and_legal(pos, 0)) == play(0, "G1")
    pos = position([["G1", "R9"], "B1 B3", "Y1"], pile="G5")
    assert GreedyBot().choose(*view_and_legal(pos, 0)) == play(0, "G1", mau=True)


def test_it_has_the_greedy_bot_answer_a_draw_2_hit() -> None:
    pos = position([["B2", "B3"], "T2B G1 G4", "Y1"], pile="T2G", pending=(1, 4), turn=1)
    assert GreedyBot().choose(*view_and_legal(pos, 1)) == play(1, "T2B")


def test_it_has_the_greedy_bot_catch_every_missed_mau() -> None:
    pos = position([["B2"], "T2B G1 G4", "Y1 Y2"], pile="G5", turn=1, must_call=[0], rules={"mau_catch": "catch"})
    assert GreedyBot().react(*view_and_legal(pos, 2)) == {"seat": 2, "act": "catch", "target": 0}
    assert GreedyBot().react(*view_and_legal(pos, 0)) is None


def test_it_has_the_greedy_bot_shed_points_and_keep_a_colour_change() -> None:
    pos = position([["G1", "G9", "CC", "B5", "Y5"], "B1 B3 B4 B6", "Y1 Y2 Y3"], pile="G5")
    assert GreedyBot().choose(*view_and_legal(pos, 0)) == play(0, "G9")


def test_it_has_the_greedy_bot_hit_a_next_player_about_to_go_out() -> None:
    pos = position([["G1", "T4G", "G2", "B5", "B6"], "B1", "Y1 Y2 Y3"], pile="G5")
    assert GreedyBot().choose(*view_and_legal(pos, 0)) == play(0, "T4G")


def test_it_has_the_greedy_bot_name_the_colour_it_holds_most() -> None:
    pos = position([["CC", "R1", "R2", "R3", "B9"], "B1 B3 B4", "Y1 Y2 Y3"], pile="G5")
    assert GreedyBot().choose(*view_and_legal(pos, 0)) == play(0, "CC", color="R")


def test_it_has_the_greedy_bot_beat_random_bots() -> None:
    # the full measure (1,000 games) is in the report; a short run still shows the edge
    assert greedy_win_rate(24, seed=7) > 0.3


def test_it_has_the_greedy_bot_keep_a_colour_change_as_its_last_card() -> None:
    # a Colour change fits on anything: kept for last, it goes out next turn (danger or not)
    pos = position([["CC", "G3"], "B1 B3", "Y1 Y2 Y3"], pile="G5")
    assert GreedyBot().choose(*view_and_legal(pos, 0)) == play(0, "G3", mau=True)


def test_it_has_the_greedy_bot_play_what_a_next_player_about_to_go_out_can_least_follow() -> None:
    # most blue cards lie on the discard pile, so a 1-card hand is far less likely to follow B5 than G9
    pile = "B1 B1 B2 B2 B3 B3 B4 B4 B6 B6 B7 B7 B8 B8 B9 B9 G5"
    pos = position([["G9", "B5", "R1", "R2"], "Y4", "Y1 Y2 Y3"], pile=pile)
    assert GreedyBot().choose(*view_and_legal(pos, 0)) == play(0, "B5")


def test_it_has_the_greedy_bot_keep_a_draw_2_to_answer_a_hit_until_the_next_player_is_close() -> None:
    # nobody is close to going out: the Draw 2 stays in hand, ready to pass on a hit aimed at the bot
    others = ["B1 B3 B4 B6 B9", "Y1 Y2 Y3 Y4 Y6", "R5 R6 R7 R8 R9"]
    pos = position([["G4", "T2G", "B7", "R2", "Y8"], *others], pile="G9")
    assert GreedyBot().choose(*view_and_legal(pos, 0)) == play(0, "G4")
    # the next player is down to two cards: now it is worth playing
    pos = position([["G4", "T2G", "B7", "R2", "Y8"], "B1 B3", *others[1:]], pile="G9")
    assert GreedyBot().choose(*view_and_legal(pos, 0)) == play(0, "T2G")


def test_it_has_the_greedy_bot_spend_its_colour_change_on_a_next_player_with_one_card() -> None:
    # most yellow cards are on the discard pile: naming yellow leaves the one-card hand little to follow
    pile = "Y1 Y1 Y2 Y2 Y3 Y3 Y4 Y4 Y6 Y6 Y7 Y7 Y8 Y8 Y9 Y9 STY STY T4Y RVY G8"
    hand = ["CC", "G2", "B3", "R4", "G6"]
    pos = position([hand, "B1", "R5 R6 R7 R8 R9", "B5 B6 B7 B8 B9"], pile=pile)
    assert GreedyBot().choose(*view_and_legal(pos, 0)) == play(0, "CC", color="Y")
    # with nobody close, the Colour change is kept and the highest green card goes
    pos = position([hand, "B1 B2 B4 B6 B9", "R5 R6 R7 R8 R9", "B5 B6 B7 B8 B9"], pile=pile)
    assert GreedyBot().choose(*view_and_legal(pos, 0)) == play(0, "G6")


def test_it_has_the_greedy_bot_weigh_only_what_its_seat_may_see() -> None:
    # the same view with other hidden hands and draw pile gives the same choice
    hand = ["G4", "T2G", "B7", "R2", "Y8"]
    first = position([hand, "B1 B3 B4 B6 B9", "Y1 Y2 Y3 Y4 Y6", "R5 R6 R7 R8 R9"], pile="G9")
    second = position([hand, "R1 R2 R3 STB T4B", "CC CC B8 B9 G1", "Y5 Y6 Y7 Y8 Y9"], pile="G9")
    assert view_and_legal(first, 0)[0]["hands"] == view_and_legal(second, 0)[0]["hands"]
    assert GreedyBot().choose(*view_and_legal(first, 0)) == GreedyBot().choose(*view_and_legal(second, 0))


def test_it_has_the_greedy_bot_take_changed_weights() -> None:
    # a habit turned off changes the choice: without the wish to keep it, the Draw 2 (10 points) goes
    pos = position([["G4", "T2G", "B7", "R2", "Y8"], "B1 B3 B4 B6 B9", "Y1 Y2 Y3 Y4 Y6", "R5 R6 R7 R8 R9"], pile="G9")
    assert GreedyBot({"draw2": 0.0, "points": 1.0}).choose(*view_and_legal(pos, 0)) == play(0, "T2G")
    with pytest.raises(ValueError, match="unknown habit"):
        GreedyBot({"no such habit": 1.0})


def test_it_has_the_greedy_bot_block_a_one_card_opponent_in_the_last_round_only_if_they_would_pass_it() -> None:
    # most blue cards lie on the discard pile: B5 is the card the one-card next player can least follow
    pile = "B1 B1 B2 B2 B3 B3 B4 B4 B6 B6 B7 B7 B8 B8 B9 B9 G5"
    hands: list[Cards] = [["G9", "B5", "R1", "R2"], "Y4", "Y1 Y2 Y3", "R5 R6 R7"]
    for round_, totals, card in [
        (2, [30, 45, 70, 70], "B5"),  # a round to go: block
        (3, [40, 20, 70, 70], "B5"),  # the last round, and their going out would put them first: block
        (3, [30, 45, 70, 70], "G9"),  # the last round, and their going out ends the game with this seat first
    ]:
        pos = position(hands, pile=pile, totals=totals, hand=round_)
        assert GreedyBot().choose(*view_and_legal(pos, 0)) == play(0, card), (round_, totals)


def test_it_has_the_greedy_bot_shed_a_draw_4_rather_than_a_high_number_card() -> None:
    # a Draw 4 held is 10 points lost whenever someone else goes out first: with a blue 8 and a
    # blue Draw 4 to follow the blue Reverse, the Draw 4 goes and the next player picks up four
    others = ["G1 G3 G4 G5 G6", "Y1 Y2 Y3 Y4 Y5", "R1 R2 R3 R4 R5"]
    pos = position([["B8", "G7", "T4B", "G2", "Y8"], *others], pile="B1 RVB")
    pos = played_by(pos, [0, 3])  # everyone followed: nobody was seen unable to follow blue
    assert GreedyBot().choose(*view_and_legal(pos, 0)) == play(0, "T4B")


def played_by(pos: dict[str, Any], seats: list[int]) -> dict[str, Any]:
    """`pos` with its pile cards put down by `seats` (bottom first), after a rebuilt draw pile."""
    for entry, seat in zip(pos["pile"], seats, strict=True):
        entry["seat"] = seat
    pos["reshuffles"] = 1
    return pos


def test_it_reads_off_the_pile_who_could_not_follow() -> None:
    # seat 1 stops seat 2; seat 1 takes a Draw 2 (no proof of anything), then seat 2 draws on it;
    # seat 3 draws on a Reverse, and seat 1 on the G9 before this seat's turn
    pos = position([["B1", "B2"], "Y1 Y2 Y3", "Y4 Y5 Y6", "Y7 Y8 Y9"], pile="G5 STG G7 T2G G2 RVG G9", direction=-1)
    pos = played_by(pos, [0, 1, 3, 0, 3, 0, 2])
    view = get_rules("dansk").view(pos, 0)
    # seat 2 played a green card since it drew on the Draw 2: that was the card it drew
    assert seen_unable(view, 0) == {1: (FITS[("G9", "G")], 1), 2: (FITS[("T2G", "G")], 0), 3: (FITS[("RVG", "G")], 1)}


def test_it_names_a_colour_the_next_player_was_seen_unable_to_follow() -> None:
    # seat 1 drew on R5; the red card it played later was the one it drew: its last card is not red
    hands: list[Cards] = [["CC", "Y4", "Y6", "B9"], "B6", "G1 G2 G4 B2 Y1", "G5 G6 G7 B4 Y2"]
    pile = "R5 R8 R2 R7 R3 G3 G8"
    pos = played_by(position(hands, pile=pile), [0, 2, 3, 0, 1, 2, 3])
    assert GreedyBot().choose(*view_and_legal(pos, 0)) == play(0, "CC", color="R")
    # the same cards, but everyone played in turn: nothing known, the bot names the colour it holds
    pos = played_by(position(hands, pile=pile), [1, 2, 3, 0, 1, 2, 3])
    assert GreedyBot().choose(*view_and_legal(pos, 0)) == play(0, "CC", color="Y")
    # where a player may draw when able, a draw proves nothing
    pos = played_by(position(hands, pile=pile, rules={"draw_when_able": True}), [0, 2, 3, 0, 1, 2, 3])
    assert GreedyBot().choose(*view_and_legal(pos, 0)) == play(0, "CC", color="Y")
