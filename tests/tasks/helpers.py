"""Small helpers for the clock tests: waiting for the worker, moving a deadline, tables of bots."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any, TypeVar

from django.utils import timezone

from games import actions, engine, tasks
from games.models import Game, Move, Seat
from tests.support.tables import SHORT_GAME, legal, play

T = TypeVar("T")
DAY = 86400


def wait_until(check: Callable[[], T | None], what: str, timeout: float = 60) -> T:
    """Poll `check` until it returns something true; fail after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.05)


def fresh(game: Game) -> Game:
    return Game.objects.get(pk=game.pk)


def wait_for_table(game: Game, condition: Callable[[Game], bool], what: str, timeout: float = 60) -> Game:
    """The table, fresh from the database, once `condition` holds for it."""

    def check() -> Game | None:
        current = fresh(game)
        return current if condition(current) else None

    return wait_until(check, what, timeout)


def move_deadline(game: Game, seconds_from_now: float) -> Game:
    """The clock reaching a far deadline: a test cannot wait a day, so the deadline comes closer."""
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() + timedelta(seconds=seconds_from_now))
    return fresh(game)


def seat(game: Game, index: int) -> Seat:
    return Seat.objects.select_related("user__profile").get(game=game, index=index)


def timeout_moves(game: Game) -> list[Move]:
    return list(game.moves.filter(source=Move.Source.TIMEOUT).order_by("seq"))


def play_until_turn_of(game: Game, index: int, limit: int = 50) -> Game:
    """The other players make simple moves until the turn is `index`'s."""
    for _ in range(limit):
        game = fresh(game)
        if game.turn == index or game.status != Game.Status.PLAYING:
            return game
        result = play(game)
        assert result.ok, result.message
    raise AssertionError(f"the turn never reached seat {index}")


def bots_table(creator: Any, seats: int = 3, bot: str = Seat.Bot.GREEDY, **options: Any) -> Game:
    """A started table where bots hold every seat (the creator sets it up and leaves it to them)."""
    options.setdefault("move_seconds", DAY)
    options.setdefault("rules", SHORT_GAME)
    game = actions.do_create_game(creator, seat_count=seats, bots=seats, bot_level=bot, **options)
    return actions.do_start(game.pk, creator, fill_with_bots=True, bot_level=bot)


def time_out(game: Game) -> Game:
    """The seat to act lets its time run out once; the clock plays its turn (the table, after it)."""
    late, played = game.turn, len(timeout_moves(game))
    game = move_deadline(game, -1)
    tasks.play_due.delay(game.pk, game.seq)
    return wait_for_table(game, lambda g: g.turn != late and len(timeout_moves(g)) > played, "the timeout")


def turn_ending_move(game: Game) -> tuple[Game, dict[str, Any]]:
    """A legal action after which the turn passes on, a play if one does; while nothing ends the
    turn the player draws, or takes a pending hit (R19-R20: no draw is offered then), and looks again.
    Returns the table as it then stands and the action."""
    for _ in range(6):
        game = fresh(game)
        position, index = game.dealt_position(), game.turn or 0
        options = sorted(legal(game, index), key=lambda action: action["act"] != "play")
        for action in options:
            after = engine.apply(position, action)
            if after.get("turn") != index or after.get("hand") != position.get("hand"):
                return game, action
        meanwhile = sorted(options, key=lambda action: action["act"] not in ("draw", "take"))[0]
        assert play(game, meanwhile).ok
    raise AssertionError("no move ends this turn")


def end_turn(game: Game) -> Game:
    """The player to act ends their turn (with a play when one does it); the table after it."""
    game, action = turn_ending_move(game)
    assert play(game, action).ok
    return fresh(game)
