"""Read-side helpers: who may see a league, who manages it, which leagues and partnerships a player has."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet
from django.http import Http404

from games.models import Game
from leagues.models import League, Membership, Partnership, PartnershipMember, Season, Tournament


def membership(league: League, user: Any) -> Membership | None:
    if user is None or not user.is_authenticated:
        return None
    return Membership.objects.filter(league=league, user=user).first()


def can_manage(league: League, user: Any) -> bool:
    found = membership(league, user)
    return found is not None and found.manages


def visible_leagues(user: Any) -> QuerySet[League]:
    """Public and by-approval leagues, and the private ones the user belongs to."""
    leagues = League.objects.all()
    if user is not None and user.is_authenticated:
        return leagues.filter(~Q(visibility=League.Visibility.PRIVATE) | Q(memberships__user=user)).distinct()
    return leagues.exclude(visibility=League.Visibility.PRIVATE)


def can_see(league: League | None, user: Any) -> bool:
    if league is None or not league.is_private:
        return True
    return membership(league, user) is not None


def visible_league_or_404(user: Any, pk: int) -> League:
    """A private league does not exist for those outside it: they get the same 404 as a wrong number."""
    league = League.objects.filter(pk=pk).select_related("owner__profile").first()
    if league is None or not can_see(league, user):
        raise Http404("No such league.")
    return league


def visible_partnership_or_404(user: Any, pk: int) -> Partnership:
    partnership = Partnership.objects.filter(pk=pk).select_related("league").first()
    if partnership is None or not can_see(partnership.league, user):
        raise Http404("No such partnership.")
    return partnership


def current_season(league: League, today: Any) -> Season | None:
    return league.seasons.filter(starts_on__lte=today, ends_on__gte=today).first()


def open_partnership_scope(user: Any, league: League | None) -> QuerySet[Partnership]:
    """The user's partnerships in this scope (a league, or none) that are active or awaiting answers."""
    return Partnership.objects.filter(
        league=league,
        status__in=[Partnership.Status.PENDING, Partnership.Status.ACTIVE],
        members__user=user,
    )


def pending_invitations(user: Any) -> QuerySet[Partnership]:
    return Partnership.objects.filter(
        status=Partnership.Status.PENDING, members__user=user, members__accepted__isnull=True
    ).select_related("league", "created_by__profile")


def league_current_games(league: League, limit: int = 20) -> list[Game]:
    """Tables of this league still waiting for players or being played, newest first."""
    over = [Game.Status.FINISHED, Game.Status.ABORTED, Game.Status.MERGED]
    return list(Game.objects.filter(league=league).exclude(status__in=over).order_by("-created")[:limit])


def tournament_paused(tournament_id: int | None) -> bool:
    """Whether a tournament table's clock is stopped: its staff paused the tournament (games.clock asks)."""
    if tournament_id is None:
        return False
    return Tournament.objects.filter(pk=tournament_id, status=Tournament.Status.PAUSED).exists()


def partners_of(user: Any, league_id: int | None) -> set[int]:
    """The user ids of the user's active partners: in that league, or outside any league."""
    scope = Q(league_id=league_id) if league_id is not None else Q(league__isnull=True)
    mine = Partnership.objects.filter(scope, status=Partnership.Status.ACTIVE, members__user=user)
    members = PartnershipMember.objects.filter(partnership__in=mine).exclude(user=user)
    return set(members.values_list("user_id", flat=True))
