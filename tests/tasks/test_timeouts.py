"""Timeouts through a real Celery worker on Redis and PostgreSQL: once per turn, whatever the race."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse

from accounts.models import Profile
from games import actions, clock, tasks
from games.models import Game, Move
from tests.support.tables import make_table, player_at
from tests.tasks.helpers import (
    DAY,
    fresh,
    move_deadline,
    play_until_turn_of,
    seat,
    time_out,
    timeout_moves,
    turn_ending_move,
    wait_for_table,
    wait_until,
)

pytestmark = pytest.mark.postgres


def turn_by_turn(*players: Any) -> Game:
    return make_table(*players, move_seconds=DAY)


def test_it_plays_the_turn_of_a_player_whose_time_ran_out(clock_worker: Any, alice: Any, bob: Any) -> None:
    game = turn_by_turn(alice, bob)
    late = game.turn
    assert late is not None
    # The turn's countdown is set again for a deadline one second away, as at a turn's start.
    game = move_deadline(game, 1)
    tasks.turn_changed.delay(game.pk, game.seq)

    game = wait_for_table(game, lambda g: g.turn != late, "the clock to play the late turn")

    played = timeout_moves(game)
    assert played, "the turn was played on timeout"
    assert {move.seat for move in played} == {late}
    assert game.seq == len(played)
    assert seat(game, late).timeouts_in_a_row == 1
    assert Profile.objects.get(user=player_at(game, late)).timeouts == 1
    assert game.deadline is not None
    assert game.deadline > played[-1].created


def test_it_applies_the_same_timeout_delivered_twice_once(clock_worker: Any, alice: Any, bob: Any) -> None:
    game = move_deadline(turn_by_turn(alice, bob), -1)

    first = tasks.play_due.delay(game.pk, game.seq)
    second = tasks.play_due.delay(game.pk, game.seq)
    counts = sorted([first.get(timeout=30), second.get(timeout=30)])

    assert counts[0] == 0
    assert counts[1] >= 1
    assert len(timeout_moves(game)) == counts[1]
    assert Profile.objects.get(user=player_at(game, game.turn or 0)).timeouts == 1


def test_it_applies_a_timeout_once_when_two_sweeps_run_at_once(transactional_db: Any, alice: Any, bob: Any) -> None:
    game = move_deadline(turn_by_turn(alice, bob), -1)
    late = game.turn
    both_found_it = threading.Barrier(2)

    def sweep(_: int) -> int:
        """One sweep, on its own database connection: the moves it made."""
        try:
            due = clock.due_games()
            both_found_it.wait(timeout=10)
            return sum(len(clock.do_play_due(game_id, seq)) for game_id, seq in due)
        finally:
            connection.close()

    with ThreadPoolExecutor(max_workers=2) as pool:
        applied = sorted(pool.map(sweep, range(2)))

    assert applied[0] == 0
    assert applied[1] >= 1
    assert len(timeout_moves(game)) == applied[1]
    assert seat(game, late or 0).timeouts_in_a_row == 1


def lock_waiters() -> int:
    """Sessions of the test database waiting for a lock."""
    with connection.cursor() as cursor:
        # Inside a transaction PostgreSQL keeps showing the activity it saw first: look again.
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        row = cursor.fetchone()
    return int(row[0]) if row else 0


def test_it_lets_a_move_made_just_before_the_deadline_win_over_the_timeout(
    clock_worker: Any, alice: Any, bob: Any
) -> None:
    game, last_action = turn_ending_move(turn_by_turn(alice, bob))
    game = move_deadline(game, 1)
    mover = player_at(game, game.turn or 0)
    tasks.turn_changed.delay(game.pk, game.seq)  # the countdown for the deadline a second away

    with transaction.atomic():
        # The player's move holds the row when the deadline passes: the timeout waits for the lock...
        result = actions.do_move(game.pk, mover, last_action, game.seq, client_move_id="just-in-time")
        assert result.outcome == "applied"
        wait_until(lock_waiters, "the timeout to wait for the row lock")
    # ...and finds the table moved on when it gets it.

    assert tasks.play_due.delay(game.pk, game.seq).get(timeout=30) == 0
    assert timeout_moves(game) == []
    assert set(fresh(game).moves.values_list("source", flat=True)) == {Move.Source.PLAYER}
    assert Profile.objects.get(user=mover).timeouts == 0


def test_it_makes_the_seat_away_after_three_timeouts_in_a_row_and_one_click_takes_it_back(
    clock_worker: Any, alice: Any, bob: Any, settings: Any
) -> None:
    settings.DDMAU_AWAY_DELAY_SECONDS = 0  # the bot plays an away seat's turns at once
    game = turn_by_turn(alice, bob)
    for _ in range(3):
        game = time_out(play_until_turn_of(game, 0))
    away = seat(game, 0)
    assert away.away
    assert away.timeouts_in_a_row == 3
    assert Profile.objects.get(user=alice).timeouts == 3
    alice_client, bob_client = Client(), Client()
    alice_client.force_login(alice)
    bob_client.force_login(bob)
    take_back = reverse("games:take_back", args=[game.pk])
    assert "tag-away" in bob_client.get(game.get_absolute_url()).content.decode()
    assert take_back not in bob_client.get(game.get_absolute_url()).content.decode()
    assert take_back in alice_client.get(game.get_absolute_url()).content.decode()

    # While away, the bot plays Alice's turns by itself as soon as they come round.
    game = play_until_turn_of(game, 0)
    game = wait_for_table(game, lambda g: g.turn != 0, "the bot to play the away seat")
    assert game.moves.filter(seat=0, source=Move.Source.BOT).exists()
    assert Profile.objects.get(user=alice).timeouts == 3  # the bot standing in is not a new timeout

    response = alice_client.post(take_back)

    assert response.status_code == 302
    back = seat(game, 0)
    assert not back.away
    assert back.timeouts_in_a_row == 0
    # Her turns are hers again: when it comes round, nothing is due before her own deadline.
    game = play_until_turn_of(game, 0)
    assert game.deadline is not None
    assert clock.waiting_for(game, list(game.seats.all())) == clock.Due(0, clock.TIMEOUT, game.deadline)
    assert tasks.play_due.delay(game.pk, game.seq).get(timeout=30) == 0


def test_it_tells_a_player_who_is_not_away_so_when_they_take_back_the_seat(alice: Any, bob: Any) -> None:
    game = turn_by_turn(alice, bob)

    with pytest.raises(actions.ActionRefused, match="already yours"):
        clock.do_take_back_seat(game.pk, alice)
    with pytest.raises(actions.ActionRefused, match="no seat"):
        clock.do_take_back_seat(game.pk, bob.__class__.objects.create_user("stranger"))


def test_it_plays_a_timeout_whose_countdown_was_lost_through_the_sweep(clock_worker: Any, alice: Any, bob: Any) -> None:
    game = turn_by_turn(alice, bob)
    late = game.turn
    game = move_deadline(game, -5)  # overdue, and no countdown will come for this deadline

    assert tasks.sweep_clock.delay().get(timeout=30) == 1

    game = wait_for_table(game, lambda g: g.turn != late, "the sweep to play the late turn")
    assert {move.seat for move in timeout_moves(game)} == {late}
    assert tasks.sweep_clock.delay().get(timeout=30) == 0  # nothing else is overdue
