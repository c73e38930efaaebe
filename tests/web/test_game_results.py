"""A finished game reaches leagues as a result: places by R34 (totals) and R35 (elimination order), teams together."""

from __future__ import annotations

from typing import Any

import pytest

from leagues.game_results import build_result, hand_ended, seat_places
from leagues.models import GameRecord, PlayerRating, ResultRow
from tests.support.leagues import make_league
from tests.support.tables import SHORT_GAME, make_table, play_to_the_end

pytestmark = pytest.mark.django_db


def test_it_places_a_standard_game_by_final_total_with_ties_sharing() -> None:
    assert seat_places([120, 40, 40, 75], {}, {}) == {0: 4, 1: 1, 2: 1, 3: 3}


def test_it_places_a_tournament_game_by_elimination_order_then_total() -> None:
    # Seat 1 is still in; seats 0 and 3 went out in hand 5 (3 with the lower total), seat 2 in hand 2.
    places = seat_places([530, 300, 512, 510], {0: 5, 2: 2, 3: 5}, {})

    assert places == {1: 1, 3: 2, 0: 3, 2: 4}


def test_it_gives_partners_their_teams_place() -> None:
    assert seat_places([80, 35, 80, 35], {}, {0: 0, 2: 0, 1: 1, 3: 1}) == {0: 2, 2: 2, 1: 1, 3: 1}


def test_it_records_a_finished_league_game_once_with_places_by_total(alice: Any, bob: Any) -> None:
    league = make_league(alice, members=[bob])
    game = make_table(alice, bob, rules=SHORT_GAME)
    game.league = league
    game.save(update_fields=["league"])
    game = play_to_the_end(game)

    hand_ended(game.pk, game.seq)
    hand_ended(game.pk, game.seq)  # a second delivery records nothing more

    record = GameRecord.objects.get(game_id=game.pk)
    assert record.league == league
    assert record.finished_at == game.finished
    rows = {row.seat: row for row in ResultRow.objects.filter(record=record)}
    totals = game.dealt_position()["totals"]
    assert [rows[0].final_total, rows[1].final_total] == totals
    for seat in (0, 1):  # R34: the lower total wins; equal totals would share first place
        assert rows[seat].place == 1 + (totals[1 - seat] < totals[seat])
    assert {seat for seat in (0, 1) if rows[seat].place == 1} == set(game.dealt_position()["winners"])
    assert {rows[0].user, rows[1].user} == {alice, bob}
    assert PlayerRating.objects.filter(league=league).count() == 2  # the league's ratings moved too


def test_it_leaves_a_game_in_play_unrecorded(alice: Any, bob: Any) -> None:
    game = make_table(alice, bob, rules=SHORT_GAME)

    hand_ended(game.pk, game.seq)

    assert not GameRecord.objects.exists()


def test_it_records_a_bot_seat_as_a_bot(alice: Any) -> None:
    game = play_to_the_end(make_table(alice, seats=2, bots=1, rules=SHORT_GAME))

    result = build_result(game)

    assert [(entry.user_id, entry.bot_level) for entry in result.entries] == [(alice.pk, None), (None, "greedy")]
