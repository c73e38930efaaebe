"""The bots: they pick only legal actions, see only their seat's view, and greedy plays like a table regular."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import engine
from games.engine.bots import BOT_NAMES, Bot, GreedyBot, get_bot
from games.engine.bots.arena import play_game
from tests.engine.ddmau.positions import Cards, pile_play, position

Action = dict[str, Any]


def greedy_choice(pos: dict[str, Any], seat: int | None = None) -> Action:
    seat = pos["turn"] if seat is None else seat
    choice: Action = GreedyBot().choose(engine.view(pos, seat), engine.legal_actions(pos, seat))
    return choice


def plays_of(choice: Action) -> list[str]:
    assert choice["act"] == "play", choice
    return list(choice["cards"])


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), seats=st.integers(2, 10), steps=st.integers(0, 200), bot=st.sampled_from(BOT_NAMES))
def test_it_only_ever_returns_an_action_from_the_legal_list(seed: int, seats: int, steps: int, bot: str) -> None:
    rng = random.Random(seed)
    pos = engine.new_game(seats, seed=seed)
    player = get_bot(bot, seed=seed)
    for _ in range(steps):
        if pos.get("over"):
            return
        for seat in range(seats):
            legal = engine.legal_actions(pos, seat)
            if seat == pos["turn"]:
                assert player.choose(engine.view(pos, seat), legal) in legal
            elif legal:
                reaction = player.react(engine.view(pos, seat), legal)
                assert reaction is None or reaction in legal
        pos = engine.apply(pos, rng.choice(engine.legal_actions(pos, pos["turn"])))


@pytest.mark.parametrize(
    ("names", "options"),
    [
        (["greedy", "greedy", "greedy", "greedy"], {}),
        (["random", "greedy"], {}),
        (["greedy", "random", "random", "greedy", "random", "random"], {"teams": True}),
        (["greedy", "random", "greedy", "random", "random"], {"mode": "tournament"}),
        (["greedy", "random", "random"], {"rules": {"target": 200, "net_low": 190, "net_reset": 100}}),
    ],
    ids=["four-greedy", "two-seats", "six-teams", "five-tournament", "house-rules"],
)
def test_it_plays_a_bots_only_game_to_its_end(names: list[str], options: dict[str, Any]) -> None:
    bots = [get_bot(name, seed=f"end/{seat}") for seat, name in enumerate(names)]
    played = play_game(bots, seed=f"bots-{len(names)}", **options)
    final = played.final
    assert final["over"] is True
    assert final["winners"]
    assert final["turn"] is None
    assert max(final["totals"]) > options.get("rules", {}).get("target", 505)


class Spy:
    """Wraps a bot and keeps every view it was shown, with the seat it was shown to."""

    def __init__(self, inner: Bot, seat: int, seen: list[tuple[int, Mapping[str, Any]]]) -> None:
        self.inner, self.seat, self.seen = inner, seat, seen
        self.name = inner.name

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        self.seen.append((self.seat, view))
        return self.inner.choose(view, legal)

    def react(self, view: Mapping[str, Any], legal: list[Action]) -> Action | None:
        self.seen.append((self.seat, view))
        return self.inner.react(view, legal)


def test_it_shows_bots_only_their_own_hand_never_the_draw_pile_or_the_seed() -> None:
    seen: list[tuple[int, Mapping[str, Any]]] = []
    bots = [Spy(get_bot(name, seed=seat), seat, seen) for seat, name in enumerate(["greedy", "random", "greedy"])]
    play_game(bots, seed="spy")
    assert len(seen) > 100
    for seat, view in seen:
        assert isinstance(view["hands"][seat], list)
        assert all(isinstance(hand, int) for other, hand in enumerate(view["hands"]) if other != seat)
        assert isinstance(view["draw"], int)
        assert "seed" not in view


def test_it_calls_dd_mau_when_its_play_leaves_one_card() -> None:
    pos = position(["R7 B9", "Y4 Y5 Y6", "G1 G2 G3"], top="R3")
    choice = greedy_choice(pos)
    assert plays_of(choice) == ["R7"]
    assert choice["ddmau"] is True


def test_it_never_leaves_itself_open_to_a_catch_in_a_whole_game() -> None:
    missed: list[Action] = []

    def watch(before: dict[str, Any], action: Action, after: dict[str, Any]) -> None:
        if action["seat"] in (0, 2) and after.get("must_call") in (0, 2):
            missed.append(action)

    bots = [get_bot("greedy"), get_bot("random", seed=1), get_bot("greedy"), get_bot("random", seed=2)]
    played = play_game(bots, seed="calls", observe=watch)
    assert played.final["over"]
    assert missed == []


@pytest.mark.parametrize(
    ("picks_up", "expected"),
    [(4, "block"), (2, "take")],
    ids=["blocks-a-big-hit", "takes-a-small-hit-and-keeps-the-master-mau"],
)
def test_it_blocks_a_big_hit_with_its_master_mau(picks_up: int, expected: str) -> None:
    pos = position(
        ["R2 R3 R5 R6", "MM R4 B5 B6 G7 G8 Y9 Y10", "G1 G2 G3 G4"],
        top="TR",
        turn=1,
        streak=picks_up // 2,
        pending={"target": 1, "kind": "T", "cards": picks_up},
    )
    assert greedy_choice(pos) == {"seat": 1, "act": expected}


def test_it_catches_a_missed_call_in_and_out_of_turn() -> None:
    pos = position(["R2", "Y4 Y5 Y6", "G1 G2 G3"], top="R9", turn=1, must_call=0)
    catch_by = {"seat": 2, "act": "catch", "target": 0}
    assert GreedyBot().react(engine.view(pos, 2), engine.legal_actions(pos, 2)) == catch_by
    assert greedy_choice(pos) == {"seat": 1, "act": "catch", "target": 0}


def test_it_lets_a_call_that_was_made_go() -> None:
    pos = position(["R2", "Y4 Y5 Y6", "G1 G2 G3"], top="R9", turn=1)
    assert GreedyBot().react(engine.view(pos, 2), engine.legal_actions(pos, 2)) is None


@pytest.mark.parametrize(("shortest", "expected"), [(1, ["TR"]), (2, ["SR", "TR"])])
def test_it_aims_penal_t_at_the_shortest_hand_and_the_leader(shortest: int, expected: list[str]) -> None:
    short, long = "G1 G2 G3", "Y1 Y2 Y3 Y4 B4 B5 B6"
    hands: list[Cards] = ["TR SR B9 B2 Y5 Y6 G11", short if shortest == 1 else long, short if shortest == 2 else long]
    totals = [100, 100, 100]
    totals[shortest] = 40
    pos = position(hands, top="R5", totals=totals)
    assert plays_of(greedy_choice(pos)) == expected


def test_it_keeps_its_master_mau_while_nobody_is_close_to_going_out() -> None:
    pos = position(["MM R9 B2 G4 Y8 Y11 G12", "Y1 Y2 Y3 Y4 B4 B5 B6", "G1 G2 G3 G5"], top="R5", totals=[0, 0, 0])
    assert plays_of(greedy_choice(pos)) == ["R9"]


def test_it_dumps_power_when_an_opponent_is_down_to_one_card() -> None:
    pos = position(["MM R9 B2 G4 Y8 Y11 G12", "Y1 Y2 Y3 Y4 B4 B5 B6", "G1"], top="R5", totals=[0, 0, 0])
    assert "MM" in plays_of(greedy_choice(pos))


def test_it_keeps_link_master_and_deck_master_for_when_nothing_else_fits() -> None:
    fits = position(["LM DM R9 B2", "Y1 Y2 Y3 Y4", "G1 G2 G3 G5"], top="R5")
    assert plays_of(greedy_choice(fits)) == ["R9"]
    stuck = position(["LM DM R9 B2", "Y1 Y2 Y3 Y4", "G1 G2 G3 G5"], top="G6")
    assert plays_of(greedy_choice(stuck)) == ["LM", "DM"]


def test_it_names_the_colour_the_next_player_showed_it_lacks() -> None:
    # Seat 1 had to follow the green 5 but seat 2 played next: seat 1 drew and passed, so it lacks green.
    pile = [pile_play(0, "G5"), pile_play(2, "G7"), pile_play(3, "Y7")]
    pos = position(["SM R2 B3", "Y1 Y2 Y3 Y4", "R4 R5 B4 B5", "B7 B8 B9"], top="Y7", pile=pile, turn=0)
    choice = greedy_choice(pos)
    assert plays_of(choice) == ["SM"]
    assert choice["color"] == "G"


def test_it_goes_out_whenever_it_can() -> None:
    pos = position(["R7 B7", "Y4 Y5 Y6", "G1 G2 G3"], top="R3")
    assert sorted(plays_of(greedy_choice(pos))) == ["B7", "R7"]


def test_it_wins_most_seeded_games_against_three_random_players() -> None:
    wins = 0
    for game in range(8):
        bots = [get_bot("greedy"), *(get_bot("random", seed=f"{game}/{seat}") for seat in range(1, 4))]
        final = play_game(bots, seed=f"strength/{game}", keep_actions=False).final
        wins += 0 in final["winners"]
    assert wins >= 6


def test_it_refuses_an_unknown_bot_name() -> None:
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        get_bot("clever")
