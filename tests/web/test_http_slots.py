"""The bound on HTTP requests inside Django (ddmau_site/http_slots.py): the rest wait, none is lost,
and WebSockets are never held back."""

from __future__ import annotations

import asyncio
from typing import Any

from ddmau_site.http_slots import HttpSlots


class BlockedApp:
    """An ASGI app whose HTTP requests stay inside until the gate opens; it counts who got in."""

    def __init__(self) -> None:
        self.gate = asyncio.Event()
        self.inside = 0
        self.most_inside = 0
        self.sockets = 0
        self.answered = 0

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":
            self.sockets += 1
            return
        self.inside += 1
        self.most_inside = max(self.most_inside, self.inside)
        await self.gate.wait()
        self.inside -= 1
        self.answered += 1


async def nothing(*args: Any) -> None:
    """Neither receive nor send is used by BlockedApp."""


async def crowd(limit: int, requests: int, *, then: Any = None) -> tuple[BlockedApp, int]:
    """`requests` HTTP requests at once through HttpSlots(limit); how many were inside while blocked.

    `then(slots)` runs while they are blocked; afterwards the gate opens and every request finishes.
    """
    app = BlockedApp()
    slots = HttpSlots(app, limit)
    running = [asyncio.create_task(slots({"type": "http"}, nothing, nothing)) for _ in range(requests)]
    for _ in range(20):  # every request gets as far as it can
        await asyncio.sleep(0)
    inside = app.inside
    if then is not None:
        await then(slots)
    app.gate.set()
    await asyncio.gather(*running)
    return app, inside


def test_it_lets_three_requests_in_and_answers_all_ten_once_they_are_done() -> None:
    app, inside_while_blocked = asyncio.run(crowd(3, 10))
    assert inside_while_blocked == 3
    assert app.most_inside == 3
    assert app.answered == 10


def test_it_lets_a_websocket_in_while_every_http_slot_is_taken() -> None:
    async def open_a_socket(slots: HttpSlots) -> None:
        await asyncio.wait_for(slots({"type": "websocket"}, nothing, nothing), timeout=5)

    app, inside_while_blocked = asyncio.run(crowd(1, 2, then=open_a_socket))
    assert inside_while_blocked == 1
    assert app.sockets == 1


def test_it_sets_no_bound_when_the_limit_is_zero() -> None:
    app, inside_while_blocked = asyncio.run(crowd(0, 10))
    assert inside_while_blocked == 10
    assert app.answered == 10
