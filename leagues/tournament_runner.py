"""A running tournament: tables drawn from the published seed, eliminations, merges, the winner.

Tables play in tournament mode (R35): a player past the target is out (the engine's `out`) and the
engine deals the next hand to the others itself. After every hand at a tournament table, games
calls `on_hand_end` (through leagues.game_results) once the move has committed and before any
further move can be made, so the runner sees the table between two hands:

1. the players the hand put out are eliminated: a batch placed by its totals below everyone still
   in (ties share a place); when nobody else is left, the lowest total among them wins (R35);
2. the table closes if it cannot or should not go on: its game is over, someone at it was
   disqualified, a redraw is pending, players are waiting for a table, or the players still in fit
   at fewer tables than are open. Its players then wait, carrying their running totals. When the
   open tables have come to differ by two players or more, a redraw is asked for, as the staff's
   reseat does: each table closes at its own hand's end and everyone is drawn again, evenly;
3. waiting players are drawn to new tables once there is room for them: as many tables as the
   players still in need, minus those still open; a table waiting to be merged into closes at its
   own next hand's end, so every open table always has at least two players (or partnerships).

A new table is a new game whose first hand starts from the carried totals (Game.start_totals).
The last one standing wins. Every function here runs under the tournament row lock, taken before
any game row, so two tables ending a hand at once are handled one after the other.

Each hand end is settled once: the table row keeps the seq of the last one settled (`settled_seq`),
and the game row the seq of the last one that happened (`Game.hand_ended_seq`). A hook lost to a
crash therefore leaves a difference on the rows, which the beat sweep finds and settles; a hook
and the sweep delivering the same hand end, at once or one after the other, change things once.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from datetime import datetime
from functools import partial
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Count, F, QuerySet
from django.utils import timezone

from games import tournament_tables
from games.models import Game, Seat
from leagues import emails
from leagues.actions import active_entrants
from leagues.models import Entrant, Tournament, TournamentTable
from leagues.placings import shared_places
from leagues.seating import draw_tables, partners_seating, table_count

log = logging.getLogger(__name__)

RUNNING = (Tournament.Status.RUNNING, Tournament.Status.PAUSED)


# ---------------------------------------------------------------- reading


def alive(tournament: Tournament) -> QuerySet[Entrant]:
    """Entrants still in the tournament."""
    return active_entrants(tournament).filter(eliminated__isnull=True)


def capacity(tournament: Tournament) -> int:
    """Entrants per table: players, or partnerships (two seats each)."""
    return tournament.table_size // 2 if tournament.kind == Tournament.Kind.PARTNERSHIPS else tournament.table_size


def open_tables(tournament: Tournament) -> QuerySet[TournamentTable]:
    return tournament.tables.filter(closed__isnull=True).select_related("game")


def seats_of(table: TournamentTable, entrant_id: int) -> list[int]:
    return [index for index, owner in enumerate(table.seats) if owner == entrant_id]


def current_totals(tournament: Tournament, entrants: Iterable[Entrant]) -> dict[int, int]:
    """Each entrant's running total now: at its table (before the hand in play), else the one it carries."""
    tables = {table.pk: table for table in open_tables(tournament)}
    totals = {}
    for entrant in entrants:
        table = tables.get(entrant.table_id) if entrant.table_id else None
        seats = seats_of(table, entrant.pk) if table else []
        position = table.game.position if table else None
        totals[entrant.pk] = position["totals"][seats[0]] if position and seats else entrant.total
    return totals


def people_of(entrant: Entrant) -> list[int]:
    """The user ids the entry covers: the player, or both partners."""
    if entrant.partnership_id is None:
        return [entrant.user_id] if entrant.user_id else []
    return list(entrant.partnership.members.order_by("pk").values_list("user_id", flat=True))  # type: ignore[union-attr]


# ---------------------------------------------------------------- seating


def draw_and_open(tournament: Tournament, entrants: Sequence[Entrant], tables: int) -> list[TournamentTable]:
    """The next draw: `entrants` at `tables` balanced tables, from the seed `<tournament seed>/<draw>`."""
    tournament.draws += 1
    tournament.save(update_fields=["draws"])
    by_id = {entrant.pk: entrant for entrant in entrants}
    groups = draw_tables(list(by_id), tables, f"{tournament.seed}/{tournament.draws}")
    opened = [_open_table(tournament, [by_id[pk] for pk in group]) for group in groups]
    first = tournament.draws == 1
    for table in opened:
        transaction.on_commit(partial(emails.send_table_assigned, table.pk, first=first), robust=True)
    return opened


def _open_table(tournament: Tournament, group: Sequence[Entrant]) -> TournamentTable:
    teams = tournament.kind == Tournament.Kind.PARTNERSHIPS
    if teams:
        pairs = [people_of(entrant) for entrant in group]
        users = partners_seating(pairs, len(pairs) * 2)
        owners = [group[index % len(group)].pk for index in range(len(users))]
    else:
        users = [entrant.user_id for entrant in group if entrant.user_id is not None]
        owners = [entrant.pk for entrant in group]
    totals = {entrant.pk: entrant.total for entrant in group}
    game = tournament_tables.do_open_table(
        tournament_id=tournament.pk,
        creator=tournament.created_by,
        users=users,
        away=stood_in_for(tournament, users),
        teams=teams,
        rules=tournament.house_rules,
        move_seconds=tournament.move_seconds,
        start_totals=[totals[owner] for owner in owners],
        clock_running=tournament.status == Tournament.Status.RUNNING,
        variant=tournament.variant,
    )
    number = tournament.tables.count() + 1
    table = TournamentTable.objects.create(
        tournament=tournament, game=game, number=number, draw=tournament.draws, seats=owners
    )
    Entrant.objects.filter(pk__in=[entrant.pk for entrant in group]).update(table=table)
    return table


def stood_in_for(tournament: Tournament, users: Sequence[int]) -> set[int]:
    """Players the bot plays for: bot accounts, and anyone it played for at their last table here."""
    bots = set(get_user_model().objects.filter(pk__in=users, profile__is_bot=True).values_list("pk", flat=True))
    latest: dict[int, bool] = {}
    earlier = Seat.objects.filter(game__tournament=tournament, user_id__in=users).order_by("game_id")
    for user_id, away in earlier.values_list("user_id", "away"):
        latest[user_id] = away
    return bots | {user_id for user_id, away in latest.items() if away}


def seat_waiting(tournament: Tournament) -> list[TournamentTable]:
    """Draw the entrants waiting for a table, once there is room for them (see the module's rule 3)."""
    waiting = list(alive(tournament).filter(table__isnull=True).select_related("partnership"))
    if not waiting:
        return []
    still_open = open_tables(tournament).count()
    if tournament.redraw_pending:
        if still_open:
            return []  # every table first reaches the end of its hand
        tournament.redraw_pending = False
        tournament.save(update_fields=["redraw_pending"])
    size = capacity(tournament)
    needed = table_count(len(waiting), size)
    if needed == 0:
        return []
    room = table_count(alive(tournament).count(), size) - still_open
    if still_open and needed > room:
        return []
    return draw_and_open(tournament, waiting, needed)


# ---------------------------------------------------------------- after each hand


def on_hand_end(tournament_id: int, game_id: int, seq: int) -> bool:
    """A hand ended at a tournament table (the game at `seq` just after it); see the module's docstring.

    Each hand end is settled once: False when the table had settled it (or a later one) already, as
    when the hook and the sweep both deliver it, or the table is no longer in play.
    """
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        table = tournament.tables.filter(game_id=game_id, closed__isnull=True).first()
        if tournament.status not in RUNNING or table is None or table.settled_seq >= seq:
            return False
        game = Game.objects.select_for_update().get(pk=game_id)
        table.settled_seq = seq
        table.save(update_fields=["settled_seq"])
        position = game.dealt_position()
        now = timezone.now()
        eliminate_out_seats(tournament, table, position, now)
        if finish_if_decided(tournament, now):
            return True
        # A move made after the hand ended (a quick player) means the next hand is under way: the
        # table then closes at the end of that one.
        between_hands = game.seq == seq or game.status != Game.Status.PLAYING
        redraw_if_unbalanced(tournament)
        reason = why_close(tournament, table, game) if between_hands else ""
        if reason:
            close_table(table, game, reason, now)
        seat_waiting(tournament)
        return True


def unsettled_hand_ends() -> list[tuple[int, int]]:
    """(game, seq) of each table in play whose last hand end the runner has not settled: what a lost
    after-hand hook left behind (leagues.game_results.sweep delivers them again)."""
    tables = TournamentTable.objects.filter(
        closed__isnull=True, tournament__status__in=RUNNING, game__hand_ended_seq__gt=F("settled_seq")
    )
    return list(tables.order_by("pk").values_list("game_id", "game__hand_ended_seq"))


def catch_up(tournament: Tournament, now: datetime) -> None:
    """Settle tables whose game ended without the runner hearing of it (a hook lost to a crash), then seat
    whoever waits. The staff's resume and reseat call it, so a stuck tournament moves on."""
    for table in open_tables(tournament):
        if table.game.status == Game.Status.PLAYING:
            continue
        eliminate_out_seats(tournament, table, table.game.position or {}, now)
        if finish_if_decided(tournament, now):
            return
        close_table(table, table.game, TournamentTable.Closed.FINISHED, now)
    seat_waiting(tournament)


def eliminate_out_seats(
    tournament: Tournament, table: TournamentTable, position: dict[str, Any], now: datetime
) -> None:
    """The entrants whose seats the engine put out (R35) and who are not yet eliminated."""
    owners = {table.seats[seat] for seat in position.get("out") or ()}
    batch = list(alive(tournament).filter(pk__in=owners))
    if not batch:
        return
    totals = {entrant.pk: position["totals"][seats_of(table, entrant.pk)[0]] for entrant in batch}
    eliminate(tournament, batch, totals, now)


def eliminate(tournament: Tournament, batch: Sequence[Entrant], totals: dict[int, int], now: datetime) -> None:
    """Put `batch` out at once: below everyone still in, better places for lower totals, ties shared.

    When the batch is everyone still in, the lowest total among them wins instead (R35).
    """
    still_in = alive(tournament).count()
    places = shared_places(totals, first=still_in - len(batch) + 1)
    for entrant in batch:
        entrant.placing, entrant.total, entrant.table = places[entrant.pk], totals[entrant.pk], None
        entrant.eliminated = None if entrant.placing == 1 else now
    Entrant.objects.bulk_update(batch, ["eliminated", "placing", "total", "table"])
    for entrant in batch:
        if entrant.eliminated is not None:
            transaction.on_commit(partial(emails.send_eliminated, entrant.pk), robust=True)


def unbalanced(tournament: Tournament) -> bool:
    """The open tables' players still in differ by two or more (four at one, two at another, after
    eliminations): the tables should be broken up and drawn again, as even as the seed makes them."""
    seated = alive(tournament).filter(table__closed__isnull=True, table__isnull=False)
    sizes = [row["players"] for row in seated.values("table").annotate(players=Count("pk"))]
    return len(sizes) > 1 and max(sizes) - min(sizes) >= 2


def redraw_if_unbalanced(tournament: Tournament) -> None:
    if unbalanced(tournament):
        ask_for_redraw(tournament)


def ask_for_redraw(tournament: Tournament) -> None:
    """Every table closes at the end of its hand in play; then everyone still in is drawn again."""
    if not tournament.redraw_pending:
        tournament.redraw_pending = True
        tournament.save(update_fields=["redraw_pending"])


def why_close(tournament: Tournament, table: TournamentTable, game: Game) -> str:
    """Why the table should close now, between two hands; "" to play on."""
    if game.status != Game.Status.PLAYING:
        return TournamentTable.Closed.FINISHED
    out = set((game.position or {}).get("out") or ())
    playing = {owner for seat, owner in enumerate(table.seats) if seat not in out}
    seated_out = alive(tournament).filter(pk__in=playing).count() < len(playing)  # disqualified mid-hand
    crowded = open_tables(tournament).count() > table_count(alive(tournament).count(), capacity(tournament))
    waiting = alive(tournament).filter(table__isnull=True).exists()
    if seated_out or tournament.redraw_pending or waiting or crowded:
        return TournamentTable.Closed.MERGED
    return ""


def close_table(table: TournamentTable, game: Game, reason: str, now: datetime) -> None:
    """Close the table; its players still in wait for the next draw, carrying their running totals."""
    status = Game.Status.ABORTED if reason == TournamentTable.Closed.ENDED else Game.Status.MERGED
    game = tournament_tables.do_close_table(game.pk, status)
    totals = (game.position or {}).get("totals") or []
    staying = list(alive(table.tournament).filter(table=table))
    for entrant in staying:
        entrant.total, entrant.table = totals[seats_of(table, entrant.pk)[0]], None
    Entrant.objects.bulk_update(staying, ["total", "table"])
    Entrant.objects.filter(table=table).update(table=None)
    table.closed, table.close_reason = now, reason
    table.save(update_fields=["closed", "close_reason"])


def finish_if_decided(tournament: Tournament, now: datetime) -> bool:
    """One entrant left, or the winners placed already (R35): the tournament is over."""
    undecided = list(alive(tournament).filter(placing__isnull=True))
    if len(undecided) > 1:
        return False
    if undecided:
        [winner] = undecided
        winner.total = current_totals(tournament, undecided)[winner.pk]
        winner.placing, winner.table = 1, None
        winner.save(update_fields=["total", "placing", "table"])
    finish(tournament, now)
    return True


def finish(tournament: Tournament, now: datetime) -> None:
    for table in open_tables(tournament):
        ending = table.game.status == Game.Status.PLAYING
        close_table(table, table.game, TournamentTable.Closed.ENDED if ending else TournamentTable.Closed.FINISHED, now)
    tournament.status, tournament.finished = Tournament.Status.FINISHED, now
    tournament.save(update_fields=["status", "finished"])
    tournament_id = tournament.pk
    transaction.on_commit(partial(emails.send_result, tournament_id), robust=True)
