"""Live tables under load: N concurrent 4-player tables of scripted players over real WebSockets.

daphne serves the site against PostgreSQL and Redis (settings from DATABASE_URL and REDIS_URL).
Every player holds a table socket; the player to act sends its move and the benchmark times how
long the push takes to reach the three other seats. Two ways of sending a move, run one after the
other on the same tables (--mode):

  post    POST to the move endpoint, as htmx does (the figure the issue asks for):
          latency = POST sent -> push received at each other seat
  socket  {"type": "move"} over the player's own table socket, which static/js/table.js prefers
          while its socket is open: latency = move sent -> push received at each other seat

Scripted players follow the engine on a local copy of each position (the engine is deterministic),
so choosing moves costs the server nothing. A table waits --think seconds between moves: the load
is about tables / (think + latency) moves per second. For each mode it prints the tables, moves,
moves/s, latency p50/p99, SQL queries per move counted inside the server (bench/counting_asgi.py),
the CPU seconds used by the server and by this client, and the load average at start and end (the
machine is shared: read the figures beside it), then the CPU a move costs daphne, this client,
PostgreSQL and Redis (all of their processes, when they run on this machine; with --compare-bgio beside
what a move costs boardgame.io's server and bench: two cores give each system a budget of CPU a
move, and this shows how each spends it). The first --warmup seconds of play are not counted
(a fresh server fills its connection pool and caches). daphne runs with Django's psycopg connection
pool unless --no-pool. The bench stops its daphne processes on exit (even when it is killed) and
removes the users, tables and sessions it created, and the turn tasks its moves queued, unless --keep.
A whole run takes about a minute at 100 tables.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/ddmau_h5 REDIS_URL=redis://127.0.0.1:6379/5 \\
        .venv/bin/python bench/live.py --tables 100 --seconds 20 --think 2
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import re
import resource
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from functools import partial
from importlib import import_module
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ddmau_site.settings")

import django  # noqa: E402

django.setup()

import redis  # noqa: E402
from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.contrib.sessions.backends.base import SessionBase  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from websockets.asyncio.client import ClientConnection, connect  # noqa: E402

from accounts.models import Profile  # noqa: E402
from ddmau_site import services  # noqa: E402
from ddmau_site.celery import app as celery_app  # noqa: E402
from games import actions, engine  # noqa: E402
from games.models import Game, Move, Seat, seed_digest  # noqa: E402
from games.rendering import render_table_fragment  # noqa: E402
from games.table_state import load_log, table_state  # noqa: E402

SEATS = 4
# What bench/counting_asgi.py counts of the servers' garbage collections.
GC_KEYS = ("gc_collections", "gc_full", "gc_over_10ms", "gc_microseconds", "gc_cpu_microseconds")
MODES = ("post", "socket")
CSRF = secrets.token_hex(16)  # a 32-character secret: Django accepts it unmasked in the header
# The consumer's messages start {"type": ..., "seq": n, ...}: reading that much spares this client a
# full JSON parse of every fragment, so its own CPU use disturbs the timings less. The site writes
# its frames compact (ddmau_site/json_text.py); the spaces of Python's json module are read too.
HEAD = re.compile(r'^\{"type": ?"(\w+)", ?"seq": ?(\d+)')


@dataclass
class Player:
    seat: int
    cookie: str
    server: int  # which daphne this player's connections go to
    socket: ClientConnection | None = None
    arrivals: dict[int, float] = field(default_factory=dict)  # seq -> when its push arrived
    refusals: int = 0
    arrived: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass
class Table:
    game_id: int
    position: dict[str, Any]
    players: list[Player]
    seq: int = 0
    stopped: bool = False


@dataclass
class Results:
    latencies: list[float] = field(default_factory=list)  # move sent -> push received, per other seat
    answers: list[float] = field(default_factory=list)  # POST round trip (post mode)
    refusals: int = 0
    lost: int = 0  # pushes that did not arrive within the timeout
    moves: int = 0


@dataclass
class Server:
    process: subprocess.Popen[bytes]
    base: str  # http://127.0.0.1:port


# --- setting up --------------------------------------------------------------------------------


def session_cookie(user: Any) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


def started_table(names: str, seed: str | None = None) -> tuple[Game, list[Any]]:
    """A started table of SEATS new players named `names`0, `names`1, ...; `seed`: a fixed deal
    instead of a secret one (set before the start deals)."""
    users = get_user_model()
    people = [users.objects.create_user(f"{names}{seat}") for seat in range(SEATS)]
    game = actions.do_create_game(people[0], seat_count=SEATS, move_seconds=300)
    if seed is not None:
        Game.objects.filter(pk=game.pk).update(seed=seed, seed_hash=seed_digest(seed))
    for person in people[1:]:
        actions.do_join(game.pk, person)
    return actions.do_start(game.pk, people[0]), people


def make_tables(count: int, prefix: str, servers: int, by_table: bool = False) -> list[Table]:
    tables = []
    for number in range(count):
        game, people = started_table(f"{prefix}{number}-")
        # Connections spread over the servers as a balancer would; one client keeps to one server. With
        # --by-table all sockets of a table go to one server, as a proxy hashing the table's address does.
        players = [
            Player(seat, session_cookie(person), (number if by_table else number * SEATS + seat) % servers)
            for seat, person in enumerate(people)
        ]
        assert game.position is not None
        tables.append(Table(game.pk, game.position, players))
    return tables


def vacuum_and_analyze() -> None:
    """VACUUM ANALYZE the tables the bench writes (PostgreSQL only). A server whose autovacuum is off
    (seen on the machines this was measured on) never learns how many users and seats there are, and
    read a move's seats by scanning every user; its tables also fill with the dead rows of every
    earlier run. Vacuumed and analyzed, the plans are those a server with autovacuum on would use."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute("SHOW autovacuum")
        (autovacuum,) = cursor.fetchone()
        for model in (get_user_model(), Profile, Game, Seat, Move):
            cursor.execute(f"VACUUM ANALYZE {connection.ops.quote_name(model._meta.db_table)}")
    if autovacuum != "on":
        print("autovacuum is off on this PostgreSQL server: the bench vacuumed and analyzed its tables")


def remove_data(prefix: str, tables: list[Table], queue: str) -> None:
    """The bench's users, tables, sessions, and the turn tasks its moves queued (bench/counting_asgi.py)."""
    broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    broker.delete(queue, f"_kombu.binding.{queue}", f"_kombu.binding_permanent.{queue}")
    broker.close()
    sessions = import_module(settings.SESSION_ENGINE)
    for table in tables:
        for player in table.players:
            store: SessionBase = sessions.SessionStore(session_key=player.cookie)
            store.delete()
    Game.objects.filter(creator__username__startswith=prefix).delete()
    get_user_model().objects.filter(username__startswith=prefix).delete()


def start_daphne(port: int, options: argparse.Namespace, index: int) -> subprocess.Popen[bytes]:
    env = dict(
        os.environ,
        DB_CONN_MAX_AGE=str(options.conn_max_age),
        DB_POOL="1" if options.pool else "0",
        DDMAU_BENCH_QUEUE=options.queue,
        PYTHONUNBUFFERED="1",
        LOG_LEVEL="WARNING",
        # The closed loop measures the server, not the pause a live table takes between hands.
        DDMAU_HAND_BREAK_SECONDS="0",
    )
    command = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "bench.counting_asgi:application"]
    if options.profile:
        command[1:1] = [
            "-m",
            "cProfile",
            "-o",
            f"{options.profile}.{index}" if options.servers > 1 else options.profile,
        ]
    log = Path(tempfile.gettempdir()) / f"ddmau-bench-daphne-{port}.log"
    print(f"daphne {index}: port {port}, log {log}")
    with log.open("wb") as output:  # the child keeps its own copy of the file descriptor
        return subprocess.Popen(
            command, cwd=ROOT, env=env, stderr=subprocess.STDOUT, stdout=output, preexec_fn=services.die_with_parent
        )


def start_servers(options: argparse.Namespace) -> list[Server]:
    servers = []
    for index in range(options.servers):
        port = services.free_port()
        servers.append(Server(start_daphne(port, options, index), f"http://127.0.0.1:{port}"))
    deadline = time.monotonic() + 30
    for server in servers:
        port = urlsplit(server.base).port or 80
        while not services.answers("127.0.0.1", port, timeout=0.2):
            if server.process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("daphne did not start")
            time.sleep(0.1)
    return servers


def stop_servers(servers: list[Server]) -> None:
    for server in servers:
        if server.process.poll() is None:
            server.process.send_signal(signal.SIGINT)  # lets daphne stop cleanly (and cProfile write its file)
    for server in servers:
        try:
            server.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.process.kill()
            server.process.wait()


def _stat_fields(pid: int | str) -> list[str]:
    """The fields of /proc/<pid>/stat after the process's name (the name may hold spaces)."""
    return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()


def _name(pid: int | str) -> str | None:
    """The process's name, or None once it has ended."""
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return None


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (all its threads)."""
    fields = _stat_fields(pid)
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def service_cpu_seconds(name: str) -> float | None:
    """User + system CPU time so far of every process on this machine called `name` ("postgres",
    "redis-server"), those that ended included (the first of them holds their time); None when none
    runs here. PostgreSQL's background processes (the WAL writer, the checkpointer, autovacuum) count
    too: they work for the moves."""
    total, found = 0, False
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or _name(entry.name) != name:
            continue
        try:
            fields = _stat_fields(entry.name)
        except OSError:  # the process ended meanwhile
            continue
        found = True
        total += int(fields[11]) + int(fields[12])
        if _name(fields[1]) != name:  # the first of them: the time of its children that ended
            total += int(fields[13]) + int(fields[14])
    return total / os.sysconf("SC_CLK_TCK") if found else None


SERVICES = {"postgres": "PostgreSQL", "redis-server": "Redis"}  # process name -> what the bench calls it


def services_cpu_seconds() -> dict[str, float | None]:
    """`service_cpu_seconds` of each of SERVICES, by process name."""
    return {name: service_cpu_seconds(name) for name in SERVICES}


def cpu_a_move(
    server_seconds: float, client_seconds: float, services_before: dict[str, float | None], moves: int
) -> dict[str, float]:
    """Milliseconds of CPU a move: the servers', this client's, and each service's since
    `services_before` (`services_cpu_seconds()` then) when it runs on this machine."""
    seconds = {"daphne": server_seconds, "this client": client_seconds}
    for name, after in services_cpu_seconds().items():
        before = services_before[name]
        if before is not None and after is not None:  # the service runs here: all of its processes
            seconds[SERVICES[name]] = after - before
    return {name: spent / max(moves, 1) * 1000 for name, spent in seconds.items()}


def load_text() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


# --- HTTP, by hand: one keep-alive connection per player --------------------------------------


class Http:
    def __init__(self, base: str, cookie: str) -> None:
        parts = urlsplit(base)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.cookie = f"{settings.SESSION_COOKIE_NAME}={cookie}; {settings.CSRF_COOKIE_NAME}={CSRF}"
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: bytes = b"") -> tuple[int, bytes]:
        if self.writer is None or self.writer.is_closing():
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\nCookie: {self.cookie}\r\n"
            f"X-CSRFToken: {CSRF}\r\nHX-Request: true\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            f"Content-Length: {len(body)}\r\n\r\n"
        )
        self.writer.write(head.encode() + body)
        await self.writer.drain()
        status_line = await self.reader.readline()
        headers: dict[str, str] = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            headers[name.strip().lower()] = value.strip()
        if "content-length" in headers:
            payload = await self.reader.readexactly(int(headers["content-length"]))
        else:  # chunked
            payload = b""
            while size := int((await self.reader.readline()).strip(), 16):
                payload += await self.reader.readexactly(size)
                await self.reader.readline()
            await self.reader.readline()
        if headers.get("connection", "").lower() == "close":
            self.writer.close()
        return int(status_line.split()[1]), payload

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


# --- playing -----------------------------------------------------------------------------------


def choose(position: dict[str, Any], seat: int) -> dict[str, Any]:
    """The longest legal play, else draw, take or pass: games move along and hands change."""
    options = engine.legal_actions(position, seat)
    plays = [action for action in options if action["act"] == "play"]
    if plays:
        return max(plays, key=lambda action: len(action["cards"]))
    for act in ("draw", "take", "pass", "block"):
        for action in options:
            if action["act"] == act:
                return action
    return options[0]


def message_head(raw: str | bytes) -> tuple[str, int]:
    text = raw if isinstance(raw, str) else raw.decode()
    match = HEAD.match(text)
    if match:
        return match.group(1), int(match.group(2))
    message = json.loads(text)
    return str(message.get("type")), int(message.get("seq") or 0)


async def listen(player: Player) -> None:
    assert player.socket is not None
    async for raw in player.socket:
        arrived = time.perf_counter()
        kind, seq = message_head(raw)
        if kind in ("table", "patch"):  # a patch: what changed since the table sent before
            player.arrivals.setdefault(seq, arrived)
        elif kind == "refused":
            player.refusals += 1
        player.arrived.set()


async def wait_for(player: Player, seq: int, timeout: float) -> float | None:
    """When the push of `seq` (or a later one, which shows it too) reached the player."""
    deadline = time.perf_counter() + timeout
    while max(player.arrivals, default=-1) < seq:
        player.arrived.clear()
        try:
            await asyncio.wait_for(player.arrived.wait(), deadline - time.perf_counter())
        except TimeoutError:
            return None
    return player.arrivals.get(seq) or min(t for s, t in player.arrivals.items() if s >= seq)


async def send_move(
    table: Table, mover: Player, action: dict[str, Any], mode: str, http: Http, results: Results
) -> bool:
    """Send one move; True if the server took it (the pushes are awaited by the caller)."""
    move_id = uuid.uuid4().hex
    if mode == "socket":
        assert mover.socket is not None
        message = {"type": "move", "action": action, "expected_seq": table.seq, "client_move_id": move_id}
        await mover.socket.send(json.dumps(message))
        return True
    body = urlencode({"action": json.dumps(action), "expected_seq": table.seq, "client_move_id": move_id}).encode()
    sent = time.perf_counter()
    status, answer = await http.request("POST", f"/games/{table.game_id}/move/", body)
    results.answers.append(time.perf_counter() - sent)
    if status != 200:
        results.refusals += 1
        print(f"refused: HTTP {status}: {answer[:300]!r}")
        return False
    return True


async def run_table(table: Table, mode: str, bases: list[str], stop_at: float, think: float, results: Results) -> None:
    https = {player.seat: Http(bases[player.server], player.cookie) for player in table.players}
    try:
        spread = secrets.randbelow(1000) / 1000 * think  # the tables' moves spread out in time
        await asyncio.sleep(min(spread, stop_at - time.perf_counter()))
        while time.perf_counter() < stop_at and not table.stopped and not table.position.get("over"):
            seat = table.position["turn"]
            mover = table.players[seat]
            action = choose(table.position, seat)
            refusals = mover.refusals
            sent = time.perf_counter()
            if not await send_move(table, mover, action, mode, https[seat], results):
                table.stopped = True
                return
            table.position = engine.apply(table.position, action)
            table.seq += 1
            for player in table.players:
                if player.seat != seat:
                    arrived = await wait_for(player, table.seq, timeout=10)
                    if arrived is None:
                        results.lost += 1
                    else:
                        results.latencies.append(arrived - sent)
            if mover.refusals > refusals:  # a socket move the server refused: the table's state is unknown
                results.refusals += 1
                table.stopped = True
                return
            results.moves += 1
            await asyncio.sleep(think)
    finally:
        for http in https.values():
            http.close()


async def connect_all(tables: list[Table], bases: list[str]) -> list[asyncio.Task[None]]:
    listeners = []
    for table in tables:
        for player in table.players:
            base = bases[player.server]
            player.socket = await connect(
                f"{base.replace('http://', 'ws://')}/ws/games/{table.game_id}/",
                additional_headers={"Cookie": f"{settings.SESSION_COOKIE_NAME}={player.cookie}"},
                origin=base,  # type: ignore[arg-type]
                max_size=None,
            )
            listeners.append(asyncio.create_task(listen(player)))
    for table in tables:
        for player in table.players:
            if await wait_for(player, 0, timeout=30) is None:
                raise SystemExit(f"table {table.game_id}: seat {player.seat} got no first push")
    return listeners


async def query_counts(bases: list[str]) -> dict[str, int]:
    """Queries counted so far, summed over the servers, by cause (http, websocket)."""
    total: dict[str, int] = {}
    for base in bases:
        http = Http(base, "")
        status, body = await http.request("GET", "/__bench__/queries")
        http.close()
        for key, value in (json.loads(body) if status == 200 else {}).items():
            total[key] = total.get(key, 0) + value
    return total


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def milliseconds(values: list[float]) -> str:
    return f"p50 {percentile(values, 0.5) * 1000:.1f} ms, p99 {percentile(values, 0.99) * 1000:.1f} ms"


async def play_mode(
    mode: str, tables: list[Table], servers: list[Server], options: argparse.Namespace
) -> dict[str, float]:
    bases = [server.base for server in servers]
    load_before, queries_before = load_text(), await query_counts(bases)
    server_cpu = [cpu_seconds(server.process.pid) for server in servers]
    service_cpu = services_cpu_seconds()
    client_cpu = time.process_time()
    results = Results()
    # This client's own garbage collections (up to 100 ms with 800 sockets' arrivals on the heap)
    # would stop it reading every socket at once and count as the server's latency.
    gc.collect()
    gc.disable()
    started = time.perf_counter()
    try:
        await asyncio.gather(
            *(run_table(table, mode, bases, started + options.seconds, options.think, results) for table in tables)
        )
    finally:
        gc.enable()
    elapsed = time.perf_counter() - started
    client_cpu = time.process_time() - client_cpu
    server_cpu = [cpu_seconds(server.process.pid) - before for server, before in zip(servers, server_cpu, strict=True)]
    moves = max(results.moves, 1)
    per_move = cpu_a_move(sum(server_cpu), client_cpu, service_cpu, moves)
    queries = await query_counts(bases)
    counted = {key: queries.get(key, 0) - queries_before.get(key, 0) for key in queries}
    what = "POST -> push" if mode == "post" else "socket move -> push"
    print(f"\n[{mode}] tables {len(tables)}, think {options.think}s, ran {elapsed:.1f}s; load average {load_before}")
    print(f"[{mode}] moves {results.moves} ({results.moves / elapsed:.1f} moves/s), refused {results.refusals}")
    print(
        f"[{mode}] {what} to the other seats: {milliseconds(results.latencies)}"
        f"  ({len(results.latencies)} pushes, {results.lost} lost)"
    )
    if results.answers:
        print(f"[{mode}] POST round trip: {milliseconds(results.answers)}")
    http, socket = counted.pop("http", 0), counted.pop("websocket", 0)
    rendered, reused = counted.pop("fragments_rendered", 0), counted.pop("fragments_reused", 0)
    collections = {key: counted.pop(key, 0) for key in GC_KEYS}
    batches, batched = counted.pop("move_batches", 0), counted.pop("batched_moves", 0)
    print(
        f"[{mode}] SQL queries per move (server side): {(http + socket + sum(counted.values())) / moves:.1f}"
        f" ({http / moves:.1f} from HTTP, {socket / moves:.1f} from WebSockets)"
    )
    print(f"[{mode}] table fragments per move: {rendered / moves:.1f} rendered, {reused / moves:.1f} reused")
    if batches:
        print(f"[{mode}] socket moves per commit: {batched / batches:.1f} ({batches} commits)")
    print(
        f"[{mode}] server garbage collections: {collections['gc_collections']} ({collections['gc_full']} full,"
        f" {collections['gc_over_10ms']} over 10 ms), {collections['gc_microseconds'] / 1000:.0f} ms in all"
        f" ({collections['gc_cpu_microseconds'] / 1000:.0f} ms of them on the CPU)"
    )
    print(
        f"[{mode}] CPU: daphne {' + '.join(f'{cpu:.1f}' for cpu in server_cpu)} s"
        f" ({sum(server_cpu) / elapsed * 100:.0f}% of one core), this client {client_cpu:.1f} s"
        f" ({client_cpu / elapsed * 100:.0f}%); load average at the end {load_text()}"
    )
    print(f"[{mode}] CPU a move: " + ", ".join(f"{name} {ms:.2f} ms" for name, ms in per_move.items()))
    return {
        "cpu_ms_per_move": sum(per_move.values()),
        "moves_per_second": results.moves / elapsed,
        "p50_ms": percentile(results.latencies, 0.5) * 1000,
        "p99_ms": percentile(results.latencies, 0.99) * 1000,
        "lost": results.lost,
    }


async def bench(tables: list[Table], servers: list[Server], options: argparse.Namespace) -> dict[str, dict[str, float]]:
    bases = [server.base for server in servers]
    listeners = await connect_all(tables, bases)
    modes = MODES if options.mode == "both" else (options.mode,)
    try:
        if options.warmup > 0:  # a fresh server fills its connection pool, caches and templates first
            print(f"warming up: {options.warmup:g}s of {modes[0]} moves, not counted")
            stop_at = time.perf_counter() + options.warmup
            await asyncio.gather(
                *(run_table(table, modes[0], bases, stop_at, options.think, Results()) for table in tables)
            )
        figures = {}
        for mode in modes:
            await asyncio.sleep(0.5)  # the last pushes settle before the next mode counts
            figures[mode] = await play_mode(mode, tables, servers, options)
        return figures
    finally:
        for task in listeners:
            task.cancel()
        for table in tables:
            for player in table.players:
                if player.socket is not None:
                    await player.socket.close()


def anatomy(prefix: str, moves: int = 40) -> None:
    """Where one move's server time goes, measured in this process on a fresh table: wall time and this
    thread's CPU time (the wall time of do_move is mostly waiting for PostgreSQL's commit; the CPU
    time is what a busy server pays)."""
    game, people = started_table(f"{prefix}anatomy-")
    wall: dict[str, list[float]] = {"do_move": [], "table_state": [], "render": []}
    cpu: dict[str, list[float]] = {name: [] for name in wall}
    queries: list[int] = []

    def timed(name: str, work: Any, *args: Any) -> Any:
        started, used = time.perf_counter(), time.thread_time()
        result = work(*args)
        wall[name].append(time.perf_counter() - started)
        cpu[name].append(time.thread_time() - used)
        return result

    for _ in range(moves):
        position = game.dealt_position()
        if position.get("over"):
            break
        seat = position["turn"]
        with CaptureQueriesContext(connection) as captured:
            result = timed("do_move", actions.do_move, game.pk, people[seat], choose(position, seat), game.seq)
        queries.append(len(captured))
        if not result.ok:  # the hand ended: the next one waits for a break
            break
        game = result.game
        log = load_log(game)  # a socket keeps the log up to date from the group messages
        for viewer in people:
            state = timed("table_state", partial(table_state, seats=result.seats, log=log), game, viewer)
            timed("render", render_table_fragment, state)
    print(f"in-process, {len(queries)} moves: do_move runs {statistics.median(queries)} queries (max {max(queries)})")
    for label, figures in (("wall", wall), ("CPU", cpu)):
        print(
            f"  median ms {label}: "
            + ", ".join(f"{name} {statistics.median(values) * 1000:.1f}" for name, values in figures.items() if values)
            + " (table_state and render per viewer)"
        )


# --- boardgame.io, measured in the same run -----------------------------------------------------

BGIO_ANCHOR = ROOT.parent / "shared" / "anchors" / "bgio"
BGIO_MOVES = re.compile(r"(\d+) moves in ")
BGIO_LINE = re.compile(r"= (\d+) moves/s; move->next seat update p50 (\d+) ms p99 (\d+) ms")


def bgio_copy() -> Path:
    """A scratch copy of the anchor with its packages (a bench-only extra, like rlcard): var/bench-bgio."""
    if not BGIO_ANCHOR.is_dir():
        raise SystemExit(f"--compare-bgio: no boardgame.io anchor at {BGIO_ANCHOR}")
    scratch = Path(os.environ.get("DDMAU_VAR_DIR", ROOT / "var")) / "bench-bgio"
    scratch.mkdir(parents=True, exist_ok=True)
    for source in BGIO_ANCHOR.iterdir():
        if source.is_file():
            (scratch / source.name).write_bytes(source.read_bytes())
    if not (scratch / "node_modules" / "boardgame.io").is_dir():
        print(f"installing boardgame.io into {scratch} (npm install) ...", flush=True)
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--silent"], cwd=scratch, check=True)
    return scratch


def run_bgio(options: argparse.Namespace) -> dict[str, float]:
    """boardgame.io's server (in memory, socket.io) and its closed-loop bench: each seat moves as soon
    as it is its turn, as `--think 0` here. Its latency is a move to the next seat's update."""
    scratch = bgio_copy()
    log = Path(tempfile.gettempdir()) / "ddmau-bench-bgio-server.log"
    children_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with log.open("wb") as output:
        server = subprocess.Popen(
            ["node", "server.js"],
            cwd=scratch,
            stdout=output,
            stderr=subprocess.STDOUT,
            preexec_fn=services.die_with_parent,
        )
    try:
        deadline = time.monotonic() + 30
        while not (
            services.answers("127.0.0.1", 8800, timeout=0.2) and services.answers("127.0.0.1", 8810, timeout=0.2)
        ):
            if server.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"the boardgame.io server did not start (see {log})")
            time.sleep(0.2)
        seconds = str(max(1, round(options.seconds)))
        done = subprocess.run(
            ["node", "bench.js", str(options.tables), seconds], cwd=scratch, capture_output=True, text=True, timeout=600
        )
    finally:
        server.terminate()
        server.wait(timeout=10)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)  # the server and its bench, both ended
    cpu = sum(getattr(children, key) - getattr(children_before, key) for key in ("ru_utime", "ru_stime"))
    print(done.stdout.strip())
    found, counted = BGIO_LINE.search(done.stdout), BGIO_MOVES.search(done.stdout)
    if found is None or counted is None:
        raise SystemExit(f"boardgame.io's bench printed no figures: {done.stdout[-500:]} {done.stderr[-500:]}")
    moves, p50, p99 = (float(value) for value in found.groups())
    return {"moves_per_second": moves, "p50_ms": p50, "p99_ms": p99, "cpu_ms_per_move": cpu / int(counted[1]) * 1000}


def compare_with_bgio(figures: dict[str, dict[str, float]], options: argparse.Namespace) -> None:
    print(f"\nboardgame.io 0.50.2, {options.tables} matches, same machine, right after (load average {load_text()}):")
    peer = run_bgio(options)
    for mode, ours in figures.items():
        ratio = ours["moves_per_second"] / peer["moves_per_second"]
        print(
            f"[{mode}] this site {ours['moves_per_second']:.1f} moves/s (p50 {ours['p50_ms']:.0f} ms,"
            f" p99 {ours['p99_ms']:.0f} ms) vs boardgame.io {peer['moves_per_second']:.0f} moves/s"
            f" (p50 {peer['p50_ms']:.0f} ms, p99 {peer['p99_ms']:.0f} ms): ratio {ratio:.2f}"
            f" (aim >= 0.25 at --think 0)"
        )
        print(
            f"[{mode}] CPU a move: this site {ours['cpu_ms_per_move']:.2f} ms (above), boardgame.io"
            f" {peer['cpu_ms_per_move']:.2f} ms (its server and its bench, the whole run)"
        )


def parse_options() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=100, help="concurrent 4-player tables (default 100)")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long the tables play, per mode (default 20)")
    parser.add_argument("--think", type=float, default=2.0, help="seconds a table waits between its moves (default 2)")
    parser.add_argument(
        "--mode", choices=(*MODES, "both"), default="both", help="how moves are sent (default both: post, then socket)"
    )
    parser.add_argument(
        "--warmup", type=float, default=3.0, help="seconds of play before the counting starts (default 3)"
    )
    parser.add_argument(
        "--servers", type=int, default=1, help="daphne processes; the players' connections are spread over them"
    )
    parser.add_argument(
        "--no-pool", dest="pool", action="store_false", help="daphne without the connection pool (DB_POOL=0)"
    )
    parser.add_argument(
        "--by-table",
        action="store_true",
        help="all sockets of a table to one daphne process (a proxy hashing /ws/games/<id>/), not each to its own",
    )
    parser.add_argument("--conn-max-age", type=int, default=0, help="DB_CONN_MAX_AGE for daphne (default 0)")
    parser.add_argument("--profile", help="run daphne under cProfile, writing the profile to this file")
    parser.add_argument("--no-anatomy", dest="anatomy", action="store_false", help="skip the in-process timings")
    parser.add_argument("--keep", action="store_true", help="keep the users and tables the bench created")
    parser.add_argument(
        "--compare-bgio",
        action="store_true",
        help="also run boardgame.io's server and bench (../shared/anchors/bgio, npm install in var/bench-bgio) "
        "with the same tables and seconds, after this site's run, and print both figures and their ratio",
    )
    return parser.parse_args()


def stop_on_sigterm() -> None:
    """A plain `kill` ends the bench through its cleanup, like Ctrl-C."""

    def stop(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)


def main() -> int:
    options = parse_options()
    stop_on_sigterm()
    # This client plays every table's moves on its own copy of the position (choose, then apply), a
    # table at a time, round after round: the engine reads each position from its memory only if it
    # remembers as many as there are tables (the site's setting, 64, is for a round of one process's
    # moves), else it reads every one afresh, and the client's CPU is taken from the cores it measures.
    engine.remember_positions(max(64, 2 * options.tables))
    call_command("migrate", verbosity=0)
    print(f"database {settings.DATABASES['default']['NAME']}, redis {settings.REDIS_URL}, load average {load_text()}")
    prefix = f"bench-{uuid.uuid4().hex[:6]}-"
    options.queue = f"{prefix}turns"
    celery_app.conf.task_default_queue = options.queue  # the tables set up here queue turn tasks too
    tables: list[Table] = []
    servers: list[Server] = []
    try:
        if options.anatomy:
            vacuum_and_analyze()
            anatomy(prefix)
        print(f"setting up {options.tables} tables of {SEATS} players ...", flush=True)
        tables = make_tables(options.tables, prefix, options.servers, options.by_table)
        vacuum_and_analyze()
        servers = start_servers(options)
        pool = "connection pool" if options.pool else f"no pool, CONN_MAX_AGE {options.conn_max_age}"
        print(f"{options.servers} daphne process(es), {pool}, {os.cpu_count()} CPUs")
        figures = asyncio.run(bench(tables, servers, options))
        stop_servers(servers)
        if options.compare_bgio:
            compare_with_bgio(figures, options)
    except KeyboardInterrupt:
        print("interrupted")
        return 130
    finally:
        stop_servers(servers)
        if not options.keep:
            remove_data(prefix, tables, options.queue)
    return 0


if __name__ == "__main__":
    sys.exit(main())
