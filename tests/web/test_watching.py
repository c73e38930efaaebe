"""Watching and playing at once: the games in progress, public tables and replays open to visitors
without an account (every hand hidden), the "you are watching" flag, and one-click play against bots."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import reverse

from games import views
from games.models import BOT_MARK, Game, Seat
from games.rendering import render_table_fragment
from games.table_state import table_state
from games.views import PLAY_NOW_AT_ONCE
from tests.support.personas import signed_in
from tests.support.tables import hidden_cards, leaked, make_table, play, play_to_the_end

HTMX = {"HX-Request": "true"}


@pytest.fixture
def duel(alice: Any, bob: Any) -> Game:
    game = make_table(alice, bob)
    for _ in range(3):
        play(game)
    game.refresh_from_db()
    return game


def test_it_lists_public_tables_in_play_for_anyone_live_first_and_hides_private_and_waiting_ones(
    alice: Any, bob: Any, carol: Any, duel: Game
) -> None:
    slow = make_table(carol, alice, move_seconds=86400)
    private = make_table(bob, carol, visibility="private")
    waiting = make_table(carol, seats=3, start=False)

    page = Client().get(reverse("games:in_progress")).content.decode()

    assert page.index(duel.get_absolute_url()) < page.index("Turn by turn") < page.index(slow.get_absolute_url())
    assert private.get_absolute_url() not in page
    assert waiting.get_absolute_url() not in page
    assert "Alice" in page
    assert "Bob" in page
    assert leaked(page, hidden_cards(duel, None)) == set()


def test_it_lists_the_games_in_a_few_queries_however_many_there_are(
    alice: Any, bob: Any, carol: Any, django_assert_max_num_queries: Any
) -> None:
    for _ in range(4):
        make_table(alice, bob, carol, seats=4)  # a bot in the fourth seat
    with django_assert_max_num_queries(8):
        page = Client().get(reverse("games:in_progress")).content.decode()
    assert page.count("Watch table") == 4


def test_it_links_the_list_from_the_nav_and_the_home_page(db: Any, client: Client) -> None:
    url = reverse("games:in_progress")
    home = client.get("/").content.decode()
    nav = home.split('aria-label="Main"')[1].split("</nav>")[0]
    assert f'href="{url}"' in nav
    assert f'href="{url}"' in home.split("</nav>")[1]


def test_it_lists_a_played_out_public_game_with_its_replay_for_visitors(alice: Any, bob: Any) -> None:
    game = play_to_the_end(make_table(alice, bob, rules={"target": 50, "net_low": 45, "net_reset": 20}))
    visitor = Client()
    page = visitor.get(reverse("games:in_progress")).content.decode()
    replay_url = reverse("games:replay", args=[game.pk])
    assert replay_url in page
    assert visitor.get(replay_url).status_code == 200
    assert visitor.get(reverse("games:record", args=[game.pk])).status_code == 200


def test_it_shows_a_public_table_to_a_visitor_without_an_account_and_no_hand(duel: Game) -> None:
    visitor = Client()
    page = visitor.get(duel.get_absolute_url())
    fragment = visitor.get(duel.get_absolute_url(), headers=HTMX)

    assert page.status_code == fragment.status_code == 200
    secret = hidden_cards(duel, None)
    assert secret, "the scan needs cards to look for"
    for text in (page.content.decode(), fragment.content.decode()):
        assert leaked(text, secret) == set()
        assert duel.seed not in text
    # What the socket pushes to a visitor is the same spectator's view.
    pushed = render_table_fragment(table_state(duel, None))
    assert leaked(pushed, secret) == set()


def test_it_refuses_a_visitors_move_and_sends_them_to_log_in_for_a_private_or_missing_table(
    alice: Any, bob: Any, duel: Game
) -> None:
    private = make_table(alice, bob, visibility="private")
    visitor = Client()
    for url in (private.get_absolute_url(), reverse("games:replay", args=[private.pk]), "/games/999999/"):
        response = visitor.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("account_login"))
    invited = visitor.get(private.invite_path())
    assert invited.status_code == 302
    assert "invite" in invited["Location"]
    seq = duel.seq
    moved = visitor.post(reverse("games:move", args=[duel.pk]), {"action": '{"act": "draw"}', "expected_seq": seq})
    assert moved.status_code == 302
    duel.refresh_from_db()
    assert duel.seq == seq


def test_it_flags_everyone_not_seated_as_watching(
    rf: Any, monkeypatch: pytest.MonkeyPatch, duel: Game, alice: Any, carol: Any
) -> None:
    rendered: list[Any] = []
    monkeypatch.setattr(views, "render_table_fragment", lambda state: rendered.append(state) or "")  # type: ignore[func-returns-value]
    for user in (alice, carol, AnonymousUser()):
        request = rf.get(duel.get_absolute_url(), headers=HTMX)
        request.user, request.session, request.htmx = user, {}, True
        views.table(request, duel.pk)
    assert [state.extra.get("watching", False) for state in rendered] == [False, True, True]


def test_it_seats_the_player_at_a_new_live_table_against_three_greedy_bots_in_one_click(alice: Any) -> None:
    response = signed_in(alice).post(reverse("games:play_now"))

    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == game.get_absolute_url()
    assert game.status == Game.Status.PLAYING
    assert game.is_live
    assert game.seat_count == 4
    seats = list(game.seats.order_by("index"))
    assert seats[0].user == alice
    assert [seat.bot for seat in seats[1:]] == [Seat.Bot.GREEDY] * 3
    assert game.deadline is not None


def test_it_sends_a_visitor_to_log_in_before_playing_now_and_back_to_the_button(db: Any, client: Client) -> None:
    home = client.get("/").content.decode()
    assert f'action="{reverse("games:play_now")}"' in home
    response = client.post(reverse("games:play_now"))
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('account_login')}?next={reverse('games:play_now')}"
    assert not Game.objects.exists()


def test_it_shows_the_play_now_button_on_a_get_and_never_deals_on_one(alice: Any) -> None:
    page = signed_in(alice).get(reverse("games:play_now"))
    assert page.status_code == 200
    assert "Play now against 3 bots" in page.content.decode()
    assert not Game.objects.exists()


def test_it_keeps_a_player_to_a_few_bot_tables_at_once(alice: Any) -> None:
    client = signed_in(alice)
    for _ in range(PLAY_NOW_AT_ONCE + 1):
        response = client.post(reverse("games:play_now"))
    assert Game.objects.count() == PLAY_NOW_AT_ONCE
    assert response["Location"] == Game.objects.order_by("-started").first().get_absolute_url()  # type: ignore[union-attr]


def test_it_names_bots_with_a_mark_and_whole_names_in_the_list(alice: Any) -> None:
    signed_in(alice).post(reverse("games:play_now"))
    game = Game.objects.get()
    page = Client().get(reverse("games:in_progress")).content.decode()
    for seat in game.seats.exclude(user=alice):
        assert seat.name.startswith(BOT_MARK)
        assert f'title="{seat.full_name}' in page
        assert "greedy bot" in seat.full_name
