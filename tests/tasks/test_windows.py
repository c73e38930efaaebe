"""Reaction windows (VARIANTS.md C5) close on the server's clock: at their deadline, by the worker,
with nobody connected; a close that comes early or twice changes nothing; the beat sweep closes a
window whose task was lost."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games import actions, engine, tasks, windows
from games.models import Game, Move
from tests.support.tables import player_at
from tests.tasks.helpers import fresh, wait_for_table


def emojical_duel(alice: Any, bob: Any, **rules: Any) -> Game:
    game = actions.do_create_game(
        alice, seat_count=2, move_seconds=60, variant="emojical", rules={"target": 0, **rules}
    )
    actions.do_join(game.pk, bob)
    actions.do_start(game.pk, alice)
    return fresh(game)


def play_until_a_window_opens(game: Game, limit: int = 40) -> Game:
    """The seat to act plays a card when it can (each card opens a jump window), else draws or takes."""
    for _ in range(limit):
        game = fresh(game)
        position = game.dealt_position()
        rules = engine.rules_of(position)
        if rules.window(position) is not None:
            return game
        seat = rules.to_act(position)[0]
        options = engine.legal_actions(position, seat)
        action = next((a for a in options if a["act"] == "play"), options[0])
        result = actions.do_move(game.pk, player_at(game, seat), action, game.seq, uuid.uuid4().hex)
        assert result.ok, result.message
    raise AssertionError("no window opened")


def test_it_keeps_a_window_open_until_its_time_and_closes_it_once(alice: Any, bob: Any) -> None:
    game = play_until_a_window_opens(emojical_duel(alice, bob))
    assert game.window_deadline is not None
    assert game.window_deadline > timezone.now()
    seq = game.seq

    assert windows.do_close_window(game.pk, seq, timezone.now()) is None  # too early: nothing changes
    assert fresh(game).seq == seq

    closed = windows.do_close_window(game.pk, seq, game.window_deadline + timedelta(milliseconds=1))
    assert closed is not None
    assert closed.seat is None
    assert closed.source == Move.Source.SERVER
    assert [event["kind"] for event in closed.events]
    game = fresh(game)
    assert game.seq == seq + 1
    position = game.dealt_position()
    assert engine.rules_of(position).window(position) is None
    assert game.window_deadline is None

    assert windows.do_close_window(game.pk, seq, timezone.now() + timedelta(hours=1)) is None  # twice: no change
    assert fresh(game).seq == seq + 1


@pytest.mark.slow
def test_it_closes_a_window_in_the_worker_with_nobody_connected(
    clock_worker: Any, alice: Any, bob: Any, settings: Any
) -> None:
    settings.DDMAU_REACT_MS = 300
    game = play_until_a_window_opens(emojical_duel(alice, bob))
    seq = game.seq
    closed = wait_for_table(game, lambda g: g.seq > seq, "the worker closing the window", timeout=20)
    assert closed.moves.get(seq=seq + 1).source == Move.Source.SERVER


def test_it_closes_a_window_whose_task_was_lost_from_the_beat_sweep(alice: Any, bob: Any) -> None:
    game = play_until_a_window_opens(emojical_duel(alice, bob))
    seq = game.seq
    Game.objects.filter(pk=game.pk).update(window_deadline=timezone.now() - timedelta(seconds=1))
    assert tasks.sweep_windows() == 1
    assert fresh(game).seq == seq + 1
    assert tasks.sweep_windows() == 0  # closed once: the sweep finds nothing more
