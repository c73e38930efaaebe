"""A turn whose countdown message died with its worker: beat's sweep plays it within seconds, once."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings as site_settings

from accounts.models import Profile
from games import clock, tasks
from games.models import Game, Move
from tests.support.tables import make_table
from tests.tasks.helpers import DAY, end_turn, fresh, move_deadline, seat, timeout_moves, wait_for_table

pytestmark = pytest.mark.postgres
HUMAN, BOT = 0, 1
# Due at t, played by t + this at the latest: a sweep's period and its grace, and a task's round trip.
PROMPTLY = clock.SWEEP_GRACE + timedelta(seconds=clock.SWEEP_SECONDS + 1.5)


@pytest.fixture
def lost_countdowns(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every countdown the clock sends dies (as with a worker killed while holding it); the sweep's
    own play_due messages go through."""
    lost: list[Any] = []
    send: Callable[..., Any] = tasks.play_due.apply_async

    def apply_async(args: Any = None, kwargs: Any = None, **options: Any) -> Any:
        if "eta" in options or "countdown" in options:
            lost.append(args)
            return None
        return send(args, kwargs, **options)

    monkeypatch.setattr(tasks.play_due, "apply_async", apply_async)
    return lost


def alice_and_a_bot(alice: Any) -> Game:
    """Alice and a bot, turn by turn, at Alice's turn (the bot led, if it did, through the sweep)."""
    game = make_table(alice, seats=2, bots=1, move_seconds=DAY)
    return wait_for_table(game, lambda g: g.turn == HUMAN, "Alice's turn", timeout=20)


def played_after(game: Game, seq: int) -> list[Move]:
    return list(game.moves.filter(seq__gt=seq).order_by("seq"))


@pytest.mark.slow
def test_it_plays_a_bot_whose_countdown_died_within_seconds_of_its_time(
    beat: Any, alice: Any, settings: Any, lost_countdowns: list[Any]
) -> None:
    settings.DDMAU_BOT_DELAY_SECONDS = 1
    game = end_turn(alice_and_a_bot(alice))
    assert game.turn == BOT
    due = clock.turn_started(game) + clock.bot_delay()

    after = wait_for_table(game, lambda g: g.turn == HUMAN, "the sweep to play the bot", timeout=15)

    bot_moves = played_after(after, game.seq)
    assert lost_countdowns, "the bot's countdown died"
    assert bot_moves[0].created - due < PROMPTLY
    assert {(move.seat, move.source) for move in bot_moves} == {(BOT, Move.Source.BOT)}
    assert fresh(after).seq == after.seq == bot_moves[-1].seq  # its turn, once: nothing more came


@pytest.mark.slow
def test_it_times_out_a_turn_whose_countdown_died_within_seconds_of_its_deadline(
    beat: Any, alice: Any, settings: Any, lost_countdowns: list[Any]
) -> None:
    settings.DDMAU_BOT_DELAY_SECONDS = 0
    game = move_deadline(alice_and_a_bot(alice), 1)
    assert game.deadline is not None
    deadline = game.deadline

    after = wait_for_table(game, lambda g: len(timeout_moves(g)) > 0 and g.turn == HUMAN, "the timeout", timeout=15)

    played = timeout_moves(after)
    assert played[0].created - deadline < PROMPTLY
    assert {move.seat for move in played} == {HUMAN}
    assert seat(after, HUMAN).timeouts_in_a_row == 1
    assert Profile.objects.get(user=alice).timeouts == 1


def test_it_leaves_turns_due_beyond_the_horizon_to_the_sweep(alice: Any, bob: Any, lost_countdowns: list[Any]) -> None:
    live, far = make_table(alice, bob, move_seconds=60), make_table(alice, bob, move_seconds=DAY)

    assert clock.plan_turn(far.pk, far.seq, mail=False) == clock.TIMEOUT
    assert lost_countdowns == []  # a day away: the sweep plays it when it is due
    assert clock.plan_turn(live.pk, live.seq, mail=False) == clock.TIMEOUT
    assert lost_countdowns == [(live.pk, live.seq)]


def test_it_lets_no_message_wait_in_a_worker_past_the_visibility_timeout() -> None:
    """A message held longer is delivered to a second worker; one a dead worker held comes back
    after it (within the hour). Countdowns and mail retries stay below it; the sweep runs often."""
    visibility = timedelta(seconds=site_settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"])
    assert clock.COUNTDOWN_HORIZON < visibility <= timedelta(hours=1)
    mail_retry_max = tasks.send_email.retry_backoff_max  # type: ignore[attr-defined]
    assert timedelta(seconds=mail_retry_max) < visibility
    sweep = site_settings.CELERY_BEAT_SCHEDULE["games-sweep-clock"]
    assert float(str(sweep["schedule"])) <= clock.SWEEP_SECONDS
    assert tasks.play_due.acks_late
    assert tasks.turn_changed.acks_late
