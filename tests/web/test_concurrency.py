"""Simultaneous submissions on PostgreSQL: the row lock and the seq check leave one move and a sound position."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection

from games import actions
from games.models import Game, Move
from tests.support.tables import legal, make_table, player_at, simple_move

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def at_once(*calls: Callable[[], actions.MoveResult]) -> list[actions.MoveResult]:
    """Run the calls in threads released together, each on its own database connection."""
    barrier = threading.Barrier(len(calls))
    results: list[actions.MoveResult | BaseException] = [RuntimeError("not run")] * len(calls)

    def run(index: int, call: Callable[[], actions.MoveResult]) -> None:
        try:
            barrier.wait(timeout=10)
            results[index] = call()
        except BaseException as error:  # reported below, in the test's thread
            results[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(index, call)) for index, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    for result in results:
        if isinstance(result, BaseException):
            raise result
    return results  # type: ignore[return-value]


def assert_consistent(game: Game) -> None:
    game.refresh_from_db()
    assert game.seq == Move.objects.filter(game=game).count() == 1
    assert game.rebuild_position() == game.position


def test_it_applies_the_same_move_sent_twice_at_once_exactly_once(alice: Any, bob: Any) -> None:
    game = make_table(alice, bob)
    action = simple_move(game)
    player = player_at(game, action["seat"])

    def submit() -> actions.MoveResult:
        return actions.do_move(game.pk, player, action, 0, client_move_id="retry-me")

    results = at_once(submit, submit)
    assert sorted(result.outcome for result in results) == ["applied", "duplicate"]
    assert_consistent(game)


def test_it_applies_one_of_two_different_moves_sent_at_once_and_refuses_the_other_as_stale(
    alice: Any, bob: Any
) -> None:
    game = make_table(alice, bob)
    seat = game.turn
    assert seat is not None
    options = legal(game, seat)
    draw = next(action for action in options if action["act"] == "draw")
    other = next(action for action in options if action["act"] != "draw")
    player = player_at(game, seat)

    def submit(action: dict[str, Any], client_id: str) -> Callable[[], actions.MoveResult]:
        return lambda: actions.do_move(game.pk, player, action, 0, client_move_id=client_id)

    results = at_once(submit(draw, "tab-a"), submit(other, "tab-b"))
    assert sorted(result.outcome for result in results) == ["applied", "stale"]
    assert_consistent(game)
    applied = next(result for result in results if result.outcome == "applied")
    assert Move.objects.get(game=game).action == applied.move.action  # type: ignore[union-attr]
