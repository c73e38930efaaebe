"""The queries every move runs, compiled once (games.prepared): the same rows, the same objects, the
same writes as Django's own querysets and save() would give, on whichever database the site runs."""

from __future__ import annotations

import gc
import json
import weakref
from typing import Any

import pytest
from django.core.exceptions import ObjectDoesNotExist
from django.db import IntegrityError, transaction
from django.test.utils import CaptureQueriesContext

from games import actions, prepared
from games.models import Game, Move, Seat
from games.table_state import load_seats
from tests.support.tables import make_table, play


def columns(obj: Any) -> list[Any]:
    return [getattr(obj, field.attname) for field in type(obj)._meta.concrete_fields]


def test_it_reads_the_locked_game_and_its_league_as_the_orm_would(alice: Any, bob: Any) -> None:
    game = make_table(alice, bob)
    with transaction.atomic():
        locked = actions.locked_game(game.pk)
        orm = Game.objects.select_related("league").get(pk=game.pk)
    assert columns(locked) == columns(orm)
    assert locked.position == orm.position
    assert isinstance(locked.position, dict)
    assert locked.started == orm.started
    assert locked.started is not None
    assert locked.started.tzinfo is not None
    assert locked.league is None
    assert not locked._state.adding


@pytest.mark.django_db
def test_it_refuses_a_table_that_is_not_there() -> None:
    for missing in (10**9, "12x"):
        with transaction.atomic(), pytest.raises(actions.ActionRefused, match=r"There is no such table\."):
            actions.locked_game(missing)  # type: ignore[arg-type]


def test_it_loads_the_seats_with_their_players_in_one_query(
    alice: Any, bob: Any, django_assert_num_queries: Any
) -> None:
    game = make_table(alice, bob, seats=3)  # the third seat is filled with a bot
    orm = list(game.seats.select_related("user__profile").order_by("index"))
    with django_assert_num_queries(1):
        seats = load_seats(game)
        names = [
            (seat.index, seat.user.profile.pk if seat.user else None, bool(seat.bot), seat.game.pk) for seat in seats
        ]
    assert [columns(seat) for seat in seats] == [columns(seat) for seat in orm]
    assert names == [
        (0, alice.profile.pk, False, game.pk),
        (1, bob.profile.pk, False, game.pk),
        (2, None, True, game.pk),
    ]


def test_it_loads_seats_that_refcounting_alone_frees(alice: Any, bob: Any, django_assert_num_queries: Any) -> None:
    # A user and its profile pointing at each other would wait for the garbage collector, whose
    # collections stop every push of a daphne process; every move loads the seats.
    alice.profile.display_name = ""
    alice.profile.save()
    game = make_table(alice, bob)
    with django_assert_num_queries(1):
        seats = load_seats(game)
        shown = [seat.name for seat in seats]  # a profile without a display name falls back to its user
    assert shown == [alice.get_username(), bob.profile.name]
    users = [seat.user for seat in seats if seat.user is not None]
    kept = [weakref.ref(obj) for user in users for obj in (user, user.profile, user.profile.user)]
    del users
    collecting = gc.isenabled()
    gc.disable()
    try:
        del seats
        assert [ref() for ref in kept] == [None] * len(kept)
    finally:
        if collecting:
            gc.enable()


WRITES = ("INSERT", "UPDATE", "WITH")  # a statement that writes starts with one of these


def test_it_writes_a_move_and_the_new_position_as_save_would(alice: Any, bob: Any) -> None:
    game = make_table(alice, bob)
    with CaptureQueriesContext(transaction.get_connection()) as captured:
        result = play(game, client_move_id="first")
    assert result.ok
    writes = [query["sql"] for query in captured.captured_queries if query["sql"].startswith(WRITES)]
    # one round trip on PostgreSQL; SQLite takes no INSERT inside WITH
    assert len(writes) == (1 if transaction.get_connection().vendor == "postgresql" else 2), writes
    assert result.move is not None
    stored = Move.objects.get(pk=result.move.pk)
    assert stored.seq == 1
    assert stored.client_move_id == "first"
    assert stored.created is not None
    assert stored.events
    assert stored.action == result.move.action
    game.refresh_from_db()
    assert game.seq == 1
    assert game.position == result.game.position
    assert game.deadline == result.game.deadline
    assert game.rebuild_position() == game.position


def test_it_keeps_the_unique_move_ids_of_a_table_and_then_writes_nothing(alice: Any, bob: Any) -> None:
    game = make_table(alice, bob)
    assert play(game, client_move_id="same").ok
    move = Move.objects.get(game=game)
    copy = Move(game=game, seq=2, seat=move.seat, action=move.action, notation="x", public_line="x")
    copy.client_move_id = "same"
    game.refresh_from_db()
    game.seq = 2
    with pytest.raises(IntegrityError), transaction.atomic():
        prepared.insert_and_update(copy, game, ("seq",))
    assert Move.objects.filter(game=game).count() == 1
    game.refresh_from_db()
    assert game.seq == 1


def test_it_updates_only_the_fields_it_is_given(alice: Any, bob: Any) -> None:
    game = make_table(alice, bob)
    game.refresh_from_db()
    game.seq, game.move_seconds = 41, 999
    move = prepared.insert_and_update(Move(game=game, seq=41, action={}, notation="x", public_line="x"), game, ("seq",))
    game.refresh_from_db()
    assert game.seq == 41
    assert game.move_seconds == 60
    assert Seat.objects.filter(game=game).count() == 2
    assert Move.objects.get(pk=move.pk).seq == 41
    assert not move._state.adding


def test_it_writes_nothing_for_a_table_that_is_gone(alice: Any, bob: Any) -> None:
    game = make_table(alice, bob)
    gone = Game.objects.get(pk=game.pk)
    gone.pk = 10**9
    with pytest.raises(ObjectDoesNotExist), transaction.atomic():
        prepared.insert_and_update(Move(game=game, seq=1, action={}, notation="x", public_line="x"), gone, ("seq",))
    assert not Move.objects.filter(game=game).exists()


@pytest.mark.postgres  # insert_and_update_many is PostgreSQL's (SQLite makes each move alone)
def test_it_stores_text_that_looks_like_placeholders_or_quotes_as_it_was_given(
    alice: Any, bob: Any, carol: Any
) -> None:
    # The writes send their values beside the statement (on PostgreSQL, numbered placeholders): a
    # value holding %s, $1, quotes or a backslash is a value, whichever way it goes.
    tables = [make_table(alice, bob), make_table(alice, carol)]
    odd = ["50% %s $1 $2 'quoted' \"double\" \\ %%", "$1; DROP TABLE games_move; --", '{"act": "%s"}']
    writes = []
    for number, game in enumerate(tables):
        game.refresh_from_db()
        game.seq = 7
        game.rules = {"note": odd[number]}
        move = Move(game=game, seq=7, action={"odd": odd}, notation=odd[number], public_line=odd[2 - number])
        writes.append((move, game, ("seq", "rules")))
    prepared.insert_and_update_many(writes)
    single = make_table(bob, carol)
    single.refresh_from_db()
    single.seq = 3
    prepared.insert_and_update(
        Move(game=single, seq=3, action={}, notation=odd[1], public_line=odd[0]), single, ("seq",)
    )
    for number, game in enumerate(tables):
        stored = Move.objects.get(game=game, seq=7)
        assert stored.notation == odd[number]
        assert stored.public_line == odd[2 - number]
        assert stored.action == {"odd": odd}
        game.refresh_from_db()
        assert game.rules == {"note": odd[number]}
    stored = Move.objects.get(game=single, seq=3)
    assert (stored.notation, stored.public_line) == (odd[1], odd[0])


def test_it_stores_json_the_fast_writer_refuses_as_the_standard_library_writes_it(alice: Any, bob: Any) -> None:
    """JSON columns are written by orjson (ddmau_site/postgresql): keys that are not strings, and an
    integer past 64 bits (which orjson refuses, so json writes it), come back as the standard
    library's JSON gives them."""
    game = make_table(alice, bob)
    odd = {"big": 2**70, "by_seat": {0: "a", 1: "b"}, "text": "é \u2028 </script>"}
    game.rules = odd
    game.save(update_fields=["rules"])
    game.refresh_from_db()
    assert game.rules == json.loads(json.dumps(odd))
    assert game.rules["by_seat"] == {"0": "a", "1": "b"}
