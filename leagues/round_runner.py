"""A running tournament of rounds: every game but DD MAU (whose tournaments eliminate past the target,
leagues.tournament_runner).

1. Round 1 draws the entrants at tables of the chosen size from the published seed, as the
   elimination draws do (leagues.seating.draw_tables, seed "<seed>/1"): as many tables as hold
   everyone, their sizes differing by one at most, each with the game's fewest players at least.
2. Every table plays ONE game of the tournament's game with its house rules. When it ends, each
   place at the table earns a point for every player it beat there (POINTS_RULE): at a table of
   four 3, 2, 1 and 0; players sharing a place share its points (two sharing first at a table of
   three get 1 each). A first place, shared or not, is a win.
3. Once every table of the round has finished, the next round seats the entrants in standing order,
   neighbours together: the leaders at table 1, the next ones at table 2, and so on; the seats at
   each table are drawn from "<seed>/<round>/<table>".
4. After the last round the standings decide (TIE_RULE): most points, then most wins, then the
   lowest sum of places, then the draw (the entrant ids sorted and shuffled with
   random.Random("<seed>/ties")). Every entrant gets a place of their own; the disqualified come
   last.

A game called off (the staff end the tournament) earns nothing. Everything here runs under the
tournament row lock, taken before any game row, and each table's end is settled once: the hook
(leagues.game_results.hand_ended) and the beat sweep may both deliver it, and only the first
changes anything (the table closes as it is settled; `settled_seq` keeps the hand ends seen).
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Sequence
from datetime import datetime
from functools import partial
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import engine, tournament_tables
from games.actions import ActionRefused
from games.models import Game
from leagues import emails
from leagues.actions import Refused, active_entrants
from leagues.models import Entrant, Tournament, TournamentTable
from leagues.seating import draw_tables
from leagues.tournament_runner import RUNNING, alive, open_tables, people_of, stood_in_for

POINTS_RULE = (
    "At each table a place earns one point for every player it beat there (at a table of four: 3, 2, 1, 0); "
    "players sharing a place share its points, and a first place, shared or not, is a win."
)
TIE_RULE = (
    "Most points, then most wins, then the lowest sum of places, then the draw: the entrant ids, sorted, "
    'shuffled with Python\'s random.Random("<seed>/ties").shuffle.'
)
PAIRING_RULE = (
    "Round 1 is drawn from the seed; from round 2 on, neighbours in the standings share a table "
    "(the leaders at the round's first table, the next ones at its second, ...)."
)


def rules_in_words(tournament: Tournament) -> list[tuple[str, str]]:
    """The rules of the tournament as its page states them, the seed filled in."""
    return [
        ("Points", POINTS_RULE),
        ("Ties", TIE_RULE.replace("<seed>", tournament.seed)),
        ("Seating", PAIRING_RULE),
    ]


# ---------------------------------------------------------------- standings


def tie_order(tournament: Tournament, entrant_ids: Sequence[int]) -> dict[int, int]:
    """The last tie-break: each entrant's rank in the published draw "<seed>/ties"."""
    order = sorted(entrant_ids)
    random.Random(f"{tournament.seed}/ties").shuffle(order)
    return {pk: rank for rank, pk in enumerate(order)}


def ranked(tournament: Tournament, entrants: Sequence[Entrant]) -> list[Entrant]:
    """`entrants` in standing order (TIE_RULE); the disqualified after everyone else."""
    draw = tie_order(tournament, [entrant.pk for entrant in entrants])
    return sorted(
        entrants,
        key=lambda e: (e.disqualified, -e.points, -e.wins, e.place_sum, draw[e.pk]),
    )


def table_sizes(units: int, size: int, fewest: int, most: int) -> list[int]:
    """The sizes of the tables `units` entrants take at tables of `size`: as few as hold them, differing
    by one at most (the larger first), none below the game's `fewest` players."""
    if units < max(fewest, 2):
        raise Refused(f"A round needs at least {max(fewest, 2)} entrants; {units} are left.")
    tables = max(1, -(-units // size))
    while tables > 1 and units // tables < fewest:
        tables -= 1
    base, extra = divmod(units, tables)
    sizes = [base + 1] * extra + [base] * (tables - extra)
    if sizes[0] > most:
        raise Refused(f"{units} entrants cannot sit at tables of {fewest} to {most} players.")
    return sizes


def points_by_seat(placings: Sequence[int]) -> list[int]:
    """POINTS_RULE: each seat's points, the number of seats placed below it."""
    return [sum(1 for other in placings if other > mine) for mine in placings]


# ---------------------------------------------------------------- rounds


def start(tournament: Tournament, entrants: Sequence[Entrant]) -> list[TournamentTable]:
    """Round 1 (the caller holds the tournament row lock and has set it running)."""
    return open_round(tournament, list(entrants))


def open_round(tournament: Tournament, entrants: list[Entrant]) -> list[TournamentTable]:
    """The next round: round 1 drawn from the seed, later rounds neighbours in the standings together."""
    game = engine.get_rules(tournament.variant)
    size = min(tournament.table_size, game.max_players)
    sizes = table_sizes(len(entrants), size, game.min_players, game.max_players)
    tournament.draws += 1
    tournament.save(update_fields=["draws"])
    number = tournament.draws
    by_id = {entrant.pk: entrant for entrant in entrants}
    if number == 1:
        groups = draw_tables(list(by_id), len(sizes), f"{tournament.seed}/1")
    else:
        order = [entrant.pk for entrant in ranked(tournament, entrants)]
        groups, start_at = [], 0
        for index, count in enumerate(sizes, start=1):
            group = order[start_at : start_at + count]
            random.Random(f"{tournament.seed}/{number}/{index}").shuffle(group)
            groups.append(group)
            start_at += count
    opened = [_open_table(tournament, [by_id[pk] for pk in group]) for group in groups]
    for table in opened:
        transaction.on_commit(partial(emails.send_table_assigned, table.pk, first=number == 1), robust=True)
    return opened


def _open_table(tournament: Tournament, group: Sequence[Entrant]) -> TournamentTable:
    users = [entrant.user_id for entrant in group if entrant.user_id is not None]
    game = tournament_tables.do_open_table(
        tournament_id=tournament.pk,
        creator=tournament.created_by,
        users=users,
        away=stood_in_for(tournament, users),
        teams=False,
        rules=tournament.house_rules,
        move_seconds=tournament.move_seconds,
        start_totals=None,
        clock_running=tournament.status == Tournament.Status.RUNNING,
        variant=tournament.variant,
    )
    table = TournamentTable.objects.create(
        tournament=tournament,
        game=game,
        number=tournament.tables.count() + 1,
        draw=tournament.draws,
        seats=[entrant.pk for entrant in group],
    )
    Entrant.objects.filter(pk__in=[entrant.pk for entrant in group]).update(table=table)
    return table


# ---------------------------------------------------------------- after each game


def on_hand_end(tournament_id: int, game_id: int, seq: int) -> bool:
    """A hand ended at a table of the tournament; once its game is over the table is settled and, when it
    was the round's last, the next round starts (or the tournament ends). False when there was nothing
    to do: the hand end was settled already, or the table is no longer in play."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        table = tournament.tables.filter(game_id=game_id, closed__isnull=True).first()
        if tournament.status not in RUNNING or table is None or table.settled_seq >= seq:
            return False
        game = Game.objects.select_for_update().get(pk=game_id)
        table.settled_seq = seq
        table.save(update_fields=["settled_seq"])
        if game.status == Game.Status.PLAYING:
            return True  # a hand of the table's game, not its end
        now = timezone.now()
        settle_table(tournament, table, game, now)
        advance(tournament, now)
        return True


def catch_up(tournament: Tournament, now: datetime) -> None:
    """Settle the tables whose game ended without the runner hearing of it, then move on; the staff's
    resume calls it, so a stuck tournament goes on."""
    for table in open_tables(tournament):
        if table.game.status != Game.Status.PLAYING:
            settle_table(tournament, table, table.game, now)
    advance(tournament, now)


def settle_table(tournament: Tournament, table: TournamentTable, game: Game, now: datetime) -> None:
    """The table's game is over: its entrants earn their points (POINTS_RULE) and the table closes."""
    position = game.position or {}
    outcome = engine.rules_of(position).outcome(position) if position.get("over") else None
    seated = {entrant.pk: entrant for entrant in active_entrants(tournament).filter(pk__in=table.seats)}
    if outcome is not None and game.status == Game.Status.FINISHED:
        points = points_by_seat(outcome.placings)
        for seat, owner in enumerate(table.seats):
            entrant = seated.get(owner)
            if entrant is None or entrant.eliminated is not None:
                continue  # withdrawn or disqualified meanwhile: the bot played the seat out
            entrant.points += points[seat]
            entrant.wins += 1 if outcome.placings[seat] == 1 else 0
            entrant.place_sum += outcome.placings[seat]
            entrant.games += 1
    for entrant in seated.values():
        if entrant.table_id == table.pk:
            entrant.table = None
    Entrant.objects.bulk_update(list(seated.values()), ["points", "wins", "place_sum", "games", "table"])
    table.closed = now
    table.close_reason = (
        TournamentTable.Closed.FINISHED if game.status == Game.Status.FINISHED else TournamentTable.Closed.ENDED
    )
    table.save(update_fields=["closed", "close_reason"])


def advance(tournament: Tournament, now: datetime) -> None:
    """Once no table of the round is in play: the next round, or after the last one the end."""
    if tournament.status not in RUNNING or open_tables(tournament).exists():
        return
    playing = list(alive(tournament).filter(disqualified=False))
    fewest = max(2, engine.get_rules(tournament.variant).min_players)
    if tournament.draws >= tournament.rounds or len(playing) < fewest:
        finish(tournament, now)
        return
    open_round(tournament, playing)


def finish(tournament: Tournament, now: datetime) -> None:
    """The standings decide (TIE_RULE); games still in play are called off and earn nothing."""
    for table in open_tables(tournament):
        game = tournament_tables.do_close_table(table.game_id, Game.Status.ABORTED)
        settle_table(tournament, table, game, now)
    entrants = list(active_entrants(tournament))
    for place, entrant in enumerate(ranked(tournament, entrants), start=1):
        entrant.placing, entrant.table = place, None
    Entrant.objects.bulk_update(entrants, ["placing", "table"])
    tournament.status, tournament.finished = Tournament.Status.FINISHED, now
    tournament.save(update_fields=["status", "finished"])
    transaction.on_commit(partial(emails.send_result, tournament.pk), robust=True)


def disqualify(tournament: Tournament, entrant: Entrant, now: datetime) -> None:
    """Out now, placed after everyone else; the bot plays their seat out and earns them nothing."""
    if entrant.table is not None and entrant.table.is_open:
        with contextlib.suppress(ActionRefused):  # the bot plays the seat already, or the game is over
            tournament_tables.do_stand_in(entrant.table.game_id, people_of(entrant))
    entrant.eliminated, entrant.disqualified, entrant.table = now, True, None
    entrant.save(update_fields=["eliminated", "disqualified", "table"])
    fewest = max(2, engine.get_rules(tournament.variant).min_players)
    if alive(tournament).filter(disqualified=False).count() < fewest:
        finish(tournament, now)


def standings_now(tournament: Tournament) -> list[Entrant]:
    """Every active entrant in standing order: the final places once finished."""
    entrants = list(active_entrants(tournament).select_related("user__profile", "partnership"))
    if tournament.status == Tournament.Status.FINISHED:
        return sorted(entrants, key=lambda e: (e.placing or len(entrants) + 1, e.pk))
    return ranked(tournament, entrants)


def table_results(table: TournamentTable) -> list[dict[str, Any]]:
    """Each seat of a settled table: who, their place and the points it earned (for the page)."""
    position = table.game.position or {}
    outcome = engine.rules_of(position).outcome(position) if position.get("over") else None
    if outcome is None or table.game.status != Game.Status.FINISHED:
        return []
    points = points_by_seat(outcome.placings)
    return [
        {"seat": seat, "entrant": owner, "place": outcome.placings[seat], "points": points[seat]}
        for seat, owner in enumerate(table.seats)
    ]
