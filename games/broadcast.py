"""Telling the connected viewers of a table that it changed.

Messages carry the table's new seq and the move's public log line, never a hidden card: each
consumer re-renders its own viewer's table from the database, so no hand travels through Redis.
Anything that changes the seats (a player away, a seat taken back) calls game_changed.
"""

from __future__ import annotations

import threading
from collections import defaultdict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer

from games.models import Move
from games.table_state import newest_rows


def game_group(game_id: int) -> str:
    return f"game-{game_id}"


GroupMessage = tuple[str, dict[str, object]]

_outbox = threading.local()


@contextmanager
def held(messages: list[GroupMessage]) -> Iterator[list[GroupMessage]]:
    """Hold the group messages sent in this thread in `messages` until the block ends, for the
    caller to send from its own coroutine (games.consumers: a table socket's writes run in a pool
    thread, and the messages are sent once the thread returns, the write committed by then)."""
    _outbox.messages = messages
    try:
        yield messages
    finally:
        _outbox.messages = None


async def send_all(layer: Any, messages: Sequence[GroupMessage]) -> None:
    """Send `messages` to their groups in order, in one round trip to Redis where the layer allows.

    A batch of table moves (games.move_batches) has a message for each: published one by one, each
    PUBLISH was a write to Redis's socket and a wait for its answer, and those writes were a tenth of
    a busy daphne's CPU. In one pipeline a batch costs one write. A group always maps to the same
    Redis shard, so each table's messages keep their order."""
    if len(messages) > 1 and isinstance(layer, RedisPubSubChannelLayer):
        await _publish_pipelined(layer, messages)
        return
    for group, message in messages:
        await layer.group_send(group, message)


async def _publish_pipelined(layer: RedisPubSubChannelLayer, messages: Sequence[GroupMessage]) -> None:
    # channels_redis has no batch send: this is its group_send (pubsub.RedisPubSubLoopLayer) for many
    # messages, taking each shard's lock as its publish does.
    loop_layer = layer._get_layer()
    by_shard: defaultdict[Any, list[tuple[str, bytes]]] = defaultdict(list)
    for group, message in messages:
        channel = loop_layer._get_group_channel_name(group)
        by_shard[loop_layer._get_shard(channel)].append((channel, layer.serialize(message)))
    for shard, published in by_shard.items():
        async with shard._lock:
            shard._ensure_redis()
            async with shard._redis.pipeline(transaction=False) as pipe:
                for channel, data in published:
                    pipe.publish(channel, data)
                await pipe.execute()


def _send(game_id: int, message: dict[str, object]) -> None:
    holding: list[GroupMessage] | None = getattr(_outbox, "messages", None)
    if holding is not None:
        holding.append((game_group(game_id), message))
        return
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(game_group(game_id), message)


def game_moved(move: Move) -> None:
    """A move was committed: viewers re-render the position; the public log line comes along.

    The game row do_move saved is handed to this process's sockets first, sparing them a query.
    """
    if Move.game.is_cached(move):
        newest_rows.offer(move.game)
    line = [move.seq, move.seat, move.public_line, move.source, move.events]
    _send(move.game_id, {"type": "game.moved", "seq": move.seq, "line": line})


def game_changed(game_id: int, seq: int) -> None:
    """Seats or status changed (join, leave, start, away): viewers reload the seats too."""
    _send(game_id, {"type": "game.changed", "seq": seq})


def table_event(game_id: int, message: dict[str, object]) -> None:
    """Anything else every socket of the table hears (chat: games.chat); each consumer decides what
    its own viewer may be shown."""
    _send(game_id, message)
