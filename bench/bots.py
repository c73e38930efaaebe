"""Tables of bots only, played to the end through Celery on Redis and PostgreSQL.

A real `celery worker` subprocess plays every bot move: each move commits, and its commit queues
the task that plans (and, with no bot delay, plays) the next one, exactly as on the site. Prints
moves per second over all tables, and the delay from a bot's turn starting (the commit of the move
that made it the bot's turn, or of the start) to the bot's move being committed, p50 and p99, less
the configured human-like bot delay (zero here unless --delay).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/ddmau_h8 REDIS_URL=redis://127.0.0.1:6379/8 \\
        .venv/bin/python bench/bots.py --tables 8 --seats 4 --target 150 --concurrency 2

Move times come from `Move.created` (set when the row is written, just before its commit); the
start of the first turn is `Game.started`. Runs stop after --seconds (default 100) either way.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ddmau_site.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402

from ddmau_site.celery import app  # noqa: E402
from games import actions  # noqa: E402
from games.models import Game, Move, Seat  # noqa: E402


def start_worker(concurrency: int, delay: float) -> subprocess.Popen[bytes]:
    env = dict(os.environ, DDMAU_BOT_DELAY_SECONDS=str(delay), LOG_LEVEL="WARNING", PYTHONUNBUFFERED="1")
    pool = ["--pool=solo"] if concurrency == 1 else ["--pool=prefork", f"--concurrency={concurrency}"]
    command = [sys.executable, "-m", "celery", "-A", "ddmau_site", "worker", *pool, "--loglevel=WARNING"]
    log = open(Path(os.environ.get("TMPDIR", "/tmp")) / "ddmau-bench-bots-worker.log", "wb")  # noqa: SIM115
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while not app.control.ping(timeout=0.5):
        if process.poll() is not None or time.monotonic() > deadline:
            raise SystemExit("the celery worker did not start")
    return process


def stop(worker: subprocess.Popen[bytes]) -> None:
    """Warm shutdown (finish the task at hand), then drop whatever is still queued."""
    worker.terminate()
    with contextlib.suppress(subprocess.TimeoutExpired):
        worker.wait(timeout=60)
    worker.kill()  # nothing happens if it has ended
    worker.wait()
    app.control.purge()


def make_tables(count: int, seats: int, target: int, bot: str) -> list[int]:
    creator, _ = get_user_model().objects.get_or_create(username="bench-bots")
    rules = {"target": target, "net_low": max(2, target - 5), "net_reset": max(1, target // 2)}
    games = []
    for _ in range(count):
        game = actions.do_create_game(
            creator, seat_count=seats, move_seconds=86400, bots=seats - 1, bot_level=bot, rules=rules
        )
        Seat.objects.filter(game=game, index=0).update(user=None)  # bots in every seat
        games.append(game.pk)
    return games


def turn_delays(game_ids: list[int]) -> list[float]:
    """Seconds from the commit that started each bot move's turn to the move's own commit."""
    delays = []
    for game in Game.objects.filter(pk__in=game_ids).exclude(started=None):
        previous: datetime | None = game.started
        for created in Move.objects.filter(game=game).order_by("seq").values_list("created", flat=True):
            assert previous is not None
            delays.append((created - previous).total_seconds())
            previous = created
    return delays


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--target", type=int, default=150, help="points that end a game (R31; 505 by the rules)")
    parser.add_argument("--bot", default="greedy", choices=[choice.value for choice in Seat.Bot])
    parser.add_argument("--concurrency", type=int, default=2, help="worker processes (1: the solo pool)")
    parser.add_argument("--delay", type=float, default=0.0, help="the human-like bot delay, seconds")
    parser.add_argument("--seconds", type=float, default=100.0, help="stop waiting after this long")
    args = parser.parse_args()

    call_command("migrate", verbosity=0)
    app.control.purge()
    worker = start_worker(args.concurrency, args.delay)
    try:
        game_ids = make_tables(args.tables, args.seats, args.target, args.bot)
        creator = get_user_model().objects.get(username="bench-bots")
        began = time.monotonic()
        for game_id in game_ids:
            actions.do_start(game_id, creator, fill_with_bots=True, bot_level=args.bot)
        playing = Game.objects.filter(pk__in=game_ids, status=Game.Status.PLAYING)
        while playing.exists() and time.monotonic() - began < args.seconds:
            time.sleep(0.2)
        elapsed = time.monotonic() - began
    finally:
        stop(worker)

    finished = Game.objects.filter(pk__in=game_ids, status=Game.Status.FINISHED).count()
    moves = Move.objects.filter(game_id__in=game_ids).count()
    delays_ms = [max(0.0, delay - args.delay) * 1000 for delay in turn_delays(game_ids)]
    print(f"{args.tables} tables of {args.seats} {args.bot} bots, target {args.target}, worker pool {args.concurrency}")
    print(f"finished {finished}/{args.tables} in {elapsed:.1f} s; {moves} moves, {moves / elapsed:.0f} moves/s")
    if delays_ms:
        print(
            f"turn start -> move committed, less the {args.delay:g} s bot delay: "
            f"p50 {statistics.median(delays_ms):.1f} ms, p99 {percentile(delays_ms, 0.99):.1f} ms "
            f"(mean {statistics.fmean(delays_ms):.1f} ms over {len(delays_ms)} moves)"
        )


if __name__ == "__main__":
    main()
