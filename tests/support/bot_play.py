"""A table of any game played to its end by each seat's greedy bot, synchronously, through games.actions."""

from __future__ import annotations

import uuid
from datetime import timedelta

from django.utils import timezone

from games import actions, engine, windows
from games.engine.bots import get_bot
from games.models import Game


def play_with_bots(game: Game, limit: int = 3000) -> Game:
    """Each seat's greedy bot of the table's game plays for its player, through games.actions (out-of-turn
    acts offered after every move); a reaction window closes as the worker would at its deadline."""
    bots = {seat: get_bot("greedy", seed=seat, variant=game.variant) for seat in range(game.seat_count)}
    players = {seat.index: seat.user for seat in game.seats.select_related("user")}
    for _ in range(limit):
        game.refresh_from_db()
        if game.status != Game.Status.PLAYING:
            return game
        position = game.dealt_position()
        rules = engine.rules_of(position)
        waiting = rules.to_act(position)
        action = None
        for seat, bot in bots.items():
            legal = rules.legal_dicts(position, seat)
            if seat not in waiting and any(a["act"] in rules.out_of_turn_acts for a in legal):
                action = bot.react(rules.view(position, seat), legal)
                if action is not None:
                    break
        if action is None and rules.window(position) is not None:
            assert windows.do_close_window(game.pk, game.seq, timezone.now() + timedelta(hours=1)) is not None
            continue
        if action is None:
            seat = waiting[0]
            action = bots[seat].choose(rules.view(position, seat), rules.legal_dicts(position, seat))
        result = actions.do_move(game.pk, players[action["seat"]], action, game.seq, uuid.uuid4().hex)
        assert result.ok, result.message
    raise AssertionError(f"the game did not end within {limit} moves")
