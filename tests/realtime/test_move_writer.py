"""The table sockets' move writer (games.move_batches): moves that arrive together are written in one
batch, every table's viewers hear of its move, and when the channel layer is gone every sender hears
that (its socket is then closed, and the page reconnects and reloads the table)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from channels.layers import get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer

from games import actions, move_batches
from games.broadcast import game_group, send_all
from games.consumers import LAYER_LOST
from games.models import Game
from tests.support.tables import make_table, player_at, simple_move

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def requests_for(tables: list[Game]) -> list[actions.MoveRequest]:
    requests = []
    for game in tables:
        action = simple_move(game)
        requests.append(actions.MoveRequest(game.pk, player_at(game, action["seat"]), action, game.seq))
    return requests


def test_it_writes_the_moves_that_arrive_together_in_one_batch_and_tells_each_table(alice: Any, bob: Any) -> None:
    tables = [make_table(alice, bob) for _ in range(5)]
    requests = requests_for(tables)

    async def send_all() -> tuple[list[actions.MoveResult], list[dict[str, Any]], tuple[int, int]]:
        layer = get_channel_layer()
        listening = []
        for game in tables:
            channel = await layer.new_channel()
            await layer.group_add(game_group(game.pk), channel)
            listening.append(channel)
        writer = move_batches.writer(layer)
        results = await asyncio.gather(*(writer.write(request) for request in requests))
        heard = [await asyncio.wait_for(layer.receive(channel), timeout=5) for channel in listening]
        for game, channel in zip(tables, listening, strict=True):
            await layer.group_discard(game_group(game.pk), channel)
        return results, heard, (writer.batches, writer.moves)

    results, heard, tally = asyncio.run(send_all())
    assert [result.outcome for result in results] == ["applied"] * 5
    assert tally == (1, 5)
    assert [(message["type"], message["seq"]) for message in heard] == [("game.moved", 1)] * 5
    for game in tables:
        game.refresh_from_db()
        assert game.seq == 1


def test_it_tells_every_sender_of_a_batch_when_the_channel_layer_is_gone(alice: Any, bob: Any) -> None:
    tables = [make_table(alice, bob) for _ in range(3)]
    requests = requests_for(tables)
    unreachable = RedisPubSubChannelLayer(hosts=["redis://127.0.0.1:1/0"], prefix="ddmau-test")

    async def send_all() -> list[Any]:
        writer = move_batches.writer(unreachable)
        sent = (writer.write(request) for request in requests)
        return await asyncio.wait_for(asyncio.gather(*sent, return_exceptions=True), timeout=20)

    outcomes = asyncio.run(send_all())
    assert all(isinstance(outcome, LAYER_LOST) for outcome in outcomes), outcomes
    for game in tables:  # the moves stand: the pages that reconnect are sent the tables with them
        game.refresh_from_db()
        assert game.seq == 1


@pytest.mark.django_db(transaction=False)
def test_it_delivers_a_batch_s_messages_to_each_table_in_the_order_they_were_sent() -> None:
    """A batch's messages go to Redis together (games.broadcast.send_all); each table still hears
    its own, every one of them, in the order of the commits."""
    groups = [game_group(900_001), game_group(900_002)]
    messages = [(groups[n % 2], {"type": "game.moved", "seq": n}) for n in range(1, 9)]

    async def send_and_listen() -> list[list[int]]:
        layer = get_channel_layer()
        listening = []
        for group in groups:
            channel = await layer.new_channel()
            await layer.group_add(group, channel)
            listening.append(channel)
        await send_all(layer, messages)
        heard = [
            [(await asyncio.wait_for(layer.receive(channel), timeout=5))["seq"] for _ in range(4)]
            for channel in listening
        ]
        for group, channel in zip(groups, listening, strict=True):
            await layer.group_discard(group, channel)
        return heard

    assert asyncio.run(send_and_listen()) == [[2, 4, 6, 8], [1, 3, 5, 7]]
