"""The clock of a table: deadlines, timeouts, away seats, and when a bot's move is due.

`Game.deadline` is when the seat to act times out: games.actions sets it from `Game.move_seconds`
whenever the turn (or the hand) changes, and calls `after_turn_change` after every move and at the
start. The worker then looks at what the table waits for (`plan_turn`):

- a player: a task at the deadline (`play_due`), and the "your turn" mail (games.notifications);
- a bot seat: `play_due` after settings.DDMAU_BOT_DELAY_SECONDS. It plays one action; that commit
  plans the next, so a table of bots plays to the end by itself;
- an away seat: `play_due` after `away_delay` (a person's pace in turn-by-turn games).

`do_play_due(game_id, seq)` locks the game row and acts only if the table is still at `seq` and
the seat's time has come. A task delivered twice, a sweep racing the countdown, or a move made just
before the deadline therefore leave exactly one outcome: whoever takes the lock first moves the
table on, and every later attempt finds another seq. The beat sweep (`due_games`) finds what a lost
message left waiting, so a timeout never depends on one message.

On a timeout the greedy bot plays the seat's whole turn; after TIMEOUTS_BEFORE_AWAY in a row the
seat is away and the bot keeps playing it until the player takes it back (`do_take_back_seat`).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, F, IntegerField, OuterRef, Q
from django.db.models.fields.json import KT
from django.db.models.functions import Cast
from django.utils import timezone

from accounts.models import Profile
from games import actions, bot_turns, broadcast, notifications, tasks
from games.models import Game, GameQuerySet, Move, Seat
from games.signals import is_clock_stopped as tournament_paused
from games.table_state import load_seats

log = logging.getLogger(__name__)

TIMEOUTS_BEFORE_AWAY = 3
TAKEOVER_BOT = "greedy"  # plays a timed-out or away seat
# A bot or away seat's own message normally plays it; the sweep (every SWEEP_SECONDS, from beat) steps
# in this much later, so a turn whose message died with a worker is played within a few seconds of its
# time. Whoever comes second finds the table moved on (the seq, under the row lock): played once.
SWEEP_GRACE = timedelta(seconds=2)
SWEEP_SECONDS = 2.0
# Only what is due this soon gets a countdown message; later turns (turn-by-turn deadlines) are the
# sweep's. So no message waits in a worker longer than the broker's visibility timeout
# (settings.CELERY_BROKER_TRANSPORT_OPTIONS), which must be longer than this.
COUNTDOWN_HORIZON = timedelta(minutes=10)
# A countdown may run a little before its time (the clock of the host that scheduled it runs behind).
EARLY_WAKE = timedelta(seconds=2)

TIMEOUT, AWAY, BOT = "timeout", "away", "bot"


@dataclass(frozen=True)
class Due:
    """Who the table waits for, why, and when the bot plays for them."""

    seat: int
    reason: str  # TIMEOUT (a player), AWAY (a player the bot stands in for), BOT (a bot seat)
    at: datetime


def bot_delay() -> timedelta:
    return timedelta(seconds=float(settings.DDMAU_BOT_DELAY_SECONDS))


def away_delay(game: Game) -> timedelta:
    """How long an away seat's turn waits for the bot: at a live table no longer than a bot's."""
    if game.is_live:
        return bot_delay()
    return timedelta(seconds=min(float(game.move_seconds), float(settings.DDMAU_AWAY_DELAY_SECONDS)))


def turn_started(game: Game) -> datetime:
    assert game.deadline is not None
    return game.deadline - timedelta(seconds=game.move_seconds)


def waiting_for(game: Game, seats: Sequence[Seat]) -> Due | None:
    """The seat to act and when the bot plays for it; None when nobody is to act."""
    index = game.turn
    if index is None or game.deadline is None:
        return None
    seat = next(seat for seat in seats if seat.index == index)
    if seat.bot:
        return Due(index, BOT, turn_started(game) + bot_delay())
    if seat.away:
        return Due(index, AWAY, turn_started(game) + away_delay(game))
    return Due(index, TIMEOUT, game.deadline)


# --- after every move (the hook in games.actions) ----------------------------------------------


def after_turn_change(game: Game, *, mail: bool = True, seats: Sequence[Seat] | None = None) -> None:
    """Once the move commits, the worker plans what the table waits for (`plan_turn`), unless
    `seats` show that it has nothing to plan (`worker_needed`)."""
    if seats is not None and not worker_needed(game, seats):
        return
    game_id, seq = game.pk, game.seq
    # robust: the move stands even if the broker is down for a moment; the sweep catches up.
    transaction.on_commit(lambda: tasks.turn_changed.delay(game_id, seq, mail), robust=True)


def worker_needed(game: Game, seats: Sequence[Seat]) -> bool:
    """Whether a move must send the worker a message. A live table of people only (nobody away)
    mails nothing and has no bot to move: all it waits for is a deadline, which lives on the row and
    which the beat sweep finds within SWEEP_SECONDS (`due_games`), so its moves send nothing (a
    message per move was a fifth of a live move's cost). Reaction windows have their own messages
    (games.windows)."""
    return not game.is_live or any(seat.bot or seat.away for seat in seats)


def plan_turn(game_id: int, seq: int, *, mail: bool = True) -> str:
    """Mail whoever the move concerns and schedule the next timeout or bot move (in the worker)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.seq != seq:
        return "moved on"  # a later move planned the table already
    seats = load_seats(game)
    notifications.table_changed(game, seats, mail_turn=mail)
    due = waiting_for(game, seats) if game.status == Game.Status.PLAYING else None
    if due is None:
        if game.window_deadline is not None and bot_turns.reaction(game, seats) is not None:
            _react_soon(game, seats)  # a reaction window: bots react while it is open
            return "window"
        return str(game.status)
    if due.reason == BOT or bot_turns.reaction(game, seats) is not None:
        if bot_delay() <= timedelta(0):
            _play_due(game, seats, timezone.now())  # no delay wanted: save the round trip through the broker
        else:
            tasks.play_due.apply_async((game_id, seq), countdown=bot_delay().total_seconds())
        if due.reason == BOT:
            return BOT
    if due.at - timezone.now() <= COUNTDOWN_HORIZON:
        tasks.play_due.apply_async((game_id, seq), eta=due.at)
    return due.reason


def _react_soon(game: Game, seats: Sequence[Seat]) -> None:
    if bot_delay() <= timedelta(0):
        _play_due(game, seats, timezone.now())
    else:
        tasks.play_due.apply_async((game.pk, game.seq), countdown=bot_delay().total_seconds())


# --- playing what is due ------------------------------------------------------------------------


def do_play_due(game_id: int, seq: int, now: datetime | None = None) -> list[Move]:
    """Play for the seat to act if its time has come and the table is still at `seq`; the moves made.

    Also plays a catch a bot seat makes out of turn (R27). A bot's move goes through do_move, which
    checks the seq again under the row lock; taking over a player's turn locks the row first. So two
    deliveries of the same task, or two sweeps, apply it once.
    """
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.seq != seq:
        return []
    return _play_due(game, load_seats(game), now or timezone.now())


def _play_due(game: Game, seats: Sequence[Seat], now: datetime) -> list[Move]:
    """What is due at `game` (a snapshot: every move below checks its seq under the lock)."""
    if game.status != Game.Status.PLAYING or tournament_paused(game.tournament_id):
        return []  # tournament staff may stop every clock of a tournament
    caught = bot_turns.reaction(game, seats)
    if caught is not None:
        return bot_turns.play_action(game, caught, Move.Source.BOT)
    due = waiting_for(game, seats)
    if due is None:
        return []
    if due.at > now:
        if due.at - now < EARLY_WAKE:  # a countdown's timer fired a little early: try again at its time
            tasks.play_due.apply_async((game.pk, game.seq), eta=due.at)
        return []
    if due.reason == BOT:
        bot = next(seat.bot for seat in seats if seat.index == due.seat)
        return bot_turns.play_action(game, bot_turns.choose(game, due.seat, bot), Move.Source.BOT)
    return _take_over(game.pk, game.seq, now)


def _take_over(game_id: int, seq: int, now: datetime) -> list[Move]:
    """The greedy bot plays a player's whole turn: timed out, or away. Locked, so the turn, the
    timeout count and the away mark go together, once."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        seats = load_seats(game)
        playing = game.seq == seq and game.status == Game.Status.PLAYING and not tournament_paused(game.tournament_id)
        due = waiting_for(game, seats) if playing else None
        if due is None or due.reason == BOT or due.at > now:
            return []
        seat = next(seat for seat in seats if seat.index == due.seat)
        source = Move.Source.TIMEOUT if due.reason == TIMEOUT else Move.Source.BOT
        moves = bot_turns.play_turn(game, seat.index, TAKEOVER_BOT, source)
        if due.reason == TIMEOUT and moves:
            _count_timeout(game, seat)
        return moves


def _count_timeout(game: Game, seat: Seat) -> None:
    seat.timeouts_in_a_row += 1
    went_away = seat.timeouts_in_a_row >= TIMEOUTS_BEFORE_AWAY and not seat.away
    seat.away = seat.away or went_away
    seat.save(update_fields=["timeouts_in_a_row", "away"])
    Profile.objects.filter(user__seats=seat).update(timeouts=F("timeouts") + 1)
    if went_away:
        log.info("%s: seat %s is away after %s timeouts", game, seat.index, seat.timeouts_in_a_row)
        game_id, seq = game.pk, game.seq
        transaction.on_commit(lambda: broadcast.game_changed(game_id, seq))
        notifications.seat_away(game, seat)


# --- the sweep: anything a lost message left waiting --------------------------------------------


def with_turn(games: GameQuerySet) -> GameQuerySet:
    return games.annotate(turn_index=Cast(KT("position__turn"), IntegerField()))


def time_controls(games: GameQuerySet) -> list[int]:
    """The distinct move times of `games`: few on any site, so conditions can be spelled out per value."""
    return list(games.order_by().values_list("move_seconds", flat=True).distinct())


def used_time_by(controls: list[int], fraction: float, moment: datetime) -> Q:
    """Tables whose seat to act had used `fraction` of its move time by `moment`.

    That is `deadline - (1 - fraction) * move_seconds <= moment`. SQLite (under `make run`) cannot
    multiply a duration by a column, so the condition is spelled out once per time control in
    `controls` (from `time_controls`).
    """
    condition = Q(pk__in=[])
    for seconds in controls:
        condition |= Q(move_seconds=seconds, deadline__lte=moment + timedelta(seconds=(1 - fraction) * seconds))
    return condition


def seat_to_act() -> Any:
    """Seats filtered to the one to act at the outer game (annotated by `with_turn`)."""
    return Seat.objects.filter(game=OuterRef("pk"), index=OuterRef("turn_index"))


def due_games(now: datetime | None = None) -> list[tuple[int, int]]:
    """(game id, seq) of every table whose seat to act is overdue, or whose bot or away turn is late."""
    now = now or timezone.now()
    playing = with_turn(Game.objects.filter(status=Game.Status.PLAYING, deadline__isnull=False))
    controls = time_controls(playing)
    # A turn that started before t is one that had used some (any) of its time by t: fraction 0.
    late_bot = Exists(seat_to_act().exclude(bot="")) & used_time_by(controls, 0, now - bot_delay() - SWEEP_GRACE)
    away_after = timedelta(seconds=float(settings.DDMAU_AWAY_DELAY_SECONDS))
    late_away = Exists(seat_to_act().filter(away=True)) & used_time_by(controls, 0, now - away_after - SWEEP_GRACE)
    due = playing.filter(Q(deadline__lte=now) | late_bot | late_away).order_by("deadline")
    return list(due.values_list("pk", "seq"))


# --- taking a seat back -------------------------------------------------------------------------


def check_take_back(game: Game, seat: Seat | None) -> Seat:
    if seat is None:
        raise actions.ActionRefused("You have no seat at this table.", "not_seated")
    if game.status != Game.Status.PLAYING:
        raise actions.ActionRefused("This table is not in play.", "not_playing")
    if not seat.away:
        raise actions.ActionRefused("Your seat is already yours: no bot is playing it.", "not_away")
    return seat


def do_take_back_seat(game_id: int, user: Any) -> Seat:
    """The player is back: the bot stops playing their seat and their own clock runs again."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None:
            raise actions.ActionRefused(actions.NO_TABLE, "missing")
        seat = check_take_back(game, game.seat_of(user))
        seat.away = False
        seat.timeouts_in_a_row = 0
        seat.save(update_fields=["away", "timeouts_in_a_row"])
        game_id, seq = game.pk, game.seq
        transaction.on_commit(lambda: broadcast.game_changed(game_id, seq))
        # Their turn may be running: schedule its timeout; no "your turn" mail, they are here.
        after_turn_change(game, mail=False)
    return seat
