"""daphne's WebSocket library writes its per-frame debug lines with plain words (ddmau_site.socket_log_words):
what those lines say stays the same, only the terminal colours, built for every frame whether or not
anything logs them, are gone."""

from __future__ import annotations

import importlib

from ddmau_site.socket_log_words import PER_FRAME_MODULES


def test_it_says_which_frame_method_and_how_many_bytes_in_autobahn_s_debug_lines() -> None:
    import ddmau_site.asgi  # noqa: F401  (daphne's process loads it: it hands autobahn the plain words)

    for name in PER_FRAME_MODULES:
        module = importlib.import_module(name)
        protocol = importlib.import_module("autobahn.websocket.protocol").WebSocketProtocol
        assert module.hltype(protocol.sendData) == "<WebSocketProtocol.sendData>"
        assert module.hlval(8192) == 8192
        line = "{func} sent {data_len} bytes for peer {peer}".format(
            func=module.hltype(protocol.sendData), data_len=module.hlval(8192), peer=module.hlval("tcp:127.0.0.1:5")
        )
        assert line == "<WebSocketProtocol.sendData> sent 8192 bytes for peer tcp:127.0.0.1:5"
