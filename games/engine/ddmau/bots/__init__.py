"""DD MAU's bots: `random` and `greedy` (see their modules)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .greedy import GreedyBot
from .random_bot import RandomBot

BOTS: dict[str, Callable[[int | str | None], Any]] = {
    "random": RandomBot,
    "greedy": lambda seed: GreedyBot(),
}

__all__ = ["BOTS", "GreedyBot", "RandomBot"]
