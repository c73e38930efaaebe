"""Who is told what by mail about their games, each mail at most once.

Only turn-by-turn tables mail (a live table is played with everyone at it):
- "your turn" when the turn reaches a player whose profile asks for every turn. If they have the
  table open right now (`mark_table_open`, a cache key the table's socket keeps fresh) the mail is
  held back (a `DeferredTurnMail` row) and goes out once they have been away for the grace period,
  TABLE_OPEN_SECONDS, if the turn is still theirs: a task looks at its due time
  (`send_deferred_turn_mail`), and the beat sweep (`deferred_mails_due`) catches a lost message;
- a reminder once 80% of the move time is gone (`send_reminders`, a beat task), if reminders are on;
- "a bot plays your seat" when a player is marked away;
- hand and game results, if results are on;
- the daily digest of games waiting for a player who asked for one (`send_digests`, a beat task);
- invitations (`send_invitation`), for any code that invites someone to a table.

A `SentMail` row is inserted before a mail is queued; its unique constraint (player, game, kind,
occasion) makes a second attempt, from a duplicate task or a concurrent worker, send nothing.
A turn's occasion is its deadline, which changes exactly when the turn does.
"""

from __future__ import annotations

import time
import zoneinfo
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import Exists, F, IntegerField
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast
from django.utils import timezone

from accounts.models import Profile
from games import clock, emails, tasks
from games.models import LIVE_MAX_SECONDS, DeferredTurnMail, Game, Seat, SentMail

REMINDER_AT = 0.8  # of the move time gone
# The grace period: a table not seen open for this long is closed (the page says "here" every minute).
TABLE_OPEN_SECONDS = 90
# A held turn mail's own task normally sends it; the sweep steps in only this much later.
DEFERRED_SWEEP_GRACE = timedelta(seconds=30)


def queue(mail: emails.Mail) -> None:
    """Send after the commit, from the worker, with retries (games.tasks.send_email)."""
    tasks.send_email.delay_on_commit(mail.payload())


def first_time(user_id: int, game: Game | None, kind: str, key: str) -> bool:
    """Record that this mail goes out; False if it already went (the unique row decides)."""
    try:
        with transaction.atomic():
            SentMail.objects.create(user_id=user_id, game=game, kind=kind, key=key)
    except IntegrityError:
        return False
    return True


def turn_key(game: Game) -> str:
    assert game.deadline is not None
    return game.deadline.astimezone(UTC).strftime("%Y%m%dT%H%M%S.%f")


# --- presence: the table open in a browser -----------------------------------------------------


def table_open_key(game_id: int, user_id: int) -> str:
    return f"games:open:{game_id}:{user_id}"


def mark_table_open(game_id: int, user_id: int, seconds: float = TABLE_OPEN_SECONDS) -> None:
    """The player is looking at the table (call on connect and on each message): no "your turn" mail
    until `seconds` after this. The key holds when it runs out (a Unix time)."""
    cache.set(table_open_key(game_id, user_id), time.time() + seconds, seconds)


def is_table_open(game_id: int, user_id: int) -> bool:
    return cache.get(table_open_key(game_id, user_id)) is not None


def table_open_until(game_id: int, user_id: int) -> datetime | None:
    """When the player counts as away unless the table says "here" again; None: away now."""
    until = cache.get(table_open_key(game_id, user_id))
    if until is None:
        return None
    if not isinstance(until, int | float):  # a key set before it held a time
        until = time.time() + TABLE_OPEN_SECONDS
    return datetime.fromtimestamp(float(until), tz=UTC)


# --- after every move --------------------------------------------------------------------------


def table_changed(game: Game, seats: Sequence[Seat], *, mail_turn: bool = True) -> None:
    """The mails one committed move (or the start) calls for; run by the worker (games.clock)."""
    if game.is_live or not any(seat.user_id for seat in seats):
        return
    if game.status == Game.Status.FINISHED:
        _game_over(game, seats)
    elif game.status == Game.Status.PLAYING:
        ended = last_hand_number(game)
        if ended is not None:
            _hand_over(game, seats, ended)
        if mail_turn:
            _turn_reached(game, seats)


def last_hand_number(game: Game) -> int | None:
    """The number of the hand scored last, while the next one is played; None in the first hand.

    Asked after every move of the next hand, not only the first: a move can follow the hand's end
    before the worker gets to it, and the result mail must still go out (once, by its SentMail row).
    """
    position = game.dealt_position()
    number = position.get("hand")
    if position.get("last_hand") and isinstance(number, int) and number > 1:
        return number - 1
    return None


def _readers(seats: Iterable[Seat], wants: str) -> list[Any]:
    return [
        seat.user for seat in seats if seat.user is not None and seat.user.email and getattr(seat.user.profile, wants)
    ]


def _turn_reached(game: Game, seats: Sequence[Seat]) -> None:
    seat = next((seat for seat in seats if seat.index == game.turn), None)
    if seat is None or seat.user is None or seat.away or not seat.user.email:
        return
    user = seat.user
    if user.profile.turn_mail != Profile.TurnMail.EVERY_TURN:
        return
    until = table_open_until(game.pk, user.pk)
    if until is not None:
        _defer_turn_mail(game, user, until)
    elif first_time(user.pk, game, SentMail.Kind.TURN, turn_key(game)):
        queue(emails.your_turn(game, user))


# --- a turn mail held while the player is at the table -----------------------------------------


def _defer_turn_mail(game: Game, user: Any, until: datetime) -> None:
    """The player has the table open: look again once the open mark runs out (one row per turn)."""
    held, created = DeferredTurnMail.objects.get_or_create(
        user_id=user.pk, game=game, key=turn_key(game), defaults={"due": until}
    )
    if created:
        _look_again(held)


def _look_again(held: DeferredTurnMail) -> None:
    mail_id, due = held.pk, held.due
    transaction.on_commit(lambda: tasks.send_deferred_turn_mail.apply_async((mail_id,), eta=due), robust=True)


def send_deferred_turn_mail(mail_id: int) -> str:
    """Send a held turn mail if its turn is still running and the player has been away for the grace
    period; look again later while they are still at the table. Exactly once: the row is locked (a
    task and the sweep may both come), and SentMail's unique row stands behind it."""
    with transaction.atomic():
        held = DeferredTurnMail.objects.select_for_update(skip_locked=True, of=("self",)).filter(pk=mail_id).first()
        if held is None:
            return "gone"  # sent, no longer needed, or in the hands of another worker
        game = Game.objects.get(pk=held.game_id)
        turn = game.turn
        seat = None if turn is None else game.seats.select_related("user__profile").filter(index=turn).first()
        still_due = (
            game.status == Game.Status.PLAYING
            and game.deadline is not None
            and turn_key(game) == held.key
            and seat is not None
            and seat.user_id == held.user_id
            and not seat.away
        )
        if not still_due:
            held.delete()
            return "moved on"  # the player moved (or the clock did) before leaving
        until = table_open_until(game.pk, held.user_id)
        if until is not None:
            held.due = until
            held.save(update_fields=["due"])
            _look_again(held)
            return "at the table"
        held.delete()
        assert seat is not None
        assert seat.user is not None
        user = seat.user
        if user.profile.turn_mail != Profile.TurnMail.EVERY_TURN or not user.email:
            return "not wanted"
        if not first_time(user.pk, game, SentMail.Kind.TURN, held.key):
            return "sent already"
        queue(emails.your_turn(game, user))
        return "sent"


def deferred_mails_due(now: datetime | None = None) -> list[int]:
    """Held turn mails whose own task is late (a lost message): for the beat sweep to send."""
    now = now or timezone.now()
    late = DeferredTurnMail.objects.filter(due__lte=now - DEFERRED_SWEEP_GRACE).order_by("due")
    return list(late.values_list("pk", flat=True)[:500])


def _hand_over(game: Game, seats: Sequence[Seat], number: int) -> None:
    readers = _readers(seats, "result_mail")
    if not readers:
        return
    key = str(number)
    told = set(SentMail.objects.filter(game=game, kind=SentMail.Kind.HAND, key=key).values_list("user_id", flat=True))
    for user in readers:
        if user.pk not in told and first_time(user.pk, game, SentMail.Kind.HAND, key):
            queue(emails.hand_result(game, user))


def _game_over(game: Game, seats: Sequence[Seat]) -> None:
    for user in _readers(seats, "result_mail"):
        if first_time(user.pk, game, SentMail.Kind.RESULT, "final"):
            queue(emails.game_result(game, user))


def seat_away(game: Game, seat: Seat) -> None:
    """The clock marked the seat away (inside its transaction): tell the player how to come back."""
    user = seat.user
    if game.is_live or user is None or not user.email or user.profile.turn_mail == Profile.TurnMail.NONE:
        return
    if first_time(user.pk, game, SentMail.Kind.AWAY, str(game.seq)):
        queue(emails.seat_away(game, user))


# --- reminders and digests (beat tasks) --------------------------------------------------------


def reminders_due(now: datetime) -> list[Game]:
    """Turn-by-turn games whose player to act has used 80% of the move time and wants reminders."""
    games = clock.with_turn(Game.objects.turn_by_turn().filter(status=Game.Status.PLAYING, deadline__gt=now))
    wants = clock.seat_to_act().filter(user__isnull=False, away=False, user__profile__reminders=True)
    return list(games.filter(clock.used_time_by(clock.time_controls(games), REMINDER_AT, now)).filter(Exists(wants)))


def send_reminders(now: datetime | None = None) -> int:
    now = now or timezone.now()
    sent = 0
    games = reminders_due(now)
    done = set(SentMail.objects.filter(kind=SentMail.Kind.REMINDER, game__in=games).values_list("game_id", "key"))
    for game in games:
        turn = game.turn
        if turn is None or (game.pk, turn_key(game)) in done:
            continue
        seat = game.seats.select_related("user__profile").get(index=turn)
        if seat.user is None or not seat.user.email:
            continue
        if first_time(seat.user.pk, game, SentMail.Kind.REMINDER, turn_key(game)):
            assert game.deadline is not None
            queue(emails.reminder(game, seat.user, (game.deadline - now).total_seconds()))
            sent += 1
    return sent


def games_waiting_for_digest_readers() -> dict[int, list[Game]]:
    """Per player who asked for a digest, the turn-by-turn games waiting for their move."""
    seats = (
        Seat.objects.filter(
            user__profile__turn_mail=Profile.TurnMail.DAILY_DIGEST,
            away=False,
            game__status=Game.Status.PLAYING,
            game__move_seconds__gt=LIVE_MAX_SECONDS,
        )
        .annotate(turn=Cast(KeyTextTransform("turn", "game__position"), IntegerField()))
        .filter(index=F("turn"))
        .select_related("game")
        .order_by("game__deadline")
    )
    waiting: dict[int, list[Game]] = {}
    for seat in seats:
        assert seat.user_id is not None
        waiting.setdefault(seat.user_id, []).append(seat.game)
    return waiting


def send_digests(now: datetime | None = None) -> int:
    """One mail per player whose digest hour it is (in their time zone), once per local day."""
    now = now or timezone.now()
    waiting = games_waiting_for_digest_readers()
    readers = get_user_model().objects.filter(pk__in=waiting).exclude(email="").select_related("profile")
    sent = 0
    for user in readers:
        local = now.astimezone(zoneinfo.ZoneInfo(user.profile.time_zone))
        if local.hour != settings.DDMAU_DIGEST_HOUR:
            continue
        if first_time(user.pk, None, SentMail.Kind.DIGEST, local.date().isoformat()):
            queue(emails.digest(user, waiting[user.pk]))
            sent += 1
    return sent


# --- invitations -------------------------------------------------------------------------------


def send_invitation(game: Game, to: Any, inviter: Any) -> emails.Mail:
    """Invite `to` (a player, or an email address) to the table, with the link that lets them in."""
    reader = None if isinstance(to, str) else to
    address = to if isinstance(to, str) else to.email
    mail = emails.invitation(game, inviter, address, reader)
    queue(mail)
    return mail
