"""Talking to a live server like a browser does: a signed-in session, its table socket, its posts."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from http.cookiejar import CookieJar
from typing import Any
from urllib.parse import urlencode
from urllib.request import HTTPCookieProcessor, Request, build_opener

from django.conf import settings
from django.test import Client
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from games.models import Game
from tests.support.servers import LiveServer
from tests.support.table_page import apply_patch


def session_cookie(user: Any) -> str:
    client = Client()
    client.force_login(user)
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"


@contextmanager
def table_socket(live: LiveServer, game: Game, user: Any | None) -> Iterator[ClientConnection]:
    headers = {"Cookie": session_cookie(user)} if user is not None else {}
    with connect(f"{live.ws_url}/ws/games/{game.pk}/", additional_headers=headers, origin=Origin(live.url)) as socket:
        try:
            yield socket
        finally:
            _pages.pop(id(socket), None)


def receive(socket: ClientConnection, timeout: float = 10) -> dict[str, Any]:
    """The socket's next message. A "patch" comes back as the table it makes of the page this socket
    holds (tests.support.table_page), "html" and all, with the patch itself under "patch"."""
    message: dict[str, Any] = json.loads(socket.recv(timeout=timeout))
    if message.get("type") == "patch":
        page = apply_patch(_pages[id(socket)], message)
        message = {"type": "table", "seq": message["seq"], "html": page, "patch": message}
    if isinstance(message.get("html"), str):
        _pages[id(socket)] = message["html"]
    return message


_pages: dict[int, str] = {}  # the table each open socket's page shows, by id(socket)


class Browser:
    """A signed-in player's HTTP session against the live server (cookies and CSRF token kept)."""

    def __init__(self, live: LiveServer, user: Any) -> None:
        self.live = live
        self.jar = CookieJar()
        self.opener = build_opener(HTTPCookieProcessor(self.jar))
        self.cookie = session_cookie(user)

    def get(self, path: str) -> str:
        request = Request(self.live.url + path, headers={"Cookie": self.cookie})
        with self.opener.open(request, timeout=10) as response:
            return str(response.read().decode())

    def post(self, path: str, fields: dict[str, Any], **headers: str) -> int:
        """POST a form as the page would (after a GET of some page gave the CSRF cookie); the status."""
        csrf = next(str(cookie.value) for cookie in self.jar if cookie.name == settings.CSRF_COOKIE_NAME)
        request = Request(
            self.live.url + path,
            data=urlencode(fields).encode(),
            headers={
                "Cookie": f"{self.cookie}; {settings.CSRF_COOKIE_NAME}={csrf}",
                "X-CSRFToken": csrf,
                "Referer": self.live.url + "/",
                **headers,
            },
        )
        with self.opener.open(request, timeout=10) as response:
            return int(response.status)

    def post_move(self, game: Game, action: dict[str, Any]) -> int:
        fields = {"action": json.dumps(action), "expected_seq": game.seq, "client_move_id": uuid.uuid4().hex}
        return self.post(f"/games/{game.pk}/move/", fields, **{"HX-Request": "true"})
