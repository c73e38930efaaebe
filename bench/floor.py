"""The floor of a live move on this stack: what daphne, Channels' Redis layer and PostgreSQL cost
with no game at all, beside boardgame.io in the same run.

bench/live.py measures the site. This measures the least any code on the same stack can cost, with
the same shape of load: N tables of 4 sockets, closed loop (the next seat moves as soon as the
three others have the push), two daphne processes, all sockets of a table on one of them. Per move,
bench/floor_asgi.py does only what no implementation can skip:

  transport  the move frame in, one group message through Redis, a push of the size of a real
             patch (6,000 characters, JSON-encoded) to each of the table's 4 sockets;
  db         the same, after storing the move under the table's row lock (lock the row, check the
             seq, insert the move and update the position in one statement, commit) through
             Django's connection in a pool thread, as the site's moves are stored;
  db-async   the same write with psycopg's async connection pool in the event loop: no thread;
  db-batch   the other shape of server: the moves of every table that arrive while a commit is
             under way are written by the next, one statement and one commit for them all, each
             table's write conditional on the seq its move was made on.

No engine, no rendering, no session or user lookup. So `db` bounds what the site can reach as it
is built (a locked write per move, through Django's connection in a thread): if its moves/s is below
a quarter of boardgame.io's, no work on the site's own code reaches the aim of issue 11; `db-batch`
bounds what a server holding its tables in memory could reach. It prints, per level,
moves/s, push latency and the CPU a move costs daphne, this client, PostgreSQL and Redis, then
(--compare-bgio) boardgame.io's figures and each level's ratio to them.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/ddmau_bench REDIS_URL=redis://127.0.0.1:6379/5 \\
        .venv/bin/python bench/floor.py --tables 100 --seconds 20 --compare-bgio
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import live
from django.conf import settings
from django.db import connection
from websockets.asyncio.client import connect

from ddmau_site import services

SEATS = live.SEATS  # the players of a table, as in bench/live.py
LEVELS = ("transport", "db", "db-async", "db-batch")
STORES = {"db": "thread", "db-async": "async", "db-batch": "batch"}  # FLOOR_DB of bench/floor_asgi.py
FLOOR_TABLES = "bench_floor_move, bench_floor_table"  # bench/floor_asgi.py writes them


def make_tables(count: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS {FLOOR_TABLES}")
        cursor.execute("CREATE TABLE bench_floor_table (id integer PRIMARY KEY, seq integer NOT NULL, position jsonb)")
        cursor.execute(
            "CREATE TABLE bench_floor_move (id bigserial PRIMARY KEY, table_id integer NOT NULL, seq integer NOT NULL,"
            " action jsonb NOT NULL, UNIQUE (table_id, seq))"
        )
        cursor.execute("INSERT INTO bench_floor_table SELECT n, 0, '{}' FROM generate_series(0, %s) AS n", [count - 1])
        cursor.execute("ANALYZE bench_floor_table")


def reset_tables() -> None:
    with connection.cursor() as cursor:
        cursor.execute("UPDATE bench_floor_table SET seq = 0")
        cursor.execute("TRUNCATE bench_floor_move")
        cursor.execute("VACUUM ANALYZE bench_floor_table")


def drop_tables() -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS {FLOOR_TABLES}")


def start_daphne(level: str, index: int) -> tuple[subprocess.Popen[bytes], int]:
    port = services.free_port()
    env = dict(os.environ, FLOOR_DB=STORES.get(level, ""), DB_POOL="1", PYTHONUNBUFFERED="1")
    log = Path(tempfile.gettempdir()) / f"ddmau-floor-daphne-{port}.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "bench.floor_asgi:application"],
            cwd=live.ROOT,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
            preexec_fn=services.die_with_parent,
        )
    deadline = time.monotonic() + 30
    while not services.answers("127.0.0.1", port, timeout=0.2):
        if process.poll() is not None or time.monotonic() > deadline:
            raise SystemExit(f"daphne did not start (see {log})")
        time.sleep(0.1)
    return process, port


async def run_table(players: list[live.Player], stop_at: float, results: live.Results | None) -> None:
    """The closed loop of one table: the next seat moves as soon as the three others have the push."""
    seq = max(max(player.arrivals, default=0) for player in players)
    while time.perf_counter() < stop_at:
        seq += 1
        mover = players[seq % SEATS]
        assert mover.socket is not None
        sent = time.perf_counter()
        await mover.socket.send(f'{{"seq": {seq}}}')
        for player in players:
            if player is mover:
                continue
            arrived = await live.wait_for(player, seq, timeout=10)
            if results is not None:
                if arrived is None:
                    results.lost += 1
                else:
                    results.latencies.append(arrived - sent)
        if results is not None:
            results.moves += 1


async def run_level(level: str, options: argparse.Namespace) -> dict[str, float]:
    servers = [start_daphne(level, index) for index in range(options.servers)]
    listeners: list[asyncio.Task[None]] = []
    tables: list[list[live.Player]] = []
    try:
        for number in range(options.tables):
            server = number % len(servers)
            row = [live.Player(seat, cookie="", server=server) for seat in range(SEATS)]
            for player in row:
                url = f"ws://127.0.0.1:{servers[server][1]}/ws/floor/{number}/"
                player.socket = await connect(url, max_size=None)
                listeners.append(asyncio.create_task(live.listen(player)))
            tables.append(row)
        await asyncio.sleep(0.5)  # every socket in its group before the first move
        await asyncio.gather(*(run_table(row, time.perf_counter() + options.warmup, None) for row in tables))
        daphne_before = [live.cpu_seconds(process.pid) for process, _ in servers]
        services_before = live.services_cpu_seconds()
        client_before = time.process_time()
        results = live.Results()
        gc.collect()
        gc.disable()  # as bench/live.py: this client's collections would count as the server's latency
        started = time.perf_counter()
        try:
            await asyncio.gather(*(run_table(row, started + options.seconds, results) for row in tables))
        finally:
            gc.enable()
        elapsed = time.perf_counter() - started
        daphne = sum(live.cpu_seconds(process.pid) for process, _ in servers) - sum(daphne_before)
        per_move = live.cpu_a_move(daphne, time.process_time() - client_before, services_before, results.moves)
        refused = sum(player.refusals for row in tables for player in row)
        rate = results.moves / elapsed
        print(
            f"[{level}] {options.tables} tables, {elapsed:.1f}s: {results.moves} moves ({rate:.1f} moves/s), "
            f"refused {refused}; move -> push to the other seats {live.milliseconds(results.latencies)} "
            f"({len(results.latencies)} pushes, {results.lost} lost)"
        )
        print(
            f"[{level}] CPU a move: "
            + ", ".join(f"{name} {ms:.2f} ms" for name, ms in per_move.items())
            + f" (all: {sum(per_move.values()):.2f} ms)"
        )
        return {"moves_per_second": rate, "cpu_ms_per_move": sum(per_move.values())}
    finally:
        for task in listeners:
            task.cancel()
        for row in tables:
            for player in row:
                if player.socket is not None:
                    await player.socket.close()
        for process, _ in servers:
            process.terminate()
            process.wait(timeout=10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=100, help="concurrent 4-socket tables (default 100)")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds counted per level (default 20)")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds of moves before counting (default 3)")
    parser.add_argument("--servers", type=int, default=2, help="daphne processes (default 2)")
    parser.add_argument("--levels", default=",".join(LEVELS), help=f"which of {', '.join(LEVELS)} (default all)")
    parser.add_argument("--compare-bgio", action="store_true", help="then boardgame.io, as bench/live.py runs it")
    options = parser.parse_args()
    levels = [level for level in options.levels.split(",") if level]
    if unknown := set(levels) - set(LEVELS):
        parser.error(f"unknown level(s): {', '.join(sorted(unknown))}")
    print(
        f"database {connection.settings_dict['NAME']}, redis {settings.REDIS_URL}, {os.cpu_count()} CPUs, "
        f"{options.servers} daphne process(es), load average {live.load_text()}"
    )
    figures: dict[str, dict[str, float]] = {}
    try:
        make_tables(options.tables)
        for level in levels:
            if level.startswith("db"):
                reset_tables()
            figures[level] = asyncio.run(run_level(level, options))
    finally:
        drop_tables()
    if options.compare_bgio:
        print(f"\nboardgame.io 0.50.2, {options.tables} matches, same machine, right after:")
        peer = live.run_bgio(options)
        for level, ours in figures.items():
            print(
                f"[{level}] floor {ours['moves_per_second']:.1f} moves/s vs boardgame.io "
                f"{peer['moves_per_second']:.0f}: ratio {ours['moves_per_second'] / peer['moves_per_second']:.2f}; "
                f"CPU a move {ours['cpu_ms_per_move']:.2f} ms vs {peer['cpu_ms_per_move']:.2f} ms"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
