"""Random play speed, through dicts and through states:

    .venv/bin/python -m games.engine.emojical.bench [seconds]

Dict path, per action: `read(position)`, `legal` for the seats the game waits for (every seat and
the server while a jump-in window is open), `write_action` of each, pick one, `read_action`,
`step`, `write`. State path: `legal` and `step` on states only.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from ..rules import get_rules
from .state import Action, State

SEATS = 4


def _seats(state: State) -> list[int | None]:
    if state.window is not None:
        return [None, *range(len(state.hands))]
    pending = state.pending
    return [pending.target if pending is not None else state.turn]


def dict_path(seconds: float, seed: int = 1) -> float:
    """Actions per second of random play on dicts."""
    rules = get_rules("emojical")
    rng = random.Random(seed)
    count = 0
    game = 0
    position: dict[str, Any] = rules.write(rules.new_game(SEATS, seed=game))
    start = time.perf_counter()
    end = start + seconds
    while True:
        state = rules.read(position)
        if state.over:
            if time.perf_counter() > end:
                break
            game += 1
            position = rules.write(rules.new_game(SEATS, seed=game))
            continue
        choices = [rules.write_action(a) for seat in _seats(state) for a in rules.legal(state, seat)]
        action = rng.choice(choices)
        state, _ = rules.step(state, rules.read_action(state, action))
        position = rules.write(state)
        count += 1
    return count / (time.perf_counter() - start)


def state_path(seconds: float, seed: int = 1) -> float:
    """Actions per second of random play on states (no dicts)."""
    rules = get_rules("emojical")
    rng = random.Random(seed)
    count = 0
    game = 0
    state = rules.new_game(SEATS, seed=game)
    start = time.perf_counter()
    end = start + seconds
    while True:
        if state.over:
            if time.perf_counter() > end:
                break
            game += 1
            state = rules.new_game(SEATS, seed=game)
            continue
        choices: list[Action] = [a for seat in _seats(state) for a in rules.legal(state, seat)]
        state, _ = rules.step(state, rng.choice(choices))
        count += 1
    return count / (time.perf_counter() - start)


if __name__ == "__main__":
    budget = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    print(f"dict path:  {dict_path(budget):,.0f} actions/s")
    print(f"state path: {state_path(budget):,.0f} actions/s")
