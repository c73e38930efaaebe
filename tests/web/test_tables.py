"""Playing at a table through its pages: who may act, who may see what, and refusals that change nothing."""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import actions, engine
from games.engine import record as records
from games.models import Game, Move, seed_digest
from games.rendering import render_table_fragment
from games.table_state import table_state
from tests.support.leagues import make_league
from tests.support.personas import signed_in
from tests.support.tables import (
    UNIQUE_CODES,
    hidden_cards,
    leaked,
    legal,
    make_table,
    play,
    play_to_the_end,
    player_at,
    simple_move,
)

HTMX = {"HX-Request": "true"}


def post_move(client: Client, game: Game, action: dict[str, Any], **fields: Any) -> Any:
    data = {
        "action": json.dumps(action),
        "expected_seq": fields.pop("expected_seq", game.seq),
        "client_move_id": fields.pop("client_move_id", uuid.uuid4().hex),
    }
    return client.post(reverse("games:move", args=[game.pk]), data, headers=HTMX)


@pytest.fixture
def table(alice: Any, bob: Any) -> Game:
    """Alice and Bob at a 2-seat table; seat 1 (Bob) leads the first hand (R5) unless Bob deals."""
    return make_table(alice, bob)


def mover_and_waiter(game: Game, alice: Any, bob: Any) -> tuple[Any, Any]:
    return (alice, bob) if game.turn == 0 else (bob, alice)


def test_it_plays_the_move_of_the_player_to_act_and_answers_with_the_new_table(
    table: Game, alice: Any, bob: Any
) -> None:
    mover, _ = mover_and_waiter(table, alice, bob)
    action = simple_move(table)
    response = post_move(signed_in(mover), table, action)
    table.refresh_from_db()
    assert response.status_code == 200
    assert f'data-seq="{table.seq}"' in response.content.decode()
    assert table.seq == 1
    move = Move.objects.get(game=table)
    assert move.action == action
    assert move.public_line == f"seat {action['seat']} draws a card"
    assert move.events == [
        {"kind": "draw", "text": f"{{p{action['seat']}}} draws a card", "seat": action["seat"], "data": {"count": 1}}
    ]


def test_it_refuses_a_move_out_of_turn_with_the_engines_ruling_and_changes_nothing(
    table: Game, alice: Any, bob: Any
) -> None:
    _, waiter = mover_and_waiter(table, alice, bob)
    position = table.position
    response = post_move(signed_in(waiter), table, {"act": "draw"})
    table.refresh_from_db()
    assert response.status_code == 422
    assert "R17" in response.content.decode()
    assert (table.seq, table.position) == (0, position)
    assert not Move.objects.exists()


def test_it_refuses_an_illegal_play_with_the_engines_ruling_and_changes_nothing(
    table: Game, alice: Any, bob: Any
) -> None:
    mover, _ = mover_and_waiter(table, alice, bob)
    seat = table.turn
    assert seat is not None
    position = table.dealt_position()
    not_held = next(code for code in ("R1", "R2", "R3") if code not in position["hands"][seat])
    response = post_move(signed_in(mover), table, {"act": "play", "cards": [not_held]})
    table.refresh_from_db()
    assert response.status_code == 422
    text = response.content.decode()
    with pytest.raises(engine.IllegalAction) as ruling:
        engine.apply(position, {"seat": seat, "act": "play", "cards": [not_held]})
    assert str(ruling.value).split(":")[0] in text
    assert (table.seq, table.position) == (0, position)
    assert not Move.objects.exists()


def test_it_refuses_moves_from_spectators_and_from_a_player_naming_another_seat(
    table: Game, alice: Any, bob: Any, carol: Any
) -> None:
    response = post_move(signed_in(carol), table, {"act": "draw"})
    assert response.status_code == 422
    assert "Only the players at this table can make moves." in response.content.decode()
    mover, _ = mover_and_waiter(table, alice, bob)
    other = 1 - (table.turn or 0)
    response = post_move(signed_in(mover), table, {"seat": other, "act": "draw"})
    assert response.status_code == 422
    assert not Move.objects.exists()


def test_it_applies_the_same_submission_once_however_often_it_arrives(table: Game, alice: Any, bob: Any) -> None:
    mover, _ = mover_and_waiter(table, alice, bob)
    client = signed_in(mover)
    action = simple_move(table)
    first = post_move(client, table, action, client_move_id="tab-1-move-1")
    again = post_move(client, table, action, client_move_id="tab-1-move-1", expected_seq=0)
    table.refresh_from_db()
    assert (first.status_code, again.status_code) == (200, 200)
    assert table.seq == 1
    assert Move.objects.count() == 1


def test_it_refuses_a_stale_move_and_shows_where_the_table_stands(table: Game, alice: Any, bob: Any) -> None:
    mover, _ = mover_and_waiter(table, alice, bob)
    play(table)
    table.refresh_from_db()
    position = table.position
    response = post_move(signed_in(mover), table, simple_move(table), expected_seq=0)
    table.refresh_from_db()
    assert response.status_code == 422
    text = response.content.decode()
    assert "The table moved on" in text
    assert 'data-seq="1"' in text
    assert (table.seq, table.position) == (1, position)


def test_it_shows_each_player_their_own_hand_and_nobody_elses(table: Game, alice: Any, bob: Any, carol: Any) -> None:
    for _ in range(3):
        play(table)
    for person, seat in ((alice, 0), (bob, 1), (carol, None)):
        client = signed_in(person)
        page = client.get(table.get_absolute_url()).content.decode()
        fragment = client.get(table.get_absolute_url(), headers=HTMX).content.decode()
        secret = hidden_cards(table, seat)
        assert secret, "the scan needs cards to look for"
        assert leaked(page, secret) == set()
        assert leaked(fragment, secret) == set()
        assert table.seed not in page
        if seat is not None:
            own = set(table.dealt_position()["hands"][seat]) & UNIQUE_CODES
            assert leaked(fragment, own) == own


def test_it_keeps_private_tables_private_until_the_invite_link_is_opened(alice: Any, bob: Any, carol: Any) -> None:
    game = make_table(alice, bob, visibility="private")
    client = signed_in(carol)
    assert client.get(game.get_absolute_url()).status_code == 404
    assert post_move(client, game, {"act": "draw"}).status_code == 404
    assert client.get(f"{game.get_absolute_url()}?invite=wrong-token").status_code == 404
    assert client.get(game.invite_path()).status_code == 200
    assert client.get(game.get_absolute_url()).status_code == 200  # remembered for this session
    assert signed_in(bob).get(game.get_absolute_url()).status_code == 200


def test_it_ends_a_game_that_rebuilds_from_its_moves_reveals_its_seed_and_takes_no_more_moves(
    alice: Any, bob: Any
) -> None:
    game = make_table(alice, bob, rules={"target": 40, "net_low": 30, "net_reset": 20})
    client = signed_in(alice)
    assert client.get(reverse("games:record", args=[game.pk])).status_code == 404
    assert client.get(reverse("games:replay", args=[game.pk])).status_code == 302
    game = play_to_the_end(game)
    assert game.status == Game.Status.FINISHED
    assert game.rebuild_position() == game.position
    page = client.get(game.get_absolute_url()).content.decode()
    assert game.seed in page
    assert seed_digest(game.seed) == game.seed_hash
    record = json.loads(client.get(reverse("games:record", args=[game.pk])).content)
    assert record["table"]["seed"] == game.seed
    assert records.final_position(record) == game.position
    replay = client.get(reverse("games:replay", args=[game.pk])).content.decode()
    assert game.seed_hash in replay
    bobs_first_hand = set(game.initial_position()["hands"][1]) & UNIQUE_CODES
    assert leaked(replay, bobs_first_hand) == bobs_first_hand  # after the end, every hand is shown

    assert post_move(client, game, {"act": "draw"}).status_code == 422
    result = actions.do_move(game.pk, alice, {"act": "draw"}, game.seq)
    assert (result.outcome, result.message) == ("not_playing", "This table is not in play.")
    assert legal(game, 0) == []
    assert Move.objects.filter(game=game).count() == game.seq


def test_it_gives_the_next_seat_a_fresh_deadline_when_the_turn_passes(table: Game) -> None:
    first_deadline, first_seat = table.deadline, table.turn
    assert first_deadline is not None
    while table.turn == first_seat:
        play(table)
        table.refresh_from_db()
    assert table.deadline is not None
    assert table.deadline > first_deadline


def test_it_plays_a_move_in_a_handful_of_queries(table: Game, django_assert_max_num_queries: Any) -> None:
    action = simple_move(table)
    player = player_at(table, action["seat"])
    # Lock the game, read the seats, insert the move, update the game; inside the test's own transaction
    # the atomic block adds a savepoint and its release.
    with django_assert_max_num_queries(6):
        result = actions.do_move(table.pk, player, action, table.seq, client_move_id="counted")
    assert result.outcome == "applied"


def test_it_renders_a_league_table_after_a_move_without_another_query(
    alice: Any, bob: Any, django_assert_max_num_queries: Any
) -> None:
    league = make_league(alice, name="Tuesday Club", members=[bob])
    game = make_table(alice, bob, league=league)
    action = simple_move(game)
    result = actions.do_move(game.pk, player_at(game, action["seat"]), action, game.seq)
    with django_assert_max_num_queries(0):  # the seats and the league came with the move
        state = table_state(result.game, alice, seats=result.seats, log=())
        render_table_fragment(state)
    assert state.league == ("Tuesday Club", league.get_absolute_url())
    assert "Tuesday Club" in signed_in(alice).get(game.get_absolute_url()).content.decode()


def test_it_works_without_javascript_by_posting_and_reloading(table: Game, alice: Any, bob: Any) -> None:
    mover, waiter = mover_and_waiter(table, alice, bob)
    url = reverse("games:move", args=[table.pk])
    refused = signed_in(waiter).post(url, {"action": '{"act": "draw"}', "expected_seq": 0}, follow=True)
    assert refused.redirect_chain == [(table.get_absolute_url(), 302)]
    assert "R17" in refused.content.decode()
    played = signed_in(mover).post(url, {"action": json.dumps(simple_move(table)), "expected_seq": 0})
    assert (played.status_code, played["Location"]) == (302, table.get_absolute_url())
    table.refresh_from_db()
    assert table.seq == 1
