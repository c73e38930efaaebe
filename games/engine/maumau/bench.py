"""Speed of random play: `python -m games.engine.maumau.bench [games]`.

Dict path: read the position, list the acting seat's legal actions as dicts, pick one, read it,
step, write the position. Site path: the same, but the position is read twice, as the site does
when a page asks for the legal list and the player's action arrives in another request. State
path: `legal` and `step` on states only.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from ..rules import get_rules


def dict_path(games: int, reads: int = 1) -> tuple[int, float]:
    rules = get_rules("maumau")
    rng = random.Random(1)
    actions = 0
    start = time.process_time()
    for g in range(games):
        position = rules.write(rules.new_game(2 + g % 3, seed=g))
        while not position["over"]:
            seat = rules.to_act(position)[0]
            state = rules.read(position)
            legal = [rules.write_action(a) for a in rules.legal(state, seat)]
            if reads == 2:
                state = rules.read(position)
            after, _events = rules.step(state, rules.read_action(state, rng.choice(legal)))
            position = rules.write(after)
            actions += 1
    return actions, time.process_time() - start


def state_path(games: int) -> tuple[int, float]:
    rules = get_rules("maumau")
    rng = random.Random(1)
    actions = 0
    start = time.process_time()
    for g in range(games):
        state = rules.new_game(2 + g % 3, seed=g)
        while not state.over:
            state, _events = rules.step(state, rng.choice(rules.legal(state, state.turn)))
            actions += 1
    return actions, time.process_time() - start


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    runs: tuple[tuple[str, Callable[[int], tuple[int, float]]], ...] = (
        ("dict path", dict_path),
        ("site path", lambda n: dict_path(n, reads=2)),
        ("state path", state_path),
    )
    for name, run in runs:
        actions, seconds = run(games)
        print(f"{name}: {actions} actions in {seconds:.2f}s of CPU = {actions / seconds:,.0f} actions/s")


if __name__ == "__main__":
    main()
