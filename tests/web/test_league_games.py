"""A league plays one game: its tables are of that game only, and its standings are ordered by that
game's own outcome (a higher total wins Mau-Mau's point game, a lower one DD MAU and Danish Mau Mau)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse

from games import actions
from games.models import Game
from leagues import actions as league_actions
from leagues.models import GameRecord, League, PlayerRating, ResultRow
from leagues.standings import player_standings
from tests.support.bot_play import play_with_bots
from tests.support.personas import signed_in

pytestmark = pytest.mark.django_db


def standing_names(page: str) -> list[str]:
    """The player names of the first standings table, in the order shown."""
    players = page.split('id="standings-players"')[1].split("</table>")[0]
    return re.findall(r'<td><a href="[^"]*">([^<]+)</a></td>', players)


def league_choices(client: Any, variant: str) -> str:
    """The new-table form's league field (other fields have numbered options too)."""
    page = client.get(f"{reverse('games:create')}?variant={variant}").content.decode()
    found = re.search(r'<select name="league".*?</select>', page, re.S)
    assert found is not None
    return found.group(0)


def test_it_plays_a_league_of_mau_mau_points_to_the_end_and_ranks_the_higher_total_first(
    alice: Any, bob: Any, carol: Any, django_capture_on_commit_callbacks: Any
) -> None:
    owner = signed_in(alice)
    response = owner.post(
        reverse("leagues:create"), {"name": "Point Club", "variant": "maumau", "visibility": "public"}
    )
    league = League.objects.get(name="Point Club")
    assert response["Location"] == league.get_absolute_url()
    assert league.variant == "maumau"
    for member in (bob, carol):
        league_actions.do_join(league.pk, member)
    assert "Mau-Mau" in owner.get(reverse("leagues:list")).content.decode()
    page = owner.get(league.get_absolute_url()).content.decode()
    assert '<strong class="league-game">Mau-Mau</strong>' in page
    assert f"{reverse('games:create')}?variant=maumau&amp;league={league.pk}" in page

    # The new-table form offers the league only for its own game; the action refuses any other.
    assert f'<option value="{league.pk}"' in league_choices(owner, "maumau")
    assert f'<option value="{league.pk}"' not in league_choices(owner, "ddmau")
    with pytest.raises(actions.ActionRefused, match="Point Club plays Mau-Mau: its tables are tables of Mau-Mau, not"):
        actions.do_create_game(alice, seat_count=3, move_seconds=60, league=league, variant="dansk")

    form = {
        "variant": "maumau", "seat_count": 3, "move_seconds": 60, "visibility": "public", "bots": 0,
        "bot_level": "greedy", "league": league.pk, "deck": "32", "mode": "points", "target": 20,
    }  # fmt: skip
    owner.post(f"{reverse('games:create')}?variant=maumau", form)
    game = Game.objects.get()
    assert (game.variant, game.league, game.rules) == ("maumau", league, {"mode": "points", "target": 20})
    for member in (bob, carol):
        actions.do_join(game.pk, member)
    actions.do_start(game.pk, alice)
    with django_capture_on_commit_callbacks(execute=True):  # the hook that records the result
        game = play_with_bots(Game.objects.get(pk=game.pk))

    assert game.status == Game.Status.FINISHED
    record = GameRecord.objects.get(game_id=game.pk)
    assert record.league == league
    results = ResultRow.objects.filter(record=record).select_related("user__profile")
    rows = {row.user.profile.name: row for row in results if row.user is not None}
    totals = {name: row.final_total for name, row in rows.items()}
    assert max(totals.values()) >= 20  # the point game went to its target
    by_total = sorted(totals, key=lambda name: (-totals[name], name.casefold()))
    winner = by_total[0]
    assert rows[winner].place == 1
    assert totals[winner] > sorted(totals.values())[-2]  # the higher total won
    assert [rows[name].place for name in by_total] == sorted(row.place for row in rows.values())
    assert PlayerRating.objects.filter(league=league).count() == 3  # a rating each, in this league

    # "Average final total" sorts best first for this game: the highest first.
    assert [row.name for row in player_standings(league, sort="average")] == by_total
    lowest_first = sorted(totals, key=lambda name: (totals[name], name.casefold()))  # equal totals: by name
    assert [row.name for row in player_standings(league, sort="-average")] == lowest_first
    page = signed_in(bob).get(f"{league.get_absolute_url()}?sort=average").content.decode()
    assert standing_names(page) == by_total
    assert "Average final total: higher is better" in page
    header = re.search(r'<th scope="col" aria-sort="(\w+)" class="num">\s*<a href="\?sort=-average', page)
    assert header is not None
    assert header.group(1) == "descending"
    for name in by_total:  # one game each, a win for the highest total only
        wins = 1 if name == winner else 0
        assert re.search(rf'>{name}</a></td>\s*<td class="num">1</td>\s*<td class="num">{wins}</td>', page), name


def rename(league: League, user: Any, variant: str) -> League:
    """Save the league's settings as its manage page does, asking for another game."""
    return league_actions.do_update_league(
        league.pk, user, name=league.name, description="", visibility="public", variant=variant
    )


def test_it_sorts_a_danish_league_lower_total_first_and_fixes_its_game_once_it_has_games(
    alice: Any, bob: Any, django_capture_on_commit_callbacks: Any
) -> None:
    league = league_actions.do_create_league(alice, name="Danes", variant="dansk")
    league_actions.do_join(league.pk, bob)
    assert rename(league, alice, "mau").variant == "mau"  # no games yet: the game may still change
    league = rename(league, alice, "dansk")

    game = actions.do_create_game(
        alice, seat_count=2, move_seconds=60, league=league, variant="dansk", rules={"rounds": 1}
    )
    actions.do_join(game.pk, bob)
    actions.do_start(game.pk, alice)
    with django_capture_on_commit_callbacks(execute=True):
        play_with_bots(game)

    rows = ResultRow.objects.filter(record__league=league)
    totals = dict(rows.values_list("user__profile__display_name", "final_total"))
    by_total = sorted(totals, key=lambda name: (totals[name], name.casefold()))
    assert [row.name for row in player_standings(league, sort="average")] == by_total
    with pytest.raises(league_actions.Refused, match="Danes has games of Danish Mau Mau: its game can no longer"):
        rename(league, alice, "mau")
    manage = signed_in(alice).get(reverse("leagues:manage", args=[league.pk])).content.decode()
    assert re.search(r'<select name="variant"[^>]*disabled', manage)
