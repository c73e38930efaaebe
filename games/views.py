"""Lobby, table pages and the move endpoint: thin wrappers around games.actions and games.table_state."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.db.models import Count, Exists, IntegerField, OuterRef, Prefetch, Q
from django.db.models.fields.json import KT
from django.db.models.functions import Cast
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST
from django_htmx.middleware import HtmxDetails

from games import actions, wire
from games import replay as replays
from games.access import may_watch, remember_invite
from games.forms import CreateGameForm, LobbyFilterForm, StartForm, variant_choices
from games.models import Game, GameQuerySet, Seat
from games.rendering import render_table, render_table_fragment
from games.table_state import TableState, table_state


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def watchable(request: HtmxHttpRequest, game_id: int) -> Game:
    """The game, or 404 for anyone who may not watch it (a private table does not admit to existing)."""
    game = get_object_or_404(Game, pk=game_id)
    remember_invite(request.session, game, request.GET.get("invite"))
    if not may_watch(game, request.user, request.session):
        raise Http404("No such table.")
    return game


def login_unless_public(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Public tables and their replays are open to visitors without an account; anything else
    (a private table, one that does not exist) sends them to log in first, as before, revealing nothing."""

    @wraps(view)
    def wrapper(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
        if not request.user.is_authenticated:
            public = Game.objects.filter(pk=game_id, visibility=Game.Visibility.PUBLIC).exists()
            if not public:
                return redirect_to_login(request.get_full_path())
        return view(request, game_id)

    return wrapper


# --- lobby and creating ------------------------------------------------------------------------


def _filtered(tables: GameQuerySet, form: LobbyFilterForm) -> GameQuerySet:
    if not form.is_valid():
        return tables
    if form.cleaned_data["seats"]:
        tables = tables.filter(seat_count=form.cleaned_data["seats"])
    if form.cleaned_data.get("game"):
        tables = tables.filter(variant=form.cleaned_data["game"])
    if form.cleaned_data["pace"] == "live":
        tables = tables.live()
    elif form.cleaned_data["pace"] == "turn":
        tables = tables.turn_by_turn()
    if form.cleaned_data["free"]:
        tables = tables.with_free_seat()
    return tables


@login_required
def lobby(request: HtmxHttpRequest) -> HttpResponse:
    form = LobbyFilterForm(request.GET or None)
    free = Count("seats", filter=Q(seats__user__isnull=True, seats__bot=""))
    open_tables = _filtered(Game.objects.open_public().annotate(free_seats=free), form).select_related(
        "creator__profile", "league"
    )[:50]
    mine = (
        Game.objects.of_player(request.user)
        .filter(status__in=[Game.Status.OPEN, Game.Status.PLAYING])
        .select_related("creator__profile")
    )
    finished = Game.objects.of_player(request.user).filter(status=Game.Status.FINISHED).order_by("-finished")[:10]
    context = {"form": form, "open_tables": open_tables, "mine": mine, "finished": finished}
    template = "games/lobby_list.html" if request.htmx else "games/lobby.html"
    return render(request, template, context)


@login_required
def create(request: HtmxHttpRequest) -> HttpResponse:
    form = CreateGameForm(
        request.POST or None,
        user=request.user,
        variant=request.GET.get("variant", "ddmau"),
        initial={"league": request.GET.get("league")},
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            game = actions.do_create_game(
                request.user,
                seat_count=data["seat_count"],
                move_seconds=data["move_seconds"],
                teams=data["teams"],
                rules=data["rules"],
                visibility=data["visibility"],
                bots=data["bots"],
                bot_level=data["bot_level"],
                league=data["league"],
                variant=form.variant_key,
            )
        except actions.ActionRefused as refusal:
            form.add_error(None, refusal.message)
        else:
            return redirect(game)
    return render(request, "games/create.html", {"form": form, "games": variant_choices()})


# --- the table ---------------------------------------------------------------------------------


@login_unless_public
def table(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    game = watchable(request, game_id)
    state = table_state(game, request.user)
    if state.viewer_seat is None:
        # Not seated: the page says so ("You are watching"); fragments pushed later carry viewer_seat None.
        state = dataclasses.replace(state, extra={**state.extra, "watching": True})
    if request.htmx:
        return HttpResponse(render_table_fragment(state))
    return HttpResponse(render_table(state, request))


def table_post_view(do: Callable[[HtmxHttpRequest, Game], object]) -> Callable[[HtmxHttpRequest, int], HttpResponse]:
    """A POST that changes the seats (join, leave, start): refusals become messages; back to the table."""

    @login_required
    @require_POST
    def view(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
        game = watchable(request, game_id)
        try:
            do(request, game)
        except actions.ActionRefused as refusal:
            messages.error(request, refusal.message)
        return HttpResponseRedirect(game.get_absolute_url())

    return view


def _join(request: HtmxHttpRequest, game: Game) -> object:
    seat = request.POST.get("seat", "")
    return actions.do_join(game.pk, request.user, int(seat) if seat.isdigit() else None)


def _start(request: HtmxHttpRequest, game: Game) -> object:
    form = StartForm(request.POST)
    form.is_valid()
    options = form.cleaned_data
    return actions.do_start(
        game.pk,
        request.user,
        fill_with_bots=options.get("fill_with_bots", False),
        bot_level=options.get("bot_level") or "greedy",
    )


join = table_post_view(_join)
leave = table_post_view(lambda request, game: actions.do_leave(game.pk, request.user))
start = table_post_view(_start)
ready = table_post_view(lambda request, game: actions.do_ready(game.pk, request.user))


@login_required
@require_POST
def move(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """One move from a form post; answers with the re-rendered table (422 with the ruling if refused)."""
    try:
        action = actions.parse_action(request.POST.get("action", ""))
        expected_seq = int(request.POST.get("expected_seq", ""))
    except (actions.ActionRefused, ValueError) as error:
        message = error.message if isinstance(error, actions.ActionRefused) else "The move carries no table state."
        return _answer(request, table_state(watchable(request, game_id), request.user, message=message), ok=False)
    client_move_id = wire.move_id(request.POST.get("client_move_id"))
    try:
        result = actions.do_move(game_id, request.user, action, expected_seq, client_move_id)
    except actions.ActionRefused:
        raise Http404("No such table.") from None
    # Whatever the outcome, nothing is rendered for someone who may not see the table: a stranger
    # changed nothing, and gets the same 404 as for the page. Checked after the fact, from the seats
    # that came with the result, to spare the players a query.
    if not _may_see_result(request, result):
        raise Http404("No such table.")
    state = table_state(result.game, request.user, seats=result.seats, message=result.message)
    return _answer(request, state, ok=result.ok)


def _may_see_result(request: HtmxHttpRequest, result: actions.MoveResult) -> bool:
    user_id = request.user.pk
    if result.seats is not None and any(seat.user_id == user_id for seat in result.seats):
        return True
    return may_watch(result.game, request.user, request.session)


def _answer(request: HtmxHttpRequest, state: TableState, *, ok: bool) -> HttpResponse:
    if request.htmx:
        return HttpResponse(render_table_fragment(state), status=200 if ok else 422)
    if not ok:
        messages.error(request, state.message)
    return HttpResponseRedirect(state.urls.page)


# --- after the end -----------------------------------------------------------------------------


@login_unless_public
def replay(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    game = watchable(request, game_id)
    if not game.is_replayable:
        messages.info(request, "The replay opens when the game has ended.")
        return redirect(game)
    replay = replays.build_replay(game)
    hand = request.GET.get("hand", "")
    selected = int(hand) if hand.isdigit() and replay.hand(int(hand)) else 1
    return render(request, "games/replay.html", {"replay": replay, "selected_hand": selected})


@login_unless_public
def record(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    game = watchable(request, game_id)
    if not game.is_replayable:
        raise Http404("The record is published when the game has ended.")
    response = HttpResponse(
        json.dumps(replays.game_record(game), indent=1), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{game.variant}-table-{game.pk}.json"'
    return response


# --- watching and playing at once ---------------------------------------------------------------

IN_PROGRESS_LIMIT = 60
RECENTLY_FINISHED = 12


def _listed(games: GameQuerySet) -> GameQuerySet:
    """Tables for a list: their seats and players in one query, the hand without the position."""
    seats = Seat.objects.select_related("user__profile").order_by("index")
    return (
        games.select_related("league", "tournament")
        .prefetch_related(Prefetch("seats", queryset=seats))
        .annotate(
            hand=Cast(KT("position__hand"), IntegerField()), turn_index=Cast(KT("position__turn"), IntegerField())
        )
        .defer("position", "start_totals", "rules")
    )


def in_progress(request: HtmxHttpRequest) -> HttpResponse:
    """Public tables in play now, live ones first, and the latest finished ones to replay: for anyone."""
    public = Game.objects.filter(visibility=Game.Visibility.PUBLIC)
    playing = list(_listed(public.filter(status=Game.Status.PLAYING)).order_by("-started")[:IN_PROGRESS_LIMIT])
    finished = _listed(public.filter(status=Game.Status.FINISHED)).order_by("-finished")[:RECENTLY_FINISHED]
    context = {
        "live": [game for game in playing if game.is_live],
        "turn_by_turn": [game for game in playing if not game.is_live],
        "finished": finished,
    }
    return render(request, "games/in_progress.html", context)


PLAY_NOW_VARIANT = "ddmau"  # the site's first game
PLAY_NOW_SEATS, PLAY_NOW_BOTS = 4, 3
PLAY_NOW_MOVE_SECONDS = 120
PLAY_NOW_BOT_LEVEL = Seat.Bot.GREEDY
PLAY_NOW_AT_ONCE = 3  # bot tables one player may have in play; the bots play an abandoned one out


def _bot_tables_in_play(user: Any) -> GameQuerySet:
    """Live tables in play that `user` created and shares with bots only."""
    with_people = Seat.objects.filter(game=OuterRef("pk"), user__isnull=False).exclude(user=user)
    return (
        Game.objects.live()
        .of_player(user)
        .filter(status=Game.Status.PLAYING, creator=user)
        .exclude(Exists(with_people))
        .order_by("-started")
    )


def play_now(request: HtmxHttpRequest) -> HttpResponse:
    """One click from the home page: a new live table, the player against three greedy bots, dealt at
    once. GET (where the login sends a visitor back) shows the button; visitors log in first."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.path)
    if request.method != "POST":
        return render(request, "games/play_now.html", {"bots": PLAY_NOW_BOTS, "seats": PLAY_NOW_SEATS})
    waiting = list(_bot_tables_in_play(request.user)[:PLAY_NOW_AT_ONCE])
    if len(waiting) >= PLAY_NOW_AT_ONCE:
        messages.info(request, f"You already have {len(waiting)} games against bots in play: here is the latest.")
        return redirect(waiting[0])
    try:
        game = actions.do_create_game(
            request.user,
            variant=PLAY_NOW_VARIANT,
            seat_count=PLAY_NOW_SEATS,
            move_seconds=PLAY_NOW_MOVE_SECONDS,
            bots=PLAY_NOW_BOTS,
            bot_level=PLAY_NOW_BOT_LEVEL,
        )
        game = actions.do_start(game.pk, request.user, fill_with_bots=True, bot_level=PLAY_NOW_BOT_LEVEL)
    except actions.ActionRefused as refusal:
        messages.error(request, refusal.message)
        return redirect("home")
    return redirect(game)


def game_help(request: HttpRequest, variant: str) -> HttpResponse:
    """A game's full help page, in the site's own words."""
    from games.presenters import presenter_for

    titles = dict(variant_choices())
    if variant not in titles:
        raise Http404("There is no such game here.")
    presenter = presenter_for(variant)
    context = {"title": titles[variant], "variant": variant, "help_template": presenter.help_template, "games": titles}
    return render(request, "games/help.html", context)
