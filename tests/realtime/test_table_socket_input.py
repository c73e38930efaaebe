"""Every frame a table's socket receives gets an answer, and no frame, however broken, closes it."""

from __future__ import annotations

import json
from contextlib import ExitStack
from typing import Any

import pytest

from games.models import Game
from tests.support.live import receive, table_socket
from tests.support.servers import LiveServer
from tests.support.tables import make_table, play, simple_move

pytestmark = pytest.mark.slow

BROKEN_FRAMES: dict[str, str | bytes] = {
    "not JSON": "nope",
    "empty": "",
    "too long": "[" * 20_000 + "]" * 20_000,
    "deeply nested": "[" * 2_000 + "]" * 2_000,
    "deep and cut short": "{" * 10_000,
    "binary": b"\x00\x01",
    "a list": "[1, 2]",
    "no type": '{"kind": "move"}',
    "an unknown type": '{"type": "shuffle"}',
    "a move without an action": '{"type": "move", "expected_seq": 0}',
}


def test_it_answers_broken_frames_with_an_error_and_keeps_the_socket_open(
    live_site: LiveServer, alice: Any, bob: Any
) -> None:
    game = make_table(alice, bob)
    with table_socket(live_site, game, alice) as socket:
        assert receive(socket)["type"] == "table"
        for name, frame in BROKEN_FRAMES.items():
            socket.send(frame)
            answer = receive(socket)
            assert answer["type"] in ("error", "refused"), name
            assert answer["message"], name
        socket.send(json.dumps({"type": "here"}))
        assert receive(socket) == {"type": "here"}
        socket.send(json.dumps({"type": "resync"}))
        assert receive(socket)["seq"] == game.seq


def test_it_takes_no_boolean_for_a_seq_or_a_seat(live_site: LiveServer, alice: Any, bob: Any) -> None:
    game = make_table(alice, bob)
    assert play(game).ok  # the table is at seq 1: `true` would pass for it
    game.refresh_from_db()
    with ExitStack() as stack:
        sockets = {
            seat: stack.enter_context(table_socket(live_site, game, user)) for seat, user in enumerate([alice, bob])
        }
        for socket in sockets.values():
            receive(socket)
        mover = sockets[game.turn or 0]
        mover.send(
            json.dumps({"type": "move", "action": simple_move(game), "expected_seq": True, "client_move_id": "a"})
        )
        answer = receive(mover)
        assert (answer["type"], answer["message"]) == ("refused", "The move carries no table state.")

        while game.turn != 1:  # seat 1, the seat `true` would pass for, is to act
            assert play(game).ok
            game.refresh_from_db()
            for socket in sockets.values():
                receive(socket)
        action = {**simple_move(game), "seat": True}
        sockets[1].send(json.dumps({"type": "move", "action": action, "expected_seq": game.seq, "client_move_id": "b"}))
        answer = receive(sockets[1])
        assert answer["type"] == "refused"
        assert "seat" in answer["message"]
    assert Game.objects.get(pk=game.pk).seq == game.seq


def test_it_answers_a_move_id_reused_by_someone_else_and_a_retry_of_ones_own(
    live_site: LiveServer, alice: Any, bob: Any, carol: Any
) -> None:
    game = make_table(alice, bob)
    viewers = {0: alice, 1: bob, None: carol}
    mover = game.turn or 0
    first = play(game, client_move_id="taken")
    assert first.ok
    game.refresh_from_db()
    with ExitStack() as stack:
        sockets = {seat: stack.enter_context(table_socket(live_site, game, user)) for seat, user in viewers.items()}
        for socket in sockets.values():
            receive(socket)
        reused = {"type": "move", "action": {"act": "draw"}, "expected_seq": 0, "client_move_id": "taken"}

        sockets[1 - mover].send(json.dumps(reused))
        assert receive(sockets[1 - mover])["message"].startswith("The table moved on")
        sockets[None].send(json.dumps(reused))
        assert receive(sockets[None])["message"] == "Only the players at this table can make moves."
        assert first.move is not None
        sockets[mover].send(json.dumps({**reused, "action": first.move.action}))  # its own retry: the table
        answer = receive(sockets[mover])
        assert (answer["type"], answer["seq"]) == ("table", game.seq)
    assert Game.objects.get(pk=game.pk).seq == game.seq
