"""The lobby and creating, joining, leaving and starting tables through the pages."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import BOT_MARK, Game, Seat
from tests.support.personas import make_player, signed_in
from tests.support.tables import hidden_cards, leaked, make_table


def create_form(**changes: Any) -> dict[str, Any]:
    form = {
        "seat_count": 4,
        "move_seconds": 60,
        "visibility": "public",
        "bots": 0,
        "bot_level": "greedy",
        "target": 505,
        "net_low": 500,
        "net_reset": 350,
        "shadow_doubles": "hand",
    }
    form.update(changes)
    return form


def test_it_creates_a_table_with_the_creator_in_seat_zero_and_the_bots_asked_for(alice: Any) -> None:
    response = signed_in(alice).post(reverse("games:create"), create_form(seat_count=5, bots=2, bot_level="random"))
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == game.get_absolute_url()
    assert game.status == Game.Status.OPEN
    assert game.creator == alice
    assert [(seat.user, seat.bot) for seat in game.seats.all()] == [
        (alice, ""),
        (None, ""),
        (None, ""),
        (None, "random"),
        (None, "random"),
    ]
    assert len(game.seed_hash) == 64


def test_it_stores_only_house_rules_that_differ_from_the_defaults(alice: Any) -> None:
    signed_in(alice).post(
        reverse("games:create"), create_form(target=300, net_low=250, net_reset=200, shadow_doubles="total")
    )
    assert Game.objects.get().rules == {"target": 300, "net_low": 250, "net_reset": 200, "shadow_doubles": "total"}


def test_it_sits_partners_opposite_each_other(alice: Any) -> None:
    signed_in(alice).post(reverse("games:create"), create_form(seat_count=6, teams="on"))
    assert [seat.team for seat in Game.objects.get().seats.all()] == [0, 1, 2, 0, 1, 2]


@pytest.mark.parametrize(
    ("changes", "complaint"),
    [
        ({"seat_count": 5, "teams": "on"}, "R36: partnerships need 4 or 6 seats."),
        ({"seat_count": 3, "bots": 4}, "A table of 3 seats has room for at most 3 bots."),
        ({"net_reset": 600}, "R31"),
        ({"move_seconds": 90}, "Select a valid choice"),
        ({"seat_count": 11}, "Select a valid choice"),
    ],
)
def test_it_refuses_a_table_that_cannot_be_played(alice: Any, changes: dict[str, Any], complaint: str) -> None:
    response = signed_in(alice).post(reverse("games:create"), create_form(**changes))
    assert response.status_code == 200
    assert complaint in response.content.decode()
    assert not Game.objects.exists()


def test_it_lets_the_creator_of_a_table_of_bots_only_start_it_and_watch_without_a_hand(alice: Any) -> None:
    client = signed_in(alice)
    client.post(reverse("games:create"), create_form(seat_count=3, bots=3))
    game = Game.objects.get()
    assert [(seat.user_id, seat.bot) for seat in game.seats.all()] == [(None, "greedy")] * 3

    client.post(reverse("games:start", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Your hand" not in page
    assert not leaked(page, hidden_cards(game, None))


def test_it_lets_the_creator_close_a_table_of_bots_only_before_the_start(alice: Any, bob: Any) -> None:
    client = signed_in(alice)
    client.post(reverse("games:create"), create_form(seat_count=3, bots=3))
    game = Game.objects.get()
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Close the table" in page
    assert "Close the table" not in signed_in(bob).get(game.get_absolute_url()).content.decode()

    signed_in(bob).post(reverse("games:leave", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN  # a passer-by cannot close it
    client.post(reverse("games:leave", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED


def test_it_names_each_bot_at_a_table_apart(alice: Any) -> None:
    client = signed_in(alice)
    client.post(reverse("games:create"), create_form(seat_count=4, bots=3))
    game = Game.objects.get()
    client.post(reverse("games:start", args=[game.pk]))
    page = client.get(game.get_absolute_url()).content.decode()
    names = [seat.name for seat in game.seats.all()[1:]]
    assert len(set(names)) == 3
    assert all(name in page and name.startswith(BOT_MARK) for name in names)


def test_it_lists_open_public_tables_and_your_games_but_not_private_ones(alice: Any, bob: Any, carol: Any) -> None:
    public = make_table(alice, seats=3, start=False)
    private = make_table(bob, seats=3, start=False, visibility="private")
    page = signed_in(carol).get(reverse("games:lobby")).content.decode()
    assert public.get_absolute_url() in page
    assert private.get_absolute_url() not in page
    own = signed_in(bob).get(reverse("games:lobby")).content.decode()
    assert private.get_absolute_url() in own


def test_it_filters_the_lobby_by_seats_time_control_and_free_seats(alice: Any, bob: Any, carol: Any) -> None:
    live_two = make_table(alice, seats=2, start=False, move_seconds=30)
    daily_four = make_table(bob, seats=4, start=False, move_seconds=86400)
    full_two = make_table(carol, make_player("dave"), start=False, move_seconds=30)
    client = signed_in(make_player("erin"))

    def listed(**query: Any) -> set[int]:
        page = client.get(reverse("games:lobby"), query, headers={"HX-Request": "true"}).content.decode()
        return {game.pk for game in (live_two, daily_four, full_two) if game.get_absolute_url() in page}

    assert listed() == {live_two.pk, daily_four.pk, full_two.pk}
    assert listed(seats=4) == {daily_four.pk}
    assert listed(pace="live") == {live_two.pk, full_two.pk}
    assert listed(pace="turn") == {daily_four.pk}
    assert listed(free="on", pace="live") == {live_two.pk}


def test_it_lets_a_player_join_a_free_seat_and_leave_it_again(alice: Any, bob: Any) -> None:
    game = make_table(alice, seats=3, start=False)
    client = signed_in(bob)
    client.post(reverse("games:join", args=[game.pk]))
    assert game.seats.get(index=1).user == bob
    client.post(reverse("games:leave", args=[game.pk]))
    assert game.seats.get(index=1).user is None


def test_it_refuses_a_second_seat_and_a_full_table(alice: Any, bob: Any, carol: Any) -> None:
    game = make_table(alice, bob, start=False)
    response = signed_in(carol).post(reverse("games:join", args=[game.pk]), follow=True)
    assert "This table is full." in response.content.decode()
    response = signed_in(bob).post(reverse("games:join", args=[game.pk]), follow=True)
    assert "You already have a seat at this table." in response.content.decode()
    assert [seat.user for seat in game.seats.all()] == [alice, bob]


def test_it_closes_the_table_when_its_creator_leaves_before_the_start(alice: Any, bob: Any) -> None:
    game = make_table(alice, bob, seats=3, start=False)
    signed_in(alice).post(reverse("games:leave", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED


def test_it_lets_only_the_creator_start_and_deals_the_first_hand(alice: Any, bob: Any) -> None:
    game = make_table(alice, bob, start=False)
    response = signed_in(bob).post(reverse("games:start", args=[game.pk]), follow=True)
    assert "Only the table&#x27;s creator can start it." in response.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN
    signed_in(alice).post(reverse("games:start", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING
    assert game.deadline is not None
    assert [len(hand) for hand in game.dealt_position()["hands"]] == [9, 9]  # R3: 9 cards each for 2 players


def test_it_starts_only_with_every_seat_taken_unless_bots_fill_the_rest(alice: Any, bob: Any) -> None:
    game = make_table(alice, bob, seats=4, start=False)
    response = signed_in(alice).post(reverse("games:start", args=[game.pk]), follow=True)
    assert "Every seat needs a player or a bot before the start." in response.content.decode()
    signed_in(alice).post(reverse("games:start", args=[game.pk]), {"fill_with_bots": "on", "bot_level": "random"})
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING
    assert [seat.bot for seat in game.seats.all()] == ["", "", Seat.Bot.RANDOM, Seat.Bot.RANDOM]


def test_it_refuses_joining_a_table_in_play(alice: Any, bob: Any, carol: Any) -> None:
    game = make_table(alice, bob)
    response = signed_in(carol).post(reverse("games:join", args=[game.pk]), follow=True)
    assert "This table has already started or ended." in response.content.decode()


def test_it_sends_visitors_who_are_not_signed_in_to_the_login(alice: Any) -> None:
    game = make_table(alice, seats=2, start=False)
    private = make_table(alice, seats=2, start=False, visibility="private")
    for url in (reverse("games:lobby"), private.get_absolute_url()):
        response = Client().get(url)
        assert response.status_code == 302
        assert reverse("account_login") in response["Location"]
    assert Client().get(game.get_absolute_url()).status_code == 200  # a public table: anyone may watch
    joined = Client().post(reverse("games:join", args=[game.pk]))  # but sitting down takes an account
    assert reverse("account_login") in joined["Location"]
    assert not game.seats.filter(index=1, user__isnull=False).exists()
