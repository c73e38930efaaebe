"""The bots: full games through `get_rules("mau")`, the greedy bot's habits, and its edge over random."""

from __future__ import annotations

import pytest

from games.engine.mau.bots import BOTS, BotError, GreedyBot, RandomBot, get_bot, greedy_rate, play_game, reactions

from .helpers import game, legal, play, position


@pytest.mark.parametrize(
    "rules",
    [None, {"two_again": True}, {"strict_calls": True, "decks": 3}, {"decks": 1, "hand_size": 5}, {"slow_s": 2}],
)
def test_it_plays_full_games_with_every_bot(rules: dict[str, object] | None) -> None:
    for seed in range(3):
        bots = [BOTS["random"](seed), BOTS["greedy"](None), BOTS["random"](seed + 1)]
        final = play_game(rules, bots, seed)
        assert final["over"] is True
        assert len(final["winners"]) == 1
        assert final["hands"][final["winners"][0]] == []


def test_it_rotates_greedy_against_three_randoms_and_greedy_wins_most() -> None:
    assert greedy_rate(40) >= 0.6


def test_it_has_greedy_call_penalise_and_spam() -> None:
    bot = GreedyBot()
    g = game()
    p = play(position(["S5 H9 C3", "D9 D8", "H6 S5 C4", "C9"], top="H5", turn=0), 0, "S5")  # missed spade
    seen = g.view(p, 2)
    acts = legal(p, 2)
    assert bot.react(seen, acts) == {"seat": 2, "act": "penalty", "target": 0, "reason": "spade"}
    p2 = {**p, "offences": []}
    assert bot.react(g.view(p2, 2), legal(p2, 2)) == {"seat": 2, "act": "spam", "cards": ["S5"], "calls": ["spade"]}
    own = position(["S5 H9", "D9 D8", "H6 C4", "C9"], top="H5")
    assert bot.choose(g.view(own, 0), legal(own, 0))["calls"] == ["spade", "last_card"]


def test_it_has_greedy_answer_a_seven_and_take_the_turn_after_a_joker() -> None:
    bot = GreedyBot()
    g = game()
    hit = play(position(["H7 C3 C4", "D7 D8 C2", "H6", "C9"], top="H5"), 0, "H7")
    assert bot.choose(g.view(hit, 1), legal(hit, 1))["cards"] == ["D7"]
    joker = play(position(["JK C3 C4", "D9 D8", "H6 H4", "C9 C2"], top="H5"), 0, "JK")
    taken = bot.react(g.view(joker, 1), legal(joker, 1))
    assert taken is not None
    assert taken["act"] == "play"
    assert bot.react(g.view(joker, 2), legal(joker, 2)) is None


def test_it_offers_only_out_of_turn_acts_as_reactions() -> None:
    g = game()
    p = position(["H5 C3 C4", "D9 D8", "H6", "C9"], top="H5")
    assert reactions(g.view(p, 0), legal(p, 0)) == [{"seat": 0, "act": "spam", "cards": ["H5"], "calls": []}]


def test_it_seeds_random_bots_and_knows_bot_names() -> None:
    assert play_game(None, [RandomBot(1), RandomBot(2)], 5) == play_game(None, [RandomBot(1), RandomBot(2)], 5)
    assert get_bot("greedy").name == "greedy"
    with pytest.raises(ValueError, match="unknown bot"):
        get_bot("clever")


def test_it_refuses_a_bot_choosing_an_illegal_action() -> None:
    class Cheat(RandomBot):
        def choose(self, view, legal):  # type: ignore[no-untyped-def]
            return {"seat": 0, "act": "take"}

    with pytest.raises(BotError):
        play_game(None, [Cheat(0), Cheat(1)], 1)
