"""A move and a viewer's push counted in instructions (valgrind): figures that do not drift with the machine.

On a shared machine the CPU time of the same work varies by 10-20% from one run to the next, more
than most changes to the push path are worth. The instructions it executes vary far less (see
bench/README.md for how much), so two commits compare to about a percent: run both at once, from
two checkouts (`git worktree add`), as valgrind's counts do not depend on the machine's load.

This script runs its own inner part under valgrind's callgrind four times: N and 2N rounds of moves
on four 4-seat tables, each once without and once with every player's patch after each move
(`table_state` and `render_table_patch`, what the table socket does per viewer). The differences
leave out start-up and first renders (templates compiled, caches filled) and give the steady cost:

- a move: the scripted players' choices (the engine's legal actions), the four tables' moves written
  in one batch (`do_moves`, as the table sockets' writer takes the moves of a moment), and one read
  of each table's log, per move;
- a viewer's push: one player's table state and patch, per push.

Every run plays the same games: the deals are fixed (each table's seed is set before it starts) and
PYTHONHASHSEED is 0. Instructions are not time (a cache miss costs many), so read them beside
bench/live.py's CPU figures. valgrind is a bench-only extra (Debian's `valgrind`). The users and
tables made are removed at the end. Takes about 5 minutes at the default 10 rounds.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/ddmau_bench REDIS_URL=redis://127.0.0.1:6379/5 \\
        .venv/bin/python bench/instructions.py [--rounds 10]
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import sys
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("DDMAU_HAND_BREAK_SECONDS", "0")  # a hand's end goes straight on to the next

from callgrind import counted, require_valgrind
from live import SEATS, choose, remove_data, started_table  # before any Django import: it sets Django up

from ddmau_site.celery import app as celery_app
from games import actions
from games.rendering import render_table_patch
from games.table_state import load_log, load_seats, table_state

TABLES = 4
MOVES = re.compile(r"^moves (\d+)$", re.MULTILINE)


def play(rounds: int, push: bool, prefix: str) -> int:
    """`rounds` moves on each table (fewer where a game ends), with every player's patch after each
    move if `push`; the number of moves made."""
    tables = []
    for number in range(TABLES):
        game, people = started_table(f"{prefix}{number}-", seed=f"bench/instructions/{number}")
        tables.append((game, people, load_seats(game)))
    # The cyclic collector runs when enough objects were made, so a change of a few bytes can move a
    # collection (millions of instructions) into or out of a run and blur the difference between two
    # commits. Its cost is bench/live.py's to show (its line of the servers' collections).
    gc.collect()
    gc.disable()
    moves = 0
    for _ in range(rounds):
        requests, bases = [], []
        for game, people, _ in tables:
            position = game.dealt_position()
            if not position.get("over"):
                seat = position["turn"]
                requests.append(actions.MoveRequest(game.pk, people[seat], choose(position, seat), game.seq))
                bases.append(game.seq)
        # the four tables' moves in one batch, as the table sockets' writer takes the moves of a moment
        for result, base in zip(actions.do_moves(requests), bases, strict=True):
            if not isinstance(result, actions.MoveResult) or not result.ok:
                continue
            game = result.game
            number = next(number for number, table in enumerate(tables) if table[0].pk == game.pk)
            people, seats = tables[number][1], tables[number][2]
            tables[number] = (game, people, seats)
            moves += 1
            log = load_log(game)  # a socket keeps the log from the group messages: not the push's cost
            if push:
                for viewer in people:
                    render_table_patch(table_state(game, viewer, seats=seats, log=log), base)
    return moves


def counted_run(rounds: int, push: bool, prefix: str) -> tuple[int, int]:
    """Instructions and moves of one inner run under callgrind."""
    arguments = [__file__, "--inner", "--rounds", str(rounds), "--prefix", prefix]
    if push:
        arguments.append("--push")
    return counted(arguments, MOVES)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=10, help="N: rounds of moves of the shorter runs")
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--push", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--prefix", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.inner:
        celery_app.conf.task_default_queue = f"{options.prefix}turns"  # removed by the outer run
        print(f"moves {play(options.rounds, options.push, options.prefix)}")
        return 0
    require_valgrind()
    prefix = f"bench-{uuid.uuid4().hex[:6]}-"
    figures: dict[tuple[int, bool], tuple[int, int]] = {}
    runs = {
        (rounds, push): f"{prefix}{rounds}{'p' if push else 'm'}-"
        for rounds in (options.rounds, 2 * options.rounds)
        for push in (False, True)
    }
    try:
        for (rounds, push), run in runs.items():
            figures[rounds, push] = counted_run(rounds, push, run)
            instructions, moves = figures[rounds, push]
            print(
                f"  {rounds} rounds, {'with' if push else 'without'} pushes:"
                f" {instructions:,} instructions, {moves} moves",
                flush=True,
            )
    finally:
        for run in runs.values():
            remove_data(run, [], f"{run}turns")
    short, long = options.rounds, 2 * options.rounds
    moves = figures[long, False][1] - figures[short, False][1]
    if (
        moves <= 0
        or figures[long, True][1] != figures[long, False][1]
        or figures[short, True][1] != figures[short, False][1]
    ):
        raise SystemExit("the runs did not play the same moves: no steady figure to give")
    per_move = (figures[long, False][0] - figures[short, False][0]) / moves
    pushes = moves * SEATS
    per_push = (
        (figures[long, True][0] - figures[long, False][0]) - (figures[short, True][0] - figures[short, False][0])
    ) / pushes
    print(
        f"instructions (valgrind callgrind), {TABLES} tables of {SEATS}, {short} and {long} rounds, PYTHONHASHSEED=0:"
    )
    print(f"  a move (in a batch of {TABLES}, do_moves): {per_move / 1e6:.2f} M   ({moves} moves)")
    print(f"  a viewer's push (table state and patch):   {per_push / 1e6:.2f} M   ({pushes} pushes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
