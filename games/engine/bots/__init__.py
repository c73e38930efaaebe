"""Bots that play DD MAU seeing only what their seat may see.

A bot has `choose(view, legal) -> action` for its turn (or a hit aimed at it) and
`react(view, legal) -> action | None` for out-of-turn chances (catching a missed DD MAU call).
`view` is `engine.view(position, seat)`, `legal` is `engine.legal_actions(position, seat)`;
the returned action is always one of `legal`. `get_bot(name)` builds one by name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from games.engine.bots.greedy import GreedyBot
from games.engine.bots.random_bot import RandomBot

Action = dict[str, Any]


class Bot(Protocol):
    name: str

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action: ...

    def react(self, view: Mapping[str, Any], legal: list[Action]) -> Action | None: ...


_FACTORIES: dict[str, Callable[[int | str | None], Bot]] = {
    "random": RandomBot,
    "greedy": lambda seed: GreedyBot(),
}
BOT_NAMES: tuple[str, ...] = tuple(_FACTORIES)


def get_bot(name: str, *, seed: int | str | None = None) -> Bot:
    """The bot called `name` ("random" or "greedy"); `seed` fixes a random bot's choices."""
    try:
        factory = _FACTORIES[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(BOT_NAMES)}") from None
    return factory(seed)


__all__ = ["BOT_NAMES", "Bot", "GreedyBot", "RandomBot", "get_bot"]
