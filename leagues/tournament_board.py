"""What the tournament page shows of a running or finished tournament: tables, live standings,
eliminations in order (DD MAU) or each round's results (a tournament of rounds), the winner. Only
public facts: totals, places, points, who sits where (no cards).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games import engine
from games.models import Game
from leagues import round_runner
from leagues import tournament_runner as runner
from leagues.models import Entrant, Tournament, TournamentTable, eliminates


@dataclass(frozen=True)
class TablePlayer:
    name: str
    total: int | None  # None in a game that keeps no score
    out: bool
    bot: bool  # the bot plays the seat (a bot account, or standing in for an absent player)


@dataclass(frozen=True)
class TableRow:
    table: TournamentTable
    url: str
    hand: int | None
    players: list[TablePlayer]


@dataclass(frozen=True)
class StandingRow:
    entrant: Entrant
    total: int
    where: str  # "Table 3", "waiting for a table", "out", "winner"
    table_url: str
    mine: bool


@dataclass(frozen=True)
class Board:
    tables: list[TableRow]
    standings: list[StandingRow]
    eliminations: list[Entrant]  # first out first
    winners: list[Entrant]
    waiting: int
    my_table: TableRow | None


def board(tournament: Tournament, viewer_entrant: Entrant | None = None) -> Board | RoundBoard:
    if tournament.plays_rounds:
        return round_board(tournament, viewer_entrant)
    open_tables = list(runner.open_tables(tournament).prefetch_related("game__seats__user__profile"))
    entrants = list(
        tournament.entrants.filter(withdrawn__isnull=True)
        .select_related("user__profile", "partnership")
        .prefetch_related("partnership__members__user__profile")
    )
    names = {entrant.pk: entrant.name for entrant in entrants}
    live = runner.current_totals(tournament, [e for e in entrants if e.eliminated is None])
    rows = [_table_row(table, names) for table in open_tables]
    by_table = {row.table.pk: row for row in rows}
    standings = [
        StandingRow(
            entrant=entrant,
            total=live.get(entrant.pk, entrant.total),
            where=_where(tournament, entrant, by_table),
            table_url=by_table[entrant.table_id].url if entrant.table_id in by_table else "",
            mine=viewer_entrant is not None and viewer_entrant.pk == entrant.pk,
        )
        for entrant in entrants
    ]
    standings.sort(key=_standing_order)
    eliminations = sorted((e for e in entrants if e.eliminated), key=lambda e: (e.eliminated, -(e.placing or 0)))
    mine = viewer_entrant.table_id if viewer_entrant else None
    return Board(
        tables=rows,
        standings=standings,
        eliminations=eliminations,
        winners=[e for e in entrants if e.placing == 1],
        waiting=sum(1 for row in standings if row.where == WAITING),
        my_table=by_table.get(mine) if mine else None,
    )


WAITING = "waiting for a table"


def _where(tournament: Tournament, entrant: Entrant, by_table: dict[int, TableRow]) -> str:
    if entrant.placing == 1 and tournament.status == Tournament.Status.FINISHED:
        return "winner"
    if entrant.eliminated is not None:
        return "disqualified" if entrant.disqualified else "out"
    if entrant.table_id in by_table:
        return f"Table {by_table[entrant.table_id].table.number}"
    if tournament.status == Tournament.Status.FINISHED:
        return "finished"
    return WAITING if tournament.status in runner.RUNNING else "registered"


def _standing_order(row: StandingRow) -> tuple[Any, ...]:
    """Still in first (lowest total leads), then by place."""
    entrant = row.entrant
    if entrant.placing is not None:
        return (1, entrant.placing, row.total)
    return (0, row.total, entrant.name.lower())


def _table_row(table: TournamentTable, names: dict[int, str]) -> TableRow:
    position = table.game.position or {}
    totals = position.get("totals") or []
    out = set(position.get("out") or ())
    seats = sorted(table.game.seats.all(), key=lambda seat: seat.index)
    # An elimination's table brings its players' totals along: 0 until its position has them.
    carried = 0 if eliminates(table.game.variant) else None
    players = [
        TablePlayer(
            name=seat.name if not table.game.teams else f"{seat.name} ({names.get(table.seats[seat.index], '')})",
            total=totals[seat.index] if seat.index < len(totals) else carried,
            out=seat.index in out,
            bot=seat.away or bool(seat.bot),
        )
        for seat in seats
    ]
    return TableRow(table=table, url=table.game.get_absolute_url(), hand=position.get("hand"), players=players)


# ---------------------------------------------------------------- a tournament of rounds


@dataclass(frozen=True)
class RoundStanding:
    rank: int  # the place now (the final place once the tournament is over)
    entrant: Entrant
    where: str
    table_url: str
    mine: bool


@dataclass(frozen=True)
class SeatResult:
    name: str
    place: int
    points: int


@dataclass(frozen=True)
class TableResult:
    """A settled table of a round: each seat's place and the points it earned."""

    table: TournamentTable
    url: str
    seats: list[SeatResult]
    called_off: bool


@dataclass(frozen=True)
class RoundResults:
    number: int
    tables: list[TableResult]


@dataclass(frozen=True)
class RoundBoard:
    tables: list[TableRow]  # the round in play
    standings: list[RoundStanding]
    rounds: list[RoundResults]  # the latest first
    winners: list[Entrant]
    current_round: int
    my_table: TableRow | None


def round_board(tournament: Tournament, viewer_entrant: Entrant | None = None) -> RoundBoard:
    tables = list(tournament.tables.select_related("game").prefetch_related("game__seats__user__profile"))
    entrants = round_runner.standings_now(tournament)
    names = {entrant.pk: entrant.name for entrant in entrants}
    rows = [_table_row(table, names) for table in tables if table.is_open]
    by_table = {row.table.pk: row for row in rows}
    finished = tournament.status == Tournament.Status.FINISHED
    standings = [
        RoundStanding(
            rank=(entrant.placing or rank) if finished else rank,
            entrant=entrant,
            where=_round_where(tournament, entrant, by_table),
            table_url=by_table[entrant.table_id].url if entrant.table_id in by_table else "",
            mine=viewer_entrant is not None and viewer_entrant.pk == entrant.pk,
        )
        for rank, entrant in enumerate(entrants, start=1)
    ]
    results: dict[int, list[TableResult]] = {}
    for table in tables:
        if table.is_open:
            continue
        seats = [
            SeatResult(name=names.get(row["entrant"], "?"), place=row["place"], points=row["points"])
            for row in sorted(round_runner.table_results(table), key=lambda row: (row["place"], row["seat"]))
        ]
        called_off = table.game.status != Game.Status.FINISHED
        results.setdefault(table.draw, []).append(
            TableResult(table=table, url=table.game.get_absolute_url(), seats=seats, called_off=called_off)
        )
    mine = viewer_entrant.table_id if viewer_entrant else None
    return RoundBoard(
        tables=rows,
        standings=standings,
        rounds=[RoundResults(number, results[number]) for number in sorted(results, reverse=True)],
        winners=[entrant for entrant in entrants if finished and entrant.placing == 1],
        current_round=tournament.draws,
        my_table=by_table.get(mine) if mine else None,
    )


def _round_where(tournament: Tournament, entrant: Entrant, by_table: dict[int, TableRow]) -> str:
    if entrant.disqualified:
        return "disqualified"
    if entrant.table_id in by_table:
        return f"Table {by_table[entrant.table_id].table.number}"
    if tournament.status == Tournament.Status.FINISHED:
        return "winner" if entrant.placing == 1 else "finished"
    if tournament.status in runner.RUNNING:
        return "waiting for the round to end"
    return "registered"


def house_rules_in_words(tournament: Tournament) -> list[tuple[str, str]]:
    """(label, value) of each house rule the tournament sets, in the order its game lists them."""
    rules = tournament.house_rules or {}
    specs = engine.get_rules(tournament.variant).option_specs
    shown = []
    for spec in specs:
        if spec.key not in rules:
            continue
        value = rules[spec.key]
        if spec.kind == "bool":
            text = "yes" if value else "no"
        elif spec.kind == "mapping":
            text = "custom"
        else:
            text = str(value).replace("_", " ")
        shown.append((spec.label, text))
    return shown
