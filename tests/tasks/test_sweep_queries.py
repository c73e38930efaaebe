"""The beat sweeps find what is due on every database the site runs on (SQLite under `make run` too)."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from games import clock, notifications
from tests.support.tables import make_table
from tests.tasks.helpers import DAY, bots_table, move_deadline


def test_it_finds_a_turn_whose_deadline_has_passed_and_leaves_one_with_time_left(alice: Any, bob: Any) -> None:
    overdue = move_deadline(make_table(alice, bob, move_seconds=DAY), -1)
    waiting = move_deadline(make_table(alice, bob, move_seconds=3600), 1800)

    due = dict(clock.due_games())

    assert due == {overdue.pk: overdue.seq}
    assert waiting.pk not in due


def test_it_reminds_a_player_who_has_used_four_fifths_of_the_move_time_only(alice: Any, bob: Any) -> None:
    late = move_deadline(make_table(alice, bob, move_seconds=DAY), 0.1 * DAY)  # 90% of the day gone
    early = move_deadline(make_table(alice, bob, move_seconds=DAY), 0.5 * DAY)  # half of it gone

    reminded = {game.pk for game in notifications.reminders_due(timezone.now())}

    assert late.pk in reminded
    assert early.pk not in reminded


def test_it_finds_a_bot_whose_thinking_time_is_long_over_and_not_one_still_thinking(alice: Any, settings: Any) -> None:
    settings.DDMAU_BOT_DELAY_SECONDS = 60
    late = move_deadline(bots_table(alice, seats=2), DAY - 60 - clock.SWEEP_GRACE.total_seconds() - 1)
    thinking = move_deadline(bots_table(alice, seats=2), DAY - 30)

    due = dict(clock.due_games())

    assert late.pk in due
    assert thinking.pk not in due
