"""Bots playing whole games against each other: the loop that asks each bot in turn.

Each step, every seat that may catch a missed DD MAU call (R27) is offered the chance out of turn
(`react`), then the seat to act chooses (`choose`). Bots get only their seat's view and legal
actions; the action they return is checked against the legal list before it is applied.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.engine import get_rules
from games.engine.bots import Bot
from games.engine.convert import action_from_dict, action_to_dict, state_to_dict
from games.engine.ddmau import DDMau
from games.engine.state import State
from games.engine.view import view_of

Position = dict[str, Any]
Action = dict[str, Any]
Observer = Callable[[Position, Action, Position], None]

MAX_ACTIONS = 500_000


class BotError(RuntimeError):
    """A bot returned an action that was not among its legal actions."""


@dataclass
class PlayedGame:
    """A finished game: where it started, every action in order, and where it ended."""

    initial: Position
    actions: list[Action] = field(default_factory=list)
    final: Position = field(default_factory=dict)


def _checked(bot: Bot, choice: Action | None, legal: list[Action]) -> Action | None:
    if choice is not None and choice not in legal:
        raise BotError(f"bot {bot.name!r} chose {choice!r}, which is not a legal action")
    return choice


def _catcher(game: DDMau, state: State, position: Position, bots: Sequence[Bot]) -> Action | None:
    """The first seat after the one who missed the call that wants to catch it, out of turn."""
    caught = state.must_call
    if caught is None:
        return None
    seats = len(state.hands)
    for offset in range(1, seats):
        seat = (caught + offset) % seats
        if seat == state.turn or seat in state.out:
            continue
        legal = [action_to_dict(a) for a in game.legal(state, seat)]
        if legal:
            choice = _checked(bots[seat], bots[seat].react(view_of(position, seat), legal), legal)
            if choice is not None:
                return choice
    return None


def play_game(
    bots: Sequence[Bot],
    *,
    seed: int | str,
    rules: Mapping[str, Any] | None = None,
    mode: str = "standard",
    teams: bool = False,
    on_start: Callable[[Position], None] | None = None,
    observe: Observer | None = None,
    keep_actions: bool = True,
) -> PlayedGame:
    """Play one game to its end with `bots[i]` in seat i.

    `on_start(position)` sees the first deal, `observe(before, action, after)` each step. A bad
    setting (seats, mode, teams, rules) raises ValueError before any bot is asked.
    """
    game = get_rules("ddmau", rules)
    assert isinstance(game, DDMau)
    state = game.new_game(len(bots), seed=seed, mode=mode, teams=teams)
    position = state_to_dict(state)
    played = PlayedGame(initial=position)
    if on_start is not None:
        on_start(position)
    for _ in range(MAX_ACTIONS):
        if state.over:
            played.final = position
            return played
        action = _catcher(game, state, position, bots)
        if action is None:
            seat = state.turn
            assert seat is not None
            legal = [action_to_dict(a) for a in game.legal(state, seat)]
            action = _checked(bots[seat], bots[seat].choose(view_of(position, seat), legal), legal)
            assert action is not None
        state = game.step(state, action_from_dict(action, len(state.hands)))
        after = state_to_dict(state)
        if observe is not None:
            observe(position, action, after)
        if keep_actions:
            played.actions.append(action)
        position = after
    raise RuntimeError(f"the game did not end within {MAX_ACTIONS} actions (seed {seed!r})")
