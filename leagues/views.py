"""League, partnership and tournament pages. Thin: reads through leagues.queries, writes through leagues.actions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from leagues import actions, bot_entrants, queries, round_runner, standings, tournament_actions, tournament_board
from leagues.forms import LeagueForm, PartnershipForm, SeasonForm, TournamentForm
from leagues.invites import invite_token, league_for_invite
from leagues.models import (
    GameRecord,
    JoinRequest,
    League,
    Membership,
    Partnership,
    ResultRow,
    Season,
    Tournament,
    game_choices,
)

T = TypeVar("T")


def _attempt(request: HttpRequest, action: Callable[[], T], success: str = "") -> T | None:
    """Run an action; a refusal becomes an error message (or a 403 when the person may not act at all)."""
    try:
        result = action()
    except actions.Forbidden as error:
        raise PermissionDenied(str(error)) from error
    except actions.Refused as error:
        messages.error(request, str(error))
        return None
    if success:
        messages.success(request, success)
    return result


# ---------------------------------------------------------------- leagues


def league_list(request: HttpRequest) -> HttpResponse:
    leagues = queries.visible_leagues(request.user).select_related("owner__profile")
    mine = set()
    if request.user.is_authenticated:
        mine = set(Membership.objects.filter(user=request.user).values_list("league_id", flat=True))
    invitations = queries.pending_invitations(request.user) if request.user.is_authenticated else []
    return render(
        request,
        "leagues/list.html",
        {"leagues": leagues, "mine": mine, "invitations": invitations},
    )


@login_required
def league_create(request: HttpRequest) -> HttpResponse:
    form = LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        league = _attempt(
            request,
            lambda: actions.do_create_league(
                request.user,
                name=data["name"],
                description=data["description"],
                visibility=data["visibility"],
                variant=data["variant"],
            ),
            "Your league is ready. Invite people to join it.",
        )
        if league is not None:
            return redirect(league)
    return render(request, "leagues/create.html", {"form": form})


def _season_choice(league: League, value: str | None) -> tuple[Season | None, str]:
    """The season the standings show: ?season=<id>, ?season=all, else the current season if one is running."""
    if value == "all":
        return None, "all"
    if value and value.isdigit():
        season = league.seasons.filter(pk=int(value)).first()
        if season is not None:
            return season, str(season.pk)
    season = queries.current_season(league, timezone.localdate())
    return season, str(season.pk) if season else "all"


def _standings_context(request: HttpRequest, league: League, table: str) -> dict[str, Any]:
    season, season_value = _season_choice(league, request.GET.get("season"))
    param = "tsort" if table == "teams" else "sort"
    sort = request.GET.get(param)
    compute = standings.partnership_standings if table == "teams" else standings.player_standings
    key, reverse_order = standings.parse_sort(sort)
    columns = []
    for column, (label, descending_first) in standings.sorts(league).items():
        current = column == key
        next_value = f"-{column}" if current and not reverse_order else column
        descending = descending_first != (reverse_order if current else False)
        columns.append(
            {
                "key": column,
                "label": label,
                "query": f"{param}={next_value}&season={season_value}",
                "aria_sort": ("descending" if descending else "ascending") if current else "none",
            }
        )
    return {
        "league": league,
        "table": table,
        "rows": compute(league, season, sort),
        "columns": columns,
        "season": season,
        "season_value": season_value,
        "fragment_url": reverse("leagues:standings", args=[league.pk]) + f"?table={table}",
    }


def league_detail(request: HttpRequest, pk: int) -> HttpResponse:
    league = queries.visible_league_or_404(request.user, pk)
    mine = queries.membership(league, request.user)
    manages = mine is not None and mine.manages
    pending = (
        JoinRequest.objects.filter(league=league, user=request.user, status=JoinRequest.Status.PENDING).first()
        if request.user.is_authenticated
        else None
    )
    context = {
        "league": league,
        "mine": mine,
        "manages": manages,
        "pending": pending,
        "members": league.memberships.select_related("user__profile"),
        "seasons": league.seasons.all(),
        "players": _standings_context(request, league, "players"),
        "teams": _standings_context(request, league, "teams"),
        "current_games": queries.league_current_games(league),
        "recent": GameRecord.objects.filter(league=league).prefetch_related("rows__user__profile")[:10],
        "waiting_requests": league.join_requests.filter(status=JoinRequest.Status.PENDING).count() if manages else 0,
        "invitations": queries.pending_invitations(request.user).filter(league=league) if mine else [],
    }
    return render(request, "leagues/detail.html", context)


def league_standings(request: HttpRequest, pk: int) -> HttpResponse:
    """The standings table alone, for htmx to swap in when a column header is clicked."""
    league = queries.visible_league_or_404(request.user, pk)
    table = "teams" if request.GET.get("table") == "teams" else "players"
    if not request.htmx:  # type: ignore[attr-defined]
        return redirect(f"{league.get_absolute_url()}?{request.GET.urlencode()}")
    return render(request, "leagues/_standings.html", {"standings": _standings_context(request, league, table)})


@require_POST
@login_required
def league_join(request: HttpRequest, pk: int) -> HttpResponse:
    league = queries.visible_league_or_404(request.user, pk)
    joined = _attempt(request, lambda: actions.do_join(league.pk, request.user))
    if isinstance(joined, JoinRequest):
        messages.success(request, f"Your request to join {league} is waiting for its admins.")
    elif joined is not None:
        messages.success(request, f"Welcome to {league}.")
    return redirect(league)


@require_POST
@login_required
def league_leave(request: HttpRequest, pk: int) -> HttpResponse:
    league = queries.visible_league_or_404(request.user, pk)
    _attempt(request, lambda: actions.do_leave(league.pk, request.user), f"You left {league}.")
    return redirect(league if not league.is_private else reverse("leagues:list"))


@require_POST
@login_required
def join_request_cancel(request: HttpRequest, pk: int) -> HttpResponse:
    league = queries.visible_league_or_404(request.user, pk)
    _attempt(request, lambda: actions.do_cancel_join_request(league.pk, request.user), "Request withdrawn.")
    return redirect(league)


def invite(request: HttpRequest, token: str) -> HttpResponse:
    league = league_for_invite(token)
    if league is None:
        raise Http404("This invite link is not valid (any more). Ask the league for a new one.")
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{reverse('account_login')}?next={request.path}")
        if _attempt(request, lambda: actions.do_join(league.pk, request.user, token), f"Welcome to {league}."):
            return redirect(league)
    return render(
        request,
        "leagues/invite.html",
        {"league": league, "member": queries.membership(league, request.user) is not None},
    )


def _managed_league(request: HttpRequest, pk: int) -> League:
    league = queries.visible_league_or_404(request.user, pk)
    if not queries.can_manage(league, request.user):
        raise PermissionDenied(f"Only the admins of {league} can do that.")
    return league


@login_required
def league_manage(request: HttpRequest, pk: int) -> HttpResponse:
    league = _managed_league(request, pk)
    form = LeagueForm(request.POST or None, instance=league)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        saved = _attempt(
            request,
            lambda: actions.do_update_league(
                league.pk,
                request.user,
                name=data["name"],
                description=data["description"],
                visibility=data["visibility"],
                variant=data["variant"],
            ),
            "League settings saved.",
        )
        if saved is not None:
            return redirect("leagues:manage", pk=league.pk)
        league.refresh_from_db()
    mine = queries.membership(league, request.user)
    context = {
        "league": league,
        "form": form,
        "is_owner": mine is not None and mine.role == Membership.Role.OWNER,
        "requests": league.join_requests.filter(status=JoinRequest.Status.PENDING).select_related("user__profile"),
        "members": league.memberships.select_related("user__profile"),
        "seasons": [
            (season, SeasonForm(initial=_season_initial(season), prefix=f"s{season.pk}"))
            for season in league.seasons.all()
        ],
        "season_form": SeasonForm(prefix="new"),
        "invite_url": request.build_absolute_uri(reverse("leagues:invite", args=[invite_token(league)])),
    }
    return render(request, "leagues/manage.html", context)


def _season_initial(season: Season) -> dict[str, Any]:
    return {"name": season.name, "starts_on": season.starts_on, "ends_on": season.ends_on}


@require_POST
@login_required
def join_request_decide(request: HttpRequest, pk: int, request_id: int) -> HttpResponse:
    league = _managed_league(request, pk)
    join_request = get_object_or_404(JoinRequest, pk=request_id, league=league)
    accept = request.POST.get("accept") == "1"
    name = join_request.user.profile.name
    _attempt(
        request,
        lambda: actions.do_decide_join_request(join_request.pk, request.user, accept=accept),
        f"{name} is now a member." if accept else f"You declined {name}'s request.",
    )
    return redirect("leagues:manage", pk=league.pk)


@require_POST
@login_required
def member_admin(request: HttpRequest, pk: int, user_id: int) -> HttpResponse:
    league = _managed_league(request, pk)
    make_admin = request.POST.get("admin") == "1"
    changed = _attempt(request, lambda: actions.do_set_admin(league.pk, request.user, user_id, admin=make_admin))
    if changed is not None:
        name = changed.user.profile.name
        messages.success(request, f"{name} is now an admin." if make_admin else f"{name} is no longer an admin.")
    return redirect("leagues:manage", pk=league.pk)


@require_POST
@login_required
def season_save(request: HttpRequest, pk: int, season_id: int | None = None) -> HttpResponse:
    league = _managed_league(request, pk)
    if season_id is not None:
        get_object_or_404(Season, pk=season_id, league=league)
    form = SeasonForm(request.POST, prefix=f"s{season_id}" if season_id else "new")
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, str(error))
        return redirect("leagues:manage", pk=league.pk)
    data = form.cleaned_data
    _attempt(
        request,
        lambda: actions.do_save_season(
            league.pk, request.user, name=data["name"], starts_on=data["starts_on"], ends_on=data["ends_on"],
            season_id=season_id,
        ),
        f"Season {data['name']} saved.",
    )  # fmt: skip
    return redirect("leagues:manage", pk=league.pk)


@require_POST
@login_required
def invite_reset(request: HttpRequest, pk: int) -> HttpResponse:
    league = _managed_league(request, pk)
    _attempt(
        request,
        lambda: actions.do_reset_invite(league.pk, request.user),
        "A new invite link is ready; the old one no longer works.",
    )
    return redirect("leagues:manage", pk=league.pk)


# ---------------------------------------------------------------- partnerships


@login_required
def partnership_create(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    league = queries.visible_league_or_404(request.user, pk) if pk is not None else None
    form = PartnershipForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        partnership = _attempt(
            request,
            lambda: actions.do_create_partnership(
                league.pk if league else None, request.user, data["partner"], data["name"]
            ),
            f"{data['partner'].profile.name} is invited; the partnership is active once they accept.",
        )
        if partnership is not None:
            return redirect(partnership)
    return render(request, "leagues/partnership_create.html", {"form": form, "league": league})


def partnership_detail(request: HttpRequest, pk: int) -> HttpResponse:
    partnership = queries.visible_partnership_or_404(request.user, pk)
    members = list(partnership.members.select_related("user__profile"))
    me = next((m for m in members if m.user_id == request.user.pk), None)
    records = (
        GameRecord.objects.filter(rows__partnership=partnership).distinct().prefetch_related("rows__user__profile")[:10]
    )
    rows = ResultRow.objects.filter(partnership=partnership)
    games = rows.values("record").distinct().count()
    wins = rows.filter(place=1).values("record").distinct().count()
    rating = getattr(partnership, "rating", None)
    context = {
        "partnership": partnership,
        "members": members,
        "me": me,
        "records": records,
        "games": games,
        "wins": wins,
        "rating": rating,
        "active": partnership.status == Partnership.Status.ACTIVE,
    }
    return render(request, "leagues/partnership.html", context)


@require_POST
@login_required
def partnership_answer(request: HttpRequest, pk: int) -> HttpResponse:
    partnership = queries.visible_partnership_or_404(request.user, pk)
    accept = request.POST.get("accept") == "1"
    _attempt(
        request,
        lambda: actions.do_answer_partnership(partnership.pk, request.user, accept=accept),
        f"You joined {partnership}." if accept else f"You declined {partnership}.",
    )
    return redirect(partnership)


@require_POST
@login_required
def partnership_dissolve(request: HttpRequest, pk: int) -> HttpResponse:
    partnership = queries.visible_partnership_or_404(request.user, pk)
    _attempt(
        request, lambda: actions.do_dissolve_partnership(partnership.pk, request.user), f"{partnership} is dissolved."
    )
    return redirect(partnership)


# ---------------------------------------------------------------- tournaments


def _visible_tournament(request: HttpRequest, pk: int) -> Tournament:
    tournament = get_object_or_404(Tournament.objects.select_related("created_by__profile"), pk=pk)
    if tournament.status == Tournament.Status.DRAFT and not request.user.is_staff:
        raise Http404("No such tournament.")
    return tournament


def _staff_only(request: HttpRequest) -> None:
    if not request.user.is_staff:
        raise PermissionDenied("Only staff run tournaments.")


def tournament_list(request: HttpRequest) -> HttpResponse:
    tournaments = Tournament.objects.all()
    if not request.user.is_staff:
        tournaments = tournaments.exclude(status=Tournament.Status.DRAFT)
    groups = [
        ("Open for registration", [t for t in tournaments if t.status == Tournament.Status.REGISTRATION]),
        ("Playing now", [t for t in tournaments if t.status in (Tournament.Status.RUNNING, Tournament.Status.PAUSED)]),
        ("Finished", [t for t in tournaments if t.status == Tournament.Status.FINISHED]),
        ("Drafts (staff only)", [t for t in tournaments if t.status == Tournament.Status.DRAFT]),
    ]
    listed = [t for _, group in groups for t in group]
    # How the listed tournaments play, in words only for those listed (an elimination is its game's, R35).
    context = {
        "groups": [g for g in groups if g[1]],
        "eliminations": any(not t.plays_rounds for t in listed),
        "rounds": any(t.plays_rounds for t in listed),
    }
    return render(request, "leagues/tournament_list.html", context)


def tournament_detail(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _visible_tournament(request, pk)
    entrants = list(
        actions.active_entrants(tournament)
        .select_related("user__profile", "partnership")
        .prefetch_related("partnership__members__user__profile")
    )
    mine = actions.entrant_of(tournament, request.user)
    now = timezone.now()
    my_partnerships = []
    if request.user.is_authenticated and tournament.kind == Tournament.Kind.PARTNERSHIPS:
        my_partnerships = list(
            Partnership.objects.filter(members__user=request.user, status=Partnership.Status.ACTIVE).select_related(
                "league"
            )
        )
    context = {
        "tournament": tournament,
        "entrants": entrants,
        "mine": mine,
        "now": now,
        "window_open": tournament.registration_opens <= now < tournament.registration_closes,
        "my_partnerships": my_partnerships,
        "admin_actions": tournament.admin_actions.select_related("staff__profile")[:50]
        if request.user.is_staff
        else [],
        "board": tournament_board.board(tournament, mine),
        "house_rules": tournament_board.house_rules_in_words(tournament),
        "round_rules": round_runner.rules_in_words(tournament) if tournament.plays_rounds else [],
    }
    return render(request, "leagues/tournament.html", context)


@login_required
def tournament_create(request: HttpRequest) -> HttpResponse:
    _staff_only(request)
    form = TournamentForm(request.POST or None, variant=request.GET.get("variant"))
    if request.method == "POST" and form.is_valid():
        tournament = _attempt(
            request,
            lambda: actions.do_create_tournament(request.user, form.cleaned_data),
            "Tournament saved as a draft. Open registration when it is ready.",
        )
        if tournament is not None:
            return redirect(tournament)
    return render(request, "leagues/tournament_form.html", {"form": form, "tournament": None, "games": game_choices()})


@login_required
def tournament_edit(request: HttpRequest, pk: int) -> HttpResponse:
    _staff_only(request)
    tournament = get_object_or_404(Tournament, pk=pk)
    form = TournamentForm(
        request.POST or None, instance=Tournament.objects.get(pk=pk), variant=request.GET.get("variant")
    )
    if request.method == "POST" and form.is_valid():
        saved = _attempt(
            request, lambda: actions.do_update_tournament(request.user, tournament.pk, form.cleaned_data), "Saved."
        )
        if saved is not None:
            return redirect(saved)
    return render(
        request, "leagues/tournament_form.html", {"form": form, "tournament": tournament, "games": game_choices()}
    )


@require_POST
@login_required
def tournament_open(request: HttpRequest, pk: int) -> HttpResponse:
    _staff_only(request)
    tournament = get_object_or_404(Tournament, pk=pk)
    _attempt(request, lambda: actions.do_open_registration(request.user, tournament.pk), "Registration is open.")
    return redirect(tournament)


@require_POST
@login_required
def tournament_bots(request: HttpRequest, pk: int) -> HttpResponse:
    """Staff enter a bot before the start (POST without `entrant`), or take one out (with it)."""
    _staff_only(request)
    tournament = get_object_or_404(Tournament, pk=pk)
    raw = request.POST.get("entrant", "")
    if raw:
        if not raw.isdigit():
            messages.error(request, "Choose a bot among the entrants.")
        else:
            _attempt(
                request, lambda: bot_entrants.do_remove_bot(request.user, tournament.pk, int(raw)), "Bot taken out."
            )
    else:
        entered = _attempt(request, lambda: bot_entrants.do_enter_bot(request.user, tournament.pk))
        if entered is not None:
            messages.success(request, f"{entered.name} is entered: a bot plays its seat.")
    return redirect(tournament)


@require_POST
@login_required
def tournament_register(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _visible_tournament(request, pk)
    raw = request.POST.get("partnership", "")
    if raw and not raw.isdigit():
        messages.error(request, "Choose one of your partnerships.")
        return redirect(tournament)
    _attempt(
        request,
        lambda: actions.do_register(tournament.pk, request.user, int(raw) if raw else None),
        f"You are registered for {tournament}. A confirmation is on its way by email.",
    )
    return redirect(tournament)


@require_POST
@login_required
def tournament_withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _visible_tournament(request, pk)
    _attempt(request, lambda: actions.do_withdraw(tournament.pk, request.user), f"You withdrew from {tournament}.")
    return redirect(tournament)


# ---------------------------------------------------------------- running a tournament (staff) and following it


def _board_context(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    mine = actions.entrant_of(tournament, request.user)
    return {"tournament": tournament, "board": tournament_board.board(tournament, mine), "mine": mine}


def tournament_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The tables, standings and eliminations: the part of the tournament page htmx refreshes, or
    the same on a page of its own when opened directly (a bookmark, a shared link)."""
    tournament = _visible_tournament(request, pk)
    template = "leagues/_tournament_live.html" if request.htmx else "leagues/tournament_live.html"  # type: ignore[attr-defined]
    return render(request, template, _board_context(request, tournament))


@login_required
def tournament_run(request: HttpRequest, pk: int) -> HttpResponse:
    """The staff page: start, pause, resume, replace, disqualify, reseat, end."""
    _staff_only(request)
    tournament = _visible_tournament(request, pk)
    context = _board_context(request, tournament)
    context["admin_actions"] = tournament.admin_actions.select_related("staff__profile")[:50]
    context["entrant_count"] = actions.active_entrants(tournament).count()
    return render(request, "leagues/tournament_run.html", context)


CONTROLS: dict[str, tuple[Callable[..., Any], str]] = {
    "start": (tournament_actions.do_start_tournament, "The tournament has started: the tables are drawn."),
    "pause": (tournament_actions.do_pause, "Paused: every clock is stopped."),
    "resume": (tournament_actions.do_resume, "Resumed: every seat to act has a whole move time again."),
    "reseat": (tournament_actions.do_redraw, "Tables close as their hands end; then a new draw seats everyone."),
    "end": (tournament_actions.do_end, "The tournament is over: those still in are placed by their totals."),
    "disqualify": (tournament_actions.do_disqualify, "Disqualified."),
    "replace": (tournament_actions.do_stand_in, "A bot now plays for them."),
}
FOR_AN_ENTRANT = ("disqualify", "replace")


@require_POST
@login_required
def tournament_control(request: HttpRequest, pk: int, control: str) -> HttpResponse:
    _staff_only(request)
    tournament = _visible_tournament(request, pk)
    if control not in CONTROLS:
        raise Http404("No such control.")
    do, success = CONTROLS[control]
    arguments: list[Any] = [request.user, tournament.pk]
    if control in FOR_AN_ENTRANT:
        raw = request.POST.get("entrant", "")
        if not raw.isdigit():
            messages.error(request, "Choose an entrant.")
            return redirect("leagues:tournament_run", pk=tournament.pk)
        arguments.append(int(raw))
    if control == "disqualify":
        arguments.append(request.POST.get("reason", "")[:200])
    _attempt(request, lambda: do(*arguments), success)
    return redirect("leagues:tournament_run", pk=tournament.pk)
