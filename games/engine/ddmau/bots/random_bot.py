"""The `random` bot: any legal action, uniformly; catches a missed call half the time."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

View = Mapping[str, Any]
Action = dict[str, Any]


class RandomBot:
    """Picks uniformly among the legal actions; seeded, so a game with bots replays the same."""

    name = "random"

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        return self.rng.choice(legal)

    def react(self, view: View, legal: list[Action]) -> Action | None:
        catches = [action for action in legal if action["act"] == "catch"]
        if catches and self.rng.random() < 0.5:
            return catches[0]
        return None
