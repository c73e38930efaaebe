"""Reading the mail the site sent: from Django's test outbox or from a live server's mail folder."""

from __future__ import annotations

import re
from pathlib import Path

from ddmau_site.mail import parse, plain_text

LINK = re.compile(r"https?://\S+")


def link_in(text: str, path_part: str) -> str:
    """The first link in `text` whose address contains `path_part`."""
    for link in LINK.findall(text):
        if path_part in link:
            return str(link)
    raise AssertionError(f"no link containing {path_part!r} in:\n{text}")


def confirmation_link(text: str) -> str:
    return link_in(text, "/accounts/confirm-email/")


def kept_mail_to(mail_dir: Path, address: str) -> list[tuple[str, str]]:
    """(subject, plain text) of each mail a live server kept for `address`, oldest first."""
    found = []
    for path in sorted(mail_dir.glob("*.eml")):
        message = parse(path.read_bytes())
        if address in str(message["To"]):
            found.append((str(message["Subject"]), plain_text(message)))
    return found
