"""Plain words for the debug lines autobahn (daphne's WebSocket library) writes about every frame.

autobahn builds the arguments of a debug log line for every frame it sends and every chunk it
receives, whether or not anything logs at debug level: the frame's method name and the peer, each
highlighted with terminal colours by `autobahn.util.hltype` and `hlval`, then dropped. py-spy of a busy
daphne (bench/live.py, 100 tables) found that work at about 2% of its samples. The two modules that
do it per frame are given plain helpers instead: the same lines, without colours, when debug logging
is on; next to nothing when it is off, as the value is handed over as it is and only a logger that
writes the line turns it into text.
"""

from __future__ import annotations

from typing import Any

# the modules that call the helpers for every frame, by the names they imported them under
PER_FRAME_MODULES = ("autobahn.websocket.protocol", "autobahn.twisted.websocket")


def plain_type(obj: Any) -> str:
    """What `hltype` says of a function or method (its qualified name), without colours."""
    return f"<{getattr(obj, '__qualname__', type(obj).__qualname__)}>"


def plain_value(value: Any, color: str = "white", bold: bool = True) -> Any:
    """What `hlval` says of a value: the value itself, written out by the logger if it writes."""
    return value


def use_plain_words() -> None:
    """Give autobahn's per-frame modules the plain helpers (daphne's process calls it once)."""
    import importlib

    for name in PER_FRAME_MODULES:
        module = importlib.import_module(name)
        module.hltype = plain_type  # type: ignore[attr-defined]
        module.hlval = plain_value  # type: ignore[attr-defined]
