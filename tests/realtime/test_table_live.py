"""Live tables over real WebSockets: daphne, channels-redis on the real Redis, the test database.

Two players and a spectator keep a socket open; after each committed move every socket receives its
own viewer's table, and no page, fragment or message names a card its viewer may not see.
"""

from __future__ import annotations

import json
from contextlib import ExitStack
from typing import Any

import pytest
from django.core.cache import cache
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection

from games import actions, broadcast, notifications
from games.models import Game
from tests.support.live import Browser, receive, table_socket
from tests.support.servers import LiveServer
from tests.support.tables import UNIQUE_CODES, hidden_cards, leaked, make_table, play, player_at, simple_move
from tests.tasks.helpers import wait_until

pytestmark = pytest.mark.slow
QUIET = 0.5  # how long a socket that should get nothing is watched


def assert_silent(socket: ClientConnection) -> None:
    with pytest.raises(TimeoutError):
        socket.recv(timeout=QUIET)


def check_view(game: Game, seat: int | None, message: dict[str, Any]) -> None:
    """The message shows the table at the game's seq, the viewer's own hand, and nothing hidden."""
    game.refresh_from_db()
    assert message["type"] == "table"
    assert message["seq"] == game.seq
    assert f'data-seq="{game.seq}"' in message["html"]
    assert leaked(message["html"], hidden_cards(game, seat)) == set()
    assert game.seed not in message["html"]
    if seat is not None:
        own = set(game.dealt_position()["hands"][seat]) & UNIQUE_CODES
        assert leaked(message["html"], own) == own


def test_it_pushes_each_viewer_their_own_table_after_every_move(
    live_site: LiveServer, alice: Any, bob: Any, carol: Any
) -> None:
    game = make_table(alice, bob)
    viewers = {0: alice, 1: bob, None: carol}
    with ExitStack() as stack:
        sockets = {seat: stack.enter_context(table_socket(live_site, game, user)) for seat, user in viewers.items()}
        for seat, socket in sockets.items():
            check_view(game, seat, receive(socket))

        # One move through the page's form endpoint, one over the mover's socket, one from the action layer.
        game.refresh_from_db()
        mover = game.turn
        browser = Browser(live_site, viewers[mover])
        page = browser.get(game.get_absolute_url())
        assert leaked(page, hidden_cards(game, mover)) == set()
        assert browser.post_move(game, simple_move(game)) == 200
        for seat, socket in sockets.items():
            check_view(game, seat, receive(socket))

        game.refresh_from_db()
        action = simple_move(game)
        sockets[action["seat"]].send(
            json.dumps({"type": "move", "action": action, "expected_seq": game.seq, "client_move_id": "ws-1"})
        )
        for seat, socket in sockets.items():
            check_view(game, seat, receive(socket))

        game.refresh_from_db()
        action = simple_move(game)
        assert actions.do_move(game.pk, player_at(game, action["seat"]), action, game.seq).ok
        for seat, socket in sockets.items():
            check_view(game, seat, receive(socket))
            assert_silent(socket)


def test_it_answers_a_refused_socket_move_to_its_sender_only(
    live_site: LiveServer, alice: Any, bob: Any, carol: Any
) -> None:
    game = make_table(alice, bob)
    waiter = 1 - (game.turn or 0)
    viewers = {0: alice, 1: bob, None: carol}
    with ExitStack() as stack:
        sockets = {seat: stack.enter_context(table_socket(live_site, game, user)) for seat, user in viewers.items()}
        for socket in sockets.values():
            receive(socket)
        move = {"type": "move", "action": {"act": "draw"}, "expected_seq": 0, "client_move_id": "early"}
        sockets[waiter].send(json.dumps(move))
        answer = receive(sockets[waiter])
        assert answer["type"] == "refused"
        assert answer["message"].startswith("R17")
        assert answer["client_move_id"] == "early"
        assert leaked(answer["html"], hidden_cards(game, waiter)) == set()
        sockets[None].send(json.dumps(move))
        assert receive(sockets[None])["message"] == "Only the players at this table can make moves."
        for socket in sockets.values():
            assert_silent(socket)
    game.refresh_from_db()
    assert game.seq == 0


def test_it_resynchronises_a_socket_that_asks(live_site: LiveServer, alice: Any, bob: Any) -> None:
    game = make_table(alice, bob)
    with table_socket(live_site, game, bob) as socket:
        receive(socket)
        socket.send(json.dumps({"type": "resync"}))
        check_view(game, 1, receive(socket))


def test_it_makes_good_a_push_that_never_came_when_the_page_says_here(
    live_site: LiveServer, alice: Any, bob: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = make_table(alice, bob)
    with table_socket(live_site, game, bob) as socket:
        receive(socket)
        # A move whose group message is lost (published while Redis restarted: nothing keeps it).
        monkeypatch.setattr(broadcast, "_send", lambda game_id, message: None)
        assert play(game).ok
        assert_silent(socket)
        socket.send(json.dumps({"type": "here"}))  # the page's minutely word
        assert receive(socket) == {"type": "here"}
        check_view(game, 1, receive(socket))
        socket.send(json.dumps({"type": "here"}))  # up to date: nothing more than the answer
        assert receive(socket) == {"type": "here"}
        assert_silent(socket)


@pytest.mark.parametrize("who", ["stranger", "nobody"])
def test_it_turns_away_sockets_of_people_who_may_not_watch(
    live_site: LiveServer, alice: Any, carol: Any, who: str
) -> None:
    game = make_table(alice, seats=2, visibility="private")
    with pytest.raises(InvalidStatus) as refused, table_socket(live_site, game, carol if who == "stranger" else None):
        pass
    assert refused.value.response.status_code == 403


def test_it_deals_to_the_open_sockets_when_the_creator_starts(live_site: LiveServer, alice: Any, bob: Any) -> None:
    game = make_table(alice, seats=2, start=False)
    with table_socket(live_site, game, bob) as socket:
        assert "Bob" not in receive(socket)["html"]
        actions.do_join(game.pk, bob)
        assert "Bob" in receive(socket)["html"]
        actions.do_start(game.pk, alice)
        check_view(game, 1, receive(socket))


def test_it_knows_who_has_the_table_open_so_their_turn_needs_no_mail(
    live_site: LiveServer, alice: Any, bob: Any
) -> None:
    game = make_table(alice, bob, move_seconds=86400)
    assert not notifications.is_table_open(game.pk, bob.pk)
    with table_socket(live_site, game, bob) as socket:
        receive(socket)
        assert notifications.is_table_open(game.pk, bob.pk)
        assert not notifications.is_table_open(game.pk, alice.pk)

        cache.delete(notifications.table_open_key(game.pk, bob.pk))  # as if the mark had run out
        socket.send(json.dumps({"type": "here"}))  # the page's minutely word
        wait_until(lambda: notifications.is_table_open(game.pk, bob.pk), "the socket to mark the table open")


def test_it_says_the_time_in_each_viewer_s_own_time_zone_on_every_push(
    live_site: LiveServer, alice: Any, bob: Any
) -> None:
    import re
    from zoneinfo import ZoneInfo

    alice.profile.time_zone = "America/New_York"
    alice.profile.save()
    game = make_table(alice, bob, move_seconds=86400)
    zones = {0: ZoneInfo("America/New_York"), 1: ZoneInfo("UTC")}

    def says_own_time(seat: int, html: str) -> None:
        game.refresh_from_db()
        assert game.deadline is not None
        local = game.deadline.astimezone(zones[seat])
        assert f'data-deadline="{local.isoformat()}"' in html
        assert f"{local:%H:%M}" in re.search(r"until ([^<]+)</b>", html).group(1)  # type: ignore[union-attr]

    with ExitStack() as stack:
        sockets = {seat: stack.enter_context(table_socket(live_site, game, player_at(game, seat))) for seat in zones}
        for seat, socket in sockets.items():
            says_own_time(seat, receive(socket)["html"])
        for _ in range(2):  # the first move's push is a whole table (none was moved on before), the next a patch
            play(game, simple_move(game))
            for seat, socket in sockets.items():
                pushed = receive(socket)  # a patch comes back applied to the page this socket holds
                says_own_time(seat, pushed["html"])
        assert "patch" in pushed
