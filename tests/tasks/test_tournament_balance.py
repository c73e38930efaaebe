"""Tables that drift apart (four players at one, two at another) are broken up and drawn again evenly."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from leagues import actions, tournament_actions
from leagues.models import Entrant, Tournament, TournamentTable
from tests.support.leagues import make_tournament
from tests.support.personas import make_player
from tests.tasks.helpers import wait_until

pytestmark = pytest.mark.postgres


def test_it_redraws_every_table_evenly_once_one_table_is_two_players_short(clock_worker: Any, staff_sam: Any) -> None:
    tournament = make_tournament(staff_sam, name="Even Cup", table_size=4)
    for number in range(1, 8):
        bot = make_player(f"even{number}", is_bot=True, display_name=f"Even {number}")
        actions.do_register(tournament.pk, bot)
    tournament_actions.do_start_tournament(staff_sam, tournament.pk)
    four, three = sorted(TournamentTable.objects.filter(tournament=tournament), key=lambda table: -len(table.seats))
    assert (len(four.seats), len(three.seats)) == (4, 3)

    # One of the three is disqualified: the bot finishes their hand, and the table is left with two
    # players against four at the other. Both tables close at their hands' ends for a fresh draw.
    tournament_actions.do_disqualify(staff_sam, tournament.pk, three.seats[0], "left the venue")
    watcher = Client()
    watcher.force_login(staff_sam)
    page = watcher.get(reverse("leagues:tournament_live", args=[tournament.pk])).content.decode()
    assert "The tables are being redrawn" in page
    redrawn = wait_until(
        lambda: Tournament.objects.filter(pk=tournament.pk, draws=2).first(), "the second draw", timeout=300
    )

    second = list(TournamentTable.objects.filter(tournament=redrawn, draw=2))
    assert sorted(len(table.seats) for table in second) == [3, 3]
    assert {entrant for table in second for entrant in table.seats} == set(four.seats) | set(three.seats[1:])
    for first in TournamentTable.objects.filter(pk__in=[four.pk, three.pk]):
        assert first.close_reason == TournamentTable.Closed.MERGED
    assert not redrawn.redraw_pending
    assert Entrant.objects.filter(tournament=redrawn, eliminated__isnull=True, table__isnull=True).count() == 0

    tournament_actions.do_end(staff_sam, tournament.pk)
