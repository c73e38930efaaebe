"""Partnerships: invitations and answers, seats opposite each other (R36), team ratings and team standings."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from openskill.models import PlackettLuce

from leagues import actions
from leagues.models import Partnership, PartnershipRating, PlayerRating, ResultRow
from leagues.seating import partners_seating
from leagues.standings import partnership_standings
from tests.support.leagues import make_league, record
from tests.support.personas import make_player

pytestmark = pytest.mark.django_db


def client_for(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def invite(league: Any, creator: Any, partner: Any, name: str) -> Any:
    return client_for(creator).post(
        reverse("leagues:partnership_create", args=[league.pk]), {"name": name, "partner": partner.username}
    )


def pair(league: Any, first: Any, second: Any, name: str) -> Partnership:
    partnership = actions.do_create_partnership(league.pk, first, second, name)
    return actions.do_answer_partnership(partnership.pk, second, accept=True)


def test_it_activates_a_partnership_once_the_invited_partner_accepts(alice: Any, bob: Any) -> None:
    league = make_league(alice, members=[bob])

    invite(league, alice, bob, "Red Shift")
    partnership = Partnership.objects.get(name="Red Shift")
    assert partnership.status == "pending"
    assert "Red Shift" in client_for(bob).get(reverse("leagues:list")).content.decode()

    client_for(bob).post(reverse("leagues:partnership_answer", args=[partnership.pk]), {"accept": "1"})

    partnership.refresh_from_db()
    assert partnership.status == "active"
    html = client_for(alice).get(partnership.get_absolute_url()).content.decode()
    assert "Alice" in html
    assert "Bob" in html
    assert "Active" in html


def test_it_marks_a_declined_invitation_declined(alice: Any, bob: Any) -> None:
    league = make_league(alice, members=[bob])
    invite(league, alice, bob, "Red Shift")
    partnership = Partnership.objects.get(name="Red Shift")

    client_for(bob).post(reverse("leagues:partnership_answer", args=[partnership.pk]), {"accept": "0"})

    assert Partnership.objects.get(pk=partnership.pk).status == "declined"


def test_it_lets_only_the_invited_partner_answer(alice: Any, bob: Any, carol: Any) -> None:
    league = make_league(alice, members=[bob, carol])
    invite(league, alice, bob, "Red Shift")
    partnership = Partnership.objects.get(name="Red Shift")

    stranger = client_for(carol).post(reverse("leagues:partnership_answer", args=[partnership.pk]), {"accept": "1"})
    creator = client_for(alice)
    answered = creator.post(reverse("leagues:partnership_answer", args=[partnership.pk]), {"accept": "1"})

    assert stranger.status_code == 403
    assert "Red Shift is no longer waiting for your answer." in creator.get(answered["Location"]).content.decode()
    assert Partnership.objects.get(pk=partnership.pk).status == "pending"


def test_it_refuses_a_partner_from_outside_the_league(alice: Any, bob: Any, carol: Any) -> None:
    league = make_league(alice, members=[bob])

    response = invite(league, alice, carol, "Red Shift")

    assert "Carol is not a member of Tuesday Club." in response.content.decode()
    assert not Partnership.objects.exists()


def test_it_refuses_a_second_partnership_for_the_same_player_in_a_league(alice: Any, bob: Any, carol: Any) -> None:
    league = make_league(alice, members=[bob, carol])
    pair(league, alice, bob, "Red Shift")

    response = invite(league, carol, bob, "Blue Moon")

    assert "Bob already has a partnership in Tuesday Club: Red Shift." in response.content.decode()
    assert list(Partnership.objects.values_list("name", flat=True)) == ["Red Shift"]


def test_it_dissolves_a_partnership_when_a_partner_leaves_the_league(alice: Any, bob: Any) -> None:
    league = make_league(alice, members=[bob])
    partnership = pair(league, alice, bob, "Red Shift")

    client_for(bob).post(reverse("leagues:leave", args=[league.pk]))

    assert Partnership.objects.get(pk=partnership.pk).status == "dissolved"


def test_it_seats_partners_opposite_each_other() -> None:
    assert partners_seating([[1, 2], [3, 4]], 4) == [1, 3, 2, 4]
    assert partners_seating([[1, 2], [3, 4], [5, 6]], 6) == [1, 3, 5, 2, 4, 6]


@pytest.mark.parametrize(
    ("teams", "seats", "message"),
    [
        ([[1, 2], [3, 4]], 5, "R36: team play needs 4 or 6 seats, not 5"),
        ([[1, 2], [3, 4]], 6, "R36: 6 seats take 3 pairs of partners"),
        ([[1, 2, 3], [4, 5, 6]], 6, "R36: 6 seats take 3 pairs of partners"),
        ([[1, 2], [2, 3]], 4, "R36: a player can sit in only one seat"),
    ],
)
def test_it_refuses_a_seating_that_breaks_r36(teams: list[list[int]], seats: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        partners_seating(teams, seats)


def test_it_rates_partnerships_as_teams(alice: Any, bob: Any, carol: Any) -> None:
    dave = make_player("dave")
    league = make_league(alice, members=[bob, carol, dave])
    red = pair(league, alice, bob, "Red Shift")
    blue = pair(league, carol, dave, "Blue Moon")
    # Seats 0+2 and 1+3 (R36); both partners carry the team's total.
    record(1, [(alice, -15, 1), (carol, 240, 2), (bob, -15, 1), (dave, 240, 2)], league=league, teams=[0, 1, 0, 1])

    model = PlackettLuce()
    [[a, b], [c, d]] = model.rate([[model.rating(), model.rating()], [model.rating(), model.rating()]], ranks=[1, 2])
    [[red_after], [blue_after]] = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    for user, want in ((alice, a), (bob, b), (carol, c), (dave, d)):
        for league_scope in (None, league):
            got = PlayerRating.objects.get(user=user, league=league_scope)
            assert (got.mu, got.sigma) == pytest.approx((want.mu, want.sigma))
    assert PartnershipRating.objects.get(partnership=red).mu == pytest.approx(red_after.mu)
    assert PartnershipRating.objects.get(partnership=blue).sigma == pytest.approx(blue_after.sigma)
    assert set(ResultRow.objects.filter(partnership=red).values_list("user__username", flat=True)) == {"alice", "bob"}


def test_it_counts_team_standings_once_per_game(alice: Any, bob: Any, carol: Any) -> None:
    dave, erin, frank = make_player("dave"), make_player("erin"), make_player("frank")
    league = make_league(alice, members=[bob, carol, dave, erin, frank])
    pair(league, alice, bob, "Red Shift")
    pair(league, carol, dave, "Blue Moon")
    pair(league, erin, frank, "Green Room")
    teams4 = [0, 1, 0, 1]
    record(1, [(alice, 30, 1), (carol, 90, 2), (bob, 30, 1), (dave, 90, 2)], league=league, teams=teams4)
    record(2, [(carol, 10, 1), (alice, 506, 2), (dave, 10, 1), (bob, 506, 2)], league=league, teams=teams4)
    # Six seats: three pairs at 0+3, 1+4, 2+5.
    six = [(alice, 100, 2), (carol, 20, 1), (erin, 300, 3), (bob, 100, 2), (dave, 20, 1), (frank, 300, 3)]
    record(3, six, league=league, teams=[0, 1, 2, 0, 1, 2])

    rows = {row.name: row for row in partnership_standings(league, sort="name")}

    # By hand: Red 3 games, 1 win, totals 30, 506, 100; Blue 3 games, 2 wins, 90, 10, 20; Green 1 game at 300.
    assert (rows["Red Shift"].games, rows["Red Shift"].wins) == (3, 1)
    assert rows["Red Shift"].average == pytest.approx(636 / 3)
    assert (rows["Blue Moon"].games, rows["Blue Moon"].wins, rows["Blue Moon"].average) == pytest.approx((3, 2, 40.0))
    assert (rows["Green Room"].games, rows["Green Room"].wins, rows["Green Room"].average) == (1, 0, 300)
    html = Client().get(league.get_absolute_url()).content.decode()
    assert 'id="standings-teams"' in html
    assert "Green Room" in html


def test_it_keeps_a_private_leagues_partnership_page_private(alice: Any, bob: Any, carol: Any) -> None:
    league = make_league(alice, "Secret Society", visibility="private", members=[bob])
    partnership = pair(league, alice, bob, "Red Shift")

    assert client_for(carol).get(partnership.get_absolute_url()).status_code == 404
    assert client_for(bob).get(partnership.get_absolute_url()).status_code == 200
