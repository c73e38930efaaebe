"""Celery tasks of the tables: thin, they call games.clock and games.notifications.

Every task that moves a table acts under the game row lock and only at the seq it was sent for
(games.clock), so a duplicate delivery or a late one changes nothing.
"""

from __future__ import annotations

import smtplib
from typing import Any

from celery import shared_task
from celery.contrib.django.task import DjangoTask

from games import clock, emails, notifications


# Sent after every move and never awaited: a result would cost each sending thread (every HTTP request
# has its own) a new result-backend connection and a subscription to the result.
# acks_late (here and on play_due): a worker that dies running it leaves the message to be delivered
# again (after the broker's visibility timeout); both are safe to run twice (the seq, SentMail rows).
@shared_task(base=DjangoTask, ignore_result=True, acks_late=True)
def turn_changed(game_id: int, seq: int, mail: bool = True) -> str:
    """After a move committed: the mails it calls for, and the next timeout or bot move."""
    return clock.plan_turn(game_id, seq, mail=mail)


@shared_task(base=DjangoTask, acks_late=True)
def play_due(game_id: int, seq: int) -> int:
    """A timeout, an away seat's turn or a bot's move, if still due at `seq`; the moves made."""
    return len(clock.do_play_due(game_id, seq))


@shared_task(base=DjangoTask)
def sweep_clock() -> int:
    """Beat, every few seconds: whatever a lost or delayed message left waiting (the tables due, and
    turn mails held for players who were at the table); the number of tables."""
    due = clock.due_games()
    for game_id, seq in due:
        play_due.delay(game_id, seq)
    for mail_id in notifications.deferred_mails_due():
        send_deferred_turn_mail.delay(mail_id)
    return len(due)


@shared_task(base=DjangoTask, ignore_result=True)
def send_deferred_turn_mail(mail_id: int) -> str:
    """A turn mail held while the player had the table open: sent once they have been away."""
    return notifications.send_deferred_turn_mail(mail_id)


@shared_task(base=DjangoTask)
def send_reminders() -> int:
    return notifications.send_reminders()


@shared_task(base=DjangoTask)
def send_digests() -> int:
    return notifications.send_digests()


@shared_task(
    base=DjangoTask,
    autoretry_for=(smtplib.SMTPException, OSError),
    dont_autoretry_for=(smtplib.SMTPRecipientsRefused,),  # the address is wrong: trying again won't help
    retry_backoff=True,
    retry_backoff_max=600,
    retry_jitter=True,
    max_retries=8,
)
def send_email(payload: dict[str, Any]) -> int:
    return emails.send(emails.Mail.from_payload(payload))


@shared_task(base=DjangoTask, ignore_result=True)
def close_window(game_id: int, seq: int) -> bool:
    """A reaction window's time is up: the server closes it, if the table is still at `seq`."""
    from games import windows

    return windows.do_close_window(game_id, seq) is not None


@shared_task(base=DjangoTask, ignore_result=True)
def sweep_windows() -> int:
    """Beat, every two seconds: windows whose close task was lost or is late."""
    from games import windows

    due = windows.windows_due()
    for game_id, seq in due:
        windows.do_close_window(game_id, seq)
    return len(due)
