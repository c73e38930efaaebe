"""League tables: opened from the league's page, only for its members, counted in its standings."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse

from games.models import Game
from leagues import actions as league_actions
from leagues.models import GameRecord
from tests.support.leagues import make_league
from tests.support.personas import make_player, signed_in
from tests.support.tables import SHORT_GAME, play_to_the_end

pytestmark = pytest.mark.django_db


def table_form(league: Any, **changes: Any) -> dict[str, Any]:
    form: dict[str, Any] = {
        "seat_count": 2,
        "move_seconds": 60,
        "visibility": "public",
        "bots": 0,
        "bot_level": "greedy",
        "shadow_doubles": "hand",
        "league": league.pk,
        **SHORT_GAME,
    }
    form.update(changes)
    return form


def test_it_opens_a_league_table_from_the_league_page_and_counts_its_result(
    alice: Any, bob: Any, django_capture_on_commit_callbacks: Any
) -> None:
    league = make_league(alice, name="Tuesday Club", members=[bob])
    client = signed_in(alice)
    page = client.get(league.get_absolute_url()).content.decode()
    new_table = f"{reverse('games:create')}?variant=ddmau&league={league.pk}"
    assert new_table.replace("&", "&amp;") in page
    form_page = client.get(new_table).content.decode()
    assert f'<option value="{league.pk}" selected>Tuesday Club</option>' in form_page

    response = client.post(reverse("games:create"), table_form(league))
    game = Game.objects.get()
    assert response["Location"] == game.get_absolute_url()
    assert game.league == league
    assert "Tuesday Club" in client.get(game.get_absolute_url()).content.decode()
    assert game.get_absolute_url() in signed_in(bob).get(league.get_absolute_url()).content.decode()  # "Now"

    signed_in(bob).post(reverse("games:join", args=[game.pk]))
    client.post(reverse("games:start", args=[game.pk]))
    with django_capture_on_commit_callbacks(execute=True):  # the hook that records the result
        play_to_the_end(Game.objects.get(pk=game.pk))

    record = GameRecord.objects.get(game_id=game.pk)
    assert record.league == league
    standings = signed_in(bob).get(league.get_absolute_url()).content.decode()
    winners = set(record.rows.filter(place=1).values_list("user__username", flat=True))
    for name in ("alice", "bob"):  # one game each, a win for the lower total
        wins = 1 if name in winners else 0
        row = rf'>{name.title()}</a></td>\s*<td class="num">1</td>\s*<td class="num">{wins}</td>'
        assert re.search(row, standings), name


def test_it_keeps_players_outside_the_league_from_its_tables(alice: Any, bob: Any, carol: Any) -> None:
    league = make_league(alice, members=[bob])
    response = signed_in(carol).post(reverse("games:create"), table_form(league))
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert not Game.objects.exists()

    signed_in(alice).post(reverse("games:create"), table_form(league, seat_count=3))
    game = Game.objects.get()
    refused = signed_in(carol).post(reverse("games:join", args=[game.pk]), follow=True).content.decode()
    assert "join the league to sit here" in refused
    assert not game.seats.filter(user=carol).exists()

    league_actions.do_join(league.pk, carol)
    signed_in(carol).post(reverse("games:join", args=[game.pk]))
    assert game.seats.filter(user=carol).exists()


def test_it_makes_the_tables_of_a_private_league_private_to_its_members(alice: Any, bob: Any, carol: Any) -> None:
    league = make_league(alice, visibility="private", members=[bob])
    signed_in(alice).post(reverse("games:create"), table_form(league, visibility="public"))
    game = Game.objects.get()

    assert game.is_private
    assert signed_in(bob).get(game.get_absolute_url()).status_code == 200  # a member may watch and join
    assert signed_in(carol).get(game.get_absolute_url()).status_code == 404
    assert game.get_absolute_url() not in signed_in(carol).get(reverse("games:lobby")).content.decode()


def test_it_seats_a_player_opposite_their_league_partner_at_a_partnership_table(
    alice: Any, bob: Any, carol: Any
) -> None:
    dave = make_player("dave")
    league = make_league(alice, members=[bob, carol, dave])
    pair = league_actions.do_create_partnership(league.pk, alice, bob, "Two Aces")
    league_actions.do_answer_partnership(pair.pk, bob, accept=True)
    signed_in(alice).post(reverse("games:create"), table_form(league, seat_count=4, teams="on"))
    game = Game.objects.get()

    signed_in(carol).post(reverse("games:join", args=[game.pk]))
    signed_in(bob).post(reverse("games:join", args=[game.pk]))
    signed_in(dave).post(reverse("games:join", args=[game.pk]))

    seated = dict(game.seats.values_list("user__username", "index"))
    assert seated == {"alice": 0, "carol": 1, "bob": 2, "dave": 3}  # R36: partners opposite each other
