"""A table page as a test holds it: the whole fragment from a "table" message, then the "patch"
messages applied to it the way static/js/table.js applies them (games.rendering.render_table_patch).

Tests read the page, not the patch: what a viewer sees after every move, hidden cards scanned in it.
"""

from __future__ import annotations

import html
import re
from typing import Any


class PatchMismatch(AssertionError):
    """A patch that does not fit the page (the browser would ask for the whole table)."""


def apply_patch(page: str, message: dict[str, Any]) -> str:
    seq = int(_attribute(page, "data-seq"))
    if message["base"] != seq:
        raise PatchMismatch(f"a patch from seq {message['base']} for a page at seq {seq}")
    for name, part in message["parts"].items():
        start, end = _element(page, f'data-part="{name}"')
        page = page[:start] + part + page[end:]
    page = _append_log(page, message["log"])
    for name, value in {**message["attrs"], "data-seq": str(message["seq"])}.items():
        page = _set_attribute(page, name, value)
    return page


def _element(page: str, marker: str) -> tuple[int, int]:
    """Where the element carrying `marker` starts and ends (its own tag, nested ones counted)."""
    opening = re.search(rf"<(\w+)\b[^>]*\b{re.escape(marker)}", page)
    if opening is None:
        raise PatchMismatch(f"no element with {marker}")
    tag, start, depth = opening.group(1), opening.start(), 0
    for found in re.finditer(rf"<(/?){tag}\b[^>]*>", page[start:]):
        depth += -1 if found.group(1) else 1
        if depth == 0:
            return start, start + found.end()
    raise PatchMismatch(f"the element with {marker} never ends")


def _append_log(page: str, lines: str) -> str:
    start, end = _element(page, "data-log")
    log = page[start:end]
    opening = log[: log.index(">") + 1]
    items = re.findall(r"<li\b.*?</li>", log[len(opening) : -len("</ol>")] + lines, flags=re.S)
    limit = int(_attribute(opening, "data-log-limit"))
    while items and (
        sum(item.startswith("<li value=") for item in items) > limit or not items[0].startswith("<li value=")
    ):
        items.pop(0)
    return page[:start] + opening + "".join(items) + "</ol>" + page[end:]


def _attribute(page: str, name: str) -> str:
    root = page[: page.index(">")]
    found = re.search(rf'\s{name}="([^"]*)"', root)
    if found is None:
        raise PatchMismatch(f"the table has no {name}")
    return html.unescape(found.group(1))


def _set_attribute(page: str, name: str, value: str | None) -> str:
    end = page.index(">")
    root = re.sub(rf'\s{name}="[^"]*"', "", page[:end])
    if value is not None:
        root += f' {name}="{html.escape(value)}"'
    return root + page[end:]


def same_table(patched: str, whole: str) -> bool:
    """Equal tables: the same root attributes (in any order, their values as the browser reads them:
    `&#39;` and `&#x27;` are one quote) and the same markup inside."""

    def split(page: str) -> tuple[dict[str, str], str]:
        end = page.index(">")
        attributes = re.findall(r'\s([\w-]+)="([^"]*)"', page[:end])
        return {name: html.unescape(value) for name, value in attributes}, page[end:]

    return split(patched) == split(whole)
