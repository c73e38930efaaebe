from __future__ import annotations

from typing import Any

from django import template
from django.urls import NoReverseMatch, reverse

from games.access import may_watch
from games.models import Game
from leagues.charts import rating_history_svg
from leagues.models import PROVISIONAL_GAMES, Partnership, PlayerRating, RatingPoint, ResultRow
from leagues.queries import can_see

register = template.Library()

_UNITS = ((86400, "day"), (3600, "hour"), (60, "min"))


@register.filter
def move_time(seconds: int) -> str:
    """120 -> "2 min", 14400 -> "4 hours", 86400 -> "1 day"."""
    for size, unit in _UNITS:
        if seconds >= size and seconds % size == 0:
            count = seconds // size
            plural = "s" if count != 1 and unit != "min" else ""
            return f"{count} {unit}{plural}"
    return f"{seconds} s"


@register.filter
def staff_log_line(entry: Any) -> str:
    """A tournament's AdminAction in plain words (leagues.staff_log)."""
    from leagues.staff_log import in_words  # it uses move_time above

    return in_words(entry)


@register.inclusion_tag("leagues/_player_ratings.html", takes_context=True)
def player_ratings(context: dict[str, Any], person: Any) -> dict[str, Any]:
    """The player page's ratings: global and per league (private leagues only for their members), and the chart."""
    viewer = context["request"].user if "request" in context else None
    rows = list(PlayerRating.objects.filter(user=person).select_related("league").order_by("league__name"))
    overall = next((row for row in rows if row.league_id is None), None)
    per_league = [row for row in rows if row.league is not None and can_see(row.league, viewer)]
    history = [point.ordinal for point in RatingPoint.objects.filter(user=person, league__isnull=True)]
    name = person.profile.name
    chart = rating_history_svg(
        history,
        title=f"{name}'s rating over {len(history)} rated games",
        desc=(
            f"Rating (mu minus 3 sigma) after each game, from {history[0]:.1f} to {history[-1]:.1f}."
            if history
            else "No rated games yet."
        ),
        chart_id=f"rating-{person.pk}",
    )
    partnerships = [
        p
        for p in Partnership.objects.filter(members__user=person, status=Partnership.Status.ACTIVE).select_related(
            "league", "rating"
        )
        if can_see(p.league, viewer)
    ]
    return {
        "person": person,
        "overall": overall,
        "per_league": per_league,
        "chart": chart,
        "partnerships": partnerships,
        "provisional_games": PROVISIONAL_GAMES,
    }


RECENT_GAMES = 15


@register.inclusion_tag("leagues/_player_games.html", takes_context=True)
def player_games(context: dict[str, Any], person: Any) -> dict[str, Any]:
    """The player's latest finished games with their place and total, each linking to its table and
    replay; tables the viewer may not watch (private ones) are left out."""
    request = context.get("request")
    viewer = request.user if request is not None else None
    session = request.session if request is not None else None
    rows = list(
        ResultRow.objects.filter(user=person)
        .select_related("record__league", "record__tournament")
        .order_by("-record__finished_at")[:RECENT_GAMES]
    )
    games = Game.objects.in_bulk([row.record.game_id for row in rows])
    shown = [
        {"row": row, "game": games[row.record.game_id], "record": row.record}
        for row in rows
        if row.record.game_id in games and may_watch(games[row.record.game_id], viewer, session)
    ]
    return {"person": person, "games": shown}


@register.filter
def game_url(game_id: int) -> str:
    """The table's page, or "" while the games app has no such page."""
    try:
        return reverse("games:table", args=[game_id])
    except NoReverseMatch:
        return ""
