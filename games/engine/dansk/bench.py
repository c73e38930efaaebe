"""Speed of random play, and the greedy bot's win rate.

    python -m games.engine.dansk.bench --games 300           # actions/s, dict path and state path
    python -m games.engine.dansk.bench --games 0 --winrate 1000

Dict path, as the site works: `read` the position, list `legal` for the seat(s) to act and write
them as dicts, pick one, `read_action` + `step`, `write` the new position. State path: `legal` and
`step` on states only.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from games.engine.rules import get_rules

from .bots import greedy_win_rate


def dict_path(games: int, seats: int = 4) -> tuple[int, float]:
    rules = get_rules("dansk")
    rng = random.Random(1)
    actions = 0
    start = time.process_time()  # CPU time: other processes on the machine do not count
    for game in range(games):
        position: dict[str, Any] = rules.write(rules.new_game(seats, seed=game))
        while not position["over"]:
            state = rules.read(position)
            legal = [rules.write_action(a) for seat in rules.to_act(position) for a in rules.legal(state, seat)]
            after, _ = rules.step(state, rules.read_action(state, rng.choice(legal)))
            position = rules.write(after)
            actions += 1
    return actions, time.process_time() - start


def state_path(games: int, seats: int = 4) -> tuple[int, float]:
    rules = get_rules("dansk")
    rng = random.Random(1)
    actions = 0
    start = time.process_time()  # CPU time: other processes on the machine do not count
    for game in range(games):
        state = rules.new_game(seats, seed=game)
        while not state.over:
            seat = state.turn if state.pending is None else state.pending.target
            state, _ = rules.step(state, rng.choice(rules.legal(state, seat)))
            actions += 1
    return actions, time.process_time() - start


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300, help="games of random play per path")
    parser.add_argument("--winrate", type=int, default=0, help="games of greedy against three random bots")
    args = parser.parse_args(argv)
    if args.games:
        for name, run in (("dict", dict_path), ("state", state_path)):
            actions, seconds = run(args.games)
            print(f"{name} path: {actions} actions in {seconds:.2f}s CPU = {actions / seconds:,.0f} actions/s")
    if args.winrate:
        start = time.perf_counter()
        rate = greedy_win_rate(args.winrate)
        print(f"greedy vs 3 random, {args.winrate} games: {rate:.1%} ({time.perf_counter() - start:.0f}s)")


if __name__ == "__main__":
    main()
