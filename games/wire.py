"""Reading what clients send (a move's action, a socket frame): bounded, and never raising anything
but `Unreadable`, whose message can be shown to the sender as it is.

`json.loads` recurses once per level of nesting, so a few kilobytes of `[[[[...` raise RecursionError
(a 500, a socket closed with a traceback): the depth is measured first, by a scan that does not
recurse, and the size before that. Booleans are not numbers here: JSON's `true` is Python's True, an
int equal to 1, so a number read from a client goes through `whole_number`. A move's id goes
through `move_id`: PostgreSQL takes no NUL in text, and a lone surrogate cannot be encoded for it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

MAX_CHARS = 16 * 1024  # a socket frame; a move is a few hundred characters
MAX_DEPTH = 8
MAX_MOVE_ID = 64  # Move.client_move_id's max_length


class Unreadable(ValueError):
    """The input cannot be read; `message` says why, in words for the person who sent it."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def text_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in JSON text (brackets inside strings do not count)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def value_depth(value: Any, limit: int) -> int:
    """The nesting depth of decoded JSON, counted without recursion and only up to `limit` + 1."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, Mapping):
            children: Any = item.values()
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        deepest = max(deepest, depth)
        if deepest > limit:
            return deepest
        todo.extend((child, depth + 1) for child in children)
    return deepest


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def read_json(text: Any, *, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """The value of JSON `text`, which must be a string of at most `max_chars` characters nested at
    most `max_depth` levels deep; else Unreadable."""
    if not isinstance(text, str):
        raise Unreadable("The message is not text.")
    if not text.strip():
        raise Unreadable("The message is empty.")
    if len(text) > max_chars:
        raise Unreadable(f"The message is too long (at most {max_chars} characters).")
    if text_depth(text) > max_depth:
        raise Unreadable(f"The message is nested too deeply (at most {max_depth} levels).")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):  # JSONDecodeError is a ValueError, as is an endless number
        raise Unreadable("The message is not JSON.") from None


def check_depth(value: Any, max_depth: int) -> None:
    """Unreadable if decoded JSON is nested more than `max_depth` levels deep."""
    if value_depth(value, max_depth) > max_depth:
        raise Unreadable(f"The message is nested too deeply (at most {max_depth} levels).")


def whole_number(value: Any) -> int | None:
    """`value` if it is an int and not a bool (JSON's true is no 1); else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def move_id(raw: object) -> str | None:
    """A client's id for a move, cut to `MAX_MOVE_ID` characters; None unless it is non-empty text of
    printable characters only (no NUL or other control character, no lone surrogate), which is
    what the database can store and compare."""
    if not isinstance(raw, str) or not raw:
        return None
    cut = raw[:MAX_MOVE_ID]
    return cut if cut.isprintable() else None
