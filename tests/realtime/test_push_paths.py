"""The pushes after a socket move, rendered in the event loop from what the process already holds:
every open socket of the table, two tabs of one player included, gets its own viewer's table at the
new seq; a spectator never gets a hand; a socket that was away comes back to the whole table."""

from __future__ import annotations

import json
from contextlib import ExitStack
from typing import Any

import pytest

from games.models import Game
from tests.realtime.test_table_live import assert_silent, check_view
from tests.support.live import receive, table_socket
from tests.support.servers import LiveServer
from tests.support.table_page import same_table
from tests.support.tables import hidden_cards, leaked, make_table, play, simple_move

pytestmark = pytest.mark.slow


def socket_move(socket: Any, game: Game, move_id: str) -> None:
    game.refresh_from_db()
    socket.send(
        json.dumps({"type": "move", "action": simple_move(game), "expected_seq": game.seq, "client_move_id": move_id})
    )


def test_it_keeps_two_tabs_of_one_player_and_a_spectator_right_after_every_socket_move(
    live_site: LiveServer, alice: Any, bob: Any, carol: Any
) -> None:
    game = make_table(alice, bob)
    with ExitStack() as stack:
        tabs = [stack.enter_context(table_socket(live_site, game, alice)) for _ in range(2)]
        bobs = stack.enter_context(table_socket(live_site, game, bob))
        watcher = stack.enter_context(table_socket(live_site, game, carol))
        viewers = [(0, tabs[0]), (0, tabs[1]), (1, bobs), (None, watcher)]
        for seat, socket in viewers:
            check_view(game, seat, receive(socket))

        for number in range(6):
            game.refresh_from_db()
            mover = tabs[number % 2] if game.turn == 0 else bobs  # alice moves from either tab
            socket_move(mover, game, f"move-{number}")
            messages = {id(socket): receive(socket) for _, socket in viewers}
            for seat, socket in viewers:
                check_view(game, seat, messages[id(socket)])
            assert messages[id(tabs[0])]["html"] == messages[id(tabs[1])]["html"]
            spectator = messages[id(watcher)]["html"]
            assert leaked(spectator, hidden_cards(game, None)) == set()
            assert 'data-me="' not in spectator
        for _, socket in viewers:
            assert_silent(socket)


def test_it_gives_a_socket_that_was_away_for_some_moves_the_whole_table_when_it_comes_back(
    live_site: LiveServer, alice: Any, bob: Any
) -> None:
    game = make_table(alice, bob)
    with table_socket(live_site, game, alice) as alices:
        receive(alices)
        with table_socket(live_site, game, bob) as bobs:
            receive(bobs)
            socket_move(alices if game.turn == 0 else bobs, game, "before")
            receive(alices)
            receive(bobs)
        # Bob's page lost its socket; three moves land meanwhile (his own turns played by hand elsewhere).
        for number in range(3):
            game.refresh_from_db()
            if game.turn == 0:
                socket_move(alices, game, f"while-away-{number}")
            else:
                assert play(game).ok
            receive(alices)
        with table_socket(live_site, game, bob) as again:
            check_view(game, 1, receive(again))
            again.send(json.dumps({"type": "resync"}))
            check_view(game, 1, receive(again))


def test_it_patches_each_page_into_exactly_the_table_a_fresh_load_gives(
    live_site: LiveServer, alice: Any, bob: Any, carol: Any
) -> None:
    """After a move a socket gets only what changed; applied to its page, that is the whole table the
    server would send now, for each player and a spectator, and the patch itself hides every hidden card."""
    game = make_table(alice, bob)
    with ExitStack() as stack:
        viewers = [
            (seat, stack.enter_context(table_socket(live_site, game, user)))
            for seat, user in ((0, alice), (1, bob), (None, carol))
        ]
        for _, socket in viewers:
            receive(socket)
        patches = 0
        for number in range(10):
            game.refresh_from_db()
            socket_move(viewers[int(game.turn or 0)][1], game, f"patched-{number}")
            for seat, socket in viewers:
                message = receive(socket)
                check_view(game, seat, message)
                if "patch" in message:
                    patches += 1
                    assert leaked(json.dumps(message["patch"]), hidden_cards(game, seat)) == set()
                socket.send(json.dumps({"type": "resync"}))
                whole = receive(socket)
                assert "patch" not in whole
                assert same_table(message["html"], whole["html"])
        assert patches >= 25  # nearly every push after the first is a patch


def test_it_makes_and_pushes_the_moves_of_many_tables_sent_at_the_same_moment(
    live_site: LiveServer, alice: Any, bob: Any
) -> None:
    """Moves that arrive together are written together (games.move_batches): each table's players
    get their own table at its new seq, and a stale move among them is refused to its sender only."""
    tables = [make_table(alice, bob) for _ in range(6)]
    with ExitStack() as stack:
        sockets = {
            (game.pk, seat): stack.enter_context(table_socket(live_site, game, user))
            for game in tables
            for seat, user in enumerate((alice, bob))
        }
        for (game_id, seat), socket in sockets.items():
            check_view(next(game for game in tables if game.pk == game_id), seat, receive(socket))
        frames = {}
        for number, game in enumerate(tables):
            game.refresh_from_db()
            action = simple_move(game)
            seq = game.seq - 1 if number == 0 else game.seq  # the first table's move was made on an old view
            frame = {"type": "move", "action": action, "expected_seq": seq, "client_move_id": f"at-{number}"}
            frames[game.pk] = (sockets[game.pk, action["seat"]], json.dumps(frame))
        for socket, text in frames.values():
            socket.send(text)
        stale, *moved = tables
        for game in moved:
            for seat in (0, 1):
                check_view(game, seat, receive(sockets[game.pk, seat]))
            assert game.seq == 1
        mover = frames[stale.pk][0]
        refusal = receive(mover)
        assert refusal["type"] == "refused"
        assert refusal["client_move_id"] == "at-0"
        stale.refresh_from_db()
        assert stale.seq == 0
        for socket in sockets.values():
            assert_silent(socket)
