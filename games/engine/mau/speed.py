"""Random play through the site's dict path and through states, to measure actions per second.

    .venv/bin/python -m games.engine.mau.speed [games] [seats]

Dict path, per action: `read(position)`, `legal` for the seat(s) the game waits for (the server's
`close` while a window is open), `write_action` of the chosen one, `read_action`, `step`, `write`.
State path: `legal` and `step` on states only. Times are CPU times of this process (the machine is shared).
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from ..rules import get_rules
from .game import Mau
from .moves import to_act


def dict_path(games: int, seats: int, rules: dict[str, Any] | None = None) -> tuple[int, float]:
    game = get_rules("mau", rules)
    assert isinstance(game, Mau)
    rng = random.Random(0)
    actions = 0
    began = time.process_time()
    for g in range(games):
        position = game.write(game.new_game(seats, seed=g))
        while not position["over"]:
            state = game.read(position)
            waiting = to_act(state)
            legal = game.legal(state, waiting[0]) if waiting else game.legal(state, None)
            chosen = game.write_action(rng.choice(legal))
            state, _ = game.step(state, game.read_action(state, chosen))
            position = game.write(state)
            actions += 1
    return actions, time.process_time() - began


def state_path(games: int, seats: int, rules: dict[str, Any] | None = None) -> tuple[int, float]:
    game = get_rules("mau", rules)
    assert isinstance(game, Mau)
    rng = random.Random(0)
    actions = 0
    began = time.process_time()
    for g in range(games):
        state = game.new_game(seats, seed=g)
        while not state.over:
            waiting = to_act(state)
            legal = game.legal(state, waiting[0]) if waiting else game.legal(state, None)
            state, _ = game.step(state, rng.choice(legal))
            actions += 1
    return actions, time.process_time() - began


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 300
    seats = int(argv[1]) if len(argv) > 1 else 4
    for label, run in (("dict path", dict_path), ("state path", state_path)):
        actions, seconds = run(games, seats)
        print(f"{label}: {actions} actions in {seconds:.2f}s = {actions / seconds:,.0f} actions/s")


if __name__ == "__main__":
    main(sys.argv[1:])
