"""Every game's pushes over the table's socket: two players and a spectator each get their own view
after every move, and no message names a card hidden from its viewer (other hands, the draw pile)."""

from __future__ import annotations

from contextlib import ExitStack
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games import actions, windows
from games.models import Game
from tests.support.live import receive, table_socket
from tests.support.servers import LiveServer
from tests.support.tables import actor_for
from tests.support.variant_play import hidden_codes, leaked_codes, next_move, two_player_table

pytestmark = pytest.mark.slow
MOVES = 12


@pytest.mark.parametrize("variant", ["maumau", "mau", "dansk", "emojical"])
def test_it_pushes_each_viewer_of_every_game_only_what_they_may_see(
    live_site: LiveServer, alice: Any, bob: Any, carol: Any, variant: str
) -> None:
    game = two_player_table(alice, bob, variant)
    viewers = {0: alice, 1: bob, None: carol}
    with ExitStack() as stack:
        sockets = {seat: stack.enter_context(table_socket(live_site, game, user)) for seat, user in viewers.items()}
        for _ in range(MOVES):
            for seat, socket in sockets.items():
                message = receive(socket)
                assert message["type"] == "table"
                assert leaked_codes(message["html"], hidden_codes(game, seat), variant, names=True) == set()
                assert ('data-me="' in message["html"]) is (seat is not None)
            game.refresh_from_db()
            if game.status != Game.Status.PLAYING:
                break
            chosen = next_move(game)
            if chosen is None:  # a reaction window: the server closes it, as the worker would
                assert windows.do_close_window(game.pk, game.seq, timezone.now() + timedelta(hours=1)) is not None
                continue
            seat, action = chosen
            assert actions.do_move(game.pk, actor_for(game, seat), action, game.seq).ok
