"""The random and greedy bots, and whole games played by them through `get_rules("maumau")`."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.maumau.bots import BOTS, GreedyBot, play_game
from games.engine.rules import get_rules

from .helpers import legal, make, rules


def test_it_offers_a_random_and_a_greedy_bot() -> None:
    assert set(BOTS) == {"random", "greedy"}
    for name, build in BOTS.items():
        bot = build(3)
        assert bot.name == name


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_it_plays_whole_games_with_bots_through_get_rules(seats: int) -> None:
    r = get_rules("maumau")
    for seed in range(4):
        bots = [BOTS["greedy" if s % 2 else "random"](seed * 10 + s) for s in range(seats)]
        final = play_game(r, bots, seed)
        assert final["over"] is True
        assert len(final["winners"]) == 1
        assert final["hands"][final["winners"][0]] == []
        assert sum(map(len, final["hands"])) + len(final["draw"]) + len(final["pile"]) == 32
        outcome = r.outcome(final)
        assert outcome is not None
        assert outcome.placings[final["winners"][0]] == 1


def test_it_replays_the_same_game_from_the_same_seeds() -> None:
    r = get_rules("maumau", {"deck": 52, "mode": "points", "target": 8})
    games = [play_game(r, [BOTS["random"](1), BOTS["random"](2), BOTS["greedy"](3)], "g") for _ in range(2)]
    assert games[0] == games[1]
    assert games[0]["rules"] == {"deck": 52, "mode": "points", "target": 8}


def _choose(position: dict[str, Any], seat: int) -> dict[str, Any]:
    return GreedyBot().choose(rules().view(position, seat), legal(position, seat))


def test_it_makes_the_greedy_bot_catch_and_call_at_once() -> None:
    position = make(["HQ", "C9 DK D8", "HK HA CA"], "SQ", turn=1, must_call=[0])
    bot = GreedyBot()
    assert bot.react(rules().view(position, 2), legal(position, 2)) == {"seat": 2, "act": "catch", "target": 0}
    assert bot.react(rules().view(position, 0), legal(position, 0)) == {"seat": 0, "act": "mau"}
    calm = make(["HQ D9", "C9 DK D8"], "SQ")
    assert bot.react(rules().view(calm, 1), legal(calm, 1)) is None


def test_it_makes_the_greedy_bot_call_mau_with_its_penultimate_card() -> None:
    position = make(["SK C8", "C9 DK D8"], "S9")
    assert _choose(position, 0) == {"seat": 0, "act": "play", "cards": ["SK"], "mau": True}


def test_it_makes_the_greedy_bot_answer_a_seven_with_a_seven() -> None:
    position = make(["S9 C7 SQ", "C9 DK"], "S7", pending=2)
    assert _choose(position, 0)["cards"] == ["C7"]
    assert _choose(make(["S9 SQ", "C9 DK"], "S7", pending=2, drawn=None), 0) == {"seat": 0, "act": "take"}


def test_it_makes_the_greedy_bot_play_rather_than_draw_and_keep_its_jack() -> None:
    position = make(["HJ S10 C9 D9", "C10 DK"], "SQ")
    assert _choose(position, 0)["cards"] == ["S10"]


def test_it_makes_the_greedy_bot_wish_the_suit_it_holds_most_of() -> None:
    position = make(["HJ D9 D10 C8", "C10 DK"], "SQ")
    choice = _choose(position, 0)
    assert choice == {"seat": 0, "act": "play", "cards": ["HJ"], "color": "D"}


def test_it_makes_the_greedy_bot_hit_a_player_about_to_go_out() -> None:
    position = make(["S7 S10 D9 D10", "C10"], "SQ", must_call=[])
    assert _choose(position, 0)["cards"] == ["S7"]


def test_it_makes_the_greedy_bot_play_its_drawn_card_or_pass() -> None:
    drew = make(["D9 D10", "C10 DK"], "SQ", drawn="SA")
    drew["hands"][0].append("SA")
    drew["draw"].remove("SA")
    assert _choose(drew, 0) == {"seat": 0, "act": "play", "cards": ["SA"]}
    blank = make(["D9 D10 C8", "C10 DK"], "SQ", drawn="C8")
    assert _choose(blank, 0) == {"seat": 0, "act": "pass"}


def test_it_lets_greedy_beat_three_random_bots_most_of_the_time() -> None:
    r = get_rules("maumau")
    games = 40
    wins = 0
    for g in range(games):
        seat = g % 4
        bots = [BOTS["greedy"](g) if s == seat else BOTS["random"](g * 7 + s) for s in range(4)]
        wins += seat in play_game(r, bots, f"w{g}")["winners"]
    assert wins / games >= 0.6
