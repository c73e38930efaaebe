"""Engine speed: `apply` and `legal_actions` latency, random-play throughput, and rlcard's UNO beside it.

    .venv/bin/python bench/engine.py           # about 40 s
    .venv/bin/python bench/engine.py --quick   # about 12 s

Every figure is measured on one core from seeded positions, so two runs on one machine compare.
Positions come from random play (seeded), so the plays timed are the ones real games meet.
`legal_actions` memoises parts of its work (`moves.py`, "Memos"): each timed call starts with the
memos of earlier calls cleared (untimed), so a position timed again and again is not answered from
them. Random play keeps them, as real play does (cleared at each turn, see `take_turns`). The
random-play contenders (DD MAU on dicts, on States, the other games, and rlcard's UNO) take turns in
slices of the budget, so that a change in the machine's load during the run weighs on all of them
alike, and are timed in CPU seconds of this process (`time.process_time`), so that other processes
on a shared machine do not count against whichever contender they happened to interrupt.
rlcard (a bench-only extra: `pip install -r requirements-bench.txt`) is timed when it is installed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import engine
from games.engine.bots import get_bot
from games.engine.ddmau.cards import CARDS
from games.engine.ddmau.convert import action_from_dict
from games.engine.ddmau.moves import clear_memos

Position = dict[str, Any]
Action = dict[str, Any]
Sample = tuple[Position, Action]


def _numbers(action: Action) -> list[int]:
    return [CARDS[c].number or 0 for c in action["cards"] if CARDS[c].number is not None]


def _is_single(action: Action) -> bool:
    return action["act"] == "play" and len(action["cards"]) == 1 and CARDS[action["cards"][0]].number is not None


def _is_set(action: Action) -> bool:
    if action["act"] != "play":
        return False
    numbers = _numbers(action)
    return len(numbers) == len(action["cards"]) >= 2 and len(set(numbers)) == 1


def _is_run(action: Action) -> bool:
    if action["act"] != "play" or "LM" not in action["cards"] or "MM" in action["cards"]:
        return False
    return len(set(_numbers(action))) >= 3


def _is_penal_t(action: Action) -> bool:
    cards = action["cards"] if action["act"] == "play" else []
    return bool(cards) and all(CARDS[c].kind == "T" for c in cards)


CATEGORIES: dict[str, Callable[[Action], bool]] = {
    "a single card": _is_single,
    "a set (2+ cards)": _is_set,
    "a run with LM": _is_run,
    "a draw": lambda a: a["act"] == "draw",
    "a Penal T hit": _is_penal_t,
}


def random_positions(seed: int, seats: int = 4) -> Iterator[tuple[Position, list[Action]]]:
    """Positions met in seeded random play (seat to act, its legal actions), game after game."""
    rng = random.Random(seed)
    game = 0
    while True:
        position = engine.new_game(seats, seed=f"bench/{seed}/{game}")
        while not position.get("over"):
            legal = engine.legal_actions(position, position["turn"])
            yield position, legal
            position = engine.apply(position, rng.choice(legal))
        game += 1


def collect_samples(per_category: int) -> dict[str, list[Sample]]:
    samples: dict[str, list[Sample]] = {name: [] for name in CATEGORIES}
    for position, legal in random_positions(1):
        for name, wanted in CATEGORIES.items():
            if len(samples[name]) < per_category:
                found = next((a for a in legal if wanted(a)), None)
                if found is not None:
                    samples[name].append((position, found))
        if all(len(s) >= per_category for s in samples.values()):
            return samples
    raise AssertionError("unreachable")


def median_us(
    func: Callable[[], object], repeats: int, budget_s: float = 0.02, before: Callable[[], object] = lambda: None
) -> float:
    """Median wall time of one call, in microseconds, over `repeats` calls (fewer, but at least 3,
    when one call is slow enough that `repeats` would overrun `budget_s`); `before` runs untimed
    before each call."""
    clock = time.perf_counter_ns
    before()
    start = clock()
    func()
    timings = [clock() - start]
    affordable = int(budget_s * 1e9 / max(timings[0], 1))
    for _ in range(max(2, min(repeats, affordable) - 1)):
        before()
        start = clock()
        func()
        timings.append(clock() - start)
    return statistics.median(timings) / 1000


def bench_apply(per_category: int, repeats: int) -> list[tuple[str, float, float]]:
    """(play, median us of `apply` on dicts, median us of the state-level `step`)."""
    rows = []
    for name, samples in collect_samples(per_category).items():
        dict_times, state_times = [], []
        for position, action in samples:
            state = engine.read(position)
            parsed = action_from_dict(action, len(state.hands))
            dict_times.append(median_us(partial(engine.apply, position, action), repeats))
            state_times.append(median_us(partial(engine.step, state, parsed), repeats))
        rows.append((name, statistics.median(dict_times), statistics.median(state_times)))
    return rows


def hand_positions(size: int, count: int, seed: int) -> list[Position]:
    """Mid-hand positions where the seat to act holds `size` cards dealt from the unseen cards."""
    rng = random.Random(seed)
    found: list[Position] = []
    for position, _ in random_positions(seed):
        if position["top"] is None or position["pending"] is not None or rng.random() < 0.7:
            continue
        seat = position["turn"]
        pool = list(position["hands"][seat]) + list(position["draw"])
        if len(pool) < size:
            continue
        rng.shuffle(pool)
        rebuilt = dict(position)
        rebuilt["hands"] = [list(h) for h in position["hands"]]
        rebuilt["hands"][seat] = pool[:size]
        rebuilt["draw"] = pool[size:]
        found.append(rebuilt)
        if len(found) == count:
            return found
    raise AssertionError("unreachable")


def bench_legal(sizes: tuple[int, ...], count: int, repeats: int) -> list[tuple[int, float, float, float, float]]:
    """(hand size, median us of `legal_actions`, median us state-level, median number of actions,
    median us of the greedy bot's choice among them)."""
    greedy = get_bot("greedy")
    rows = []
    for size in sizes:
        positions = hand_positions(size, count, seed=size)
        dict_times, state_times, counts, bot_times = [], [], [], []
        for position in positions:
            seat = position["turn"]
            state = engine.read(position)
            dict_times.append(median_us(partial(engine.legal_actions, position, seat), repeats, before=clear_memos))
            state_times.append(median_us(partial(engine.DDMAU.legal, state, seat), repeats, before=clear_memos))
            legal = engine.legal_actions(position, seat)
            counts.append(len(legal))
            bot_times.append(median_us(partial(greedy.choose, engine.view(position, seat), legal), repeats))
        rows.append(
            (
                size,
                statistics.median(dict_times),
                statistics.median(state_times),
                statistics.median(counts),
                statistics.median(bot_times),
            )
        )
    return rows


def random_games(*, dicts: bool) -> Iterator[int]:
    """Random 4-player games to 505, one after another (the same seeded series every run): each
    game's number of actions."""
    rng = random.Random(7)
    games = 0
    while True:
        actions = 0
        if dicts:
            position = engine.new_game(4, seed=f"speed/{games}")
            while not position.get("over"):
                position = engine.apply(position, rng.choice(engine.legal_actions(position, position["turn"])))
                actions += 1
        else:
            state = engine.DDMAU.new_game(4, seed=f"speed/{games}")
            while not state.over:
                assert state.turn is not None
                state = engine.step(state, rng.choice(engine.DDMAU.legal(state, state.turn)))
                actions += 1
        yield actions
        games += 1


VARIANTS = ("maumau", "mau", "dansk", "emojical")


def variant_games(variant: str, *, dicts: bool) -> Iterator[int]:
    """Random 4-player games of `variant` with its default house rules, one after another: each
    game's number of actions. The acting seat is whoever the game waits for; an open reaction
    window is closed by the server's act (`legal_actions(position, None)`)."""
    rules = engine.get_rules(variant)
    rng = random.Random(7)
    games = 0
    while True:
        actions = 0
        if dicts:
            position = engine.new_game(4, seed=f"speed/{games}", variant=variant)
            while not position.get("over"):
                waiting = rules.to_act(position)
                seat = waiting[0] if waiting else None
                position = engine.apply(position, rng.choice(engine.legal_actions(position, seat)))
                actions += 1
        else:
            state = rules.new_game(4, seed=f"speed/{games}")
            while not state.over:
                legal = rules.legal(state, None) or rules.legal(state, _seat_to_act(state))
                state = rules.step(state, rng.choice(legal))[0]
                actions += 1
        yield actions
        games += 1


def _seat_to_act(state: Any) -> int:
    """The seat a variant's state waits for: the target of a hit, else the seat on turn (C7)."""
    pending = getattr(state, "pending", None)
    if pending is not None:
        target = pending["target"] if isinstance(pending, dict) else pending.target
        return int(target)
    return int(state.turn)


def rlcard_uno() -> tuple[Iterator[int], str] | str:
    """rlcard's 4-player UNO with random agents, game after game (each game's number of actions)
    and rlcard's version, or why it cannot run."""
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError as error:
        return f"rlcard is not installed ({error}); pip install -r requirements-bench.txt"
    env = rlcard.make("uno", config={"game_num_players": 4, "seed": 7})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(4)])

    def games() -> Iterator[int]:
        while True:
            trajectories, _ = env.run(is_training=False)
            # each player's trajectory is state, action, state, action, ..., final state
            yield sum((len(t) - 1) // 2 for t in trajectories)

    return games(), getattr(rlcard, "__version__", "?")


def take_turns(contenders: dict[str, Iterator[int]], budget: float, slices: int = 5) -> dict[str, tuple[float, float]]:
    """Play each contender's games for `budget` CPU seconds in all, in `slices` turns each (a game in
    progress is finished and counted): (actions/s, games/s) per contender, per CPU second of this
    process. Both DD MAU contenders play the same seeded games, so the engine's memos are cleared at
    each turn: neither starts a turn with what the other just worked out."""
    clock = time.process_time
    played = {name: [0, 0, 0.0] for name in contenders}  # actions, games, seconds
    for _ in range(slices):
        for name, games in contenders.items():
            clear_memos()
            started = clock()
            deadline = started + budget / slices
            tally = played[name]
            while clock() < deadline:
                tally[0] += next(games)
                tally[1] += 1
            tally[2] += clock() - started
    return {name: (actions / seconds, games / seconds) for name, (actions, games, seconds) in played.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer samples and shorter runs (about 12 s)")
    args = parser.parse_args()
    per_category, repeats, count, budget = (30, 15, 15, 2.0) if args.quick else (100, 25, 30, 5.0)

    print(f"DD MAU engine benchmark (Python {sys.version.split()[0]}, one core{', quick' if args.quick else ''})")
    print()
    print(f"apply: median microseconds per call ({per_category} positions each, up to {repeats} calls each)")
    print(f"  {'play':<20} {'apply (dicts)':>14} {'step (State)':>13}")
    for name, dict_us, state_us in bench_apply(per_category, repeats):
        print(f"  {name:<20} {dict_us:>14.1f} {state_us:>13.1f}")
    print()
    print(
        f"legal_actions: median microseconds per call ({count} positions per hand size, up to {repeats} calls each, "
        "memos cleared before each)"
    )
    print(f"  {'hand':<20} {'legal_actions':>14} {'legal (State)':>13} {'actions':>8} {'greedy choose':>14}")
    for size, dict_us, state_us, listed, bot_us in bench_legal((7, 15, 30), count, repeats):
        print(f"  {f'{size} cards':<20} {dict_us:>14.1f} {state_us:>13.1f} {listed:>8.0f} {bot_us:>14.1f}")
    print()
    print(f"random play, 4 players, whole games to 505 ({budget:.0f} CPU s each, in 5 alternating slices)")
    contenders = {"dicts": random_games(dicts=True), "State": random_games(dicts=False)}
    uno = rlcard_uno()
    if not isinstance(uno, str):
        contenders["uno"] = uno[0]
    rates = take_turns(contenders, budget)
    print(f"  {'':<34} {'actions/s':>10} {'games/s':>8}")
    print(f"  {'DD MAU, apply/legal_actions (dicts)':<34} {rates['dicts'][0]:>10.0f} {rates['dicts'][1]:>8.2f}")
    print(f"  {'DD MAU, step/legal (State)':<34} {rates['State'][0]:>10.0f} {rates['State'][1]:>8.2f}")
    if isinstance(uno, str):
        print(f"  rlcard UNO: skipped: {uno}")
        print_variants(budget, None)
        return
    uno_actions, uno_games = rates["uno"]
    print(f"  {f'rlcard {uno[1]} UNO, random agents':<34} {uno_actions:>10.0f} {uno_games:>8.2f}")
    print()
    print(
        f"ratio DD MAU / rlcard UNO, actions/s: {rates['dicts'][0] / uno_actions:.2f} (dicts), "
        f"{rates['State'][0] / uno_actions:.2f} (State)"
    )
    print_variants(budget, uno[0])


def print_variants(budget: float, uno: Iterator[int] | None) -> None:
    """The four other games' random play on dicts and on States, with rlcard's UNO in the same run."""
    print()
    print(
        f"random play of the other games, 4 players, default house rules ({budget:.0f} CPU s each), rlcard UNO beside"
    )
    contenders: dict[str, Iterator[int]] = {"uno": uno} if uno is not None else {}
    for variant in VARIANTS:
        contenders[f"{variant} dicts"] = variant_games(variant, dicts=True)
        contenders[f"{variant} State"] = variant_games(variant, dicts=False)
    rates = take_turns(contenders, budget)
    uno_rate = rates["uno"][0] if uno is not None else None
    print(f"  {'game':<12} {'dicts/s':>10} {'State/s':>10} {'ratio (dicts)':>14} {'ratio (State)':>14}")
    for variant in VARIANTS:
        on_dicts, on_states = rates[f"{variant} dicts"][0], rates[f"{variant} State"][0]
        ratios = f"{on_dicts / uno_rate:>14.2f} {on_states / uno_rate:>14.2f}" if uno_rate else f"{'-':>14} {'-':>14}"
        print(f"  {variant:<12} {on_dicts:>10.0f} {on_states:>10.0f} {ratios}")
    if uno_rate:
        print(f"  {'rlcard UNO':<12} {uno_rate:>10.0f}")


if __name__ == "__main__":
    main()
