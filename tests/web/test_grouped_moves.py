"""Moves of many tables written together (games.actions.do_moves, as the table sockets' writer sends
them): each is ruled on exactly as it would be alone, a refusal or a database fault costs the other
moves nothing, and the batch reads and writes its tables in a few statements, however many."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import actions, engine
from games.broadcast import GroupMessage, held
from games.models import Game, Move
from tests.support.tables import make_table, player_at, simple_move

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def request_for(game: Game, action: dict[str, Any] | None = None, **kwargs: Any) -> actions.MoveRequest:
    """The seat to act's move (default: simple_move) as the table socket would send it."""
    game.refresh_from_db()
    action = action or simple_move(game)
    return actions.MoveRequest(game.pk, player_at(game, action["seat"]), action, game.seq, **kwargs)


def assert_stored(tables: list[Game], positions: list[dict[str, Any]], *, seq: int) -> None:
    """Each table holds its position at `seq`, the one its stored moves replay to."""
    for game, position in zip(tables, positions, strict=True):
        game.refresh_from_db()
        assert (game.seq, game.position) == (seq, position)
        assert game.rebuild_position() == game.position


def outcomes(results: list[actions.MoveResult | Exception]) -> list[str]:
    return [result.outcome if isinstance(result, actions.MoveResult) else type(result).__name__ for result in results]


def test_it_applies_the_moves_of_several_tables_as_each_would_be_alone_and_tells_each_table(
    alice: Any, bob: Any
) -> None:
    tables = [make_table(alice, bob) for _ in range(4)]
    requests = [request_for(game, client_move_id=f"tab-{number}") for number, game in enumerate(tables)]
    expected = [
        engine.apply(game.dealt_position(), request.action) for game, request in zip(tables, requests, strict=True)
    ]
    messages: list[GroupMessage] = []
    with held(messages), CaptureQueriesContext(connection) as queries:
        results = actions.do_moves(requests)
    assert outcomes(results) == ["applied"] * 4
    assert_stored(tables, expected, seq=1)
    stored = {move.game_id: move for move in Move.objects.filter(game__in=tables)}
    for number, (game, result) in enumerate(zip(tables, results, strict=True)):
        assert isinstance(result, actions.MoveResult)
        assert result.move is not None
        assert stored[game.pk].pk == result.move.pk
        assert stored[game.pk].client_move_id == f"tab-{number}"
    # every table's viewers hear of its move, and only of it
    assert sorted((group, message["seq"]) for group, message in messages) == sorted(
        (f"game-{game.pk}", 1) for game in tables
    )
    # four tables: one lock, one read of the seats and one write, with the transaction around them
    assert len(queries) <= 5, [query["sql"][:80] for query in queries]


def test_it_refuses_what_it_must_in_a_batch_and_still_makes_the_other_moves(alice: Any, bob: Any, carol: Any) -> None:
    good, wrong_turn, stranger, gone = (make_table(alice, bob) for _ in range(4))
    wrong_turn.refresh_from_db()
    waiting = 1 - (wrong_turn.turn or 0)
    gone_id = gone.pk
    gone.delete()
    stranger.refresh_from_db()
    before = {game.pk: (game.seq, game.position) for game in (wrong_turn, stranger)}
    requests = [
        request_for(good),
        actions.MoveRequest(wrong_turn.pk, player_at(wrong_turn, waiting), {"act": "draw"}, wrong_turn.seq),
        actions.MoveRequest(stranger.pk, carol, simple_move(stranger), stranger.seq),
        actions.MoveRequest(gone_id, alice, {"act": "draw"}, 0),
    ]
    results = actions.do_moves(requests)
    assert outcomes(results) == ["applied", "illegal", "forbidden", "ActionRefused"]
    assert isinstance(results[1], actions.MoveResult)
    assert results[1].message.startswith("R")
    assert isinstance(results[2], actions.MoveResult)
    assert "Only the players" in results[2].message
    assert str(results[3]) == "There is no such table."
    for game in (wrong_turn, stranger):
        game.refresh_from_db()
        assert (game.seq, game.position) == before[game.pk]
    good.refresh_from_db()
    assert good.seq == 1


def test_it_takes_two_moves_of_one_table_in_a_batch_in_the_order_they_came(alice: Any, bob: Any) -> None:
    game = make_table(alice, bob)
    first = request_for(game)
    after_first = engine.apply(game.dealt_position(), first.action)
    second_seat = after_first["turn"]
    second_action = next(
        action for action in engine.legal_actions(after_first, second_seat) if action["act"] in ("draw", "take")
    )
    second = actions.MoveRequest(game.pk, player_at(game, second_seat), second_action, game.seq + 1)
    late = actions.MoveRequest(game.pk, first.actor, first.action, game.seq)  # sent on the table before both
    assert outcomes(actions.do_moves([first, second, late])) == ["applied", "applied", "stale"]
    game.refresh_from_db()
    assert game.seq == 2
    assert game.position == engine.apply(after_first, second_action)
    assert list(game.moves.order_by("seq").values_list("seat", flat=True)) == [first.action["seat"], second_seat]


def test_it_applies_a_retried_move_once_in_a_batch(alice: Any, bob: Any) -> None:
    game = make_table(alice, bob)
    request = request_for(game, client_move_id="retry-me")
    other = make_table(alice, bob)
    assert outcomes(actions.do_moves([request, request_for(other)])) == ["applied", "applied"]
    assert outcomes(actions.do_moves([request, request_for(other)])) == ["duplicate", "applied"]
    assert Move.objects.filter(game=game).count() == 1
    assert Move.objects.filter(game=other).count() == 2


def test_it_makes_each_move_alone_when_the_database_refuses_one_of_the_batch(alice: Any, bob: Any) -> None:
    game, other, third = (make_table(alice, bob) for _ in range(3))
    assert outcomes(actions.do_moves([request_for(game, client_move_id="mine")])) == ["applied"]
    # the next seat sends a new move under the id its opponent already used at this table
    reused = request_for(game, client_move_id="mine")
    results = actions.do_moves([request_for(other), reused, request_for(third)])
    assert outcomes(results) == ["applied", "illegal", "applied"]
    assert isinstance(results[1], actions.MoveResult)
    assert results[1].message == actions.REUSED_MOVE_ID
    assert [Move.objects.filter(game=table).count() for table in (game, other, third)] == [1, 1, 1]
    for table in (game, other, third):
        table.refresh_from_db()
        assert table.rebuild_position() == table.position


def test_it_keeps_every_position_of_a_round_for_the_viewers_pushes(alice: Any, bob: Any) -> None:
    """After a round of moves each table's viewers are sent its new look, which asks the engine for
    their legal actions: the positions the round wrote are read from memory, not from their dicts,
    however many tables the round held (the engine alone keeps four)."""
    from games.engine.ddmau import convert

    tables = [make_table(alice, bob) for _ in range(6)]
    results = actions.do_moves([request_for(game) for game in tables])
    assert outcomes(results) == ["applied"] * 6
    written = [result.game.position for result in results if isinstance(result, actions.MoveResult)]
    assert len(written) == 6
    assert all(position is not None and convert._recall(position) is not None for position in written)


def test_it_writes_the_next_batch_on_the_rows_it_wrote_without_reading_them_again(alice: Any, bob: Any) -> None:
    tables = [make_table(alice, bob) for _ in range(3)]
    assert outcomes(actions.do_moves([request_for(game) for game in tables])) == ["applied"] * 3
    requests = [request_for(game) for game in tables]
    expected = [
        engine.apply(game.dealt_position(), request.action) for game, request in zip(tables, requests, strict=True)
    ]
    with CaptureQueriesContext(connection) as queries:
        results = actions.do_moves(requests)
    assert outcomes(results) == ["applied"] * 3
    assert_stored(tables, expected, seq=2)
    # the rows are locked by their versions alone: no position travels from the database
    locks = [query["sql"] for query in queries if "FOR UPDATE" in query["sql"]]
    assert len(locks) == 1
    assert "xmin" in locks[0]
    assert '"position"' not in locks[0]


def test_it_reads_a_row_written_elsewhere_since_its_own_write(alice: Any, bob: Any) -> None:
    moved_alone, called_off, untouched = (make_table(alice, bob) for _ in range(3))
    assert (
        outcomes(actions.do_moves([request_for(game) for game in (moved_alone, called_off, untouched)]))
        == ["applied"] * 3
    )
    # written since, each another way: a move made alone (an HTTP post), and the table called off
    made = actions.do_move(moved_alone.pk, *_seat_and_move(moved_alone))
    assert made.outcome == "applied"
    too_late = request_for(called_off)
    Game.objects.filter(pk=called_off.pk).update(status=Game.Status.ABORTED)
    requests = [request_for(moved_alone), too_late, request_for(untouched)]
    expected = engine.apply(moved_alone.dealt_position(), requests[0].action)
    results = actions.do_moves(requests)
    assert outcomes(results) == ["applied", "not_playing", "applied"]
    assert_stored([moved_alone], [expected], seq=3)
    called_off.refresh_from_db()
    assert (called_off.status, called_off.seq) == (Game.Status.ABORTED, 1)


def _seat_and_move(game: Game) -> tuple[Any, dict[str, Any], int]:
    game.refresh_from_db()
    action = simple_move(game)
    return player_at(game, action["seat"]), action, game.seq
