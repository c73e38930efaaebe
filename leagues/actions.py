"""Every write of the leagues app: check_* say why something cannot happen, do_* make it happen.

A refused action raises Refused (or Forbidden when the person may not do it at all) with a message
for the person, and changes nothing. Rows that two requests may change at once are locked with
select_for_update inside the action's transaction.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.formats import date_format

from leagues import emails, ratings
from leagues.invites import invite_is_valid
from leagues.models import (
    DDMAU,
    AdminAction,
    Entrant,
    GameRecord,
    JoinRequest,
    League,
    Membership,
    Partnership,
    PartnershipMember,
    PartnershipRating,
    PlayerRating,
    RatingPoint,
    ResultRow,
    Season,
    Tournament,
    game_choices,
    new_nonce,
    partnership_games,
    plays_partnerships,
)
from leagues.queries import membership, open_partnership_scope
from leagues.results import GameResult


class Refused(Exception):
    """The action cannot happen; str(error) tells the person why. Nothing was changed."""


class Forbidden(Refused):
    """The person may not do this at all (views answer 403)."""


def _name(user: Any) -> str:
    return str(user.profile.name)


# ---------------------------------------------------------------- leagues


def check_game(variant: str) -> None:
    if variant not in dict(game_choices()):
        raise Refused(f"There is no game called {variant!r} here.")


def check_create_league(user: Any, name: str, variant: str = DDMAU) -> None:
    if not user.is_authenticated:
        raise Forbidden("Log in to create a league.")
    if not name.strip():
        raise Refused("A league needs a name.")
    if League.objects.filter(name__iexact=name.strip()).exists():
        raise Refused(f"There is already a league called {name.strip()}.")
    check_game(variant)


@transaction.atomic
def do_create_league(
    user: Any, *, name: str, description: str = "", visibility: str = "public", variant: str = DDMAU
) -> League:
    """A new league of one game (`variant`): its tables, standings and ratings are of that game."""
    check_create_league(user, name, variant)
    league = League.objects.create(
        name=name.strip(), description=description.strip(), visibility=visibility, owner=user, variant=variant
    )
    Membership.objects.create(league=league, user=user, role=Membership.Role.OWNER)
    return league


def check_manage(league: League, user: Any) -> Membership:
    found = membership(league, user)
    if found is None or not found.manages:
        raise Forbidden(f"Only the admins of {league} can do that.")
    return found


def league_has_games(league: League) -> bool:
    """Whether any table was opened in the league (or any result recorded for it): its game is then fixed."""
    return league.games.exists() or league.records.exists()


@transaction.atomic
def do_update_league(
    league_id: int, user: Any, *, name: str, description: str, visibility: str, variant: str | None = None
) -> League:
    league = League.objects.select_for_update().get(pk=league_id)
    check_manage(league, user)
    name = name.strip()
    if not name:
        raise Refused("A league needs a name.")
    if League.objects.filter(name__iexact=name).exclude(pk=league.pk).exists():
        raise Refused(f"There is already a league called {name}.")
    if variant is not None and variant != league.variant:
        check_game(variant)
        if league_has_games(league):
            raise Refused(f"{league} has games of {league.game_title}: its game can no longer change.")
        league.variant = variant
    league.name, league.description, league.visibility = name, description.strip(), visibility
    league.save(update_fields=["name", "description", "visibility", "variant"])
    return league


@transaction.atomic
def do_reset_invite(league_id: int, user: Any) -> League:
    """A new invite link; every earlier one stops working."""
    league = League.objects.select_for_update().get(pk=league_id)
    check_manage(league, user)
    league.invite_nonce = new_nonce()
    league.save(update_fields=["invite_nonce"])
    return league


def check_join(league: League, user: Any, token: str | None = None) -> None:
    if not user.is_authenticated:
        raise Forbidden("Log in to join a league.")
    if membership(league, user) is not None:
        raise Refused(f"You are already a member of {league}.")
    if invite_is_valid(league, token):
        return
    if league.visibility == League.Visibility.PRIVATE:
        raise Forbidden(f"{league} is private: you need its invite link.")
    if league.visibility == League.Visibility.APPROVAL and (
        JoinRequest.objects.filter(league=league, user=user, status=JoinRequest.Status.PENDING).exists()
    ):
        raise Refused(f"Your request to join {league} is waiting for its admins.")


@transaction.atomic
def do_join(league_id: int, user: Any, token: str | None = None) -> Membership | JoinRequest:
    """Join a public league (or any league with a valid invite link); ask to join a by-approval one."""
    league = League.objects.select_for_update().get(pk=league_id)
    check_join(league, user, token)
    if league.visibility == League.Visibility.APPROVAL and not invite_is_valid(league, token):
        return JoinRequest.objects.create(league=league, user=user)
    JoinRequest.objects.filter(league=league, user=user, status=JoinRequest.Status.PENDING).update(
        status=JoinRequest.Status.ACCEPTED, decided=timezone.now()
    )
    return Membership.objects.create(league=league, user=user)


@transaction.atomic
def do_leave(league_id: int, user: Any) -> None:
    league = League.objects.select_for_update().get(pk=league_id)
    found = membership(league, user)
    if found is None:
        raise Refused(f"You are not a member of {league}.")
    if found.role == Membership.Role.OWNER:
        raise Refused(f"You own {league}, so you cannot leave it.")
    for partnership in open_partnership_scope(user, league).select_for_update():
        _dissolve(partnership)
    found.delete()


@transaction.atomic
def do_cancel_join_request(league_id: int, user: Any) -> None:
    updated = JoinRequest.objects.filter(league_id=league_id, user=user, status=JoinRequest.Status.PENDING).delete()
    if not updated[0]:
        raise Refused("You have no request waiting.")


@transaction.atomic
def do_decide_join_request(request_id: int, user: Any, *, accept: bool) -> JoinRequest:
    join_request = JoinRequest.objects.select_for_update().select_related("league").get(pk=request_id)
    check_manage(join_request.league, user)
    if join_request.status != JoinRequest.Status.PENDING:
        raise Refused(f"That request was already {join_request.get_status_display().lower()}.")
    join_request.status = JoinRequest.Status.ACCEPTED if accept else JoinRequest.Status.DECLINED
    join_request.decided_by = user
    join_request.decided = timezone.now()
    join_request.save(update_fields=["status", "decided_by", "decided"])
    if accept:
        Membership.objects.get_or_create(league=join_request.league, user=join_request.user)
    return join_request


@transaction.atomic
def do_set_admin(league_id: int, owner: Any, member_id: int, *, admin: bool) -> Membership:
    league = League.objects.select_for_update().get(pk=league_id)
    acting = membership(league, owner)
    if acting is None or acting.role != Membership.Role.OWNER:
        raise Forbidden(f"Only the owner of {league} names its admins.")
    target = Membership.objects.filter(league=league, user_id=member_id).select_related("user__profile").first()
    if target is None:
        raise Refused("Only members can be made admins.")
    if target.role == Membership.Role.OWNER:
        raise Refused("The owner is always an admin.")
    target.role = Membership.Role.ADMIN if admin else Membership.Role.MEMBER
    target.save(update_fields=["role"])
    return target


def check_season(
    league: League, *, name: str, starts_on: datetime.date, ends_on: datetime.date, season_id: int | None
) -> None:
    if not name.strip():
        raise Refused("A season needs a name.")
    if ends_on < starts_on:
        raise Refused("A season cannot end before it starts.")
    others = league.seasons.exclude(pk=season_id) if season_id else league.seasons.all()
    if others.filter(name__iexact=name.strip()).exists():
        raise Refused(f"{league} already has a season called {name.strip()}.")
    overlap = others.filter(starts_on__lte=ends_on, ends_on__gte=starts_on).first()
    if overlap is not None:
        # A game counts for the season in which it finished, so seasons may not share a day.
        raise Refused(
            f"Seasons may not overlap: {overlap.name} runs from {date_format(overlap.starts_on)}"
            f" to {date_format(overlap.ends_on)}."
        )


@transaction.atomic
def do_save_season(
    league_id: int,
    user: Any,
    *,
    name: str,
    starts_on: datetime.date,
    ends_on: datetime.date,
    season_id: int | None = None,
) -> Season:
    league = League.objects.select_for_update().get(pk=league_id)
    check_manage(league, user)
    check_season(league, name=name, starts_on=starts_on, ends_on=ends_on, season_id=season_id)
    season = league.seasons.get(pk=season_id) if season_id else Season(league=league)
    season.name, season.starts_on, season.ends_on = name.strip(), starts_on, ends_on
    season.save()
    return season


# ---------------------------------------------------------------- partnerships


def check_create_partnership(league: League | None, creator: Any, partner: Any, name: str) -> None:
    if not creator.is_authenticated:
        raise Forbidden("Log in to form a partnership.")
    if partner is None:
        raise Refused("Choose your partner.")
    if partner.pk == creator.pk:
        raise Refused("Your partner must be someone else.")
    if not name.strip():
        raise Refused("A partnership needs a name.")
    if league is not None:
        if not league.plays_partnerships:
            raise Refused(f"{league} plays {league.game_title}, which is not played in partnerships.")
        for person in (creator, partner):
            if membership(league, person) is None:
                who = "You are" if person.pk == creator.pk else f"{_name(person)} is"
                raise Refused(f"{who} not a member of {league}.")
    for person in (creator, partner):
        existing = open_partnership_scope(person, league).first()
        if existing is not None:
            who = "You already have" if person.pk == creator.pk else f"{_name(person)} already has"
            where = f"in {league}" if league is not None else "outside leagues"
            raise Refused(f"{who} a partnership {where}: {existing}.")


@transaction.atomic
def do_create_partnership(league_id: int | None, creator: Any, partner: Any, name: str) -> Partnership:
    """Invite a partner; the partnership is active once they accept."""
    league = League.objects.select_for_update().get(pk=league_id) if league_id else None
    check_create_partnership(league, creator, partner, name)
    partnership = Partnership.objects.create(league=league, name=name.strip(), created_by=creator)
    PartnershipMember.objects.create(partnership=partnership, user=creator, accepted=timezone.now())
    PartnershipMember.objects.create(partnership=partnership, user=partner)
    return partnership


@transaction.atomic
def do_answer_partnership(partnership_id: int, user: Any, *, accept: bool) -> Partnership:
    partnership = Partnership.objects.select_for_update(of=("self",)).select_related("league").get(pk=partnership_id)
    seat = partnership.members.filter(user=user).first()
    if seat is None:
        raise Forbidden("Only the invited partner can answer.")
    if partnership.status != Partnership.Status.PENDING or seat.accepted is not None:
        raise Refused(f"{partnership} is no longer waiting for your answer.")
    if not accept:
        partnership.status = Partnership.Status.DECLINED
        partnership.save(update_fields=["status"])
        return partnership
    other = open_partnership_scope(user, partnership.league).exclude(pk=partnership.pk)
    taken = other.filter(status=Partnership.Status.ACTIVE).first()
    if taken is not None:
        raise Refused(f"You already play in {taken}; dissolve it first.")
    seat.accepted = timezone.now()
    seat.save(update_fields=["accepted"])
    if not partnership.members.filter(accepted__isnull=True).exists():
        partnership.status = Partnership.Status.ACTIVE
        partnership.save(update_fields=["status"])
        for stale in other.filter(status=Partnership.Status.PENDING).select_for_update():
            _dissolve(stale)
    return partnership


def _dissolve(partnership: Partnership) -> None:
    partnership.status = (
        Partnership.Status.DISSOLVED if partnership.status == Partnership.Status.ACTIVE else Partnership.Status.DECLINED
    )
    partnership.save(update_fields=["status"])


@transaction.atomic
def do_dissolve_partnership(partnership_id: int, user: Any) -> Partnership:
    partnership = Partnership.objects.select_for_update().get(pk=partnership_id)
    if not partnership.members.filter(user=user).exists():
        raise Forbidden("Only the partners can dissolve a partnership.")
    if partnership.status not in (Partnership.Status.PENDING, Partnership.Status.ACTIVE):
        raise Refused(f"{partnership} is already {partnership.get_status_display().lower()}.")
    entered = partnership.tournament_entries.filter(
        withdrawn__isnull=True,
        tournament__status__in=[Tournament.Status.REGISTRATION, Tournament.Status.RUNNING, Tournament.Status.PAUSED],
    ).first()
    if entered is not None:
        raise Refused(f"{partnership} is entered in {entered.tournament}; withdraw it first.")
    _dissolve(partnership)
    return partnership


# ---------------------------------------------------------------- results and ratings


def check_game_result(result: GameResult) -> None:
    entries = result.entries
    if len(entries) < 2:
        raise Refused(f"Game {result.game_id}: a result needs at least two seats.")
    if len({entry.seat for entry in entries}) != len(entries):
        raise Refused(f"Game {result.game_id}: a seat appears twice.")
    people = [entry.user_id for entry in entries if entry.user_id is not None]
    if len(set(people)) != len(people):
        raise Refused(f"Game {result.game_id}: a player holds two seats.")
    for entry in entries:
        if (entry.user_id is None) == (not entry.bot_level):
            raise Refused(f"Game {result.game_id}: seat {entry.seat} must be a player or a bot.")
        if entry.place < 1:
            raise Refused(f"Game {result.game_id}: places start at 1.")
        if result.teams and entry.team is None:
            raise Refused(f"Game {result.game_id}: seat {entry.seat} has no team in a team game.")
    if result.teams:
        places: dict[int | None, set[int]] = defaultdict(set)
        for entry in entries:
            places[entry.team].add(entry.place)
        if any(len(team_places) != 1 for team_places in places.values()):
            raise Refused(f"Game {result.game_id}: partners share their place (R36).")
    if result.league_id is not None and not League.objects.filter(pk=result.league_id).exists():
        raise Refused(f"Game {result.game_id}: no league {result.league_id}.")
    if result.tournament_id is not None and not Tournament.objects.filter(pk=result.tournament_id).exists():
        raise Refused(f"Game {result.game_id}: no tournament {result.tournament_id}.")


@dataclass
class _Side:
    """One rated unit of the final order: a player, or the people of a team."""

    place: int
    user_ids: list[int]
    partnership: Partnership | None = None


@transaction.atomic
def do_record_game_result(result: GameResult) -> GameRecord:
    """Store a finished game's result rows and update ratings; recording the same game again changes nothing."""
    check_game_result(result)
    record, created = GameRecord.objects.get_or_create(
        game_id=result.game_id,
        defaults={
            "league_id": result.league_id,
            "tournament_id": result.tournament_id,
            "finished_at": result.finished_at,
            "teams": result.teams,
        },
    )
    if not created:
        return record
    sides = _sides(result)
    ResultRow.objects.bulk_create(
        ResultRow(
            record=record,
            seat=entry.seat,
            user_id=entry.user_id,
            bot_level=entry.bot_level or "",
            team=entry.team,
            partnership=sides[entry.team].partnership if result.teams else None,
            final_total=entry.final_total,
            place=entry.place,
        )
        for entry in result.entries
    )
    # Bots get no rating and are left out of the order; the people keep their relative places.
    rated = [side for side in sides.values() if side.user_ids]
    if len(rated) >= 2:
        scopes: list[int | None] = [None] if result.league_id is None else [None, result.league_id]
        for league_id in scopes:
            _rate_players(record, rated, league_id)
        partnered = [side for side in rated if side.partnership is not None]
        if len(partnered) >= 2:
            _rate_partnerships(record, partnered)
    return record


def _sides(result: GameResult) -> dict[int | None, _Side]:
    """The game's sides keyed by team index (team play) or seat (individual play)."""
    sides: dict[int | None, _Side] = {}
    for entry in sorted(result.entries, key=lambda e: e.seat):
        key = entry.team if result.teams else entry.seat
        side = sides.setdefault(key, _Side(place=entry.place, user_ids=[]))
        if entry.user_id is not None:
            side.user_ids.append(entry.user_id)
    if result.teams:
        for side in sides.values():
            side.partnership = _partnership_of(side.user_ids, result)
    return sides


def _partnership_of(user_ids: Sequence[int], result: GameResult) -> Partnership | None:
    """The registered partnership these two people played as: the league's, the tournament's, or an open one."""
    if len(user_ids) != 2:
        return None
    found = Partnership.objects.filter(members__user_id=user_ids[0]).filter(members__user_id=user_ids[1])
    if result.tournament_id is not None:
        entered = found.filter(tournament_entries__tournament_id=result.tournament_id).first()
        if entered is not None:
            return entered
    active = found.filter(status=Partnership.Status.ACTIVE)
    if result.league_id is not None:
        return active.filter(league_id=result.league_id).first()
    return active.filter(league__isnull=True).first()


def _rate_players(record: GameRecord, sides: Sequence[_Side], league_id: int | None) -> None:
    user_ids = sorted(uid for side in sides for uid in side.user_ids)
    start = ratings.initial_skill()
    PlayerRating.objects.bulk_create(
        [PlayerRating(user_id=uid, league_id=league_id, mu=start.mu, sigma=start.sigma) for uid in user_ids],
        ignore_conflicts=True,
    )
    # Locked in id order, so two games finishing at once for the same players cannot deadlock.
    current = {
        row.user_id: row
        for row in PlayerRating.objects.select_for_update()
        .filter(user_id__in=user_ids, league=league_id)
        .order_by("pk")
    }
    before = [[ratings.Skill(current[uid].mu, current[uid].sigma) for uid in side.user_ids] for side in sides]
    after = ratings.rate(before, [side.place for side in sides])
    points = []
    for side, skills in zip(sides, after, strict=True):
        for uid, skill in zip(side.user_ids, skills, strict=True):
            row = current[uid]
            row.mu, row.sigma, row.games = skill.mu, skill.sigma, row.games + 1
            points.append(
                RatingPoint(
                    record=record, user_id=uid, league_id=league_id, mu=row.mu, sigma=row.sigma,
                    games=row.games, at=record.finished_at,
                )
            )  # fmt: skip
    PlayerRating.objects.bulk_update(current.values(), ["mu", "sigma", "games", "updated"])
    RatingPoint.objects.bulk_create(points)


def _rate_partnerships(record: GameRecord, sides: Sequence[_Side]) -> None:
    start = ratings.initial_skill()
    partnerships = [side.partnership for side in sides if side.partnership is not None]
    PartnershipRating.objects.bulk_create(
        [PartnershipRating(partnership=p, mu=start.mu, sigma=start.sigma) for p in partnerships],
        ignore_conflicts=True,
    )
    current = {
        row.partnership_id: row
        for row in PartnershipRating.objects.select_for_update().filter(partnership__in=partnerships).order_by("pk")
    }
    before = [[ratings.Skill(current[p.pk].mu, current[p.pk].sigma)] for p in partnerships]
    after = ratings.rate(before, [side.place for side in sides])
    points = []
    for partnership, (skill,) in zip(partnerships, after, strict=True):
        row = current[partnership.pk]
        row.mu, row.sigma, row.games = skill.mu, skill.sigma, row.games + 1
        points.append(
            RatingPoint(
                record=record, partnership=partnership, league_id=partnership.league_id, mu=row.mu,
                sigma=row.sigma, games=row.games, at=record.finished_at,
            )
        )  # fmt: skip
    PartnershipRating.objects.bulk_update(current.values(), ["mu", "sigma", "games", "updated"])
    RatingPoint.objects.bulk_create(points)


# ---------------------------------------------------------------- tournaments

TOURNAMENT_FIELDS = (
    "name",
    "description",
    "variant",
    "rounds",
    "kind",
    "move_seconds",
    "min_entrants",
    "max_entrants",
    "table_size",
    "registration_opens",
    "registration_closes",
    "house_rules",
)


def check_tournament_game(variant: str, kind: str) -> None:
    check_game(variant)
    if kind == Tournament.Kind.PARTNERSHIPS and not plays_partnerships(variant):
        raise Refused(
            f"Only {partnership_games()} is played in partnerships (R36): choose individual players for this game."
        )


def check_staff(user: Any) -> None:
    if not (user.is_authenticated and user.is_staff):
        raise Forbidden("Only staff run tournaments.")


def record_admin_action(tournament: Tournament, staff: Any, action: str, **detail: Any) -> AdminAction:
    return AdminAction.objects.create(tournament=tournament, staff=staff, action=action, detail=detail)


def _as_json(value: Any) -> Any:
    if isinstance(value, datetime.datetime | datetime.date):
        return value.isoformat()
    return value


@transaction.atomic
def do_create_tournament(staff: Any, fields: dict[str, Any]) -> Tournament:
    """Create a draft tournament from already validated fields (leagues.forms.TournamentForm)."""
    check_staff(staff)
    values = {key: fields[key] for key in TOURNAMENT_FIELDS if key in fields}
    check_tournament_game(values.get("variant", DDMAU), values.get("kind", Tournament.Kind.INDIVIDUAL))
    tournament = Tournament.objects.create(created_by=staff, **values)
    record_admin_action(tournament, staff, "create", **{key: _as_json(value) for key, value in values.items()})
    return tournament


@transaction.atomic
def do_update_tournament(staff: Any, tournament_id: int, fields: dict[str, Any]) -> Tournament:
    check_staff(staff)
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    if tournament.status not in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION):
        raise Refused(f"{tournament} has started: its settings can no longer change.")
    changed = {
        key: _as_json(value)
        for key, value in fields.items()
        if key in TOURNAMENT_FIELDS and getattr(tournament, key) != value
    }
    if tournament.status == Tournament.Status.REGISTRATION and "kind" in changed and tournament.entrants.exists():
        raise Refused("Entrants have registered: the tournament can no longer switch between players and partnerships.")
    for key in changed:
        setattr(tournament, key, fields[key])
    check_tournament_game(tournament.variant, tournament.kind)
    tournament.save()
    if changed:
        record_admin_action(tournament, staff, "edit", **changed)
    return tournament


@transaction.atomic
def do_open_registration(staff: Any, tournament_id: int) -> Tournament:
    check_staff(staff)
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    if tournament.status != Tournament.Status.DRAFT:
        raise Refused(f"{tournament} is not a draft any more.")
    tournament.status = Tournament.Status.REGISTRATION
    tournament.save(update_fields=["status"])
    record_admin_action(tournament, staff, "open registration")
    return tournament


def active_entrants(tournament: Tournament) -> QuerySet[Entrant]:
    return tournament.entrants.filter(withdrawn__isnull=True)


def check_registration_open(tournament: Tournament, now: datetime.datetime) -> None:
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Refused(f"Registration for {tournament} is not open.")
    if now < tournament.registration_opens:
        raise Refused(f"Registration for {tournament} opens {_when(tournament.registration_opens)}.")
    if now >= tournament.registration_closes:
        raise Refused(f"Registration for {tournament} closed {_when(tournament.registration_closes)}.")


def _when(moment: datetime.datetime) -> str:
    return date_format(timezone.localtime(moment), "DATETIME_FORMAT")


def _people(user: Any, partnership: Partnership | None) -> list[Any]:
    if partnership is None:
        return [user]
    return [member.user for member in partnership.members.select_related("user__profile")]


def check_register(
    tournament: Tournament, user: Any, partnership: Partnership | None, now: datetime.datetime
) -> Entrant | None:
    """Why this entry cannot be made; returns the earlier withdrawn entry that registering revives."""
    if not user.is_authenticated:
        raise Forbidden("Log in to register.")
    check_registration_open(tournament, now)
    if tournament.kind == Tournament.Kind.PARTNERSHIPS:
        if partnership is None:
            raise Refused(f"{tournament} is for partnerships: register with your partner.")
        if not partnership.members.filter(user=user).exists():
            raise Forbidden("You can only register a partnership you belong to.")
        if partnership.status != Partnership.Status.ACTIVE:
            raise Refused(f"{partnership} is not active: your partner has not accepted yet.")
    elif partnership is not None:
        raise Refused(f"{tournament} is for individual players.")
    people = {person.pk: person for person in _people(user, partnership)}
    for entry in active_entrants(tournament).prefetch_related("partnership__members"):
        if partnership is not None and entry.partnership_id == partnership.pk:
            raise Refused(f"{partnership} is already registered.")
        entered: list[int | None] = (
            [m.user_id for m in entry.partnership.members.all()] if entry.partnership else [entry.user_id]
        )
        for person_id in entered:
            if person_id in people:
                who = "You are" if person_id == user.pk else f"{_name(people[person_id])} is"
                raise Refused(f"{who} already registered for {tournament}.")
    if active_entrants(tournament).count() >= tournament.max_entrants:
        raise Refused(f"{tournament} is full ({tournament.max_entrants} entrants).")
    return tournament.entrants.filter(user=None if partnership else user, partnership=partnership).first()


@transaction.atomic
def do_register(tournament_id: int, user: Any, partnership_id: int | None = None) -> Entrant:
    # The tournament row lock makes registrations queue up, so the last free place goes to one entrant.
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    partnership = Partnership.objects.filter(pk=partnership_id).first() if partnership_id else None
    if partnership_id and partnership is None:
        raise Refused("No such partnership.")
    now = timezone.now()
    previous = check_register(tournament, user, partnership, now)
    if previous is not None:
        previous.withdrawn, previous.registered, previous.registered_by = None, now, user
        previous.save(update_fields=["withdrawn", "registered", "registered_by"])
        entrant = previous
    else:
        entrant = Entrant.objects.create(
            tournament=tournament,
            user=None if partnership else user,
            partnership=partnership,
            registered=now,
            registered_by=user,
        )
    # robust: a mail server that is down must not turn a stored registration into an error page.
    transaction.on_commit(lambda: emails.send_registration_confirmed(entrant.pk), robust=True)
    return entrant


def entrant_of(tournament: Tournament, user: Any) -> Entrant | None:
    """The user's active entry in the tournament: their own, or their partnership's."""
    if not user.is_authenticated:
        return None
    entries = active_entrants(tournament)
    own: Entrant | None = entries.filter(user=user).first()
    return own or entries.filter(partnership__members__user=user).select_related("partnership").first()


@transaction.atomic
def do_withdraw(tournament_id: int, user: Any) -> Entrant:
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    entrant = entrant_of(tournament, user)
    if entrant is None:
        raise Refused(f"You are not registered for {tournament}.")
    if tournament.status not in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION):
        raise Refused(f"{tournament} has started: ask the staff if you cannot play.")
    entrant.withdrawn = timezone.now()
    entrant.save(update_fields=["withdrawn"])
    return entrant
