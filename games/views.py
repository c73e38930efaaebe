"""Lobby, table pages and the move endpoint: thin wrappers around games.actions and games.table_state."""

from __future__ import annotations

import json
from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST
from django_htmx.middleware import HtmxDetails

from games import actions
from games import replay as replays
from games.access import may_watch, remember_invite
from games.forms import CreateGameForm, LobbyFilterForm, StartForm
from games.models import Game, GameQuerySet
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


# --- lobby and creating ------------------------------------------------------------------------


def _filtered(tables: GameQuerySet, form: LobbyFilterForm) -> GameQuerySet:
    if not form.is_valid():
        return tables
    if form.cleaned_data["seats"]:
        tables = tables.filter(seat_count=form.cleaned_data["seats"])
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
    form = CreateGameForm(request.POST or None, user=request.user, initial={"league": request.GET.get("league")})
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
            )
        except actions.ActionRefused as refusal:
            form.add_error(None, refusal.message)
        else:
            return redirect(game)
    return render(request, "games/create.html", {"form": form})


# --- the table ---------------------------------------------------------------------------------


@login_required
def table(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    game = watchable(request, game_id)
    state = table_state(game, request.user)
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
    client_move_id = request.POST.get("client_move_id", "")[:64] or None
    try:
        result = actions.do_move(game_id, request.user, action, expected_seq, client_move_id)
    except actions.ActionRefused:
        raise Http404("No such table.") from None
    # Checked after the fact to spare the players a query: a stranger changed nothing, and learns nothing.
    if result.outcome == "forbidden" and not may_watch(result.game, request.user, request.session):
        raise Http404("No such table.")
    state = table_state(result.game, request.user, seats=result.seats, message=result.message)
    return _answer(request, state, ok=result.ok)


def _answer(request: HtmxHttpRequest, state: TableState, *, ok: bool) -> HttpResponse:
    if request.htmx:
        return HttpResponse(render_table_fragment(state), status=200 if ok else 422)
    if not ok:
        messages.error(request, state.message)
    return HttpResponseRedirect(state.urls.page)


# --- after the end -----------------------------------------------------------------------------


@login_required
def replay(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    game = watchable(request, game_id)
    if not game.is_replayable:
        messages.info(request, "The replay opens when the game has ended.")
        return redirect(game)
    replay = replays.build_replay(game)
    hand = request.GET.get("hand", "")
    selected = int(hand) if hand.isdigit() and replay.hand(int(hand)) else 1
    return render(request, "games/replay.html", {"replay": replay, "selected_hand": selected})


@login_required
def record(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    game = watchable(request, game_id)
    if not game.is_replayable:
        raise Http404("The record is published when the game has ended.")
    response = HttpResponse(
        json.dumps(replays.game_record(game), indent=1), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="ddmau-table-{game.pk}.json"'
    return response
