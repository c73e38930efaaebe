"""Leagues through their pages: creating, joining and leaving, privacy, approval, admins, seasons, standings."""

from __future__ import annotations

import datetime
import html as html_lib
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from leagues import actions
from leagues.invites import invite_token
from leagues.models import JoinRequest, League, Membership, Season
from tests.support.leagues import make_league, record
from tests.support.personas import make_player

pytestmark = pytest.mark.django_db


def client_for(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def page(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def members(league: League) -> set[str]:
    return set(Membership.objects.filter(league=league).values_list("user__username", flat=True))


def test_it_lets_any_player_create_a_league_which_they_own(alice: Any) -> None:
    response = client_for(alice).post(
        reverse("leagues:create"), {"name": "Tuesday Club", "description": "Weekly", "visibility": "public"}
    )

    league = League.objects.get(name="Tuesday Club")
    assert response.status_code == 302
    assert response["Location"] == league.get_absolute_url()
    assert Membership.objects.get(league=league, user=alice).role == "owner"
    assert "Tuesday Club" in page(client_for(alice), reverse("leagues:list"))


def test_it_refuses_a_league_name_already_taken(alice: Any, bob: Any) -> None:
    make_league(alice, "Tuesday Club")

    response = client_for(bob).post(reverse("leagues:create"), {"name": "tuesday club", "visibility": "public"})

    assert "There is already a league called tuesday club." in response.content.decode()
    assert League.objects.count() == 1


def test_it_lets_a_player_join_and_leave_a_public_league(alice: Any, bob: Any) -> None:
    league = make_league(alice)
    bob_client = client_for(bob)

    bob_client.post(reverse("leagues:join", args=[league.pk]))
    assert members(league) == {"alice", "bob"}
    assert "Welcome to Tuesday Club." in page(bob_client, league.get_absolute_url())

    bob_client.post(reverse("leagues:leave", args=[league.pk]))
    assert members(league) == {"alice"}


def test_it_keeps_the_owner_in_their_league(alice: Any) -> None:
    league = make_league(alice)

    client = client_for(alice)
    client.post(reverse("leagues:leave", args=[league.pk]))

    assert members(league) == {"alice"}
    assert "You own Tuesday Club, so you cannot leave it." in page(client, league.get_absolute_url())


def test_it_keeps_a_private_league_hidden_from_outsiders(alice: Any, bob: Any) -> None:
    league = make_league(alice, "Secret Society", visibility="private")
    outsider = client_for(bob)

    assert outsider.get(league.get_absolute_url()).status_code == 404
    assert outsider.get(reverse("leagues:standings", args=[league.pk]), HTTP_HX_REQUEST="true").status_code == 404
    assert outsider.post(reverse("leagues:join", args=[league.pk])).status_code == 404
    assert Client().get(league.get_absolute_url()).status_code == 404
    assert "Secret Society" not in page(outsider, reverse("leagues:list"))
    assert members(league) == {"alice"}


def test_it_lets_someone_with_the_invite_link_into_a_private_league(alice: Any, bob: Any) -> None:
    league = make_league(alice, "Secret Society", visibility="private")
    link = reverse("leagues:invite", args=[invite_token(league)])
    bob_client = client_for(bob)

    assert "Join Secret Society" in page(bob_client, link)
    response = bob_client.post(link)

    assert response["Location"] == league.get_absolute_url()
    assert members(league) == {"alice", "bob"}
    assert "Secret Society" in page(bob_client, reverse("leagues:list"))


def test_it_stops_an_old_invite_link_once_the_admins_make_a_new_one(alice: Any, bob: Any) -> None:
    league = make_league(alice, "Secret Society", visibility="private")
    old_link = reverse("leagues:invite", args=[invite_token(league)])

    client_for(alice).post(reverse("leagues:invite_reset", args=[league.pk]))

    assert client_for(bob).post(old_link).status_code == 404
    assert client_for(bob).get(reverse("leagues:invite", args=["forged-token"])).status_code == 404
    assert members(league) == {"alice"}


def test_it_holds_a_join_request_until_an_admin_accepts_it(alice: Any, bob: Any) -> None:
    league = make_league(alice, "Invitational", visibility="approval")
    bob_client = client_for(bob)

    bob_client.post(reverse("leagues:join", args=[league.pk]))
    assert members(league) == {"alice"}
    assert "Your request to join is waiting for the admins." in page(bob_client, league.get_absolute_url())
    bob_client.post(reverse("leagues:join", args=[league.pk]))
    assert JoinRequest.objects.filter(league=league, user=bob).count() == 1

    request = JoinRequest.objects.get(league=league, user=bob)
    assert "Bob" in page(client_for(alice), reverse("leagues:manage", args=[league.pk]))
    client_for(alice).post(reverse("leagues:request_decide", args=[league.pk, request.pk]), {"accept": "1"})

    assert members(league) == {"alice", "bob"}
    request.refresh_from_db()
    assert (request.status, request.decided_by) == ("accepted", alice)


def test_it_turns_a_declined_request_away(alice: Any, bob: Any) -> None:
    league = make_league(alice, "Invitational", visibility="approval")
    client_for(bob).post(reverse("leagues:join", args=[league.pk]))
    request = JoinRequest.objects.get(league=league, user=bob)

    client_for(alice).post(reverse("leagues:request_decide", args=[league.pk, request.pk]), {"accept": "0"})

    assert members(league) == {"alice"}
    assert JoinRequest.objects.get(pk=request.pk).status == "declined"


def test_it_lets_only_the_leagues_admins_decide_requests(alice: Any, bob: Any, carol: Any) -> None:
    league = make_league(alice, "Invitational", visibility="approval", members=[bob])
    client_for(carol).post(reverse("leagues:join", args=[league.pk]))
    request = JoinRequest.objects.get(league=league, user=carol)

    response = client_for(bob).post(reverse("leagues:request_decide", args=[league.pk, request.pk]), {"accept": "1"})

    assert response.status_code == 403
    assert client_for(bob).get(reverse("leagues:manage", args=[league.pk])).status_code == 403
    assert members(league) == {"alice", "bob"}
    assert JoinRequest.objects.get(pk=request.pk).status == "pending"


def test_it_lets_the_owner_name_admins_who_then_manage_the_league(alice: Any, bob: Any, carol: Any) -> None:
    league = make_league(alice, "Invitational", visibility="approval", members=[bob])

    client_for(alice).post(reverse("leagues:member_admin", args=[league.pk, bob.pk]), {"admin": "1"})
    assert Membership.objects.get(league=league, user=bob).role == "admin"

    client_for(carol).post(reverse("leagues:join", args=[league.pk]))
    request = JoinRequest.objects.get(league=league, user=carol)
    client_for(bob).post(reverse("leagues:request_decide", args=[league.pk, request.pk]), {"accept": "1"})
    assert members(league) == {"alice", "bob", "carol"}

    # An admin manages the league but does not name admins; only the owner does.
    response = client_for(bob).post(reverse("leagues:member_admin", args=[league.pk, carol.pk]), {"admin": "1"})
    assert response.status_code == 403
    assert Membership.objects.get(league=league, user=carol).role == "member"


def test_it_lets_admins_keep_seasons_that_do_not_overlap(alice: Any, bob: Any) -> None:
    league = make_league(alice, members=[bob])
    create = reverse("leagues:season_create", args=[league.pk])
    admin = client_for(alice)

    admin.post(create, {"new-name": "Spring", "new-starts_on": "2026-03-01", "new-ends_on": "2026-05-31"})
    admin.post(create, {"new-name": "Overlap", "new-starts_on": "2026-05-15", "new-ends_on": "2026-06-30"})
    admin.post(create, {"new-name": "Backwards", "new-starts_on": "2026-09-01", "new-ends_on": "2026-08-01"})

    assert list(Season.objects.filter(league=league).values_list("name", flat=True)) == ["Spring"]
    messages = page(admin, reverse("leagues:manage", args=[league.pk]))
    assert "Seasons may not overlap: Spring runs from" in messages
    assert "A season cannot end before it starts." in messages

    spring = Season.objects.get(name="Spring")
    edit = reverse("leagues:season_edit", args=[league.pk, spring.pk])
    prefix = f"s{spring.pk}"
    admin.post(
        edit, {f"{prefix}-name": "Spring", f"{prefix}-starts_on": "2026-03-01", f"{prefix}-ends_on": "2026-04-30"}
    )
    spring.refresh_from_db()
    assert spring.ends_on == datetime.date(2026, 4, 30)

    member_post = client_for(bob).post(
        edit, {f"{prefix}-name": "Mine", f"{prefix}-starts_on": "2026-01-01", f"{prefix}-ends_on": "2026-12-31"}
    )
    assert member_post.status_code == 403
    assert Season.objects.get(pk=spring.pk).name == "Spring"


def test_it_counts_each_game_for_the_season_in_which_it_finished(alice: Any, bob: Any) -> None:
    league = make_league(alice, members=[bob])
    spring = Season.objects.create(
        league=league, name="Spring", starts_on=datetime.date(2026, 3, 1), ends_on=datetime.date(2026, 5, 31)
    )
    Season.objects.create(
        league=league, name="Summer", starts_on=datetime.date(2026, 6, 1), ends_on=datetime.date(2026, 8, 31)
    )
    late_may = datetime.datetime(2026, 5, 31, 23, 30, tzinfo=datetime.UTC)
    early_june = datetime.datetime(2026, 6, 1, 0, 15, tzinfo=datetime.UTC)
    record(1, [(alice, 40, 1), (bob, 90, 2)], league=league, finished_at=late_may)
    record(2, [(bob, 10, 1), (alice, 70, 2)], league=league, finished_at=early_june)
    record(3, [(bob, 20, 1), (alice, 60, 2)], league=league, finished_at=early_june)

    html = page(client_for(alice), f"{league.get_absolute_url()}?season={spring.pk}")
    standings = html[html.index('id="standings-players"') :]
    # Spring holds only game 1: Alice won it with 40, Bob lost with 90.
    assert _row(standings, "Alice") == ["1", "1", "40.0"]
    assert _row(standings, "Bob") == ["1", "0", "90.0"]

    html = page(client_for(alice), f"{league.get_absolute_url()}?season=all")
    standings = html[html.index('id="standings-players"') :]
    assert _row(standings, "Alice") == ["3", "1", "56.7"]
    assert _row(standings, "Bob") == ["3", "2", "40.0"]


def _row(html: str, name: str) -> list[str]:
    """The games, wins and average cells of a standings row, read from the page."""
    start = html.index(f">{name}</a>")
    row = html[start : html.index("</tr>", start)]
    cells = re.findall(r'<td class="num">(.*?)</td>', row, re.S)
    return [re.sub(r"<[^>]+>", "", cell).strip() for cell in cells[:3]]


def test_it_sorts_the_standings_by_the_column_asked_for(alice: Any, bob: Any, carol: Any) -> None:
    league = make_league(alice, members=[bob, carol])
    record(1, [(alice, 30, 1), (bob, 80, 2), (carol, 120, 3)], league=league)
    record(2, [(bob, 10, 1), (carol, 50, 2), (alice, 400, 3)], league=league)
    record(3, [(bob, 5, 1), (carol, 60, 2), (alice, 90, 3)], league=league)
    # By hand: wins Bob 2, Alice 1, Carol 0; averages Bob 31.7, Carol 76.7, Alice 173.3.
    url = reverse("leagues:standings", args=[league.pk])
    client = client_for(carol)

    def order(sort: str) -> list[str]:
        response = client.get(url, {"table": "players", "sort": sort, "season": "all"}, HTTP_HX_REQUEST="true")
        html = response.content.decode()
        assert html.lstrip().startswith('<div id="standings-players"'), "htmx gets the table alone"
        return sorted(["Alice", "Bob", "Carol"], key=lambda name: html.index(f">{name}</a>"))

    assert order("wins") == ["Bob", "Alice", "Carol"]
    assert order("-wins") == ["Carol", "Alice", "Bob"]
    assert order("average") == ["Bob", "Carol", "Alice"]
    assert order("name") == ["Alice", "Bob", "Carol"]
    assert order("-name") == ["Carol", "Bob", "Alice"]

    # Without htmx the same link reloads the whole page, sorted the same way.
    full = client.get(url, {"table": "players", "sort": "average", "season": "all"}, follow=True).content.decode()
    assert "<h1>" in full
    table = full[full.index('id="standings-players"') :]
    assert table.index(">Bob</a>") < table.index(">Carol</a>") < table.index(">Alice</a>")


def test_it_shows_members_and_finished_games_on_the_league_page(alice: Any, bob: Any) -> None:
    league = make_league(alice, members=[bob])
    record(7, [(alice, 12, 1), ("greedy", 300, 2), (bob, 507, 3)], league=league)

    html = page(Client(), league.get_absolute_url())

    assert "No league tables are open or playing right now." in html
    assert "Table 7" in html
    assert "1. Alice (12), 2. greedy bot (300), 3. Bob (507)" in html
    assert "owner" in html


@pytest.mark.parametrize(
    ("variant", "partnerships", "better", "note"),
    [
        ("ddmau", True, "lower", ""),
        ("maumau", False, "higher", " (Mau-Mau's point game; a game without a score counts 0)"),
        ("mau", False, "lower", " (a game without a score counts 0)"),
        ("dansk", False, "lower", ""),
        ("emojical", False, "higher", " (a game without a score counts 0)"),
    ],
)
def test_it_shows_partnerships_and_how_a_game_counts_as_the_leagues_game_has_them(
    alice: Any, variant: str, partnerships: bool, better: str, note: str
) -> None:
    """The game's rules say whether it has partnerships (their button and standings), its presenter
    how a game without a score counts in the average final total."""
    league = actions.do_create_league(alice, name="Club", variant=variant)

    html = html_lib.unescape(page(client_for(alice), league.get_absolute_url()))

    assert ("Form a partnership" in html) is partnerships
    assert ("<h3>Partnerships</h3>" in html) is partnerships
    assert f"Average final total: {better} is better{note}. Ratings are" in html


def test_it_lists_the_leagues_open_tables_but_not_finished_ones(alice: Any, bob: Any) -> None:
    from games.models import Game

    league = make_league(alice, members=[bob])
    waiting = Game.objects.create(seat_count=4, move_seconds=120, creator=alice, league=league)
    done = Game.objects.create(seat_count=2, move_seconds=120, creator=bob, league=league, status=Game.Status.FINISHED)
    Game.objects.create(seat_count=2, move_seconds=120, creator=bob)

    html = page(Client(), league.get_absolute_url())
    now_playing = html[html.index("<h3>Now</h3>") : html.index("<h3>Recently finished</h3>")]

    assert f'href="{waiting.get_absolute_url()}"' in now_playing
    assert done.get_absolute_url() not in now_playing
    assert now_playing.count("<li>") == 1


def test_it_creates_the_demo_league_once(db: Any) -> None:
    from leagues.demo import DEMO_LEAGUE, ensure_demo_league

    for username in ("ana", "ben", "cleo", "dev"):
        make_player(username)

    ensure_demo_league()
    league = ensure_demo_league()

    assert League.objects.filter(name=DEMO_LEAGUE).count() == 1
    assert members(league) == {"ana", "ben", "cleo", "dev"}
    assert Membership.objects.get(league=league, user__username="ana").role == "owner"


def test_it_sends_the_now_empty_private_league_away_after_leaving(alice: Any, bob: Any) -> None:
    league = make_league(alice, "Secret Society", visibility="private", members=[bob])
    bob_client = client_for(bob)

    response = bob_client.post(reverse("leagues:leave", args=[league.pk]))

    assert response["Location"] == reverse("leagues:list")
    assert bob_client.get(league.get_absolute_url()).status_code == 404
    assert members(league) == {"alice"}
