"""The player's own WebSocket on a live daphne server, through Channels and channels-redis on real Redis."""

from __future__ import annotations

import json
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.test import Client
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from accounts.consumers import player_group
from tests.support.personas import PASSWORD
from tests.support.servers import LiveServer


def logged_in(username: str) -> Client:
    """A browser that logged in through the site's login form."""
    client = Client()
    response = client.post("/accounts/login/", {"login": username, "password": PASSWORD})
    assert response.status_code == 302, "the login should succeed"
    return client


def cookie_header(client: Client) -> str:
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"


def session_cookie_of(username: str) -> str:
    return cookie_header(logged_in(username))


def open_socket(site: LiveServer, *, cookie: str | None = None, origin: str | None = None) -> ClientConnection:
    headers = {"Cookie": cookie} if cookie else {}
    return connect(
        f"{site.ws_url}/ws/me/",
        origin=Origin(origin or site.url),
        additional_headers=headers,
        open_timeout=10,
    )


def received(socket: ClientConnection) -> dict[str, Any]:
    message = json.loads(socket.recv(timeout=10))
    assert isinstance(message, dict)
    return message


def test_it_accepts_a_signed_in_player_and_greets_them_by_name(live_site: LiveServer, alice: Any) -> None:
    with open_socket(live_site, cookie=session_cookie_of("alice")) as socket:
        assert received(socket) == {"type": "hello", "player": "alice"}


def test_it_delivers_a_notice_sent_to_the_player_through_redis(live_site: LiveServer, alice: Any, bob: Any) -> None:
    with (
        open_socket(live_site, cookie=session_cookie_of("alice")) as alices,
        open_socket(live_site, cookie=session_cookie_of("bob")) as bobs,
    ):
        received(alices), received(bobs)  # the greetings: both are subscribed from here on

        # Sent from this test process: only the shared Redis channel layer connects it to daphne.
        async_to_sync(get_channel_layer().group_send)(
            player_group(alice.pk), {"type": "player.notice", "text": "Your turn at table 7", "url": "/t/7/"}
        )
        async_to_sync(get_channel_layer().group_send)(
            player_group(bob.pk), {"type": "player.notice", "text": "Bob only", "url": None}
        )

        assert received(alices) == {"type": "notice", "text": "Your turn at table 7", "url": "/t/7/"}
        assert received(bobs) == {"type": "notice", "text": "Bob only", "url": None}


def test_it_refuses_a_visitor_who_is_not_signed_in(live_site: LiveServer) -> None:
    with pytest.raises(InvalidStatus) as refused:
        open_socket(live_site)

    assert refused.value.response.status_code == 403


def test_it_refuses_a_page_from_another_site_even_with_a_valid_session(live_site: LiveServer, alice: Any) -> None:
    with pytest.raises(InvalidStatus) as refused:
        open_socket(live_site, cookie=session_cookie_of("alice"), origin="https://evil.example")

    assert refused.value.response.status_code == 403


def test_it_refuses_a_session_that_has_logged_out(live_site: LiveServer, alice: Any) -> None:
    client = logged_in("alice")
    cookie = cookie_header(client)
    client.post("/accounts/logout/")

    with pytest.raises(InvalidStatus) as refused:
        open_socket(live_site, cookie=cookie)

    assert refused.value.response.status_code == 403
