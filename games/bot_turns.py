"""Bots at the table: what a bot does now, seeing only its own seat's view, played through games.actions.

A bot gets `engine.view(position, seat)` and `engine.legal_actions(position, seat)`, never the
position itself, and its move goes through `actions.do_move` like a player's: the row lock, the seq
check and the broadcast are the same. games.clock decides when a bot plays.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from games import actions, engine
from games.engine.bots import get_bot
from games.models import Game, Move, Seat

log = logging.getLogger(__name__)

# A turn is a take or a block, up to three draws, a play or a pass, and again when the rules give
# the seat another turn (R22); the bound only keeps a bug from looping while the row is locked.
MAX_TURN_ACTIONS = 24


def choose(game: Game, seat: int, bot_name: str) -> dict[str, Any]:
    """The bot's action for `seat`, from that seat's view alone."""
    position = game.dealt_position()
    bot = get_bot(bot_name, seed=f"{game.pk}:{game.seq}", variant=game.variant)
    return bot.choose(engine.view(position, seat), engine.legal_actions(position, seat))


def reaction(game: Game, seats: Sequence[Seat]) -> dict[str, Any] | None:
    """An act some bot seat makes out of turn: a catch (R27), a call, a penalty, SPAM, a jump-in."""
    if game.status != Game.Status.PLAYING or not game.position:
        return None
    position = game.dealt_position()
    rules = engine.rules_of(position)
    wanted = rules.out_of_turn_acts
    if not wanted or not rules.may_react(position):
        return None  # no out-of-turn act is open to anyone now
    waiting = rules.to_act(position)
    for seat in seats:
        if not (seat.bot or seat.away) or seat.index in waiting:
            continue  # the bot to act reacts, if it wants, as part of its turn; an away seat's bot reacts too
        legal = rules.legal_dicts(position, seat.index)
        if any(action.get("act") in wanted for action in legal):
            action = get_bot(seat.bot or "greedy", variant=game.variant).react(rules.view(position, seat.index), legal)
            if action is not None:
                return action
    return None


def play_action(game: Game, action: dict[str, Any], source: str) -> list[Move]:
    """Play one bot action at the table's current seq; [] if the table refused it."""
    seat = action["seat"]
    result = actions.do_move(game.pk, actions.SeatActor(seat, source), action, game.seq)
    if result.outcome == "applied" and result.move is not None:
        return [result.move]
    if result.outcome in ("stale", "forbidden", "not_playing"):
        # A race lost, as it should be: the table moved on, or the player took the seat back.
        log.debug("%s: seat %s's bot move not played (%s)", game, seat, result.outcome)
    else:
        log.error("%s: the bot's move for seat %s was refused (%s): %s", game, seat, result.outcome, result.message)
    return []


def play_turn(game: Game, seat: int, bot_name: str, source: str) -> list[Move]:
    """The bot plays the seat's whole turn: until the turn passes on, the hand ends or the game does.

    The caller holds the game row lock; `game` is that locked row, kept up to date here.
    """
    hand = game.dealt_position().get("hand")
    moves: list[Move] = []
    for _ in range(MAX_TURN_ACTIONS):
        position = game.dealt_position()
        if game.status != Game.Status.PLAYING or seat not in game.to_act or position.get("hand") != hand:
            break
        played = play_action(game, choose(game, seat, bot_name), source)
        if not played:
            break
        moves += played
        game.refresh_from_db(fields=["position", "seq", "status", "deadline"])
    return moves
