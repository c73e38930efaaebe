"""Every write to a table: create, join, leave, start, move.

check_* functions raise ActionRefused with a message for the person; do_* functions lock the game
row, check, write, and broadcast after the commit. Views, consumers and tasks stay thin and call
these.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Any

from django.db import DatabaseError, IntegrityError, connection, transaction
from django.utils import timezone

from games import broadcast, clock, prepared, windows, wire, written_rows
from games.models import MAX_SEATS, MIN_SEATS, Game, Move, Seat, team_of
from games.prepared import Prepared
from games.table_state import load_seats

NO_TABLE = "There is no such table."
STALE = "The table moved on before your move arrived; here is where it stands now."


class ActionRefused(Exception):
    """A request that the rules of the site or of the game do not allow; nothing was changed."""

    def __init__(self, message: str, code: str = "refused") -> None:
        super().__init__(message)
        self.message = message
        self.code = code


@dataclass(frozen=True)
class SeatActor:
    """Someone other than the seat's player acting for a seat: its bot, or the clock (issue 5)."""

    seat: int
    source: str = Move.Source.BOT


@dataclass(frozen=True)
class MoveResult:
    """The outcome of do_move. `game` is the table as it stands after it (fresh, for re-rendering)."""

    game: Game
    outcome: str  # "applied", "duplicate" (an earlier submission was applied), "stale", "illegal", "forbidden"
    message: str = ""
    move: Move | None = None
    seats: list[Seat] | None = None  # the table's seats with their players' profiles, when they were loaded

    @property
    def ok(self) -> bool:
        return self.outcome in ("applied", "duplicate")


def locked_game(game_id: int) -> Game:
    """The game row, locked until the transaction ends; every write to a table starts here."""
    try:
        game = _LOCKED_GAME.first(int(game_id))
    except (TypeError, ValueError):  # no number at all
        game = None
    if game is None:
        raise ActionRefused(NO_TABLE, "missing")
    return game


# The league comes along (its name is on every render of the table); only the game row is locked.
_LOCKED_GAME = Prepared(
    lambda game_id: Game.objects.select_for_update(of=("self",)).select_related("league").filter(pk=game_id)
)


def announce_change(game: Game) -> None:
    """After the commit, every viewer of the table gets it re-rendered for them."""
    game_id, seq = game.pk, game.seq
    transaction.on_commit(lambda: broadcast.game_changed(game_id, seq))


# --- creating a table ---------------------------------------------------------------------------


def check_variant(variant: str) -> Any:
    """The rules of a game the site plays; refuses any other."""
    from games import engine

    if variant not in engine.variants():
        raise ActionRefused(f"There is no game called {variant!r} here.", "variant")
    return engine.get_rules(variant)


def check_house_rules(rules: Mapping[str, Any], variant: str = "ddmau") -> dict[str, Any]:
    """The options that differ from the game's defaults; the engine refuses options that cannot work,
    with its reason."""
    game = check_variant(variant)
    unknown = set(rules) - {spec.key for spec in game.option_specs}
    if unknown:
        raise ActionRefused(f"Unknown house rule: {', '.join(sorted(map(str, unknown)))}.")
    try:
        return dict(game.house_rules(rules))
    except ValueError as error:
        raise ActionRefused(f"{error}.") from None


def check_table_shape(seat_count: int, teams: bool, bots: int, variant: str = "ddmau") -> None:
    game = check_variant(variant)
    low, high = max(MIN_SEATS, game.min_players), min(MAX_SEATS, game.max_players)
    if not low <= seat_count <= high:
        raise ActionRefused(f"{game.seats_refusal(low, high)}.")
    refusal = game.partnership_refusal(seat_count) if teams else None
    if refusal is not None:
        raise ActionRefused(f"{refusal}.")
    if not 0 <= bots <= seat_count:
        raise ActionRefused(f"A table of {seat_count} seats has room for at most {seat_count} bots.")


def check_league_seat(game: Game, user: Any) -> None:
    """A league's tables count for its standings: only its members sit at them."""
    if game.league_id is not None and not game.league_admits(user):
        raise ActionRefused(f"This table belongs to the league {game.league}: join the league to sit here.", "league")


def do_create_game(
    creator: Any,
    *,
    seat_count: int,
    move_seconds: int,
    teams: bool = False,
    rules: Mapping[str, Any] | None = None,
    mode: str = Game.Mode.STANDARD,
    visibility: str = Game.Visibility.PUBLIC,
    bots: int = 0,
    bot_level: str = Seat.Bot.GREEDY,
    league: Any | None = None,
    variant: str = "ddmau",
) -> Game:
    """A new open table of `variant` with the creator in seat 0 and `bots` bot seats at the end.

    With a bot in every seat the creator only watches: a table the bots play out by themselves.
    A table in a `league` counts for it; in a league that is not public the table is private too.
    """
    check_table_shape(seat_count, teams, bots, variant)
    house_rules = check_house_rules(rules or {}, variant)
    if bot_level not in Seat.Bot.values:
        raise ActionRefused(f"Unknown bot level {bot_level!r}.")
    if league is not None:
        if not league.has_member(creator):
            raise ActionRefused(f"Only members of {league} can open a table in it.", "league")
        if getattr(league, "variant", "ddmau") != variant:  # a league plays one game
            raise ActionRefused(
                f"{league} plays {league.game_title}: its tables are tables of {league.game_title}, "
                f"not of {check_variant(variant).title}.",
                "league",
            )
        if league.visibility != league.Visibility.PUBLIC:
            visibility = Game.Visibility.PRIVATE
    with transaction.atomic():
        game = Game.objects.create(
            variant=variant,
            seat_count=seat_count,
            move_seconds=move_seconds,
            teams=teams,
            rules=house_rules,
            mode=mode,
            visibility=visibility,
            creator=creator,
            league=league,
        )
        first_bot = seat_count - bots
        Seat.objects.bulk_create(
            Seat(
                game=game,
                index=index,
                user=creator if index == 0 and bots < seat_count else None,
                bot=bot_level if index >= first_bot else "",
                team=team_of(index, seat_count) if teams else None,
            )
            for index in range(seat_count)
        )
    return game


# --- joining, leaving, starting -----------------------------------------------------------------


def check_open(game: Game) -> None:
    if game.status != Game.Status.OPEN:
        raise ActionRefused("This table has already started or ended.", "not_open")


def do_join(game_id: int, user: Any, seat_index: int | None = None) -> Seat:
    """Sit `user` at a free seat (the one asked for, else the first free one)."""
    with transaction.atomic():
        game = locked_game(game_id)
        check_open(game)
        seats = list(game.seats.all())
        if game.seat_of(user, seats) is not None:
            raise ActionRefused("You already have a seat at this table.", "seated")
        check_league_seat(game, user)
        free = [seat for seat in seats if seat.is_free and (seat_index is None or seat.index == seat_index)]
        if not free:
            raise ActionRefused("That seat is taken." if seat_index is not None else "This table is full.", "full")
        seat = free[0] if seat_index is not None else _preferred_seat(game, user, seats, free)
        seat.user = user
        seat.save(update_fields=["user"])
        announce_change(game)
    return seat


def _preferred_seat(game: Game, user: Any, seats: list[Seat], free: list[Seat]) -> Seat:
    """At a partnership table, the free seat opposite the player's registered partner (R36) when
    the partner already sits there; else the first free seat."""
    if game.teams:
        from games.signals import partners_of  # leagues keeps the partnerships and answers

        partners = partners_of(user, game.league_id)
        half = game.seat_count // 2
        opposite = {(seat.index + half) % game.seat_count for seat in seats if seat.user_id in partners}
        for seat in free:
            if seat.index in opposite:
                return seat
    return free[0]


def do_leave(game_id: int, user: Any) -> Game:
    """Give up a seat before the start; the creator leaving closes the table (also one they only watch)."""
    with transaction.atomic():
        game = locked_game(game_id)
        check_open(game)
        seat = game.seat_of(user)
        if game.creator_id == user.pk:  # seated or only watching a table of bots
            game.status = Game.Status.ABORTED
            game.finished = timezone.now()
            game.save(update_fields=["status", "finished"])
        elif seat is None:
            raise ActionRefused("You have no seat at this table.", "not_seated")
        else:
            seat.user = None
            seat.save(update_fields=["user"])
        announce_change(game)
    return game


def do_start(game_id: int, user: Any, *, fill_with_bots: bool = False, bot_level: str = Seat.Bot.GREEDY) -> Game:
    """Deal the first hand. Only the creator starts; empty seats need players or bots."""
    with transaction.atomic():
        game = locked_game(game_id)
        check_open(game)
        if game.creator_id != user.pk:
            raise ActionRefused("Only the table's creator can start it.", "forbidden")
        seats = list(game.seats.all())
        free = [seat for seat in seats if seat.is_free]
        if free and not fill_with_bots:
            raise ActionRefused("Every seat needs a player or a bot before the start.", "seats_free")
        for seat in free:
            seat.bot = bot_level
        Seat.objects.bulk_update(free, ["bot"])
        game.position = game.initial_position()
        game.status = Game.Status.PLAYING
        game.started = timezone.now()
        game.deadline = game.started + timedelta(seconds=game.move_seconds)
        game.save(update_fields=["position", "status", "started", "deadline"])
        announce_change(game)
        clock.after_turn_change(game)  # issue 5: timeouts, bot moves, turn mails
    return game


# --- moves --------------------------------------------------------------------------------------


# An action is an object whose values are scalars or lists of them (its cards): small, and shallow.
MAX_ACTION_CHARS = 2048
MAX_ACTION_DEPTH = 3
SEAT_KEYS = ("seat", "target")  # numbers of seats: whole numbers, never true or false
CARD_LIST_KEYS = ("cards", "mm")


def parse_action(raw: Any) -> dict[str, Any]:
    """The action object a client sent (JSON text or already decoded), in a shape do_move can rule on;
    anything else is refused with a message, whatever was sent (never an exception of another kind)."""
    try:
        if isinstance(raw, str):
            raw = wire.read_json(raw, max_chars=MAX_ACTION_CHARS, max_depth=MAX_ACTION_DEPTH)
        else:
            wire.check_depth(raw, MAX_ACTION_DEPTH)
    except wire.Unreadable as problem:
        raise ActionRefused(f"R17: the move could not be read. {problem.message}", "illegal") from None
    if not isinstance(raw, Mapping) or not isinstance(raw.get("act"), str):
        raise ActionRefused("R17: the move names no action.", "illegal")
    for key in SEAT_KEYS:
        if raw.get(key) is not None and wire.whole_number(raw[key]) is None:
            raise ActionRefused(f"R17: the move's {key} is not a seat number.", "illegal")
    for key in CARD_LIST_KEYS:
        value = raw.get(key)
        if value is not None and not (isinstance(value, list) and all(isinstance(card, str) for card in value)):
            raise ActionRefused(f"R17: the move's {key} is not a list of cards.", "illegal")
    return dict(raw)


def _acting_seat(seats: list[Seat], actor: Any) -> tuple[Seat, str]:
    """The seat the actor may act for, and the move's source; refuses anyone else."""
    if isinstance(actor, SeatActor):
        seat = next((seat for seat in seats if seat.index == actor.seat), None)
        if seat is None or (actor.source == Move.Source.BOT and not (seat.bot or seat.away)):
            raise ActionRefused("That seat is not played by a bot.", "forbidden")
        return seat, actor.source
    user_id = actor.pk if actor is not None and actor.is_authenticated else None
    seat = next((seat for seat in seats if user_id is not None and seat.user_id == user_id), None)
    if seat is None:
        raise ActionRefused("Only the players at this table can make moves.", "forbidden")
    return seat, Move.Source.PLAYER


def _refused(game: Game, outcome: str, message: str, seats: list[Seat] | None = None) -> MoveResult:
    return MoveResult(game=game, outcome=outcome, message=message, seats=seats)


def do_move(
    game_id: int,
    actor: Any,
    action: Mapping[str, Any],
    expected_seq: int,
    client_move_id: str | None = None,
) -> MoveResult:
    """Apply one move under the game row lock; applied at most once per client_move_id.

    A move made on an old view (expected_seq behind) is refused as stale and changes nothing; the
    result carries the fresh game to re-render. The engine rules on legality (turn order included).
    """
    client_move_id = client_move_id or None
    try:
        return _do_move(game_id, actor, action, expected_seq, client_move_id)
    except IntegrityError:
        # The move id was used before at this table, by this seat at the current seq (a client that
        # reuses its ids) or by another seat: that is no duplicate of this seat's move (only its own
        # moves are), so nothing is applied, and the sender hears so. The block above rolled back.
        game = Game.objects.select_related("league").get(pk=game_id)
        return _refused(game, "illegal", REUSED_MOVE_ID, load_seats(game))


@dataclass(frozen=True)
class MoveRequest:
    """One move to make, as do_move takes it."""

    game_id: int
    actor: Any
    action: Mapping[str, Any]
    expected_seq: int
    client_move_id: str | None = None


def do_moves(requests: Sequence[MoveRequest]) -> list[MoveResult | Exception]:
    """Several moves, of one table or of many, each ruled on and stored exactly as `do_move` would,
    all in one transaction (games.move_batches gathers a process's socket moves this way). A result
    per request, in their order: a table that is gone gives its refusal (ActionRefused), a move
    that failed its error, which is that move's alone.

    On PostgreSQL the moves go in rounds of one move per table (a table's moves keep the order they
    came in): each round locks its tables, in the order of their ids so that two batches never wait
    on each other in a circle, reads their seats (without their players: a result's `seats` is None),
    and writes its moves and positions, one statement each, whatever the number of tables. Should
    the database refuse a write (a move id used before), the whole batch is rolled back and each
    move made alone: one move's fault costs the others nothing, and none is stored twice. Elsewhere
    (SQLite, for `make run`) each move is made alone.
    """
    if connection.vendor != "postgresql":
        return [_made_alone(request) for request in requests]
    results: dict[int, MoveResult | Exception] = {}
    try:
        with transaction.atomic():
            for round_ in _rounds(requests):
                _move_round(requests, round_, results)
    except DatabaseError:
        return [_made_alone(request) for request in requests]
    return [results[index] for index in range(len(requests))]


def _rounds(requests: Sequence[MoveRequest]) -> list[list[int]]:
    """The requests' indexes in rounds holding at most one move of each table, in the order they came."""
    rounds: list[list[int]] = []
    taken: dict[int, int] = {}
    for index, request in enumerate(requests):
        number = taken.get(request.game_id, 0)
        taken[request.game_id] = number + 1
        if number == len(rounds):
            rounds.append([])
        rounds[number].append(index)
    return rounds


def _move_round(
    requests: Sequence[MoveRequest], indexes: list[int], results: dict[int, MoveResult | Exception]
) -> None:
    games = written_rows.locked([requests[index].game_id for index in indexes], _LOCKED_GAMES.all)
    seats: dict[int, list[Seat]] = {game_id: [] for game_id in games}
    for seat in _SEATS_OF_TABLES.all(list(games)):
        Seat.game.field.set_cached_value(seat, games[seat.game_id])
        seats[seat.game_id].append(seat)
    writes: list[tuple[Move, Game, tuple[str, ...]]] = []
    for index in indexes:  # the tables are locked already, by the query above, in the order of their ids
        request = requests[index]
        game = games.get(request.game_id)
        if game is None:
            results[index] = ActionRefused(NO_TABLE, "missing")
            continue
        result = _move_locked(
            game,
            request.actor,
            request.action,
            request.expected_seq,
            request.client_move_id or None,
            seats=seats[game.pk],
            store=lambda move, game, fields: writes.append((move, game, fields)),
        )
        results[index] = replace(result, seats=None)  # without their players: whoever shows them reads them
    versions = prepared.insert_and_update_many(writes)
    written_rows.keep_on_commit([(game, version) for (_, game, _), version in zip(writes, versions, strict=True)])


# The seats of a round's tables, without their players (a move needs only who sits where, the bots
# and who is away): each player's user and profile would cost more than the rest of the move.
_SEATS_OF_TABLES = Prepared(lambda game_ids: Seat.objects.filter(game_id__any=game_ids).order_by("index"))

# The tables of a round of moves, locked in one query (the order of ids is the order of locking).
_LOCKED_GAMES = Prepared(
    lambda game_ids: (
        Game.objects.select_for_update(of=("self",)).select_related("league").filter(pk__any=game_ids).order_by("pk")
    )
)


def _made_alone(request: MoveRequest) -> MoveResult | Exception:
    try:
        return do_move(request.game_id, request.actor, request.action, request.expected_seq, request.client_move_id)
    except Exception as failure:  # the sender's to hear of, not the other senders'
        return failure


TOO_LATE = "Too late: someone else got there first. Nothing was played and nothing is lost"


def _races(game: Game, action: Mapping[str, Any]) -> bool:
    """An out-of-turn act (a call, a catch, SPAM, a jump-in, a penalty) sent on a view that is no
    longer the newest still goes to the engine: such acts race, and the first to arrive counts
    (VARIANTS.md C6). Anything else made on an old view is stale."""
    from games import engine

    if not game.position:
        return False
    return engine.rules_of(game.position).races(str(action.get("act")))


REUSED_MOVE_ID = "This move id was used before at this table; nothing was played. Please try again."


def _do_move(
    game_id: int, actor: Any, action: Mapping[str, Any], expected_seq: int, client_move_id: str | None
) -> MoveResult:
    with transaction.atomic():
        return _move_locked(locked_game(game_id), actor, action, expected_seq, client_move_id)


def _move_locked(
    game: Game,
    actor: Any,
    action: Mapping[str, Any],
    expected_seq: int,
    client_move_id: str | None,
    *,
    seats: list[Seat] | None = None,
    store: Store | None = None,
) -> MoveResult:
    """do_move's work once the game row is locked, inside the caller's transaction (`seats`: the
    table's, if read already; `store`: how the move is written, see `advance`)."""
    from games import engine

    # Every seat, with names: the caller re-renders the table with them, saving a query. Who acts
    # comes first: a stranger learns nothing of the table, a retry matches only its seat's moves.
    if seats is None:
        seats = load_seats(game)
    try:
        seat, source = _acting_seat(seats, actor)
    except ActionRefused as refusal:
        return _refused(game, refusal.code, refusal.message, seats)
    if expected_seq != game.seq and client_move_id is not None:
        # The submission may be a retry of one already applied (a second tab, a replayed message).
        earlier = game.moves.filter(seat=seat.index, client_move_id=client_move_id).first()
        if earlier is not None:
            return MoveResult(game=game, outcome="duplicate", move=earlier, seats=seats)
    if game.status != Game.Status.PLAYING:
        return _refused(game, "not_playing", "This table is not in play.", seats)
    if game.on_break() and source == Move.Source.PLAYER:
        return _refused(game, "break", "The next hand starts once everyone is ready (or in a few seconds).", seats)
    racing = expected_seq != game.seq
    if racing and not _races(game, action):
        return _refused(game, "stale", STALE, seats)
    claimed = action.get("seat", seat.index)
    if wire.whole_number(claimed) != seat.index:  # True == 1 in Python, but true is no seat
        return _refused(game, "forbidden", f"You play seat {seat.index}, not seat {claimed}.", seats)
    before = game.position
    assert before is not None
    rules = engine.rules_of(before)
    try:
        move_action = rules.normalize_action({**action, "seat": seat.index})
        after, events = rules.apply_dict(before, move_action)
        notation = rules.notation(move_action)
    except (engine.IllegalAction, ValueError) as ruling:
        if racing:  # C6: the act lost a race; it costs nothing
            return _refused(game, "stale", f"{TOO_LATE} ({ruling})", seats)
        return _refused(game, "illegal", str(ruling), seats)
    move = new_move(game, seat.index, move_action, notation, events, source, client_move_id)
    advance(game, rules, before, after, events, move, store=store)
    if source == Move.Source.PLAYER and seat.timeouts_in_a_row:
        seat.timeouts_in_a_row = 0
        seat.save(update_fields=["timeouts_in_a_row"])
    transaction.on_commit(lambda: broadcast.game_moved(move))
    clock.after_turn_change(game, seats=seats)  # issue 5: timeouts, bot moves, turn mails
    return MoveResult(game=game, outcome="applied", move=move, seats=seats)


def new_move(
    game: Game,
    seat: int | None,
    action: Mapping[str, Any],
    notation: str,
    events: Sequence[Any],
    source: str,
    client_move_id: str | None = None,
) -> Move:
    """The move's row, not yet stored (`advance` stores it with the position): the action, its
    notation and the engine's public events."""
    return Move(
        game=game,
        seq=game.seq + 1,
        seat=seat,
        action=dict(action),
        notation=notation[:200],
        public_line=public_line(notation, events),
        events=[event.as_dict() for event in events],
        source=source,
        client_move_id=client_move_id or "",
    )


def public_line(notation: str, events: Sequence[Any]) -> str:
    """What every player may see of a move in one short line: its events' words, seats by number."""
    from games.engine.events import render_text

    words = "; ".join(render_text(event, {}) for event in events if event.kind not in ("deal",))
    return (words or notation)[:200]


Store = Callable[[Move, Game, tuple[str, ...]], object]


def advance(
    game: Game,
    rules: Any,
    before: Mapping[str, Any],
    after: dict[str, Any],
    events: Sequence[Any],
    move: Move,
    *,
    store: Store | None = None,
) -> None:
    """Store `move` (from `new_move`) and the new position, in one statement (or hand them, with
    the fields changed, to `store`, which writes them before the commit); a new turn (or a new
    hand) starts a new deadline, a new reaction window its own; a hand's end is announced after the
    commit."""
    now = timezone.now()
    game.position = after
    game.seq += 1
    fields = ["position", "seq", "window_deadline"]
    hand_over = any(event.kind == "hand_over" for event in events)
    window = rules.window(after)
    if window is None:
        game.window_deadline = None
    elif rules.opens_window(events) or window != rules.window(before) or game.window_deadline is None:
        # A new window gets its own time, even one that looks like the window it replaces.
        game.window_deadline = now + window_length(game)
    if after.get("over"):
        game.status = Game.Status.FINISHED
        game.finished = now
        game.deadline = None
        fields += ["status", "finished", "deadline"]
    elif hand_over and hand_break(game) > timedelta(0):
        # The result shows in front of everyone; the next hand's clock starts after Ready (do_ready)
        game.break_until, game.ready_seats = now + hand_break(game), []
        game.deadline = game.break_until + timedelta(seconds=game.move_seconds)
        fields += ["deadline", "break_until", "ready_seats"]
    elif hand_over or rules.to_act(after) != rules.to_act(before) or after.get("turn") != before.get("turn"):
        game.deadline = now + timedelta(seconds=game.move_seconds)
        fields.append("deadline")
    if hand_over or after.get("over"):
        game.hand_ended_seq = game.seq  # the row says a hand ended here, should the announcement be lost
        fields.append("hand_ended_seq")
    (store or prepared.insert_and_update)(move, game, tuple(fields))
    if hand_over or after.get("over"):
        from games.signals import announce_hand_end

        game_id, seq = game.pk, game.seq
        transaction.on_commit(lambda: announce_hand_end(Game, game_id, seq), robust=True)
    if game.window_deadline is not None and "window_deadline" in fields:
        windows.after_window_opened(game)


def hand_break(game: Game) -> timedelta:
    """How long a live table shows a hand's result before the next hand's clock starts (unless
    everyone says Ready sooner); turn-by-turn tables have their own pace and no break."""
    from django.conf import settings

    return timedelta(seconds=float(settings.DDMAU_HAND_BREAK_SECONDS)) if game.is_live else timedelta(0)


def check_not_on_break(game: Game) -> None:
    if game.on_break():
        raise ActionRefused("The next hand starts once everyone is ready (or in a few seconds).", "break")


def do_ready(game_id: int, user: Any) -> Game:
    """A player has seen the hand's result: once every player at the table is ready, the next hand's
    clock starts at once."""
    with transaction.atomic():
        game = locked_game(game_id)
        seats = load_seats(game)
        seat = next((seat for seat in seats if seat.user_id == user.pk), None)
        if seat is None:
            raise ActionRefused("Only the players at this table can say they are ready.", "forbidden")
        if not game.on_break():
            return game
        ready = sorted({*game.ready_seats, seat.index})
        game.ready_seats = ready
        fields = ["ready_seats"]
        people = {seat.index for seat in seats if seat.user_id is not None and not seat.away and not seat.bot}
        if people <= set(ready):
            now = timezone.now()
            game.break_until = None
            game.deadline = now + timedelta(seconds=game.move_seconds)
            fields += ["break_until", "deadline"]
            clock.after_turn_change(game, mail=False)
        game.save(update_fields=fields)
        announce_change(game)
    return game


def window_length(game: Game) -> timedelta:
    """How long a reaction window stays open (C5): a few seconds at a live table; at a turn-by-turn
    table long enough for a player who looks in now and then, never longer than the move time."""
    from django.conf import settings

    if game.is_live:
        return timedelta(milliseconds=int(settings.DDMAU_REACT_MS))
    return timedelta(seconds=min(game.move_seconds, int(settings.DDMAU_TURN_REACT_SECONDS)))
