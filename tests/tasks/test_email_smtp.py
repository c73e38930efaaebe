"""A game mail delivered over real SMTP (aiosmtpd) by the worker, retried until the server answers."""

from __future__ import annotations

from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from celery.result import AsyncResult
from django.conf import settings as site_settings

from ddmau_site.celery import app
from ddmau_site.services import free_port
from games import emails, tasks
from tests.support.tables import make_table
from tests.tasks.helpers import DAY, wait_until

pytestmark = pytest.mark.postgres


class Inbox:
    """An aiosmtpd handler keeping every message it accepts."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.recipients: list[list[str]] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        parsed = message_from_bytes(envelope.content, policy=policy.default)
        assert isinstance(parsed, EmailMessage)
        self.messages.append(parsed)
        self.recipients.append(list(envelope.rcpt_tos))
        return "250 Message accepted for delivery"


@pytest.fixture
def smtp_port(settings: Any) -> int:
    port = free_port()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    settings.EMAIL_USE_TLS, settings.EMAIL_HOST_USER, settings.EMAIL_HOST_PASSWORD = False, "", ""
    return port


def test_it_retries_a_turn_mail_until_the_smtp_server_takes_it_with_one_click_unsubscribe_headers(
    clock_worker: Any, smtp_port: int, alice: Any, bob: Any
) -> None:
    for player in (alice, bob):  # the only mail in this test is the one sent below
        player.profile.turn_mail = "none"
        player.profile.save()
    game = make_table(alice, bob, move_seconds=DAY)
    mail = emails.your_turn(game, bob)

    sending = tasks.send_email.delay(mail.payload())
    # Nothing listens on the port yet: the worker's first attempt fails and it schedules a retry.
    wait_until(lambda: AsyncResult(sending.id, app=app).state == "RETRY", "the first attempt to fail")
    inbox = Inbox()
    server = Controller(inbox, hostname="127.0.0.1", port=smtp_port)
    server.start()
    try:
        assert sending.get(timeout=60) == 1
    finally:
        server.stop()

    [received] = inbox.messages
    assert inbox.recipients == [["bob@example.com"]]
    assert received["To"] == "bob@example.com"
    assert received["Subject"] == mail.subject
    assert received["From"] == site_settings.DEFAULT_FROM_EMAIL
    assert received["List-Unsubscribe"].strip() == mail.headers["List-Unsubscribe"]
    assert received["List-Unsubscribe"].strip().startswith("<http")
    assert "/unsubscribe/" in received["List-Unsubscribe"]
    assert received["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert received.get_content_type() == "multipart/alternative"
    text, html = received.get_body(("plain",)), received.get_body(("html",))
    assert text is not None
    assert html is not None
    assert f"/games/{game.pk}/" in text.get_content()
    assert f"/games/{game.pk}/" in html.get_content()
