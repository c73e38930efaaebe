"""The least a live move can cost on this stack: daphne, Channels' Redis layer and (optionally) one
locked PostgreSQL write, with no game in it. For bench/floor.py only.

A table's sockets join its group. A move frame `{"seq": n}` from one of them is first stored, with
FLOOR_DB set, under the table's row lock (lock the row, check the seq, write the move's row and the
new position in one statement, commit): `thread` through Django's connection in a pool thread, as
the site's ORM work runs; `async` with psycopg's async pool in the event loop, no thread; `batch`
with the moves of all the process's tables that arrive during a commit in the next (`BATCH_SQL`,
what a server that holds its tables in memory would write). Then one
message goes to the group, and every socket of the table sends its page a frame of the size of a
real patch (FLOOR_PUSH_BYTES), JSON-encoded as the site's consumer does. Nothing is rendered, no
engine runs, no session or user is read: whatever the site does per move on top of this is its own
cost, and whatever this costs, no code of the site can save.
"""

from __future__ import annotations

import asyncio
import json
import os
from typing import Any

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from channels.routing import ProtocolTypeRouter, URLRouter
from django.db import connection, transaction
from django.urls import path

import ddmau_site.asgi  # noqa: F401  (the site's entry point: Django set up, its garbage collector's settings)

# "", "thread" (the ORM's way), "async" (psycopg in the event loop), "batch" (many tables' moves a commit)
STORE = os.environ.get("FLOOR_DB", "")
PUSH = "x" * int(os.environ.get("FLOOR_PUSH_BYTES", "6000"))
POSITION = json.dumps({"filler": "y" * int(os.environ.get("FLOOR_POSITION_BYTES", "2000"))})
TABLES, MOVES = "bench_floor_table", "bench_floor_move"


class Stale(Exception):
    pass


LOCK_SQL = f"SELECT seq FROM {TABLES} WHERE id = %s FOR UPDATE"
WRITE_SQL = (
    f"WITH inserted AS (INSERT INTO {MOVES} (table_id, seq, action) VALUES (%s, %s, %s) RETURNING id) "
    f"UPDATE {TABLES} SET seq = %s, position = %s WHERE id = %s RETURNING (SELECT id FROM inserted)"
)


def store(table: int, seq: int) -> None:
    """The minimum a correct server writes per move: under the row lock, the seq checked, the move
    and the new position stored together, committed before anyone is told."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(LOCK_SQL, [table])
        row = cursor.fetchone()
        if row is None or row[0] != seq - 1:
            raise Stale
        cursor.execute(WRITE_SQL, [table, seq, '{"act": "play"}', seq, POSITION, table])


_pool: Any = None


async def pool() -> Any:
    global _pool
    if _pool is None:
        from psycopg_pool import AsyncConnectionPool

        _pool = AsyncConnectionPool(os.environ["DATABASE_URL"], min_size=4, max_size=20, open=False)
        await _pool.open()
    return _pool


async def store_async(table: int, seq: int) -> None:
    """`store` without leaving the event loop: psycopg's own async connection pool, no thread, no ORM."""
    async with (await pool()).connection() as conn, conn.transaction():
        row = await (await conn.execute(LOCK_SQL, [table])).fetchone()
        if row is None or row[0] != seq - 1:
            raise Stale
        await conn.execute(WRITE_SQL, [table, seq, '{"act": "play"}', seq, POSITION, table])


# The other shape of server (README, "Live capacity"): a process that owns its live tables checks
# each move against the position it holds, so the database only has to keep what was played. The
# moves of all its tables that arrive while one commit is under way go in the next: one statement
# and one commit for the batch, each table's write still conditional on the seq it was played on.
BATCH_SQL = (
    f"WITH moved AS (UPDATE {TABLES} AS t SET seq = u.seq, position = u.position"
    f" FROM unnest(%s::int[], %s::int[], %s::jsonb[]) AS u(id, seq, position)"
    f" WHERE t.id = u.id AND t.seq = u.seq - 1 RETURNING t.id, t.seq)"
    f" INSERT INTO {MOVES} (table_id, seq, action) SELECT id, seq, %s FROM moved RETURNING table_id"
)
_waiting: list[tuple[int, int, Any]] = []
_flushing = False


async def store_batched(table: int, seq: int) -> None:
    global _flushing
    done = asyncio.get_running_loop().create_future()
    _waiting.append((table, seq, done))
    if not _flushing:
        _flushing = True
        asyncio.get_running_loop().create_task(_flush())
    if not await done:
        raise Stale


async def _flush() -> None:
    global _flushing
    try:
        while _waiting:
            batch = _waiting[:]
            del _waiting[:]
            try:
                async with (await pool()).connection() as conn, conn.transaction():
                    tables, seqs = [t for t, _, _ in batch], [s for _, s, _ in batch]
                    cursor = await conn.execute(BATCH_SQL, [tables, seqs, [POSITION] * len(batch), '{"act": "play"}'])
                    stored = {row[0] for row in await cursor.fetchall()}
            except Exception as failure:  # every move of the batch hears of it, none waits for ever
                for _, _, done in batch:
                    done.set_exception(failure)
                continue
            for table, _, done in batch:
                done.set_result(table in stored)
    finally:
        _flushing = False


class FloorConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    async def dispatch(self, message: dict[str, Any]) -> None:
        # as games.consumers: no hop to the thread-sensitive thread before every message
        await getattr(self, get_handler_name(message))(message)

    async def connect(self) -> None:
        self.table = int(self.scope["url_route"]["kwargs"]["table"])
        self.group = f"floor-{self.table}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        seq = int(content["seq"])
        if STORE:
            try:
                if STORE == "async":
                    await store_async(self.table, seq)
                elif STORE == "batch":
                    await store_batched(self.table, seq)
                else:  # a pool thread, as games.consumers runs the ORM (in_thread)
                    await database_sync_to_async(store, thread_sensitive=False)(self.table, seq)
            except Stale:
                await self.send_json({"type": "refused", "seq": seq})
                return
        await self.channel_layer.group_send(self.group, {"type": "floor.moved", "seq": seq})

    async def floor_moved(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "patch", "seq": event["seq"], "html": PUSH})


application = ProtocolTypeRouter({"websocket": URLRouter([path("ws/floor/<int:table>/", FloorConsumer.as_asgi())])})
