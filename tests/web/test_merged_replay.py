"""A tournament table merged between hands is over: like a finished game it shows its seed, replays
hand by hand and publishes its record, so anyone can check its shuffle; it takes no more moves."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import engine
from games.engine import record as records
from games.models import Game, seed_digest
from leagues import actions, game_results, tournament_actions
from leagues.models import TournamentTable
from tests.support.leagues import make_tournament
from tests.support.table_play import advance

pytestmark = pytest.mark.django_db


def client_for(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def merged(staff_sam: Any, alice: Any, bob: Any, carol: Any) -> Game:
    """Alice, Bob and Carol's first table, closed after its first hand for the redraw the staff asked for."""
    tournament = make_tournament(staff_sam, table_size=4, move_seconds=3600)
    for player in (alice, bob, carol):
        actions.do_register(tournament.pk, player)
    tournament_actions.do_start_tournament(staff_sam, tournament.pk)
    tournament_actions.do_redraw(staff_sam, tournament.pk)
    [table] = TournamentTable.objects.filter(tournament=tournament)
    game = table.game
    advance(game, lambda position: position["hand"] == 2)
    game.refresh_from_db()
    game_results.hand_ended(game.pk, game.seq)  # the after-hand hook (a test's transaction never commits)
    game.refresh_from_db()
    assert game.status == Game.Status.MERGED
    return game


def next_table(merged: Game) -> Game:
    game = Game.objects.filter(tournament=merged.tournament).exclude(pk=merged.pk).get()
    assert game.status == Game.Status.PLAYING
    return game


def test_it_shows_a_merged_tables_seed_and_links_to_its_replay_and_record(merged: Game, alice: Any) -> None:
    page = client_for(alice).get(merged.get_absolute_url()).content.decode()

    assert "closed between hands" in page
    assert f"Seed <code>{merged.seed}</code>" in page
    assert merged.seed_hash in page
    assert f'href="{reverse("games:replay", args=[merged.pk])}"' in page
    assert f'href="{reverse("games:record", args=[merged.pk])}"' in page


def test_it_replays_the_hand_played_and_shows_the_seed_matching_its_hash(merged: Game, bob: Any) -> None:
    response = client_for(bob).get(reverse("games:replay", args=[merged.pk]))

    assert response.status_code == 200
    html = response.content.decode()
    assert merged.seed in html
    assert "SHA-256 of the seed matches" in html
    assert "Hand 1: the deal" in html
    assert html.count('class="replay-step card"') == 1 + merged.moves.count()  # the deal, then every move
    assert 'href="?hand=2"' not in html  # the second hand was dealt, never played: the table closed first


def test_it_lets_anyone_rederive_the_deal_from_the_revealed_seed_and_replay_the_record(
    merged: Game, carol: Any
) -> None:
    response = client_for(carol).get(reverse("games:record", args=[merged.pk]))

    assert response.status_code == 200
    record = json.loads(response.content)
    seed = record["table"]["seed"]
    assert seed == merged.seed
    assert seed_digest(seed) == record["table"]["seed_hash"] == merged.seed_hash
    deal = engine.new_game(merged.seat_count, seed=seed, rules=merged.rules or None, mode="tournament")
    assert deal["hands"] == record["initial"]["hands"]
    assert records.replay(record)[-1] == merged.position


def test_it_refuses_moves_at_a_merged_table_and_changes_nothing(merged: Game) -> None:
    turn = merged.dealt_position()["turn"]
    player = merged.seats.get(index=turn).user
    moves = merged.moves.count()

    response = client_for(player).post(
        reverse("games:move", args=[merged.pk]),
        {"action": json.dumps({"act": "draw"}), "expected_seq": merged.seq, "client_move_id": "late"},
        HTTP_HX_REQUEST="true",
    )

    assert response.status_code == 422
    assert "This table is not in play." in response.content.decode()
    merged.refresh_from_db()
    assert merged.status == Game.Status.MERGED
    assert merged.moves.count() == moves


def test_it_keeps_the_seed_and_replay_of_the_table_still_in_play_to_itself(merged: Game, alice: Any) -> None:
    playing = next_table(merged)
    viewer = client_for(alice)

    page = viewer.get(playing.get_absolute_url()).content.decode()
    replay = viewer.get(reverse("games:replay", args=[playing.pk]), follow=True)
    record = viewer.get(reverse("games:record", args=[playing.pk]))

    assert f'id="table-{playing.pk}" class="table-live status-playing"' in page
    assert playing.seed not in page
    assert playing.seed not in replay.content.decode()
    assert [str(message) for message in replay.context["messages"]] == ["The replay opens when the game has ended."]
    assert record.status_code == 404
