"""The player page lists the player's latest finished games, each with its place, total and replay."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from leagues.game_results import hand_ended
from tests.support.personas import signed_in
from tests.support.tables import SHORT_GAME, make_table, play_to_the_end

pytestmark = pytest.mark.django_db


def finished_game(*players: Any, **options: Any) -> Game:
    game = play_to_the_end(make_table(*players, rules=SHORT_GAME, **options))
    hand_ended(game.pk, game.seq)  # what games calls after the commit of the last move
    return game


def recent_games(client: Client, person: Any) -> str:
    page = client.get(reverse("accounts:player", args=[person.username])).content.decode()
    return page.split('id="recent-games-heading"', 1)[1]


def test_it_lists_a_finished_game_with_the_players_place_total_and_replay(alice: Any, bob: Any, carol: Any) -> None:
    game = finished_game(alice, bob)
    position = game.dealt_position()
    seat = game.seats.get(user=bob).index
    place = 1 if seat in position["winners"] else 2

    listed = recent_games(signed_in(carol), bob)

    assert reverse("games:replay", args=[game.pk]) in listed
    row = rf'Table {game.pk}</a>.*?<td class="num">{place}( <span[^>]*>★</span>)?</td>\s*'
    row += rf'<td class="num">{position["totals"][seat]}</td>'
    assert re.search(row, listed, re.S)


def test_it_leaves_private_tables_out_for_anyone_who_could_not_watch_them(alice: Any, bob: Any, carol: Any) -> None:
    private = finished_game(alice, bob, visibility="private")

    assert f"Table {private.pk}<" not in recent_games(signed_in(carol), bob)
    assert f"Table {private.pk}<" in recent_games(signed_in(bob), bob)
    assert f"Table {private.pk}<" in recent_games(signed_in(alice), bob)


def test_it_says_so_when_there_are_no_finished_games_yet(alice: Any, bob: Any) -> None:
    make_table(alice, bob)  # in play: not listed yet
    assert "No finished games yet." in recent_games(signed_in(alice), bob)
