"""The bots through `get_rules("emojical")`: whole games, legal choices, the greedy bot's habits."""

from __future__ import annotations

from collections import Counter

import pytest

from games.engine.emojical.bots import BOTS, GreedyBot, RandomBot, get_bot, match, play_game
from games.engine.emojical.options import Options
from games.engine.rules import get_rules

from .helpers import after, legal, make, play, rules


@pytest.mark.parametrize(("seats", "options"), [(2, None), (4, {"target": 0}), (6, {"target": 0, "donate": "random"})])
def test_it_plays_whole_games_with_the_bots(seats: int, options: dict[str, object] | None) -> None:
    r = get_rules("emojical", options)
    bots = [get_bot("greedy" if s % 2 else "random", s) for s in range(seats)]
    final = play_game(r, bots, seed=f"bots:{seats}")
    assert final["over"] is True
    assert len(final["winners"]) == 1
    found = Counter(c for h in final["hands"] for c in h)
    found.update(final["draw"])
    found.update(e["cards"][0] for e in final["pile"])
    assert found == Counter(Options.from_rules(options).deck_cards())
    if final["totals"] is not None:
        assert max(final["totals"]) >= 500


def test_it_replays_the_same_game_from_the_same_seeds() -> None:
    r = get_rules("emojical", {"target": 0})
    games = [play_game(r, [get_bot("random", s) for s in range(3)], seed=5) for _ in range(2)]
    assert games[0] == games[1]


def test_it_builds_bots_by_name() -> None:
    assert set(BOTS) == {"random", "greedy"}
    assert isinstance(get_bot("random", 1), RandomBot)
    assert get_bot("greedy").name == "greedy"
    with pytest.raises(ValueError, match="unknown bot"):
        get_bot("clever")


def test_it_wins_more_often_than_random_bots() -> None:
    wins, games = match(get_rules("emojical", {"target": 0}), 80, seed=1)
    assert wins / games > 0.3  # a quarter by chance, single rounds; over 1,000 full games it wins about 2 in 3


def test_the_greedy_bot_calls_mau_and_jumps_in() -> None:
    bot = GreedyBot()
    position = after(make(["Y2 G2 G3", "Y2 B4 B5 B6", "B7"], "Y1", turn=0), play(0, "Y2"))
    r = rules()
    choice = bot.react(r.view(position, 1), legal(position, 1))
    assert choice == {"seat": 1, "act": "jump_in", "cards": ["Y2"]}
    owing = make(["G2", "B4 B5", "B7"], "Y1", must_call=[0], turn=1)
    assert bot.react(r.view(owing, 0), legal(owing, 0)) == {"seat": 0, "act": "mau"}


def test_the_greedy_bot_answers_hits_and_sheds_power_cards() -> None:
    bot = GreedyBot()
    r = rules()
    hit = make(["G2", "T2B BLY G4", "G5"], "T2Y", pending={"target": 1, "kind": "T2", "cards": 2, "from": 0})
    assert bot.choose(r.view(hit, 1), legal(hit, 1))["act"] == "play"
    skip = make(["G2", "BLY G4", "G5"], "SKY", pending={"target": 1, "kind": "SK", "cards": 0, "from": 0})
    assert bot.choose(r.view(skip, 1), legal(skip, 1))["act"] == "block"
    gamble = make(["G2", "G4", "G5"], "GMY", pending={"target": 1, "kind": "GM", "cards": 0, "from": 0})
    assert bot.choose(r.view(gamble, 1), legal(gamble, 1))["act"] == "safe"
    turn = make(["Y2 SKY Y3 G3", "G4 G6", "G5 G7"], "Y1")
    assert bot.choose(r.view(turn, 0), legal(turn, 0))["cards"] == ["SKY"]


def test_the_greedy_bot_swaps_only_into_a_smaller_hand() -> None:
    bot = GreedyBot()
    r = rules()
    turn = make(["SWY G2 G3 G4 G6", "B4 B5 B7 B8 P1 P2", "B1"], "Y1")
    choice = bot.choose(r.view(turn, 0), legal(turn, 0))
    assert choice["cards"] == ["SWY"]
    assert choice["target"] == 2
