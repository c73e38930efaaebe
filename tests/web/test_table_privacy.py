"""A private table admits to nothing, whatever a stranger posts; a move id belongs to its seat alone."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import actions
from games.models import Game, Move
from tests.support.personas import signed_in
from tests.support.tables import SHORT_GAME, make_table, play, play_to_the_end, player_at, simple_move

HTMX = {"HX-Request": "true"}
POSTS = ["join", "leave", "start", "ready", "move", "take_back", "invite", "rematch"]


def post_move(client: Client, game: Game, action: dict[str, Any], **fields: Any) -> Any:
    data = {"action": json.dumps(action), "expected_seq": game.seq, **fields}
    return client.post(reverse("games:move", args=[game.pk]), data, headers=HTMX)


def assert_admits_nothing(response: Any, game: Game) -> None:
    """The answer a stranger gets for a table that does not exist: a 404 naming nobody at it."""
    assert response.status_code == 404
    text = response.content.decode()
    for seat in game.seats.select_related("user__profile").exclude(user=None):
        assert seat.user is not None
        assert seat.user.profile.name not in text
    assert f"table-{game.pk}" not in text


@pytest.fixture
def private(alice: Any, bob: Any) -> Game:
    return make_table(alice, bob, visibility="private")


@pytest.fixture
def stranger(carol: Any) -> Client:
    return signed_in(carol)


@pytest.mark.parametrize("name", POSTS)
def test_it_answers_a_stranger_every_post_to_a_private_table_with_the_404_of_its_page(
    private: Game, stranger: Client, name: str
) -> None:
    page = stranger.get(private.get_absolute_url())
    posted = stranger.post(reverse(f"games:{name}", args=[private.pk]), {"to": "dave"}, headers=HTMX)
    assert page.status_code == posted.status_code == 404
    assert_admits_nothing(posted, private)


@pytest.mark.parametrize("status", ["open", "finished"])
def test_it_answers_a_strangers_move_at_a_private_table_not_in_play_with_a_404(
    alice: Any, bob: Any, stranger: Client, status: str
) -> None:
    game = make_table(alice, bob, visibility="private", start=False)
    if status == "finished":
        game = play_to_the_end(make_table(alice, bob, visibility="private", rules=SHORT_GAME))
    assert_admits_nothing(post_move(stranger, game, {"act": "draw"}), game)
    assert_admits_nothing(post_move(stranger, game, {"act": "draw"}, expected_seq="x"), game)


def test_it_answers_a_stranger_replaying_a_players_move_id_with_a_404(private: Game, stranger: Client) -> None:
    result = play(private, client_move_id="alices-move")
    assert result.ok
    stale = {"expected_seq": 0, "client_move_id": "alices-move"}
    assert_admits_nothing(post_move(stranger, private, {"act": "draw"}, **stale), private)


def test_it_matches_a_move_id_only_against_the_moves_of_the_seat_that_sends_it(
    alice: Any, bob: Any, carol: Any
) -> None:
    game = make_table(alice, bob)  # public: Carol may watch
    mover = game.turn or 0
    first = play(game, client_move_id="shared-id")
    assert first.outcome == "applied"
    game.refresh_from_db()

    # A spectator, and the other player, sending that id with the old seq: no duplicate of theirs.
    watcher = actions.do_move(game.pk, carol, {"act": "draw"}, 0, client_move_id="shared-id")
    assert watcher.outcome == "forbidden"
    other = player_at(game, 1 - mover)
    stale = actions.do_move(game.pk, other, {"act": "draw"}, 0, client_move_id="shared-id")
    assert stale.outcome == "stale"
    # The sender's own retry is its duplicate.
    again = actions.do_move(game.pk, player_at(game, mover), first.move.action, 0, client_move_id="shared-id")  # type: ignore[union-attr]
    assert (again.outcome, again.move) == ("duplicate", first.move)
    assert Move.objects.filter(game=game).count() == game.seq


def test_it_refuses_a_move_id_another_seat_used_at_the_current_seq_without_an_error(alice: Any, bob: Any) -> None:
    game = make_table(alice, bob)
    first_seat = game.turn
    assert play(game, client_move_id="taken").ok
    game.refresh_from_db()
    while game.turn == first_seat:  # until the other seat is to act
        assert play(game).ok
        game.refresh_from_db()
    action = simple_move(game)

    response = post_move(signed_in(player_at(game, action["seat"])), game, action, client_move_id="taken")

    assert response.status_code == 422
    assert actions.REUSED_MOVE_ID in response.content.decode()
    assert Game.objects.get(pk=game.pk).seq == game.seq
