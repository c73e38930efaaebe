"""Play again: after a finished game, its players open a new table like it, together.

The first player to ask opens the table (same seats, pace, house rules, bots, league and privacy)
and the others are told: on the finished table's page at once, and by mail when the game was
played turn by turn. Each player who asks after that is seated at the same new table, where they
sat relative to the one who opened it when that seat is free.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from games import actions, notifications
from games.models import Game, Seat
from games.table_state import load_seats
from games.views import watchable


def do_rematch(game_id: int, user: Any) -> Game:
    """The rematch table of the finished game, with `user` seated at it (opening it if need be)."""
    with transaction.atomic():
        game = actions.locked_game(game_id)
        if game.status != Game.Status.FINISHED or game.tournament_id is not None:
            raise actions.ActionRefused("A rematch follows a finished game outside a tournament.", "no_rematch")
        seats = load_seats(game)  # with the players, who may be mailed below
        own = game.seat_of(user, seats)
        if own is None:
            raise actions.ActionRefused("Only the players of this game can ask for a rematch.", "forbidden")
        if game.rematch is not None:
            return _sit_down(game.rematch, game, own, user)
        rematch = _open_like(game, seats, user)
        game.rematch = rematch
        game.save(update_fields=["rematch"])
        actions.announce_change(game)
        if not game.is_live:  # people playing live are looking at the page that tells them
            for seat in seats:
                if seat.user is not None and seat.user_id != user.pk:
                    notifications.send_invitation(rematch, seat.user, user)
    return rematch


def _open_like(game: Game, seats: list[Seat], user: Any) -> Game:
    """The new table, turned so that its opener is at seat 0 and everyone else, bots included, keeps
    their place relative to them (partners stay partners, R36)."""
    bots = [seat for seat in seats if seat.is_bot]
    rematch = actions.do_create_game(
        user,
        seat_count=game.seat_count,
        move_seconds=game.move_seconds,
        teams=game.teams,
        rules=game.rules,
        visibility=game.visibility,
        bots=len(bots),
        bot_level=bots[0].bot if bots else Seat.Bot.GREEDY,
        league=game.league if game.league is not None and game.league_admits(user) else None,
    )
    opener = next(seat for seat in seats if seat.user_id == user.pk)
    bot_at = {_turned(seat, opener, game.seat_count): seat.bot for seat in bots}
    new_seats = list(rematch.seats.all())
    for seat in new_seats:
        if seat.index != 0:
            seat.bot = bot_at.get(seat.index, "")
    Seat.objects.bulk_update(new_seats, ["bot"])
    return rematch


def _turned(seat: Seat, opener: Seat, seat_count: int) -> int:
    """Where `seat` is at the rematch, which puts the opener at seat 0."""
    return (seat.index - opener.index) % seat_count


def _sit_down(rematch: Game, game: Game, own: Seat, user: Any) -> Game:
    """Seat `user` at the rematch unless they sit there already; where they sat relative to its opener."""
    if rematch.seat_of(user) is not None:
        return rematch
    opener = game.seat_of(rematch.creator)
    wanted = _turned(own, opener, game.seat_count) if opener is not None else None
    free = set(rematch.seats.filter(user__isnull=True, bot="").values_list("index", flat=True))
    actions.do_join(rematch.pk, user, wanted if wanted in free else None)
    return rematch


@login_required
@require_POST
def rematch_view(request: Any, game_id: int) -> HttpResponse:
    game = watchable(request, game_id)
    try:
        rematch = do_rematch(game.pk, request.user)
    except actions.ActionRefused as refusal:
        messages.error(request, refusal.message)
        return redirect(game)
    return redirect(rematch)
