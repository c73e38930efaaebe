"""Every write to a table: create, join, leave, start, move.

check_* functions raise ActionRefused with a message for the person; do_* functions lock the game
row, check, write, and broadcast after the commit. Views, consumers and tasks stay thin and call
these.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import broadcast, clock
from games.models import MAX_SEATS, MIN_SEATS, TEAM_SIZES, Game, Move, Seat, team_of
from games.table_state import load_seats

# House rule options a table may choose (RULINGS R30-R31), with their defaults.
HOUSE_RULE_DEFAULTS: dict[str, Any] = {"target": 505, "net_low": 500, "net_reset": 350, "shadow_doubles": "hand"}


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
        # The league comes along (its name is on every render of the table); only the game row is locked.
        return Game.objects.select_for_update(of=("self",)).select_related("league").get(pk=game_id)
    except Game.DoesNotExist:
        raise ActionRefused("There is no such table.", "missing") from None


def announce_change(game: Game) -> None:
    """After the commit, every viewer of the table gets it re-rendered for them."""
    game_id, seq = game.pk, game.seq
    transaction.on_commit(lambda: broadcast.game_changed(game_id, seq))


# --- creating a table ---------------------------------------------------------------------------


def check_house_rules(rules: Mapping[str, Any]) -> dict[str, Any]:
    """The options that differ from the defaults; the engine refuses totals that cannot work."""
    from games.engine.options import Options

    unknown = set(rules) - set(HOUSE_RULE_DEFAULTS)
    if unknown:
        raise ActionRefused(f"Unknown house rule: {', '.join(sorted(unknown))}.")
    try:
        return Options.from_rules(rules).to_rules()
    except ValueError as error:
        raise ActionRefused(f"R31: {error}.") from None


def check_table_shape(seat_count: int, teams: bool, bots: int) -> None:
    if not MIN_SEATS <= seat_count <= MAX_SEATS:
        raise ActionRefused(f"R3: a table has {MIN_SEATS} to {MAX_SEATS} seats.")
    if teams and seat_count not in TEAM_SIZES:
        raise ActionRefused("R36: partnerships need 4 or 6 seats.")
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
) -> Game:
    """A new open table with the creator in seat 0 and `bots` bot seats at the end.

    With a bot in every seat the creator only watches: a table the bots play out by themselves.
    A table in a `league` counts for it; in a league that is not public the table is private too.
    """
    check_table_shape(seat_count, teams, bots)
    house_rules = check_house_rules(rules or {})
    if bot_level not in Seat.Bot.values:
        raise ActionRefused(f"Unknown bot level {bot_level!r}.")
    if league is not None:
        if not league.has_member(creator):
            raise ActionRefused(f"Only members of {league} can open a table in it.", "league")
        if league.visibility != league.Visibility.PUBLIC:
            visibility = Game.Visibility.PRIVATE
    with transaction.atomic():
        game = Game.objects.create(
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
        from leagues.queries import partners_of  # leagues keeps the partnerships

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
    from games import engine

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
        game.position = engine.new_game(
            game.seat_count, seed=game.seed, rules=game.rules or None, mode=game.mode, teams=game.teams
        )
        game.status = Game.Status.PLAYING
        game.started = timezone.now()
        game.deadline = game.started + timedelta(seconds=game.move_seconds)
        game.save(update_fields=["position", "status", "started", "deadline"])
        announce_change(game)
        clock.after_turn_change(game)  # issue 5: timeouts, bot moves, turn mails
    return game


# --- moves --------------------------------------------------------------------------------------


def parse_action(raw: str | Mapping[str, Any]) -> dict[str, Any]:
    """The action object a client sent (JSON text or already decoded)."""
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except json.JSONDecodeError:
            raise ActionRefused("R17: the move could not be read.", "illegal") from None
    if not isinstance(raw, Mapping) or not isinstance(raw.get("act"), str):
        raise ActionRefused("R17: the move names no action.", "illegal")
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
    from games import engine
    from games.engine.notation import NotationError, format_action, normalize_action, public_line

    client_move_id = client_move_id or None
    with transaction.atomic():
        game = locked_game(game_id)
        if expected_seq != game.seq and client_move_id is not None:
            # The submission may be a retry of one already applied (a second tab, a replayed message).
            earlier = game.moves.filter(client_move_id=client_move_id).first()
            if earlier is not None:
                return MoveResult(game=game, outcome="duplicate", move=earlier)
        if game.status != Game.Status.PLAYING:
            return _refused(game, "not_playing", "This table is not in play.")
        # Every seat, with names: the caller re-renders the table with them, saving a query.
        seats = load_seats(game)
        try:
            seat, source = _acting_seat(seats, actor)
        except ActionRefused as refusal:
            return _refused(game, refusal.code, refusal.message, seats)
        if expected_seq != game.seq:
            return _refused(game, "stale", STALE, seats)
        claimed = action.get("seat", seat.index)
        if claimed != seat.index:
            return _refused(game, "forbidden", f"You play seat {seat.index}, not seat {claimed}.", seats)
        move_action = normalize_action({**action, "seat": seat.index})  # only the keys NOTATION.md knows
        before = game.position
        assert before is not None
        try:
            after = engine.apply(before, move_action)
            notation = format_action(move_action)
        except (engine.IllegalAction, NotationError) as ruling:
            return _refused(game, "illegal", str(ruling), seats)
        move = Move.objects.create(
            game=game,
            seq=game.seq + 1,
            seat=seat.index,
            action=move_action,
            notation=notation,
            public_line=public_line(before, move_action, after),
            source=source,
            client_move_id=client_move_id or "",
        )
        _advance(game, before, after)
        if source == Move.Source.PLAYER and seat.timeouts_in_a_row:
            seat.timeouts_in_a_row = 0
            seat.save(update_fields=["timeouts_in_a_row"])
        transaction.on_commit(lambda: broadcast.game_moved(move))
        clock.after_turn_change(game)  # issue 5: timeouts, bot moves, turn mails
    return MoveResult(game=game, outcome="applied", move=move, seats=seats)


def _advance(game: Game, before: Mapping[str, Any], after: dict[str, Any]) -> None:
    """Store the new position; a new turn (or a new hand) starts a new deadline."""
    now = timezone.now()
    game.position = after
    game.seq += 1
    fields = ["position", "seq"]
    if after.get("over"):
        game.status = Game.Status.FINISHED
        game.finished = now
        game.deadline = None
        fields += ["status", "finished", "deadline"]
    elif after.get("turn") != before.get("turn") or after.get("hand") != before.get("hand"):
        game.deadline = now + timedelta(seconds=game.move_seconds)
        fields.append("deadline")
    if after.get("over") or after.get("hand") != before.get("hand"):
        game.hand_ended_seq = game.seq  # the row says a hand ended here, should the hook below be lost
        fields.append("hand_ended_seq")
    game.save(update_fields=fields)
    if after.get("over") or (game.tournament_id and after.get("hand") != before.get("hand")):
        from leagues.game_results import hand_ended  # leagues: the result, and the tournament moves on

        game_id, seq = game.pk, game.seq
        transaction.on_commit(lambda: hand_ended(game_id, seq), robust=True)
