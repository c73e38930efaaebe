"""A lost after-hand hook (a crash between a move's commit and the hook) is caught by the beat sweep,
and a hand end delivered twice, or by the hook and the sweep at once, is settled once."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.db import connection, connections, transaction

from games import actions, engine
from games.models import Game
from leagues import actions as league_actions
from leagues import game_results, tasks, tournament_actions
from leagues.models import Entrant, GameRecord, PlayerRating, Tournament, TournamentTable
from tests.support.leagues import make_tournament
from tests.support.table_play import Position, advance, shed, to_act
from tests.support.tables import SHORT_GAME, make_table, player_at
from tests.tasks.helpers import DAY, wait_until

pytestmark = pytest.mark.postgres


class Crash(Exception):
    """The process dying right after a commit."""


@contextmanager
def crash_after_commit() -> Iterator[None]:
    """The block commits, then the process 'dies': the after-commit hooks of the block never run.

    Django runs after-commit callbacks in the order they were registered and stops at the first one
    that raises; ours is registered first, so the hooks games.actions registers after it are lost.
    """

    def crash() -> None:
        raise Crash

    try:
        with transaction.atomic():
            transaction.on_commit(crash)
            yield
    except Crash:
        return
    raise AssertionError("the block never committed")


def next_move(position: Position) -> dict[str, Any]:
    return shed(position, engine.legal_actions(position, to_act(position)))


def ends_hand(position: Position) -> bool:
    after = engine.apply(position, next_move(position))
    return bool(after.get("over")) or after["hand"] != position["hand"]


def end_hand_and_crash(game: Game) -> Game:
    """The players play until the next move ends the hand; that move commits, and its hook is lost."""
    position = advance(game, ends_hand)
    action = next_move(position)
    game.refresh_from_db()
    with crash_after_commit():
        result = actions.do_move(game.pk, player_at(game, to_act(position)), action, game.seq, uuid.uuid4().hex)
        assert result.outcome == "applied", result.message
    game.refresh_from_db()
    assert game.hand_ended_seq == game.seq
    return game


def started(staff: Any, people: list[Any], **fields: Any) -> Tournament:
    fields.setdefault("move_seconds", DAY)  # the players here take their time: no timeout interferes
    tournament = make_tournament(staff, **fields)
    for person in people:
        league_actions.do_register(tournament.pk, person)
    return tournament_actions.do_start_tournament(staff, tournament.pk)


def only_table(tournament: Tournament) -> TournamentTable:
    [table] = TournamentTable.objects.filter(tournament=tournament, closed__isnull=True).select_related("game")
    return table


def waiting_for_redraw(staff: Any, people: list[Any]) -> tuple[Tournament, Game]:
    """Four players at one table, the staff having asked for a redraw: the table closes at its hand's end."""
    tournament = started(staff, people, table_size=4)
    tournament_actions.do_redraw(staff, tournament.pk)
    return tournament, only_table(tournament).game


def tables_of(tournament: Tournament) -> list[TournamentTable]:
    return list(TournamentTable.objects.filter(tournament=tournament).select_related("game").order_by("number"))


def assert_redrawn_once(tournament: Tournament, old: Game) -> None:
    """The old table closed between hands and the four players were drawn once, to one new table."""
    first, second = tables_of(tournament)  # exactly two tables: one new draw
    assert Tournament.objects.get(pk=tournament.pk).draws == 2
    assert (first.game_id, first.close_reason) == (old.pk, TournamentTable.Closed.MERGED)
    assert Game.objects.get(pk=old.pk).status == Game.Status.MERGED
    assert first.settled_seq == old.seq
    assert second.closed is None
    assert second.game.status == Game.Status.PLAYING
    assert sorted(second.seats) == sorted(first.seats)
    carried = old.dealt_position()["totals"]
    by_entrant = {entrant: carried[seat] for seat, entrant in enumerate(first.seats)}
    assert second.game.initial_position()["totals"] == [by_entrant[entrant] for entrant in second.seats]


@pytest.fixture
def four(alice: Any, bob: Any, carol: Any, dave: Any) -> list[Any]:
    return [alice, bob, carol, dave]


def test_it_closes_a_table_for_the_redraw_through_the_beat_task_when_the_hook_was_lost(
    clock_worker: Any, staff_sam: Any, four: list[Any]
) -> None:
    tournament, game = waiting_for_redraw(staff_sam, four)

    game = end_hand_and_crash(game)

    # Nothing moved on: the table plays its second hand although the redraw was waiting for it.
    assert only_table(tournament).game_id == game.pk
    assert game.status == Game.Status.PLAYING
    assert game.dealt_position()["hand"] == 2

    delivered = tasks.sweep_results.delay().get(timeout=60)

    assert delivered == 1
    assert_redrawn_once(tournament, game)
    assert tasks.sweep_results.delay().get(timeout=60) == 0  # nothing left to settle
    assert len(tables_of(tournament)) == 2


def test_it_crowns_the_winner_and_records_the_game_when_the_last_hook_was_lost(
    transactional_db: Any, staff_sam: Any, alice: Any, bob: Any
) -> None:
    tournament = started(staff_sam, [alice, bob], table_size=2, house_rules=SHORT_GAME)
    game = only_table(tournament).game
    while True:
        game = end_hand_and_crash(game)  # every hand's hook is lost, the last one's too
        if game.status != Game.Status.PLAYING:
            break
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.RUNNING
    assert not GameRecord.objects.filter(game_id=game.pk).exists()

    assert game_results.sweep() == 1  # the table's last hand end, its game finished

    tournament = Tournament.objects.get(pk=tournament.pk)
    assert tournament.status == Tournament.Status.FINISHED
    winners = list(Entrant.objects.filter(tournament=tournament, placing=1).values_list("user_id", flat=True))
    [winning_seat] = game.dealt_position()["winners"]
    assert winners == [player_at(game, winning_seat).pk]
    assert GameRecord.objects.filter(game_id=game.pk, tournament=tournament).exists()
    assert only_closed(tournament).close_reason == TournamentTable.Closed.FINISHED
    assert game_results.sweep() == 0


def only_closed(tournament: Tournament) -> TournamentTable:
    [table] = TournamentTable.objects.filter(tournament=tournament)
    assert table.closed is not None
    return table


def test_it_records_a_finished_table_whose_hook_was_lost(transactional_db: Any, alice: Any, bob: Any) -> None:
    game = make_table(alice, bob, rules=SHORT_GAME, move_seconds=DAY)
    while game.status == Game.Status.PLAYING:
        game = end_hand_and_crash(game)
    assert not GameRecord.objects.filter(game_id=game.pk).exists()
    assert not PlayerRating.objects.filter(user=alice).exists()

    assert game_results.sweep() == 1

    record = GameRecord.objects.get(game_id=game.pk)
    places = dict(record.rows.values_list("user_id", "place"))
    [winning_seat] = game.dealt_position()["winners"]
    assert places[player_at(game, winning_seat).pk] == 1
    assert sorted(places.values()) == [1, 2]
    assert PlayerRating.objects.filter(user=alice, league=None, games=1).exists()
    assert game_results.sweep() == 0  # recorded once


def test_it_changes_nothing_when_a_hand_end_is_delivered_again_later(
    transactional_db: Any, staff_sam: Any, four: list[Any]
) -> None:
    tournament = started(staff_sam, four, table_size=4)
    game = end_hand_and_crash(only_table(tournament).game)
    game_results.hand_ended(game.pk, game.seq)  # the hook, late but delivered: the table plays on
    assert only_table(tournament).settled_seq == game.seq
    # The staff now ask for a redraw; the table is still between hands. A second delivery of the hand
    # end already settled must not close it: the redraw waits for the end of the hand in play.
    tournament_actions.do_redraw(staff_sam, tournament.pk)

    assert game_results.sweep() == 0
    game_results.hand_ended(game.pk, game.seq)

    table = only_table(tournament)
    assert table.game_id == game.pk
    assert table.game.status == Game.Status.PLAYING
    assert Tournament.objects.get(pk=tournament.pk).draws == 1


def run_in_thread(work: Callable[[], Any], errors: list[BaseException]) -> threading.Thread:
    def target() -> None:
        try:
            work()
        except BaseException as error:  # reported by the test, not lost in the thread
            errors.append(error)
        finally:
            connections.close_all()

    thread = threading.Thread(target=target)
    thread.start()
    return thread


def sessions_waiting_for_a_lock() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")  # else a transaction sees the activity of its start
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return int(cursor.fetchone()[0])


def test_it_settles_the_hand_end_once_when_the_hook_and_the_sweep_run_at_once(
    transactional_db: Any, staff_sam: Any, four: list[Any]
) -> None:
    tournament, game = waiting_for_redraw(staff_sam, four)
    game = end_hand_and_crash(game)
    errors: list[BaseException] = []

    # Both wait on the tournament row, which the test holds, so they really do run at once.
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=tournament.pk)
        hook = run_in_thread(lambda: game_results.hand_ended(game.pk, game.seq), errors)
        sweep = run_in_thread(game_results.sweep, errors)
        wait_until(lambda: sessions_waiting_for_a_lock() >= 2, "the hook and the sweep to wait for the lock")
    hook.join(timeout=60)
    sweep.join(timeout=60)

    assert errors == []
    assert not hook.is_alive()
    assert not sweep.is_alive()
    assert_redrawn_once(tournament, game)
    assert game_results.sweep() == 0
