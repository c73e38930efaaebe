"""Table sockets' moves written together: every move that came in while the last ones were being
written goes in one transaction, with the same few statements however many tables they are for.

A move written alone costs its process a hop to a pool thread, a connection from the pool, three
statements (the locked row, the seats, the write) and a commit, and PostgreSQL as much again: under
load these, not the game, bounded how many moves a process took a second. So each event loop has
one writer: a move that finds it idle is written at once; moves that arrive while it writes wait
for it and go together in its next batch (`games.actions.do_moves`), each ruled on under its
table's lock exactly as alone. Nothing is delayed on purpose: a batch is whatever arrived during
the one before (waiting 3 ms for more gathered next to nothing at 70 moves a second a process).

The group messages of a batch are sent, in the order of its commits, before any of its senders
hears back, as a lone move's were; a sender whose write failed gets its own error.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Sequence
from typing import Any

from channels.db import database_sync_to_async

from games import actions
from games.broadcast import GroupMessage, held, send_all

log = logging.getLogger(__name__)

Outcome = actions.MoveResult | Exception


class MoveWriter:
    """The writer of one event loop's socket moves."""

    def __init__(self, layer: Any) -> None:
        self.layer = layer
        self.waiting: list[tuple[actions.MoveRequest, asyncio.Future[Outcome]]] = []
        self.task: asyncio.Task[None] | None = None
        self.batches = self.moves = 0  # tally()

    async def write(self, request: actions.MoveRequest) -> actions.MoveResult:
        """`request` made, alone or with the moves that arrived beside it; its result, or its error raised."""
        future: asyncio.Future[Outcome] = asyncio.get_running_loop().create_future()
        self.waiting.append((request, future))
        if self.task is None:
            self.task = asyncio.create_task(self._write_waiting())
        outcome = await asyncio.shield(future)  # a sender that goes away leaves the batch alone
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    async def _write_waiting(self) -> None:
        try:
            while self.waiting:
                batch, self.waiting = self.waiting, []
                try:
                    await self._write_batch(batch)
                except Exception:  # a fault of this module's own: logged, and the next batch goes on
                    log.exception("A batch of table moves failed")
                finally:  # whatever went wrong, no sender is left waiting for an answer
                    for _, future in batch:
                        if not future.done():
                            future.set_exception(RuntimeError("The move could not be written."))
        finally:
            self.task = None

    async def _write_batch(self, batch: list[tuple[actions.MoveRequest, asyncio.Future[Outcome]]]) -> None:
        messages: list[GroupMessage] = []
        outcomes: Sequence[Outcome]
        try:
            outcomes = await _write_in_thread([request for request, _ in batch], messages)
        except Exception as failure:  # the thread itself failed: nobody's move is known to stand
            outcomes = [failure] * len(batch)
        self.batches += 1
        self.moves += len(batch)
        try:  # what was committed is told, whatever came after
            await send_all(self.layer, messages)
        except Exception as lost:  # the channel layer is gone: every sender's socket hears it
            outcomes = [lost] * len(batch)
        for (_, future), outcome in zip(batch, outcomes, strict=True):
            if not future.done():
                future.set_result(outcome)


def _write_held(requests: list[actions.MoveRequest], messages: list[GroupMessage]) -> list[Outcome]:
    with held(messages):
        return actions.do_moves(requests)


# In a pool thread, like the table socket's other ORM work: database_sync_to_async cleans up the
# connection around it, and thread_sensitive=False keeps it off the one thread every consumer shares.
_write_in_thread = database_sync_to_async(_write_held, thread_sensitive=False)

_writers: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, MoveWriter] = weakref.WeakKeyDictionary()


def writer(layer: Any) -> MoveWriter:
    """This event loop's writer (daphne has one loop; tests may start several, one after another)."""
    loop = asyncio.get_running_loop()
    found = _writers.get(loop)
    if found is None:
        found = _writers[loop] = MoveWriter(layer)
    return found


def tally() -> tuple[int, int]:
    """Batches written and the moves in them, by every writer of this process (for bench/live.py)."""
    writers = list(_writers.values())
    return sum(found.batches for found in writers), sum(found.moves for found in writers)
