"""A bound on the HTTP requests inside Django at once; the others wait their turn in the event loop.

Under ASGI, Django runs each request's sync code in a thread of its own, and daphne sets no limit:
at 100 busy tables, dozens of request threads fought over the GIL with the event loop, whose every
step (a socket read, a channel layer reply, each sync/async hop of a request) then waited for its
turn, so answers and pushes slowed down together (bench/live.py, POST mode: push p50 above a
second). A few threads keep the database and Redis busy; more only add to the queue for the GIL.
A WSGI server bounds its threads in the same way. daphne (Twisted) reads a request's whole body
before the application sees it, so a slow upload never holds a place.
"""

from __future__ import annotations

import asyncio
from typing import Any

Scope = dict[str, Any]


class HttpSlots:
    """ASGI middleware: at most `limit` HTTP requests run in `app` at the same time (0: no limit)."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app = app
        self.limit = limit
        self.slots: asyncio.Semaphore | None = None  # made in the server's event loop, on first use

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if self.limit <= 0 or scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.slots is None:
            self.slots = asyncio.Semaphore(self.limit)
        async with self.slots:
            await self.app(scope, receive, send)
