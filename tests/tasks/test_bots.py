"""Bot seats move through the Celery worker, seeing only their own view, and finish a game alone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from games import bot_turns, clock, engine, tasks
from games.engine.bots import get_bot
from games.models import Game, Move
from tests.support.tables import make_table, play
from tests.tasks.helpers import DAY, bots_table, fresh, move_deadline, wait_for_table

pytestmark = pytest.mark.postgres


def test_it_plays_a_whole_game_to_the_end_at_a_table_of_bots_only(clock_worker: Any, alice: Any) -> None:
    game = bots_table(alice, seats=3)

    game = wait_for_table(game, lambda g: g.status == Game.Status.FINISHED, "the bots to finish the game", 180)

    moves = list(game.moves.order_by("seq"))
    assert game.seq == len(moves) > 0
    assert {move.source for move in moves} == {Move.Source.BOT}
    assert game.dealt_position()["winners"]
    assert game.rebuild_position() == game.position  # every move was stored: the log proves the game


def test_it_answers_a_players_moves_from_a_bot_seat_through_the_worker(clock_worker: Any, alice: Any) -> None:
    game = make_table(alice, seats=2, move_seconds=DAY, bots=1)

    for _ in range(60):  # Alice moves whenever it is her turn; the bot plays its turns by itself
        game = wait_for_table(game, lambda g: g.turn == 0 or g.status != Game.Status.PLAYING, "Alice's turn")
        if game.moves.filter(seat=1).count() >= 3 or game.status != Game.Status.PLAYING:
            break
        assert play(game).ok

    bot_moves = game.moves.filter(seat=1)
    assert bot_moves.count() >= 3
    assert set(bot_moves.values_list("source", flat=True)) == {Move.Source.BOT}


def test_it_plays_a_bot_move_delivered_twice_once(clock_worker: Any, alice: Any, settings: Any) -> None:
    settings.DDMAU_BOT_DELAY_SECONDS = 3600  # the bots think for an hour: only the deliveries below move them
    game = move_deadline(bots_table(alice, seats=2), DAY - 3601)  # ...and the hour has passed for this turn

    first = tasks.play_due.delay(game.pk, game.seq)
    second = tasks.play_due.delay(game.pk, game.seq)

    assert sorted([first.get(timeout=30), second.get(timeout=30)]) == [0, 1]
    assert list(fresh(game).moves.values_list("seq", flat=True)) == [1]


class Watching:
    """The greedy bot, noting everything it was shown."""

    def __init__(self) -> None:
        self.bot = get_bot("greedy")
        self.seen: list[Mapping[str, Any]] = []

    def choose(self, view: Mapping[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        self.seen.append(view)
        return self.bot.choose(view, legal)


def test_it_shows_a_bot_only_its_own_seats_view(alice: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    game = bots_table(alice, seats=4)
    watching = Watching()
    monkeypatch.setattr(bot_turns, "get_bot", lambda name, seed=None, variant="ddmau": watching)
    seat = game.turn
    assert seat is not None

    action = bot_turns.choose(game, seat, "greedy")

    [view] = watching.seen
    assert view == engine.view(game.dealt_position(), seat)
    assert [isinstance(hand, list) for hand in view["hands"]] == [index == seat for index in range(4)]
    assert isinstance(view["draw"], int)
    assert "seed" not in view
    assert action in engine.legal_actions(game.dealt_position(), seat)


def test_it_moves_a_bot_whose_message_was_lost_through_the_sweep(clock_worker: Any, alice: Any, settings: Any) -> None:
    settings.DDMAU_BOT_DELAY_SECONDS = 60  # the bot's own countdown will not fire during the test
    game = bots_table(alice, seats=2)
    assert tasks.sweep_clock.delay().get(timeout=30) == 0  # its minute is not over

    # The minute and the sweep's grace went by long ago, and the countdown message was lost.
    game = move_deadline(game, DAY - 60 - clock.SWEEP_GRACE.total_seconds() - 1)
    assert tasks.sweep_clock.delay().get(timeout=30) == 1

    game = wait_for_table(game, lambda g: g.seq >= 1, "the sweep to move the bot")
    assert list(game.moves.values_list("source", flat=True)) == [Move.Source.BOT]
