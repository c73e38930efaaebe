"""Play again: the players of a finished game open one new table like it, and sit down at it together."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from games.models import Game
from tests.support.leagues import make_league
from tests.support.personas import signed_in
from tests.support.tables import SHORT_GAME, make_table, play_to_the_end

pytestmark = pytest.mark.django_db


def finished(*players: Any, **options: Any) -> Game:
    return play_to_the_end(make_table(*players, rules=SHORT_GAME, **options))


def ask_for_rematch(user: Any, game: Game) -> Any:
    return signed_in(user).post(reverse("games:rematch", args=[game.pk]), follow=True)


def test_it_opens_one_rematch_table_like_the_game_and_seats_each_player_who_asks(
    alice: Any, bob: Any, carol: Any
) -> None:
    game = finished(alice, bob, carol, seats=4, bots=1, move_seconds=300, visibility="private")
    page = signed_in(bob).get(game.get_absolute_url()).content.decode()
    assert "Rematch: play again" in page

    response = ask_for_rematch(bob, game)
    game.refresh_from_db()
    rematch = game.rematch
    assert rematch is not None
    assert response.redirect_chain[-1][0] == rematch.get_absolute_url()
    assert (rematch.status, rematch.creator, rematch.seat_count) == (Game.Status.OPEN, bob, 4)
    assert (rematch.move_seconds, rematch.rules, rematch.visibility) == (300, game.rules, "private")
    assert rematch.seats.filter(bot="greedy").count() == 1

    assert "Join the rematch" in signed_in(alice).get(game.get_absolute_url()).content.decode()
    ask_for_rematch(alice, game)
    ask_for_rematch(alice, game)  # twice: still one seat
    ask_for_rematch(carol, game)
    game.refresh_from_db()
    assert game.rematch == rematch  # one rematch table, whoever asks
    # Everyone keeps their place relative to Bob, who opened it: Bob 1 -> 0, Carol 2 -> 1, the bot
    # 3 -> 2, Alice 0 -> 3.
    assert list(rematch.seats.order_by("index").values_list("user__username", "bot")) == [
        ("bob", ""),
        ("carol", ""),
        (None, "greedy"),
        ("alice", ""),
    ]
    assert Game.objects.count() == 2


def test_it_refuses_a_rematch_to_spectators_and_before_the_end(alice: Any, bob: Any, carol: Any) -> None:
    game = finished(alice, bob)
    assert "Rematch: play again" not in signed_in(carol).get(game.get_absolute_url()).content.decode()
    response = ask_for_rematch(carol, game)
    assert "Only the players of this game can ask for a rematch." in response.content.decode()

    playing = make_table(alice, bob)
    response = ask_for_rematch(alice, playing)
    assert "A rematch follows a finished game outside a tournament." in response.content.decode()
    assert Game.objects.filter(status=Game.Status.OPEN).count() == 0


def test_it_keeps_a_league_games_rematch_in_the_league(alice: Any, bob: Any) -> None:
    league = make_league(alice, members=[bob])
    game = finished(alice, bob, league=league)
    ask_for_rematch(bob, game)
    game.refresh_from_db()
    assert game.rematch is not None
    assert game.rematch.league == league
