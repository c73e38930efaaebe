"""Small factories for the leagues tests: leagues with members, results as games report them, tournaments."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from django.utils import timezone

from leagues import actions
from leagues.models import League, Membership, Tournament
from leagues.results import GameResult, ResultEntry

Seat = tuple[Any, int, int]  # (a user or a bot level, final total, place)


def make_league(
    owner: Any, name: str = "Tuesday Club", visibility: str = "public", members: Sequence[Any] = ()
) -> League:
    league = actions.do_create_league(owner, name=name, visibility=visibility)
    for member in members:
        Membership.objects.create(league=league, user=member)
    return league


def game_result(
    game_id: int,
    seats: Sequence[Seat],
    *,
    league: League | None = None,
    tournament: Tournament | None = None,
    finished_at: datetime.datetime | None = None,
    teams: Sequence[int] | None = None,
) -> GameResult:
    """A finished game: seats in seat order; `teams` gives each seat's team index in team play."""
    entries = []
    for index, (who, total, place) in enumerate(seats):
        is_bot = isinstance(who, str)
        entries.append(
            ResultEntry(
                seat=index,
                user_id=None if is_bot else who.pk,
                bot_level=who if is_bot else None,
                team=teams[index] if teams else None,
                final_total=total,
                place=place,
            )
        )
    return GameResult(
        game_id=game_id,
        league_id=league.pk if league else None,
        tournament_id=tournament.pk if tournament else None,
        finished_at=finished_at or timezone.now(),
        teams=teams is not None,
        entries=entries,
    )


def record(*args: Any, **kwargs: Any) -> Any:
    return actions.do_record_game_result(game_result(*args, **kwargs))


def make_tournament(staff: Any, *, open_registration: bool = True, **fields: Any) -> Tournament:
    now = timezone.now()
    values: dict[str, Any] = {
        "name": "Spring Open",
        "kind": Tournament.Kind.INDIVIDUAL,
        "move_seconds": 120,
        "min_entrants": 2,
        "max_entrants": 16,
        "table_size": 4,
        "registration_opens": now - datetime.timedelta(hours=1),
        "registration_closes": now + datetime.timedelta(days=2),
        "house_rules": {},
    }
    values.update(fields)
    tournament = actions.do_create_tournament(staff, values)
    if open_registration:
        tournament = actions.do_open_registration(staff, tournament.pk)
    return tournament
