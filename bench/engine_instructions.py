"""The engine's random play on dicts counted in instructions (valgrind): figures that do not drift with the machine.

bench/engine.py times random play in CPU seconds beside rlcard's UNO; on a shared machine those
figures swing by 10-20% from one run to the next, more than most changes to the engine are worth.
This counts the same play in instructions: each game's seeded random play on dicts (what
bench/engine.py's `random_games` and `variant_games` play: `legal_actions` for the seat the game
waits for, then `apply` of a seeded choice), run under valgrind's callgrind once for N games and
once for 2N; the difference over the actions of the second N leaves out start-up and warm-up (the
imports, the memos and caches the first games fill). Two commits compare
to a fraction of a percent: run this from two checkouts (`git worktree add`), as the counts do not
depend on the machine's load. `--uno` counts rlcard's UNO (random agents) the same way, for scale
only: it runs more instructions an action than any of the games here yet about as fast as DD MAU,
as its code does more in each (numpy, fewer objects made), so the ratio of counts is not the ratio
of speeds bench/engine.py reports. valgrind is a bench-only extra (Debian's `valgrind`).

    .venv/bin/python bench/engine_instructions.py [--games 4] [--variants ddmau,mau] [--uno]

About 3 minutes for DD MAU at the default 4 games (its games are the longest, about 5,600 actions
each), under a minute for each other game.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import re
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from callgrind import counted, require_valgrind
from engine import VARIANTS, random_games, rlcard_uno, variant_games  # bench/engine.py

ACTIONS = re.compile(r"^actions (\d+)$", re.MULTILINE)
UNO = "uno"


def games_of(name: str) -> Iterator[int]:
    """The seeded series of games `name` plays in bench/engine.py: each game's number of actions."""
    if name == UNO:
        uno = rlcard_uno()
        if isinstance(uno, str):
            raise SystemExit(uno)
        return uno[0]
    return random_games(dicts=True) if name == "ddmau" else variant_games(name, dicts=True)


def counted_games(name: str, games: int) -> tuple[int, int]:
    """Instructions and actions of one inner run (`games` games of `name`) under callgrind."""
    return counted([__file__, "--inner", name, "--games", str(games)], ACTIONS)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=4, help="N: games of each (UNO: 40 times as many, as short)")
    parser.add_argument("--variants", default=",".join(("ddmau", *VARIANTS)), help="comma-separated games")
    parser.add_argument("--uno", action="store_true", help="rlcard's UNO too, for scale")
    parser.add_argument("--inner", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.inner:
        series = games_of(options.inner)  # built first: what building it costs is start-up
        # a collection of the cyclic collector costs millions of instructions, and a change of a few
        # objects can move one into or out of a run and blur two commits' difference
        gc.collect()
        gc.disable()
        print(f"actions {sum(itertools.islice(series, options.games))}")
        return 0
    require_valgrind()
    names = [name for name in options.variants.split(",") if name]
    if options.uno:
        names.append(UNO)
    print("instructions an action, random play on dicts (valgrind callgrind, PYTHONHASHSEED=0, games N and 2N):")
    for name in names:
        games = options.games * 40 if name == UNO else options.games
        first, first_actions = counted_games(name, games)
        both, both_actions = counted_games(name, 2 * games)
        actions = both_actions - first_actions
        per_action = (both - first) / actions
        print(f"  {name:<10} {per_action:>10,.0f}   ({actions:,} actions in games {games + 1}-{2 * games})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
