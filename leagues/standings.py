"""League standings, for players and for partnerships: computed from the recorded result rows."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Avg, Count, Q, QuerySet

from leagues.models import (
    PROVISIONAL_GAMES,
    League,
    Membership,
    Partnership,
    PartnershipRating,
    PlayerRating,
    ResultRow,
    Season,
    Skill,
)

# Each column sorts in the direction a reader expects first: best first. A low total is good in DD MAU
# and Danish Mau Mau; in a game where a higher total wins (Mau-Mau's point game) `sorts` turns it round.
SORTS: dict[str, tuple[str, bool]] = {
    "name": ("Name", False),
    "games": ("Games", True),
    "wins": ("Wins", True),
    "average": ("Average final total", False),
    "rating": ("Rating", True),
}
DEFAULT_SORT = "rating"


def sorts(league: League) -> dict[str, tuple[str, bool]]:
    """The columns and whether each sorts descending first, best first for the league's game."""
    if not league.higher_total_wins:
        return SORTS
    return {**SORTS, "average": (SORTS["average"][0], True)}


@dataclass
class Standing:
    name: str
    url: str
    games: int
    wins: int
    average: float | None
    rating: float | None
    rated_games: int

    @property
    def provisional(self) -> bool:
        return self.rated_games < PROVISIONAL_GAMES


def parse_sort(value: str | None) -> tuple[str, bool]:
    """("wins", False) for "wins": the key and whether the order is reversed from its natural one."""
    value = value or DEFAULT_SORT
    reverse = value.startswith("-")
    key = value.lstrip("-")
    if key not in SORTS:
        return DEFAULT_SORT, False
    return key, reverse


def _sort(rows: list[Standing], sort: str | None, league: League) -> list[Standing]:
    key, reverse = parse_sort(sort)
    descending = sorts(league)[key][1] != reverse
    value: Callable[[Standing], Any] = {
        "rating": lambda row: row.rating,
        "games": lambda row: row.games,
        "wins": lambda row: row.wins,
        "average": lambda row: row.average,
        "name": lambda row: row.name.casefold(),
    }[key]
    # Rows without a value (no games, no rating) go last whichever way the column sorts.
    present = [row for row in rows if value(row) is not None]
    missing = [row for row in rows if value(row) is None]
    present.sort(key=lambda row: row.name.casefold())
    present.sort(key=value, reverse=descending)
    return present + sorted(missing, key=lambda row: row.name.casefold())


def _in_season(rows: QuerySet[ResultRow], season: Season | None) -> QuerySet[ResultRow]:
    if season is None:
        return rows
    # A game counts for the season in which it finished (dates in UTC, the site's time zone).
    start = datetime.datetime.combine(season.starts_on, datetime.time.min, tzinfo=datetime.UTC)
    end = datetime.datetime.combine(season.ends_on + datetime.timedelta(days=1), datetime.time.min, tzinfo=datetime.UTC)
    return rows.filter(record__finished_at__gte=start, record__finished_at__lt=end)


def player_standings(league: League, season: Season | None = None, sort: str | None = None) -> list[Standing]:
    """Every member and everyone with a result in the league: games, wins, average final total, rating."""
    rows = _in_season(ResultRow.objects.filter(record__league=league, user__isnull=False), season)
    totals = {
        item["user"]: item
        for item in rows.values("user").annotate(
            games=Count("id"), wins=Count("id", filter=Q(place=1)), average=Avg("final_total")
        )
    }
    rated = {rating.user_id: rating for rating in PlayerRating.objects.filter(league=league)}
    people = {m.user_id: m.user for m in Membership.objects.filter(league=league).select_related("user__profile")}
    missing = set(totals) - set(people)
    if missing:
        people.update({u.pk: u for u in _users(missing)})
    standings = [
        _standing(user.profile.name, user.profile.get_absolute_url(), totals.get(uid, {}), rated.get(uid))
        for uid, user in people.items()
    ]
    return _sort(standings, sort, league)


def partnership_standings(league: League, season: Season | None = None, sort: str | None = None) -> list[Standing]:
    """Active partnerships and any with results: each game counts once per partnership."""
    rows = _in_season(ResultRow.objects.filter(record__league=league, partnership__isnull=False), season)
    totals = {
        item["partnership"]: item
        for item in rows.values("partnership").annotate(
            games=Count("record", distinct=True),
            wins=Count("record", filter=Q(place=1), distinct=True),
            # Both partners carry the team's total, so the average over rows is the team's average.
            average=Avg("final_total"),
        )
    }
    partnerships = Partnership.objects.filter(league=league).filter(
        Q(status=Partnership.Status.ACTIVE) | Q(pk__in=list(totals))
    )
    rated = {r.partnership_id: r for r in PartnershipRating.objects.filter(partnership__in=partnerships)}
    standings = [_standing(p.name, p.get_absolute_url(), totals.get(p.pk, {}), rated.get(p.pk)) for p in partnerships]
    return _sort(standings, sort, league)


def _standing(name: str, url: str, totals: dict[str, Any], rating: Skill | None) -> Standing:
    return Standing(
        name=name,
        url=url,
        games=totals.get("games", 0),
        wins=totals.get("wins", 0),
        average=totals.get("average"),
        rating=rating.ordinal if rating else None,
        rated_games=rating.games if rating else 0,
    )


def _users(ids: set[int]) -> list[Any]:
    return list(get_user_model().objects.filter(pk__in=ids).select_related("profile"))
