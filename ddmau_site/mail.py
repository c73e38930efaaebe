"""Development mail: every message is printed to the terminal and kept as a file under var/mail/.

`make run` has no real mail server, yet a person trying the site must be able to read the
verification mail: the terminal shows it, and /dev/mail/ (DEBUG only) lists the kept files.
The Celery worker sends mail too, so the store is the file system, shared by every process.
"""

from __future__ import annotations

import re
import sys
import time
import uuid
from collections.abc import Sequence
from email import message_from_bytes, policy
from email.message import EmailMessage as ParsedMessage
from pathlib import Path

from django.conf import settings
from django.core.mail.backends.base import BaseEmailBackend
from django.core.mail.message import EmailMessage

KEPT_NAME = re.compile(r"^\d+-[0-9a-f]{8}\.eml\Z")


def mail_dir() -> Path:
    return Path(settings.DEV_MAIL_DIR)


class DevMailBackend(BaseEmailBackend):
    def send_messages(self, email_messages: Sequence[EmailMessage]) -> int:
        folder = mail_dir()
        folder.mkdir(parents=True, exist_ok=True)
        for message in email_messages:
            raw = message.message().as_bytes()
            name = f"{time.time_ns()}-{uuid.uuid4().hex[:8]}.eml"
            (folder / name).write_bytes(raw)
            if not self.fail_silently:
                print(_for_terminal(raw), file=sys.stdout, flush=True)
        return len(email_messages)


def _for_terminal(raw: bytes) -> str:
    parsed = parse(raw)
    body = plain_text(parsed)
    rule = "-" * 72
    return f"{rule}\nTo: {parsed['To']}\nSubject: {parsed['Subject']}\n\n{body}\n{rule}"


def parse(raw: bytes) -> ParsedMessage:
    message = message_from_bytes(raw, policy=policy.default)
    assert isinstance(message, ParsedMessage)
    return message


def plain_text(message: ParsedMessage) -> str:
    part = message.get_body(preferencelist=("plain", "html"))
    return part.get_content() if part is not None else ""


def kept_messages() -> list[tuple[str, ParsedMessage]]:
    """Kept mails, newest first, as (file name, parsed message)."""
    folder = mail_dir()
    if not folder.exists():
        return []
    files = sorted(folder.glob("*.eml"), reverse=True)
    return [(path.name, parse(path.read_bytes())) for path in files]


def kept_message(name: str) -> ParsedMessage | None:
    """One kept mail by file name; None for a name that is not one of ours (no paths from URLs)."""
    path = mail_dir() / name
    if not KEPT_NAME.match(name) or not path.is_file():
        return None
    return parse(path.read_bytes())
