"""Every game's pushes over the table's socket: two players and a spectator each get their own view
after every move, and no message names a card hidden from its viewer (other hands, the draw pile)."""

from __future__ import annotations

from contextlib import ExitStack
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games import actions, engine, windows
from games.engine.bots import get_bot
from games.models import Game
from tests.support.live import receive, table_socket
from tests.support.servers import LiveServer
from tests.support.tables import actor_for
from tests.support.variant_play import hidden_codes, leaked_codes

pytestmark = pytest.mark.slow
MOVES = 12


def next_move(game: Game) -> tuple[int, dict[str, Any]] | None:
    """The seat to act and its greedy bot's choice; None while only the server may act (a window)."""
    position = game.position
    assert position is not None
    rules = engine.rules_of(position)
    waiting = rules.to_act(position)
    if not waiting:
        return None
    seat = waiting[0]
    bot = get_bot("greedy", seed=seat, variant=game.variant)
    return seat, bot.choose(rules.view(position, seat), rules.legal_dicts(position, seat))


@pytest.mark.parametrize("variant", ["maumau", "mau", "dansk", "emojical"])
def test_it_pushes_each_viewer_of_every_game_only_what_they_may_see(
    live_site: LiveServer, alice: Any, bob: Any, carol: Any, variant: str
) -> None:
    game = actions.do_create_game(alice, seat_count=2, move_seconds=600, variant=variant)
    actions.do_join(game.pk, bob)
    game = actions.do_start(game.pk, alice)
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
