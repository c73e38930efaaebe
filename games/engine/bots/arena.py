"""Bots playing whole games against each other, for every game, through the facade.

Each step: every seat outside the ones the game waits for is offered its out-of-turn chances
(`react`), in seat order from the seat after the last to act; the first act returned is applied
and the step starts over. Then, if a reaction window is open, the server's `close` is applied;
otherwise the seat the game waits for chooses (`choose`). Bots get only their seat's view and legal
actions; what they return is checked against the legal list before it is applied.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.engine.bots import Bot
from games.engine.events import Event
from games.engine.rules import Rules, get_rules

Position = dict[str, Any]
Action = dict[str, Any]
Observer = Callable[[Position, Action, Position], None]
EventObserver = Callable[[Position, Action, Position, tuple[Event, ...]], None]

MAX_ACTIONS = 500_000


class BotError(RuntimeError):
    """A bot returned an action that was not among its legal actions."""


@dataclass
class PlayedGame:
    """A finished game: where it started, every action in order, and where it ended."""

    initial: Position
    actions: list[Action] = field(default_factory=list)
    final: Position = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)


def _checked(bot: Bot, choice: Action | None, legal: list[Action]) -> Action | None:
    if choice is not None and choice not in legal:
        raise BotError(f"bot {bot.name!r} chose {choice!r}, which is not a legal action")
    return choice


def _reaction(
    game: Rules[Any, Any], position: Position, bots: Sequence[Bot], waiting: tuple[int, ...], last: int
) -> Action | None:
    """The first out-of-turn act a bot wants, asking the seats in order after the last to act."""
    seats = len(bots)
    wanted = game.out_of_turn_acts
    if not wanted:
        return None
    for offset in range(1, seats + 1):
        seat = (last + offset) % seats
        if seat in waiting:
            continue
        legal = game.legal_dicts(position, seat)
        if legal and any(a["act"] in wanted for a in legal):
            choice = _checked(bots[seat], bots[seat].react(game.view(position, seat), legal), legal)
            if choice is not None:
                return choice
    return None


def play_game(
    bots: Sequence[Bot],
    *,
    seed: int | str,
    variant: str = "ddmau",
    rules: Mapping[str, Any] | None = None,
    on_start: Callable[[Position], None] | None = None,
    observe: Observer | None = None,
    observe_events: EventObserver | None = None,
    keep_actions: bool = True,
    keep_events: bool = False,
    **options: Any,
) -> PlayedGame:
    """Play one game of `variant` to its end with `bots[i]` in seat i.

    `options` go to `new_game` (DD MAU: `mode`, `teams`). `on_start(position)` sees the first deal,
    `observe(before, action, after)` each step. A bad setting raises ValueError before any bot is asked.
    """
    game = get_rules(variant, rules)
    position = game.write(game.new_game(len(bots), seed=seed, **options))
    played = PlayedGame(initial=position)
    if on_start is not None:
        on_start(position)
    last = 0
    for _ in range(MAX_ACTIONS):
        if position.get("over"):
            played.final = position
            return played
        waiting = game.to_act(position)
        action = _reaction(game, position, bots, waiting, last)
        if action is None:
            if game.window(position) is not None:
                action = game.legal_dicts(position, None)[0]
            else:
                if not waiting:
                    raise RuntimeError(f"nobody may act in {variant} game {seed!r}, and no window is open")
                seat = waiting[0]
                legal = game.legal_dicts(position, seat)
                action = _checked(bots[seat], bots[seat].choose(game.view(position, seat), legal), legal)
                assert action is not None
        after, events = game.apply_dict(position, action)
        if action.get("seat") is not None:
            last = action["seat"]
        if observe is not None:
            observe(position, action, after)
        if observe_events is not None:
            observe_events(position, action, after, events)
        if keep_actions:
            played.actions.append(action)
        if keep_events:
            played.events.extend(events)
        position = after
    raise RuntimeError(f"the game did not end within {MAX_ACTIONS} actions (seed {seed!r})")
