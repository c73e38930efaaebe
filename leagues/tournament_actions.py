"""What the staff do to a tournament once registration is over: start, pause, resume, let a bot stand
in for an absent player, disqualify, redraw the tables, end. check_* say why not; do_* lock the
tournament row, act through leagues.tournament_runner (DD MAU's elimination) or leagues.round_runner
(a tournament of rounds, every other game) and games.tournament_tables, and log an AdminAction (who
and when) for each.
"""

from __future__ import annotations

import contextlib
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import engine, tournament_tables
from games.actions import ActionRefused
from leagues import round_runner
from leagues import tournament_runner as runner
from leagues.actions import Refused, active_entrants, check_staff, record_admin_action
from leagues.models import Entrant, Partnership, Tournament
from leagues.placings import shared_places
from leagues.seating import table_count


def _locked(tournament_id: int) -> Tournament:
    try:
        return Tournament.objects.select_for_update().get(pk=tournament_id)
    except Tournament.DoesNotExist:
        raise Refused("There is no such tournament.") from None


STATE: dict[str, str] = {
    Tournament.Status.DRAFT: "is a draft: open its registration first",
    Tournament.Status.REGISTRATION: "has not started",
    Tournament.Status.RUNNING: "is running",
    Tournament.Status.PAUSED: "is paused",
    Tournament.Status.FINISHED: "is over",
}


def check_running(tournament: Tournament) -> None:
    if tournament.status not in runner.RUNNING:
        raise Refused(f"{tournament} {STATE[tournament.status]}.")


def _running(staff: Any, tournament_id: int) -> Tournament:
    """The tournament, locked, once the person is staff and it is running (or paused)."""
    check_staff(staff)
    tournament = _locked(tournament_id)
    check_running(tournament)
    return tournament


def check_start(staff: Any, tournament: Tournament) -> list[Entrant]:
    """The entrants the tournament starts with."""
    check_staff(staff)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Refused(f"{tournament} cannot start: it {STATE[tournament.status]}.")
    entrants = list(active_entrants(tournament).select_related("partnership"))
    needed = max(tournament.min_entrants, 2, engine.get_rules(tournament.variant).min_players)
    if len(entrants) < needed:
        raise Refused(f"{tournament} needs at least {needed} entrants to start; {len(entrants)} registered.")
    inactive = [e.name for e in entrants if e.partnership and e.partnership.status != Partnership.Status.ACTIVE]
    if inactive:
        raise Refused(f"These partnerships are no longer active: {', '.join(inactive)}.")
    return entrants


@transaction.atomic
def do_start_tournament(staff: Any, tournament_id: int) -> Tournament:
    """Close registration and draw the entrants at balanced tables from the published seed."""
    tournament = _locked(tournament_id)
    entrants = check_start(staff, tournament)
    tournament.status, tournament.started = Tournament.Status.RUNNING, timezone.now()
    tournament.save(update_fields=["status", "started"])
    if tournament.plays_rounds:
        tables = round_runner.start(tournament, entrants)
    else:
        tables = runner.draw_and_open(tournament, entrants, table_count(len(entrants), runner.capacity(tournament)))
    games = [table.game_id for table in tables]
    record_admin_action(tournament, staff, "start", entrants=len(entrants), tables=games, seed=tournament.seed)
    return tournament


def do_pause(staff: Any, tournament_id: int) -> Tournament:
    """Stop every table's clock: nobody times out and no bot moves until the tournament resumes."""
    return _switch_clocks(staff, tournament_id, running=False)


def do_resume(staff: Any, tournament_id: int) -> Tournament:
    """Every table's seat to act gets a whole move time again."""
    return _switch_clocks(staff, tournament_id, running=True)


@transaction.atomic
def _switch_clocks(staff: Any, tournament_id: int, *, running: bool) -> Tournament:
    check_staff(staff)
    tournament = _locked(tournament_id)
    if running and tournament.status != Tournament.Status.PAUSED:
        raise Refused(f"{tournament} is not paused.")
    if not running and tournament.status != Tournament.Status.RUNNING:
        raise Refused(f"{tournament} {STATE[tournament.status]}: only a running tournament can pause.")
    tournament.status = Tournament.Status.RUNNING if running else Tournament.Status.PAUSED
    tournament.save(update_fields=["status"])
    for table in runner.open_tables(tournament):
        switch = tournament_tables.do_restart_clock if running else tournament_tables.do_stop_clock
        switch(table.game_id)
    record_admin_action(tournament, staff, "resume" if running else "pause")
    if running:
        catch_up(tournament)
    return tournament


def catch_up(tournament: Tournament) -> None:
    """Settle whatever ended unheard, and move the tournament on, by its own runner."""
    if tournament.plays_rounds:
        round_runner.catch_up(tournament, timezone.now())
    else:
        runner.catch_up(tournament, timezone.now())


def _entrant(tournament: Tournament, entrant_id: int) -> Entrant:
    entrant = active_entrants(tournament).filter(pk=entrant_id).select_related("user__profile", "partnership").first()
    if entrant is None:
        raise Refused(f"No such entrant in {tournament}.")
    return entrant


@transaction.atomic
def do_stand_in(staff: Any, tournament_id: int, entrant_id: int) -> Entrant:
    """Replace an absent player (or partnership) with the bot at their table; they may take the seat back."""
    tournament = _running(staff, tournament_id)
    entrant = _entrant(tournament, entrant_id)
    if entrant.eliminated is not None:
        raise Refused(f"{entrant.name} is out of the tournament.")
    if entrant.table is None:
        raise Refused(f"{entrant.name} is waiting for a table; replace them once they are seated.")
    try:
        tournament_tables.do_stand_in(entrant.table.game_id, runner.people_of(entrant))
    except ActionRefused as refusal:
        raise Refused(f"{entrant.name}: {refusal.message}") from None
    record_admin_action(tournament, staff, "replace with bot", entrant=entrant.name, table=entrant.table.game_id)
    return entrant


@transaction.atomic
def do_disqualify(staff: Any, tournament_id: int, entrant_id: int, reason: str = "") -> Entrant:
    """Eliminate now, placed below everyone still in. At their table the bot plays out the hand in
    progress; the table then closes and its other players are drawn again."""
    tournament = _running(staff, tournament_id)
    entrant = _entrant(tournament, entrant_id)
    if entrant.eliminated is not None:
        raise Refused(f"{entrant.name} is already out (place {entrant.placing}).")
    now = timezone.now()
    if tournament.plays_rounds:
        round_runner.disqualify(tournament, entrant, now)
        record_admin_action(tournament, staff, "disqualify", entrant=entrant.name, reason=reason.strip())
        return entrant
    table = entrant.table
    if table is not None:
        with contextlib.suppress(ActionRefused):  # the bot already plays the seat
            tournament_tables.do_stand_in(table.game_id, runner.people_of(entrant))
    total = runner.current_totals(tournament, [entrant])[entrant.pk]
    runner.eliminate(tournament, [entrant], {entrant.pk: total}, now)
    Entrant.objects.filter(pk=entrant.pk).update(disqualified=True)
    record_admin_action(tournament, staff, "disqualify", entrant=entrant.name, reason=reason.strip())
    if not runner.finish_if_decided(tournament, now):
        runner.redraw_if_unbalanced(tournament)
        runner.seat_waiting(tournament)
    return entrant


@transaction.atomic
def do_redraw(staff: Any, tournament_id: int) -> Tournament:
    """Reseat everyone still in: each table closes at the end of its hand, then one fresh draw."""
    tournament = _running(staff, tournament_id)
    if tournament.plays_rounds:
        raise Refused(f"{tournament} plays rounds: each round seats everyone afresh once the last one has finished.")
    if tournament.redraw_pending:
        raise Refused(f"A redraw of {tournament} is already waiting for the tables to finish their hands.")
    runner.ask_for_redraw(tournament)
    record_admin_action(tournament, staff, "reseat")
    runner.catch_up(tournament, timezone.now())  # with no table in play, the draw is made at once
    return tournament


@transaction.atomic
def do_end(staff: Any, tournament_id: int) -> Tournament:
    """End now: the hands in play are called off; those still in are placed by their running totals."""
    tournament = _running(staff, tournament_id)
    if tournament.plays_rounds:
        round_runner.finish(tournament, timezone.now())
        placed = _placings(tournament)
        record_admin_action(tournament, staff, "end", placings=placed, by="standings")
        return tournament
    left = list(runner.alive(tournament))
    totals = runner.current_totals(tournament, left)
    places = shared_places(totals)
    for entrant in left:
        entrant.placing, entrant.total = places[entrant.pk], totals[entrant.pk]
    Entrant.objects.bulk_update(left, ["placing", "total"])
    runner.finish(tournament, timezone.now())
    record_admin_action(tournament, staff, "end", placings={e.name: places[e.pk] for e in left})
    return tournament


def _placings(tournament: Tournament) -> dict[str, int]:
    """Name to final place, for the staff log."""
    entrants = active_entrants(tournament).select_related("user__profile", "partnership")
    return {entrant.name: entrant.placing for entrant in entrants if entrant.placing is not None}
