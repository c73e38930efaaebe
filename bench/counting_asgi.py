"""The site's ASGI app with a count of SQL queries, split by what caused them (HTTP or WebSocket).

For bench/live.py only: daphne serves `bench.counting_asgi:application`; GET /__bench__/queries
answers the counts so far as JSON, with the table fragments rendered and reused (games.rendering),
the socket moves' batches (games.move_batches) and the process's garbage collections (how many,
how many full, how many over 10 ms, their time).
"""

from __future__ import annotations

import contextvars
import gc
import json
import os
import threading
import time
from collections import Counter
from typing import Any

from django.db.backends.signals import connection_created

from ddmau_site.asgi import application as site
from ddmau_site.celery import app as celery_app
from games import move_batches
from games.rendering import fragments

# The turn tasks the bench's moves queue (games.clock) go to a queue of the bench's own, which it
# empties at the end instead of leaving them for the next worker of this broker.
if os.environ.get("DDMAU_BENCH_QUEUE"):
    celery_app.conf.task_default_queue = os.environ["DDMAU_BENCH_QUEUE"]

CAUSE: contextvars.ContextVar[str] = contextvars.ContextVar("cause", default="other")
COUNTS: Counter[str] = Counter()
LOCK = threading.Lock()


def _count(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
    with LOCK:
        COUNTS[CAUSE.get()] += 1
    return execute(sql, params, many, context)


def _install(sender: Any, connection: Any, **kwargs: Any) -> None:
    if _count not in connection.execute_wrappers:
        connection.execute_wrappers.append(_count)


connection_created.connect(_install)

# The server's garbage collections: each stops every push of the process while it runs.
GC: Counter[str] = Counter()
_gc_started = [0.0, 0.0]


def _timed_collection(phase: str, info: dict[str, Any]) -> None:
    # Wall time is what a push waits; the thread's CPU time beside it tells a slow collection from
    # one the scheduler interrupted (on shared cores the process may not run while it collects).
    if phase == "start":
        _gc_started[0], _gc_started[1] = time.perf_counter(), time.thread_time()
        return
    took = time.perf_counter() - _gc_started[0]
    GC["gc_collections"] += 1
    GC["gc_full"] += info["generation"] == 2
    GC["gc_over_10ms"] += took > 0.010
    GC["gc_microseconds"] += int(took * 1_000_000)
    GC["gc_cpu_microseconds"] += int((time.thread_time() - _gc_started[1]) * 1_000_000)


gc.callbacks.append(_timed_collection)


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] == "http" and scope["path"] == "/__bench__/queries":
        with LOCK:
            counts = {**COUNTS, **GC, "fragments_rendered": fragments.rendered, "fragments_reused": fragments.reused}
            counts["move_batches"], counts["batched_moves"] = move_batches.tally()
            body = json.dumps(counts).encode()
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"application/json")]})
        await send({"type": "http.response.body", "body": body})
        return
    CAUSE.set(scope["type"])  # copied into the threads that sync_to_async runs the ORM in
    await site(scope, receive, send)
