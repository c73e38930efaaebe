"""Whatever a client posts as a move, the answer is a clear refusal: never a 500, never a traceback."""

from __future__ import annotations

import json
import logging
from typing import Any
from urllib.parse import urlencode

import pytest
from django.test import Client
from django.urls import reverse

from games import actions, wire
from games.models import Game, Move
from tests.support.personas import signed_in
from tests.support.tables import make_table, play, player_at, simple_move

HTMX = {"HX-Request": "true"}
DEEP = "[" * 50_000 + "]" * 50_000

BROKEN_ACTIONS = {
    "deeply nested": DEEP,
    "deeply nested inside the action": '{"act": "play", "cards": ' + "[" * 5_000 + "]" * 5_000 + "}",
    "deep and cut short": "{" * 100_000,
    "huge": '{"act": "draw", "pad": "' + "x" * 200_000 + '"}',
    "empty": "",
    "not JSON": "draw please",
    "a list": '["draw"]',
    "no act": '{"seat": 0}',
    "a number for act": '{"act": 5}',
    "NaN": '{"act": "draw", "seat": NaN}',
    "an endless number": '{"act": "draw", "seat": ' + "9" * 5_000 + "}",
    "cards that are a number": '{"act": "play", "cards": 5}',
    "cards that are objects": '{"act": "play", "cards": [{"R": 1}], "mm": []}',
    "true for a seat": '{"act": "draw", "seat": true}',
    "a fraction for a seat": '{"act": "draw", "seat": 1.0}',
    "a seat in words": '{"act": "catch", "target": "one"}',
}


@pytest.fixture
def table(alice: Any, bob: Any) -> Game:
    """Alice and Bob, with Bob (seat 1, the seat `true` would pass for) to act."""
    game = make_table(alice, bob)
    while game.turn != 1:
        assert play(game).ok
        game.refresh_from_db()
    return game


def post(client: Client, game: Game, action: str, expected_seq: Any) -> Any:
    data = {"action": action, "expected_seq": expected_seq, "client_move_id": "m1"}
    return client.post(reverse("games:move", args=[game.pk]), data, headers=HTMX)


@pytest.mark.parametrize("action", list(BROKEN_ACTIONS.values()), ids=list(BROKEN_ACTIONS))
def test_it_refuses_a_broken_action_with_a_ruling_and_no_traceback(
    table: Game, bob: Any, action: str, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING):
        response = post(signed_in(bob), table, action, table.seq)

    assert response.status_code == 422
    assert "R17" in response.content.decode()
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR or record.exc_info]
    assert not Move.objects.filter(game=table, seq__gt=table.seq).exists()


@pytest.mark.parametrize("expected_seq", ["true", "", "1.0", "9" * 5_000, "[1]"])
def test_it_refuses_a_move_without_a_readable_seq(table: Game, bob: Any, expected_seq: str) -> None:
    response = post(signed_in(bob), table, json.dumps({"act": "draw"}), expected_seq)
    assert response.status_code == 422
    assert "carries no table state" in response.content.decode()


def test_it_takes_no_boolean_for_a_seat_in_the_action_layer(table: Game) -> None:
    result = actions.do_move(table.pk, player_at(table, 1), {"act": "draw", "seat": True}, table.seq)
    assert result.outcome == "forbidden"
    assert Game.objects.get(pk=table.pk).seq == table.seq


def test_it_reads_json_with_limits_on_size_and_depth() -> None:
    assert wire.read_json('{"a": ["[[[[", "}}}"]}', max_depth=2) == {"a": ["[[[[", "}}}"]}
    assert wire.text_depth('{"a": [[1], {"b": "]]]"}]}') == 3
    assert wire.value_depth({"a": [[1], {"b": []}]}, limit=10) == 4
    for text, why in [("[" * 1_000, "deeply"), ("x" * 20_000, "too long"), ("{", "not JSON"), (b"{}", "not text")]:
        with pytest.raises(wire.Unreadable, match=why):
            wire.read_json(text)
    assert [wire.whole_number(value) for value in (1, True, 1.0, "1", None)] == [1, None, None, None, None]


# A move id travels into a PostgreSQL text column and a query: NUL is refused there (DataError) and a
# lone surrogate cannot be encoded (UnicodeEncodeError), both a 500 unless the id is dropped first.
UNSTORABLE_IDS = {"NUL": "\x00", "NUL inside": "m\x00id", "a control character": "m\x1bid"}


@pytest.mark.parametrize("move_id", list(UNSTORABLE_IDS.values()), ids=list(UNSTORABLE_IDS))
def test_it_applies_a_move_whose_id_the_database_cannot_store_without_the_id(
    table: Game, bob: Any, move_id: str, caplog: pytest.LogCaptureFixture
) -> None:
    data = {"action": json.dumps(simple_move(table)), "expected_seq": table.seq, "client_move_id": move_id}
    with caplog.at_level(logging.WARNING):
        response = signed_in(bob).post(reverse("games:move", args=[table.pk]), data, headers=HTMX)

    assert response.status_code == 200
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR or record.exc_info]
    move = Move.objects.get(game=table, seq=table.seq + 1)
    assert move.seat == 1
    assert move.client_move_id == ""


def test_it_cannot_be_sent_a_lone_surrogate_for_a_move_id_over_http(
    table: Game, bob: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """A form post is bytes: the UTF-8-like bytes of a lone surrogate (ED A0 80) are decoded as
    replacement characters, which are printable and stored as they are."""
    body = urlencode({"action": json.dumps(simple_move(table)), "expected_seq": table.seq})
    body += "&client_move_id=%ED%A0%80"
    url = reverse("games:move", args=[table.pk])
    with caplog.at_level(logging.WARNING):
        response = signed_in(bob).post(url, body, content_type="application/x-www-form-urlencoded", headers=HTMX)

    assert response.status_code == 200
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR or record.exc_info]
    assert Move.objects.get(game=table, seq=table.seq + 1).client_move_id == "\ufffd" * 3


def test_it_reads_a_move_id_the_database_can_store_or_none() -> None:
    assert wire.move_id("3f2a-uuid") == "3f2a-uuid"
    assert wire.move_id("x" * 100) == "x" * 64
    assert wire.move_id("x" * 64 + "\x00") == "x" * 64  # what is cut off is never stored
    for raw in ("", "\x00", "a\x00b", "\ud800", "a\udfffb", "line\nbreak", None, 5, True, ["m1"], {"id": "m1"}):
        assert wire.move_id(raw) is None, repr(raw)
