"""The clock, the away bot and the turn mail work for every game, not only DD MAU."""

from __future__ import annotations

from typing import Any

import pytest

from games import actions
from games.models import Game, Move
from tests.support.tables import player_at
from tests.support.variant_play import hidden_codes, leaked_codes
from tests.tasks.helpers import DAY, fresh, time_out, timeout_moves, wait_until

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("variant", ["maumau", "mau", "dansk", "emojical"])
def test_it_plays_a_timed_out_turn_with_the_game_s_own_bot_and_mails_the_next_player(
    clock_worker: Any, alice: Any, bob: Any, mailoutbox: Any, variant: str
) -> None:
    game = actions.do_create_game(alice, seat_count=2, move_seconds=DAY, variant=variant)
    actions.do_join(game.pk, bob)
    game = actions.do_start(game.pk, alice)
    game = fresh(game)
    late = game.turn
    assert late is not None
    game = time_out(game)
    moves = timeout_moves(game)
    assert moves
    assert all(move.seat == late and move.source == Move.Source.TIMEOUT for move in moves)
    assert all(move.events for move in moves)
    game = fresh(game)
    assert game.status == Game.Status.PLAYING
    waiting = game.turn
    if waiting is not None and waiting != late:
        reader = player_at(game, waiting)

        def mailed() -> list[Any]:
            return [m for m in mailoutbox if m.to == [reader.email] and "Your turn" in m.subject]

        [message] = wait_until(mailed, "the turn mail to the next player")
        assert game.title in message.body
        # The mail shows the reader's own hand and nothing hidden from them, in both of its parts.
        html_part = "".join(str(content) for content, kind in message.alternatives if kind == "text/html")
        for text in (message.subject, message.body, html_part):
            assert leaked_codes(text, hidden_codes(game, waiting), variant, names=True) == set()
