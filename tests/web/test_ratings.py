"""Ratings and standings after recorded results, checked against openskill itself and a hand count."""

from __future__ import annotations

import itertools
import re
import threading
from typing import Any

import pytest
from django.db import connection
from django.template import Context, Template
from django.test import Client, RequestFactory
from django.urls import reverse
from openskill.models import PlackettLuce

from leagues import actions
from leagues.charts import rating_history_svg
from leagues.models import GameRecord, PlayerRating, RatingPoint, ResultRow
from leagues.standings import player_standings
from tests.support.leagues import game_result, make_league, record
from tests.support.personas import make_player

pytestmark = pytest.mark.django_db


def rating_of(user: Any, league: Any = None) -> tuple[float, float, int]:
    row = PlayerRating.objects.get(user=user, league=league)
    return row.mu, row.sigma, row.games


def test_it_rates_players_exactly_as_openskill_does_for_the_same_orders(alice: Any, bob: Any, carol: Any) -> None:
    dave = make_player("dave")
    league = make_league(alice, members=[bob, carol, dave])
    games = [
        [(alice, 20, 1), (bob, 60, 2), (carol, 60, 2), (dave, 510, 4)],  # Bob and Carol tie for second
        [(dave, -25, 1), (carol, 100, 2), (alice, 300, 3)],
        [(bob, 0, 1), (alice, 44, 2)],
    ]
    for game_id, seats in enumerate(games, start=1):
        record(game_id, seats, league=league)

    model = PlackettLuce()
    expected = {user.pk: model.rating() for user in (alice, bob, carol, dave)}
    for seats in games:
        teams = [[expected[user.pk]] for user, _, _ in seats]
        rated = model.rate(teams, ranks=[place for _, _, place in seats])
        for (user, _, _), (after,) in zip(seats, rated, strict=True):
            expected[user.pk] = after

    for user, played in ((alice, 3), (bob, 2), (carol, 2), (dave, 2)):
        want = expected[user.pk]
        assert rating_of(user) == pytest.approx((want.mu, want.sigma, played))
        # Every game was a league game, so the league rating followed the same path.
        assert rating_of(user, league) == pytest.approx((want.mu, want.sigma, played))


def test_it_rates_outside_and_inside_a_league_separately(alice: Any, bob: Any) -> None:
    league = make_league(alice, members=[bob])
    record(1, [(alice, 10, 1), (bob, 90, 2)])
    record(2, [(bob, 10, 1), (alice, 90, 2)], league=league)

    model = PlackettLuce()
    a, b = model.rating(), model.rating()
    [[a], [b]] = model.rate([[a], [b]], ranks=[1, 2])
    [[b], [a]] = model.rate([[b], [a]], ranks=[1, 2])
    [[league_b], [league_a]] = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])

    assert rating_of(alice)[:2] == pytest.approx((a.mu, a.sigma))
    assert rating_of(alice, league)[:2] == pytest.approx((league_a.mu, league_a.sigma))
    assert rating_of(bob, league)[:2] == pytest.approx((league_b.mu, league_b.sigma))


def test_it_gives_bots_no_rating_and_leaves_them_out_of_the_order(alice: Any, bob: Any) -> None:
    record(1, [(alice, 5, 1), ("greedy", 50, 2), (bob, 300, 3), ("random", 510, 4)])
    record(2, [(alice, 5, 1), ("greedy", 50, 2)])

    model = PlackettLuce()
    [[a], [b]] = model.rate([[model.rating()], [model.rating()]], ranks=[1, 3])
    assert rating_of(alice) == pytest.approx((a.mu, a.sigma, 1))
    assert rating_of(bob) == pytest.approx((b.mu, b.sigma, 1))
    assert PlayerRating.objects.count() == 2
    # The game against a bot alone still counts as a game played, just not as a rated one.
    assert ResultRow.objects.filter(user=alice).count() == 2


def test_it_records_a_game_only_once(alice: Any, bob: Any) -> None:
    league = make_league(alice, members=[bob])
    result = game_result(9, [(alice, 10, 1), (bob, 90, 2)], league=league)

    first = actions.do_record_game_result(result)
    before = (rating_of(alice), rating_of(bob, league), ResultRow.objects.count(), RatingPoint.objects.count())
    again = actions.do_record_game_result(result)

    assert again.pk == first.pk
    assert (rating_of(alice), rating_of(bob, league), ResultRow.objects.count(), RatingPoint.objects.count()) == before
    assert player_standings(league, sort="name")[0].games == 1


def test_it_refuses_a_malformed_result_and_stores_nothing(alice: Any, bob: Any) -> None:
    bad = [
        game_result(1, [(alice, 10, 1), (alice, 20, 2)]),
        game_result(2, [(alice, 10, 1)]),
        game_result(3, [(alice, 10, 1), (bob, 10, 0)]),
        game_result(4, [(alice, 10, 1), (bob, 20, 2), ("greedy", 30, 2), ("random", 40, 1)], teams=[0, 1, 0, 1]),
    ]
    messages = []
    for result in bad:
        with pytest.raises(actions.Refused) as refused:
            actions.do_record_game_result(result)
        messages.append(str(refused.value))

    assert messages == [
        "Game 1: a player holds two seats.",
        "Game 2: a result needs at least two seats.",
        "Game 3: places start at 1.",
        "Game 4: partners share their place (R36).",
    ]
    assert GameRecord.objects.count() == 0
    assert PlayerRating.objects.count() == 0


def test_it_computes_standings_that_match_a_hand_count(alice: Any, bob: Any, carol: Any) -> None:
    league = make_league(alice, members=[bob, carol])
    record(1, [(alice, 12, 1), (bob, 80, 2), (carol, 80, 2)], league=league)
    record(2, [(carol, -10, 1), (alice, 200, 2), ("greedy", 300, 3)], league=league)
    record(3, [(alice, 50, 1), (bob, 50, 1)], league=league)  # a shared first place is a win for both
    record(4, [(bob, 1, 1), (carol, 2, 2)])  # outside the league: not in its standings

    rows = {row.name: row for row in player_standings(league, sort="name")}

    assert (rows["Alice"].games, rows["Alice"].wins, rows["Alice"].average) == pytest.approx((3, 2, 262 / 3))
    assert (rows["Bob"].games, rows["Bob"].wins, rows["Bob"].average) == pytest.approx((2, 1, 65.0))
    assert (rows["Carol"].games, rows["Carol"].wins, rows["Carol"].average) == pytest.approx((2, 1, 35.0))
    league_alice = PlayerRating.objects.get(user=alice, league=league)
    assert rows["Alice"].rating == pytest.approx(league_alice.mu - 3 * league_alice.sigma)


def test_it_marks_a_rating_provisional_until_ten_rated_games(alice: Any, bob: Any) -> None:
    league = make_league(alice, members=[bob])
    for game_id in range(1, 10):
        record(game_id, [(alice, 10, 1), (bob, 90, 2)], league=league)
    client = Client()

    html = client.get(league.get_absolute_url()).content.decode()
    assert html.count('title="Provisional: fewer than 10 rated games">?</abbr>') == 2

    record(10, [(alice, 10, 1), (bob, 90, 2)], league=league)
    html = client.get(league.get_absolute_url()).content.decode()
    assert 'title="Provisional' not in html.split('id="standings-players"')[1].split("</table>")[0]


def render_player_ratings(person: Any, viewer: Any) -> str:
    request = RequestFactory().get("/")
    request.user = viewer
    template = Template("{% load leagues_tags %}{% player_ratings person %}")
    return template.render(Context({"person": person, "request": request}))


def test_it_draws_the_rating_history_as_an_svg_line(alice: Any, bob: Any) -> None:
    for game_id, alice_place in enumerate([1, 1, 2, 1], start=1):
        record(game_id, [(alice, 10, alice_place), (bob, 20, 3 - alice_place)])

    html = render_player_ratings(alice, bob)

    svg = html[html.index("<svg") : html.index("</svg>")]
    assert 'role="img"' in svg
    assert f'<title id="rating-{alice.pk}-title">Alice&#x27;s rating over 4 rated games</title>' in svg
    points = re.search(r'<polyline[^>]*points="([^"]+)"', svg)
    assert points is not None
    ys = [float(pair.split(",")[1]) for pair in points.group(1).split()]
    history = [p.mu - 3 * p.sigma for p in RatingPoint.objects.filter(user=alice, league=None)]
    assert len(ys) == len(history) == 4
    # Up in the rating is up on the chart (a smaller y), game by game.
    for (y1, y2), (r1, r2) in zip(itertools.pairwise(ys), itertools.pairwise(history), strict=True):
        assert (y2 < y1) == (r2 > r1)
    assert "Provisional until 10 rated games." in html


def test_it_shows_no_chart_before_the_first_rated_game(alice: Any) -> None:
    html = render_player_ratings(alice, alice)

    assert "<svg" not in html
    assert "No rated games yet." in html
    assert rating_history_svg([], title="t", desc="d") == ""


def test_it_keeps_private_league_ratings_off_the_player_page_for_outsiders(alice: Any, bob: Any, carol: Any) -> None:
    league = make_league(alice, "Secret Society", visibility="private", members=[bob])
    record(1, [(alice, 10, 1), (bob, 90, 2)], league=league)

    assert "Secret Society" in render_player_ratings(alice, bob)
    assert "Secret Society" not in render_player_ratings(alice, carol)


def test_it_escapes_names_in_the_chart(alice: Any, bob: Any) -> None:
    svg = rating_history_svg([1.0, 2.0], title="<script>x</script>", desc="a & b")

    assert "<script>" not in svg
    assert "&lt;script&gt;" in svg
    assert "a &amp; b" in svg


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_it_records_a_result_once_when_it_arrives_twice_at_the_same_moment() -> None:
    alice, bob = make_player("alice"), make_player("bob")
    result = game_result(77, [(alice, 10, 1), (bob, 90, 2)])
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def report() -> None:
        try:
            barrier.wait()
            actions.do_record_game_result(result)
        except BaseException as error:
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=report) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == []
    assert GameRecord.objects.count() == 1
    assert ResultRow.objects.count() == 2
    assert rating_of(alice)[2] == 1
    assert RatingPoint.objects.filter(user=alice).count() == 1


def test_it_shows_ratings_and_the_chart_on_the_player_page(alice: Any, bob: Any) -> None:
    record(1, [(alice, 10, 1), (bob, 90, 2)])
    record(2, [(alice, 10, 1), (bob, 90, 2)])

    html = Client().get(reverse("accounts:player", args=["alice"])).content.decode()

    overall = PlayerRating.objects.get(user=alice, league=None)
    assert "Overall rating" in html
    assert f"{overall.ordinal:.1f}" in html
    assert "<svg" in html
    assert "Alice&#x27;s rating over 2 rated games" in html
