"""Tournament tables, the games side: open a table for drawn players, close it, stop and restart its
clock, let the bot stand in for a seat.

leagues.tournament_runner decides what happens to a tournament; these functions make the writes to
the tables, the way games.actions does: under the game row lock, telling the viewers after the
commit, and handing the table to games.clock (timeouts, bots) when its turn changes.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import actions, broadcast, clock
from games.models import Game, Seat, team_of


def _tell_viewers(game: Game) -> None:
    game_id, seq = game.pk, game.seq
    transaction.on_commit(lambda: broadcast.game_changed(game_id, seq))


def do_open_table(
    *,
    tournament_id: int,
    creator: Any,
    users: Sequence[int],
    away: Collection[int],
    teams: bool,
    rules: Mapping[str, Any],
    move_seconds: int,
    start_totals: Sequence[int] | None,
    clock_running: bool,
    variant: str = "ddmau",
) -> Game:
    """A started tournament table: `users[i]` at seat i, the bot standing in for `away`.

    DD MAU plays in tournament mode (R35), `start_totals` being the running totals the players bring
    from their earlier tables; any other `variant` plays one ordinary game of its own (a round of a
    tournament of rounds), with no totals brought along. With `clock_running` false (a paused
    tournament) the table waits without a deadline.
    """
    seat_count = len(users)
    actions.check_table_shape(seat_count, teams, 0, variant)
    house_rules = actions.check_house_rules(rules, variant)
    elimination = "tournament" in actions.check_variant(variant).modes  # R35's tournament mode
    now = timezone.now()
    with transaction.atomic():
        game = Game.objects.create(
            variant=variant,
            seat_count=seat_count,
            move_seconds=move_seconds,
            teams=teams,
            rules=house_rules,
            mode=Game.Mode.TOURNAMENT if elimination else Game.Mode.STANDARD,
            creator=creator,
            tournament_id=tournament_id,
            start_totals=list(start_totals) if elimination and start_totals and any(start_totals) else None,
            status=Game.Status.PLAYING,
            started=now,
        )
        Seat.objects.bulk_create(
            Seat(
                game=game,
                index=index,
                user_id=user_id,
                away=user_id in away,
                team=team_of(index, seat_count) if teams else None,
            )
            for index, user_id in enumerate(users)
        )
        game.position = game.initial_position()
        game.deadline = now + timedelta(seconds=move_seconds) if clock_running else None
        game.save(update_fields=["position", "deadline"])
        _tell_viewers(game)
        if clock_running:
            clock.after_turn_change(game)
    return game


def do_close_table(game_id: int, status: str = Game.Status.MERGED) -> Game:
    """Close a table still in play (MERGED between hands, ABORTED when the staff end it); a finished one stays."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if game.status == Game.Status.PLAYING:
            game.status = status
            game.finished = timezone.now()
            game.deadline = None
            game.save(update_fields=["status", "finished", "deadline"])
            _tell_viewers(game)
    return game


def do_stop_clock(game_id: int) -> None:
    """No deadline: nobody times out and no bot plays until the clock restarts."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if game.status == Game.Status.PLAYING and game.deadline is not None:
            game.deadline = None
            game.save(update_fields=["deadline"])
            _tell_viewers(game)


def do_restart_clock(game_id: int) -> None:
    """The seat to act gets a whole move time again, and the clock plans the table."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if game.status != Game.Status.PLAYING:
            return
        game.deadline = timezone.now() + timedelta(seconds=game.move_seconds)
        game.save(update_fields=["deadline"])
        _tell_viewers(game)
        clock.after_turn_change(game)


def do_stand_in(game_id: int, user_ids: Collection[int]) -> list[Seat]:
    """The bot plays these players' seats from now on (they are away, and may take the seat back)."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if game.status != Game.Status.PLAYING:
            raise actions.ActionRefused("This table is not in play.", "not_playing")
        seats = list(game.seats.filter(user_id__in=user_ids, away=False))
        if not seats:
            raise actions.ActionRefused("A bot already plays for them at this table.", "away")
        for seat in seats:
            seat.away = True
        Seat.objects.bulk_update(seats, ["away"])
        _tell_viewers(game)
        if game.deadline is not None:
            clock.after_turn_change(game, mail=False)
    return seats
