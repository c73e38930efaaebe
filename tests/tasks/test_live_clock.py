"""A live table of people sends the worker nothing per move: its deadlines live on the row, and
beat's sweep plays a turn whose time ran out within seconds. Tables that need the worker (bots, away
seats, turn-by-turn mails) still send it every turn."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from games import clock, tasks
from games.models import Seat
from games.table_state import load_seats
from tests.support.tables import make_table, play
from tests.tasks.helpers import DAY, fresh, move_deadline, timeout_moves, wait_for_table

# Due at t, played by t + this at the latest: a sweep's period, its grace, and a task's round trip.
PROMPTLY = clock.SWEEP_GRACE + timedelta(seconds=clock.SWEEP_SECONDS + 1.5)


@pytest.fixture
def turn_messages(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    sent: list[Any] = []
    monkeypatch.setattr(tasks.turn_changed, "delay", lambda *args: sent.append(args))
    return sent


@pytest.mark.parametrize(("move_seconds", "messages"), [(60, 0), (DAY, 1)])
def test_it_sends_the_worker_a_message_per_move_only_when_it_has_something_to_plan(
    alice: Any,
    bob: Any,
    turn_messages: list[Any],
    django_capture_on_commit_callbacks: Any,
    move_seconds: int,
    messages: int,
) -> None:
    """Live and people only: nothing to plan. Turn by turn: the "your turn" mail."""
    game = make_table(alice, bob, move_seconds=move_seconds)
    with django_capture_on_commit_callbacks(execute=True):
        assert play(game).ok
    assert len(turn_messages) == messages


def test_it_still_needs_the_worker_at_a_live_table_with_a_bot_or_an_away_seat(alice: Any, bob: Any) -> None:
    game = make_table(alice, bob, move_seconds=60)
    seats = load_seats(game)
    assert not clock.worker_needed(game, seats)
    seats[1].away = True
    assert clock.worker_needed(game, seats)
    seats[1].away, seats[1].bot = False, Seat.Bot.GREEDY
    assert clock.worker_needed(game, seats)


@pytest.mark.slow
@pytest.mark.postgres
def test_it_times_out_a_live_turn_through_the_sweep_once(beat: Any, alice: Any, bob: Any, settings: Any) -> None:
    settings.DDMAU_BOT_DELAY_SECONDS = 0
    game = make_table(alice, bob, move_seconds=60)
    assert play(game).ok
    game = move_deadline(fresh(game), 1)
    assert game.deadline is not None
    deadline, late = game.deadline, game.turn

    after = wait_for_table(game, lambda g: len(timeout_moves(g)) > 0 and g.turn != late, "the timeout", timeout=15)

    played = timeout_moves(after)
    assert played[0].created - deadline < PROMPTLY
    assert {move.seat for move in played} == {late}
    assert fresh(after).seq == after.seq  # once: nothing more came
