"""Bots for every game, seeing only what their seat may see.

A bot has `choose(view, legal) -> action` for when its seat must act (its turn, or a hit aimed at
it) and `react(view, legal) -> action | None` for out-of-turn chances (a catch, a call, a SPAM, a
jump-in, a penalty). `view` is `engine.view(position, seat)`, `legal` is
`engine.legal_actions(position, seat)`; the returned action is always one of `legal`. Each game
keeps its bots in its own package (`games/engine/<variant>/bots`, a `BOTS` mapping of name to
factory); `get_bot(name, variant=...)` builds one.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any, Protocol, cast

Action = dict[str, Any]

BOT_NAMES: tuple[str, ...] = ("random", "greedy")


class Bot(Protocol):
    name: str

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action: ...

    def react(self, view: Mapping[str, Any], legal: list[Action]) -> Action | None: ...


def bot_factories(variant: str = "ddmau") -> Mapping[str, Callable[[int | str | None], Bot]]:
    """The bots of `variant`, by name; ValueError for a game without bots."""
    from games.engine.rules import get_rules

    get_rules(variant)  # ValueError for an unknown variant
    try:
        module = importlib.import_module(f"games.engine.{variant}.bots")
    except ImportError:
        raise ValueError(f"{variant} has no bots") from None
    return cast("Mapping[str, Callable[[int | str | None], Bot]]", module.BOTS)


def get_bot(name: str, *, seed: int | str | None = None, variant: str = "ddmau") -> Bot:
    """The bot called `name` ("random" or "greedy") for `variant`; `seed` fixes a random bot's choices."""
    factories = bot_factories(variant)
    try:
        factory = factories[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(factories)}") from None
    return factory(seed)


def __getattr__(name: str) -> Any:
    # DD MAU's bot classes, where they were before the games moved into packages of their own
    if name in ("GreedyBot", "RandomBot"):
        from games.engine.ddmau import bots

        return getattr(bots, name)
    raise AttributeError(name)


__all__ = ["BOT_NAMES", "Bot", "bot_factories", "get_bot"]
