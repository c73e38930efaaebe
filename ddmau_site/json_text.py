"""JSON as the site's hot paths write it: the frame every viewer of a move is sent, and the position
and events every move stores.

The standard library's encoder took about a twelfth of a busy daphne's CPU on these alone (py-spy,
bench/live.py); orjson writes the same JSON in a fifth of the time. Its text is compact (no space
after `,` and `:`), which every reader here takes alike. What orjson refuses (an integer past 64
bits, say) is written by `json` instead, or refused by it as before.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

# Keys that are not strings are written as strings, as `json` writes them.
_OPTIONS = orjson.OPT_NON_STR_KEYS


def dumps_bytes(value: Any) -> bytes:
    """`value` as JSON, UTF-8 encoded."""
    try:
        return orjson.dumps(value, option=_OPTIONS)
    except TypeError:  # orjson.JSONEncodeError
        return json.dumps(value).encode()


def dumps(value: Any) -> str:
    """`value` as JSON text."""
    return dumps_bytes(value).decode()
