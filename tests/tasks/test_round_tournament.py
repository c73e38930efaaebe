"""A tournament of rounds (every game but DD MAU) played by bot entrants through the real Celery worker:
round 1 drawn from the seed, round 2 seating neighbours in the standings, points by placing, and the
final standings by the stated tie-break."""

from __future__ import annotations

import html
import random
import re
from collections import defaultdict
from typing import Any

import pytest
from django.core import mail
from django.urls import reverse

from games import engine
from games.models import Game
from leagues import round_runner
from leagues.models import Entrant, GameRecord, Tournament, TournamentTable
from leagues.seating import draw_tables
from tests.support.leagues import make_tournament
from tests.support.personas import signed_in
from tests.tasks.helpers import wait_until

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


def finished(tournament: Tournament) -> Tournament | None:
    return Tournament.objects.filter(pk=tournament.pk, status=Tournament.Status.FINISHED).first()


def standing_key(tournament: Tournament, score: dict[int, list[int]]) -> Any:
    """The stated rule, written out again: most points, most wins, lowest sum of places, then the draw
    "<seed>/ties" of the sorted entrant ids."""
    order = sorted(score)
    random.Random(f"{tournament.seed}/ties").shuffle(order)
    draw = {pk: rank for rank, pk in enumerate(order)}
    return lambda pk: (-score[pk][0], -score[pk][1], score[pk][2], draw[pk])


def test_it_plays_two_rounds_of_danish_mau_mau_with_seven_bots_to_final_standings(
    clock_worker: Any, staff_sam: Any
) -> None:
    staff = signed_in(staff_sam)
    tournament = make_tournament(
        staff_sam, name="Danish Cup", variant="dansk", rounds=2, table_size=3, move_seconds=60,
        house_rules={"rounds": 1},
    )  # fmt: skip
    for _ in range(7):  # staff enter the bots from the tournament page
        staff.post(reverse("leagues:tournament_bots", args=[tournament.pk]))
    entrants = list(Entrant.objects.filter(tournament=tournament, withdrawn__isnull=True))
    assert len(entrants) == 7
    assert all(entrant.user is not None and entrant.user.profile.is_bot for entrant in entrants)

    staff.post(reverse("leagues:tournament_control", args=[tournament.pk, "start"]))
    first = list(TournamentTable.objects.filter(tournament=tournament).order_by("number"))
    assert [len(table.seats) for table in first] == [3, 2, 2]  # seven at tables of three, as even as can be
    drawn = draw_tables([entrant.pk for entrant in entrants], 3, f"{tournament.seed}/1")
    assert [table.seats for table in first] == drawn  # round 1 is the published draw

    done = wait_until(lambda: finished(tournament), "both rounds to be played", timeout=300)

    tables = list(TournamentTable.objects.filter(tournament=done).select_related("game").order_by("number"))
    assert [table.draw for table in tables] == [1, 1, 1, 2, 2, 2]
    assert done.draws == 2
    score: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # points, wins, sum of places, games
    after_round_one: dict[int, list[int]] = {}
    for table in tables:
        game = table.game
        assert (game.variant, game.status, game.rules) == ("dansk", Game.Status.FINISHED, {"rounds": 1})
        assert table.close_reason == TournamentTable.Closed.FINISHED
        assert game.rebuild_position() == game.position
        assert GameRecord.objects.filter(game_id=game.pk, tournament=done).exists()
        position = game.dealt_position()
        outcome = engine.rules_of(position).outcome(position)
        assert outcome is not None
        placings = outcome.placings
        for seat, owner in enumerate(table.seats):
            beaten = sum(1 for other in placings if other > placings[seat])
            score[owner][0] += beaten
            score[owner][1] += placings[seat] == 1
            score[owner][2] += placings[seat]
            score[owner][3] += 1
        if table.number == 3:  # the end of round 1
            after_round_one = {pk: list(values) for pk, values in score.items()}

    # Round 2 sat neighbours in the standings after round 1 together: the leaders at table 4, and so on.
    standing = sorted(after_round_one, key=standing_key(done, after_round_one))
    second = [table for table in tables if table.draw == 2]
    assert [sorted(table.seats) for table in second] == [
        sorted(standing[:3]),
        sorted(standing[3:5]),
        sorted(standing[5:7]),
    ]

    final = {entrant.pk: entrant for entrant in Entrant.objects.filter(tournament=done)}
    for pk, (points, wins, place_sum, games) in score.items():
        entrant = final[pk]
        assert (entrant.points, entrant.wins, entrant.place_sum, entrant.games) == (points, wins, place_sum, games)
        assert games == 2
    ranked = sorted(score, key=standing_key(done, score))
    assert [final[pk].placing for pk in ranked] == list(range(1, 8))  # every entrant a place of their own
    assert all(entrant.table_id is None for entrant in final.values())
    assert not Game.objects.filter(tournament=done, status=Game.Status.PLAYING).exists()

    page = html.unescape(staff.get(done.get_absolute_url()).content.decode())
    standings = page.split('id="standings-heading"')[1].split("</table>")[0]
    names = re.findall(r"<tr[^>]*><td>(\d+)</td><td>([^<]+)</td>", standings)
    assert names == [(str(place), final[pk].name) for place, pk in enumerate(ranked, start=1)]
    assert "Round 2 results" in page
    assert "Round 1 results" in page
    assert f'Winner</h2>\n    <p class="lead"><strong>{final[ranked[0]].name}</strong>' in page
    assert round_runner.TIE_RULE.replace("<seed>", done.seed) in page
    assert mail.outbox == []  # bot accounts get no mail

    # The sweep delivering every table's end again changes nothing.
    for table in tables:
        assert not round_runner.on_hand_end(done.pk, table.game_id, table.game.seq)
    assert Entrant.objects.get(pk=ranked[0]).points == score[ranked[0]][0]
