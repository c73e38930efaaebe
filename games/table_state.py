"""What one viewer may know about a table, as one frozen value: the contract between play and rendering.

Interface with games.rendering (the in-game presentation)
----------------------------------------------------------
games.views and games.consumers build a `TableState` with `table_state(game, viewer)` and hand it
to two functions in games/rendering.py::

    render_table(state: TableState, request: HttpRequest) -> str
        The whole table page (extends base.html, so it needs the request for the user, the
        messages and the CSRF token). The page holds the fragment below, loads table.js, and
        works without JavaScript (plain forms posting to `state.urls.move`, reload to refresh).

    render_table_fragment(state: TableState) -> str
        The live part of the table: one element `<div id="table-{game_id}" data-seq="{seq}">`
        that htmx responses and WebSocket messages replace whole (outerHTML). No request:
        htmx sends the CSRF token from the `hx-headers` on <body> (base.html).

`state.time_control` is the label for the table's pace ("2 min per move"); `state.extra` is free
for later additions without changing the dataclass.

Everything in a TableState may be shown to `state.viewer`: `view` is engine.view() for the viewer's
seat (spectators: seat None, no hand) with the shuffle seed removed. Never add the raw position.
The view shares its values with the game row's position (`engine.view(..., shared=True)`): read it,
never change it.

Moves (POST `state.urls.move`, form fields):
    action          the NOTATION.md action as JSON text, e.g. {"act": "play", "cards": ["G7"], ...};
                    "seat" may be left out (the server fills in the viewer's seat)
    expected_seq    the `data-seq` of the fragment the player acted on
    client_move_id  a fresh random id per attempt (uuid); a retry reuses it and is applied once
The answer is the new fragment (200), or on refusal the fragment with `state.message` set (the
engine's ruling, "R12: ...", or why a stale move was refused) and status 422: table.js lets htmx
swap 422 answers (htmx.config.responseHandling). A non-htmx POST is redirected to the page.

WebSocket `state.urls.ws` (JSON messages):
    server -> client  {"type": "table", "seq": n, "html": <fragment>}        on connect and after every move
                      {"type": "refused", "seq": n, "client_move_id": id, "message": text, "html": <fragment>}
    client -> server  {"type": "move", "action": {...}, "expected_seq": n, "client_move_id": id}
                      {"type": "resync"}                                       asks for a fresh "table"
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from typing import Any

from django.urls import reverse

from games.models import Game, Move, Seat
from games.prepared import Prepared

LOG_LINES = 30
STATUS_LABELS: dict[str, str] = {str(value): str(label) for value, label in Game.Status.choices}


@dataclass(frozen=True)
class SeatState:
    index: int
    name: str  # the player's display name, "Ada (Greedy bot)", or "Free seat"
    username: str | None  # for a link to the player page; None for bots and free seats
    page: str | None  # that player page's path, looked up once a seat row (a seat is drawn on most moves)
    bot: str  # "" for a person, else the bot level ("greedy", "random")
    team: int | None  # R36 partnership number, None without teams
    away: bool  # timed out repeatedly; the bot plays for them until they take the seat back
    is_free: bool
    is_viewer: bool
    cards: int | None  # cards in hand; None before the start
    total: int | None  # running total before this hand; None before the start
    to_act: bool
    out: bool  # eliminated (R35)


@dataclass(frozen=True)
class LogLine:
    seq: int
    seat: int | None  # None: the table's own act (a reaction window closed)
    text: str  # the public line in words, seats by number (never the card drawn)
    source: str  # "player", "bot", "timeout" or "server"
    events: tuple[Mapping[str, Any], ...] = ()  # the engine's public events of the move


@dataclass(frozen=True)
class TableUrls:
    page: str
    move: str
    ws: str  # a path, e.g. "/ws/games/7/"; the page prefixes ws:// or wss://
    join: str
    leave: str
    start: str
    replay: str  # meaningful once finished
    record: str  # JSON record download, once finished
    invite: str | None  # the private invite link (path), for people already at the table


@dataclass(frozen=True)
class TableState:
    game_id: int
    seq: int
    status: str  # Game.Status value: "open", "playing", "finished", "aborted"
    status_label: str
    mode: str  # "standard" or "tournament"
    teams: bool
    rules: Mapping[str, Any]  # house rule options that differ from the defaults
    seat_count: int
    move_seconds: int
    time_control: str  # "2 min per move", "1 day per move"
    is_live: bool
    deadline: datetime | None  # when the seat to act times out
    private: bool
    league: tuple[str, str] | None  # (name, page) of the league the table counts for
    viewer_id: int | None
    viewer_seat: int | None  # None for spectators
    is_creator: bool
    view: Mapping[str, Any] | None  # engine.view for viewer_seat, seed removed; None before the start
    hand: tuple[str, ...]  # the viewer's own cards, as the view holds them; () for spectators
    turn: int | None
    seats: tuple[SeatState, ...]
    legal: tuple[Mapping[str, Any], ...]  # engine.legal_actions for the viewer's seat (catches too)
    log: tuple[LogLine, ...]  # newest last, at most LOG_LINES
    last_hand: Mapping[str, Any] | None  # view["last_hand"]: who went out, points, multiplier
    winners: tuple[int, ...]  # seats, once finished
    can_join: bool
    can_leave: bool
    can_start: bool
    can_rematch: bool  # a player of this finished game may ask for (or join) a rematch
    rematch: str | None  # the rematch table's page, once someone opened it
    seed_hash: str
    seed: str | None  # revealed once finished
    urls: TableUrls
    message: str = ""  # a refusal to show inline (set by the view that refused)
    extra: Mapping[str, Any] = field(default_factory=dict)
    variant: str = "ddmau"
    title: str = "DD MAU"  # the game's name
    higher_wins: bool = False  # a higher total wins (maumau's point game), else a lower one
    to_act: tuple[int, ...] = ()  # the seats the game waits for
    window_deadline: datetime | None = None  # when the open reaction window closes
    break_until: datetime | None = None  # between hands: when the next hand's clock starts at the latest
    ready: tuple[int, ...] = ()  # seats that said Ready during the break

    @property
    def can_act(self) -> bool:
        return bool(self.legal)

    @property
    def viewer_seat_state(self) -> SeatState | None:
        return self.seats[self.viewer_seat] if self.viewer_seat is not None else None


_SEATS = Prepared(
    lambda game_id: Seat.objects.filter(game_id=game_id).select_related("user__profile").order_by("index")
)


def load_seats(game: Game) -> list[Seat]:
    """The table's seats in order, with their players and profiles (every move reads them)."""
    seats = _SEATS.all(game.pk)
    for seat in seats:
        Seat.game.field.set_cached_value(seat, game)
        if seat.user is not None:
            _without_cycle(seat.user)
    return seats


def _without_cycle(user: Any) -> None:
    """select_related leaves a user and its profile pointing at each other: a reference cycle, which
    only the garbage collector frees, and every move loaded four of them (their collections stop every
    push of the process). The profile's user becomes a copy that does not point back."""
    profile = user._state.fields_cache.get("profile")
    if profile is None or profile._state.fields_cache.get("user") is not user:
        return
    twin = copy.copy(user)
    twin._state.fields_cache.pop("profile", None)
    profile._state.fields_cache["user"] = twin


def load_log(game: Game) -> list[LogLine]:
    rows = Move.objects.filter(game=game).order_by("-seq").values_list("seq", "seat", "public_line", "source", "events")
    return [
        LogLine(seq, seat, text, source, tuple(events or ()))
        for seq, seat, text, source, events in reversed(rows[:LOG_LINES])
    ]


class NewestRows:
    """The newest row of each table that this process shows, shared by the table's sockets.

    After a move every socket of the table needs the same row: one query serves them all, and none
    when the move was made in this process (games.broadcast offers the row it saved). A row at
    least as new as the move's seq is as good as a fresh read; anything else reads the database.
    """

    LIMIT = 5000

    def __init__(self) -> None:
        self.rows: dict[int, Game] = {}
        self.locks: dict[int, threading.Lock] = {}

    def get(self, game_id: int, seq: int | None) -> Game | None:
        """The table at `seq` or later; a fresh read when `seq` is None (seats or status changed)."""
        with self.locks.setdefault(game_id, threading.Lock()):
            row = self.peek(game_id, seq)
            if row is not None:
                return row
            row = Game.objects.filter(pk=game_id).select_related("league").first()
            if len(self.rows) >= self.LIMIT:
                self.rows.clear()
            if row is not None:
                self.rows[game_id] = row
            return row

    def peek(self, game_id: int, seq: int | None) -> Game | None:
        """The row at `seq` or later if this process has it, without waiting or reading (for the
        event loop: no lock, since get() holds its lock across a query)."""
        row = self.rows.get(game_id)
        return row if seq is not None and row is not None and row.seq >= seq else None

    def offer(self, game: Game) -> None:
        """A row just committed by this process; kept only for tables this process shows."""
        with self.locks.setdefault(game.pk, threading.Lock()):
            row = self.rows.get(game.pk)
            if row is not None and row.seq < game.seq:
                self.rows[game.pk] = copy.copy(game)  # the caller's instance may change after this


newest_rows = NewestRows()


@lru_cache(maxsize=4096)
def _table_paths(pk: int) -> tuple[str, ...]:
    """A table's URLs never change, and reversing them is a noticeable share of a push's render."""
    names = ("table", "move", "join", "leave", "start", "replay", "record")
    return tuple(reverse(f"games:{name}", args=[pk]) for name in names)


def table_urls(game: Game, *, show_invite: bool) -> TableUrls:
    page, move, join, leave, start, replay, record = _table_paths(game.pk)
    return TableUrls(
        page=page,
        move=move,
        ws=f"/ws/games/{game.pk}/",
        join=join,
        leave=leave,
        start=start,
        replay=replay,
        record=record,
        invite=game.invite_path() if show_invite and game.is_private else None,
    )


def viewer_view(game: Game, seat: int | None) -> dict[str, Any] | None:
    """engine.view for the seat, without the seed (it stays secret until the end)."""
    if not game.position:
        return None
    from games import engine

    # Shared with the row's position, not copied: the table is only rendered from it. A row's position
    # is never changed in place (a move writes a new one), and nothing that renders changes a view.
    view = engine.view(game.position, seat, shared=True)
    view.pop("seed", None)
    return view


def table_state(
    game: Game,
    viewer: Any,
    *,
    seats: Sequence[Seat] | None = None,
    log: Sequence[LogLine] | None = None,
    message: str = "",
) -> TableState:
    """The table as `viewer` (a user, or None/anonymous) may see it.

    Pass `seats` (with user__profile loaded) and `log` when already at hand: the consumer keeps
    them between moves so a push costs as few queries as possible.
    """
    from games import engine

    seat_rows = list(seats) if seats is not None else load_seats(game)
    rules = engine.rules_of(game.position) if game.position else engine.get_rules(game.variant, game.rules or None)
    log_lines = tuple(log) if log is not None else tuple(load_log(game))
    viewer_id = viewer.pk if viewer is not None and viewer.is_authenticated else None
    own = next((seat for seat in seat_rows if viewer_id is not None and seat.user_id == viewer_id), None)
    viewer_seat = own.index if own is not None else None
    view = viewer_view(game, viewer_seat)
    playing = game.status == Game.Status.PLAYING
    waiting = tuple(rules.to_act(game.position)) if playing and game.position else ()
    on_break = playing and game.on_break()
    legal: tuple[Mapping[str, Any], ...] = ()
    # a seat the game does not wait for may act only out of turn, and the rules say cheaply whether
    # anything may be done out of turn now (after most moves, most viewers have nothing to do)
    if (
        playing
        and viewer_seat is not None
        and game.position
        and (viewer_seat in waiting or rules.may_react(game.position))
    ):
        legal = tuple(engine.legal_actions(game.position, viewer_seat))
    turn = game.turn
    is_creator = viewer_id is not None and viewer_id == game.creator_id
    is_open = game.status == Game.Status.OPEN
    has_free = any(seat.is_free for seat in seat_rows)
    hand: tuple[str, ...] = ()
    if view is not None and viewer_seat is not None:
        own_hand = view["hands"][viewer_seat]
        hand = tuple(own_hand) if isinstance(own_hand, list) else ()
    return TableState(
        game_id=game.pk,
        seq=game.seq,
        status=game.status,
        status_label=STATUS_LABELS.get(game.status, game.status),
        mode=game.mode,
        teams=game.teams,
        rules=dict(game.rules or {}),
        seat_count=game.seat_count,
        move_seconds=game.move_seconds,
        time_control=game.time_control_label,
        is_live=game.is_live,
        deadline=game.deadline if playing else None,
        private=game.is_private,
        league=(game.league.name, game.league.get_absolute_url()) if game.league is not None else None,
        viewer_id=viewer_id,
        viewer_seat=viewer_seat,
        is_creator=is_creator,
        view=view,
        hand=hand,
        turn=turn,
        seats=tuple(_seat_state(seat, view, viewer_seat, waiting) for seat in seat_rows),
        legal=legal,
        log=log_lines,
        last_hand=view.get("last_hand") if view else None,
        winners=tuple(view.get("winners") or ()) if view and view.get("over") else (),
        can_join=is_open and viewer_id is not None and own is None and has_free,
        can_leave=is_open and (own is not None or is_creator),
        can_start=is_open and is_creator,
        can_rematch=game.status == Game.Status.FINISHED and game.tournament_id is None and own is not None,
        rematch=reverse("games:table", args=[game.rematch_id]) if game.rematch_id else None,
        seed_hash=game.seed_hash,
        seed=game.revealed_seed,
        urls=table_urls(game, show_invite=own is not None or is_creator),
        message=message,
        variant=game.variant,
        title=rules.title,
        higher_wins=rules.higher_total_wins,
        to_act=waiting,
        window_deadline=game.window_deadline if playing else None,
        break_until=game.break_until if on_break else None,
        ready=tuple(game.ready_seats or ()) if on_break else (),
    )


def _seat_state(
    seat: Seat, view: Mapping[str, Any] | None, viewer_seat: int | None, waiting: Sequence[int]
) -> SeatState:
    cards: int | None = None
    total: int | None = None
    out = False
    if view is not None:
        held = view["hands"][seat.index]
        cards = held if isinstance(held, int) else len(held)
        totals = view.get("totals")
        total = totals[seat.index] if totals else None
        out = seat.index in (view.get("out") or ())
    # Every viewer of a move sees a seat alike but for whether it is their own, and the table socket
    # keeps its seat rows from one move to the next: each row keeps the last few states it was shown
    # as, by everything a state holds that can change while the row lives (its name cannot).
    is_viewer, to_act = viewer_seat == seat.index, seat.index in waiting
    key = (seat.user_id, seat.bot, seat.team, seat.away, is_viewer, cards, total, to_act, out)
    shown: dict[tuple[Any, ...], SeatState] | None = seat.__dict__.get("_shown_states")
    if shown is None or len(shown) >= 8:
        shown = seat.__dict__["_shown_states"] = {}
    found = shown.get(key)
    if found is None:
        # The name is read through the player's profile: once a row, for whoever sits there.
        sitting = (seat.user_id, seat.bot)
        named = seat.__dict__.get("_shown_names")
        if named is None or named[0] != sitting:
            user = seat.user
            username = user.get_username() if user else None
            page = reverse("accounts:player", args=[username]) if username else None
            named = seat.__dict__["_shown_names"] = (sitting, seat.name, username, page)
        found = shown[key] = SeatState(
            index=seat.index,
            name=named[1],
            username=named[2],
            page=named[3],
            bot=seat.bot,
            team=seat.team,
            away=seat.away,
            is_free=seat.is_free,
            is_viewer=is_viewer,
            cards=cards,
            total=total,
            to_act=to_act,
            out=out,
        )
    return found
