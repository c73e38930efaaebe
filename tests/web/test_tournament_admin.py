"""Running a tournament: only staff start, pause, resume, replace, disqualify, reseat and end it; each
action is logged with who and when; bad requests are refused with a message and change nothing."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import clock
from games.models import Game, Seat
from leagues import actions, tournament_actions
from leagues.models import AdminAction, Entrant, Tournament, TournamentTable
from leagues.seating import draw_tables, table_count
from tests.support.leagues import make_tournament
from tests.support.personas import make_player
from tests.support.tables import hidden_cards, leaked

pytestmark = pytest.mark.django_db


def client_for(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def control(client: Client, tournament: Tournament, name: str, **data: Any) -> Any:
    """The staff page's button `name`, pressed; the page it leads back to."""
    return client.post(reverse("leagues:tournament_control", args=[tournament.pk, name]), data, follow=True)


def said(response: Any) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def refusals(response: Any) -> list[str]:
    return [str(message) for message in response.context["messages"] if message.level_tag == "error"]


def fresh(tournament: Tournament) -> Tournament:
    return Tournament.objects.get(pk=tournament.pk)


@pytest.fixture
def players(alice: Any, bob: Any, carol: Any) -> list[Any]:
    return [alice, bob, carol, make_player("dave"), make_player("erin")]


@pytest.fixture
def spring_open(staff_sam: Any, players: list[Any]) -> Tournament:
    tournament = make_tournament(staff_sam, table_size=4, move_seconds=3600)
    for player in players:
        actions.do_register(tournament.pk, player)
    return tournament


def entrant_of(tournament: Tournament, user: Any) -> Entrant:
    return Entrant.objects.get(tournament=tournament, user=user)


def game_of(tournament: Tournament, user: Any) -> Game:
    table = entrant_of(tournament, user).table
    assert table is not None
    return table.game


def test_it_lets_only_staff_run_a_tournament(spring_open: Tournament, alice: Any, staff_sam: Any) -> None:
    player = client_for(alice)
    for name in ("start", "pause", "resume", "reseat", "end"):
        assert control(player, spring_open, name).status_code == 403
    assert player.get(reverse("leagues:tournament_run", args=[spring_open.pk])).status_code == 403
    assert fresh(spring_open).status == Tournament.Status.REGISTRATION
    assert not Game.objects.exists()

    response = control(client_for(staff_sam), spring_open, "start")

    assert said(response) == ["The tournament has started: the tables are drawn."]
    assert fresh(spring_open).status == Tournament.Status.RUNNING
    for name in ("pause", "end", "disqualify", "replace"):
        assert control(player, spring_open, name, entrant=entrant_of(spring_open, alice).pk).status_code == 403
    assert fresh(spring_open).status == Tournament.Status.RUNNING
    assert Entrant.objects.filter(tournament=spring_open, eliminated__isnull=False).count() == 0


def test_it_draws_balanced_tables_anyone_can_rederive_from_the_seed(spring_open: Tournament, staff_sam: Any) -> None:
    import random

    tournament_actions.do_start_tournament(staff_sam, spring_open.pk)

    tables = list(TournamentTable.objects.filter(tournament=spring_open).select_related("game"))
    assert sorted(len(table.seats) for table in tables) == [2, 3]  # five entrants, tables of up to four
    ids = sorted(Entrant.objects.filter(tournament=spring_open).values_list("pk", flat=True))
    random.Random(f"{spring_open.seed}/1").shuffle(ids)
    assert [table.seats for table in tables] == [ids[0::2], ids[1::2]]
    for table in tables:
        game = table.game
        assert (game.mode, game.status, game.tournament_id) == ("tournament", "playing", spring_open.pk)
        seated = list(game.seats.order_by("index").values_list("user_id", flat=True))
        assert seated == [Entrant.objects.get(pk=pk).user_id for pk in table.seats]
        assert game.move_seconds == 3600
        assert game.deadline is not None


def test_it_logs_each_staff_action_with_who_and_when(spring_open: Tournament, staff_sam: Any, carol: Any) -> None:
    staff = client_for(staff_sam)
    before = timezone.now()
    carol_entry = entrant_of(spring_open, carol)

    steps: list[tuple[str, dict[str, Any]]] = [
        ("start", {}),
        ("pause", {}),
        ("resume", {}),
        ("replace", {"entrant": carol_entry.pk}),
        ("reseat", {}),  # before the disqualification, which may leave the tables uneven and redraw them anyway
        ("disqualify", {"entrant": carol_entry.pk, "reason": "left the table"}),
        ("end", {}),
    ]
    for name, data in steps:
        response = control(staff, spring_open, name, **data)
        assert response.status_code == 200
        assert refusals(response) == []

    log = list(AdminAction.objects.filter(tournament=spring_open).order_by("at", "pk"))
    carol_table = log[-4].detail["table"]
    assert [entry.action for entry in log][-7:] == [
        "start",
        "pause",
        "resume",
        "replace with bot",
        "reseat",
        "disqualify",
        "end",
    ]
    assert {entry.staff for entry in log} == {staff_sam}
    assert all(before <= entry.at <= timezone.now() for entry in log[-7:])
    assert log[-2].detail == {"entrant": "Carol", "reason": "left the table"}
    page = staff.get(reverse("leagues:tournament_run", args=[spring_open.pk])).content.decode()
    assert f"Let a bot play for Carol at table {carol_table}" in page
    assert "Disqualified Carol. Reason: left the table" in page
    assert "Sam (staff)" in page
    assert fresh(spring_open).status == Tournament.Status.FINISHED


def test_it_refuses_bad_requests_with_a_message_and_changes_nothing(
    spring_open: Tournament, staff_sam: Any, alice: Any
) -> None:
    staff = client_for(staff_sam)
    assert said(control(staff, spring_open, "pause")) == [
        "Spring Open has not started: only a running tournament can pause."
    ]
    assert said(control(staff, spring_open, "disqualify", entrant=entrant_of(spring_open, alice).pk)) == [
        "Spring Open has not started."
    ]
    control(staff, spring_open, "start")
    assert said(control(staff, spring_open, "start")) == ["Spring Open cannot start: it is running."]
    assert said(control(staff, spring_open, "resume")) == ["Spring Open is not paused."]
    assert said(control(staff, spring_open, "disqualify", entrant="nobody")) == ["Choose an entrant."]
    assert said(control(staff, spring_open, "disqualify", entrant=999999)) == ["No such entrant in Spring Open."]
    control(staff, spring_open, "replace", entrant=entrant_of(spring_open, alice).pk)
    assert said(control(staff, spring_open, "replace", entrant=entrant_of(spring_open, alice).pk)) == [
        "Alice: A bot already plays for them at this table."
    ]
    assert refusals(control(staff, spring_open, "reseat")) == []
    assert said(control(staff, spring_open, "reseat")) == [
        "A redraw of Spring Open is already waiting for the tables to finish their hands."
    ]
    control(staff, spring_open, "disqualify", entrant=entrant_of(spring_open, alice).pk)
    placing = entrant_of(spring_open, alice).placing
    assert said(control(staff, spring_open, "disqualify", entrant=entrant_of(spring_open, alice).pk)) == [
        f"Alice is already out (place {placing})."
    ]
    actions_logged = [entry.action for entry in AdminAction.objects.filter(tournament=spring_open)]
    assert sorted(actions_logged).count("disqualify") == 1
    assert actions_logged.count("replace with bot") == 1


def test_it_will_not_start_without_enough_entrants(staff_sam: Any, alice: Any) -> None:
    tournament = make_tournament(staff_sam, min_entrants=3)
    actions.do_register(tournament.pk, alice)

    response = control(client_for(staff_sam), tournament, "start")

    assert said(response) == ["Spring Open needs at least 3 entrants to start; 1 registered."]
    assert fresh(tournament).status == Tournament.Status.REGISTRATION
    assert not Game.objects.exists()
    assert not AdminAction.objects.filter(action="start").exists()


def test_it_stops_every_clock_of_a_paused_tournament_until_it_resumes(
    spring_open: Tournament, staff_sam: Any, alice: Any
) -> None:
    tournament_actions.do_start_tournament(staff_sam, spring_open.pk)
    game = game_of(spring_open, alice)

    tournament_actions.do_pause(staff_sam, spring_open.pk)

    assert not Game.objects.filter(tournament=spring_open, deadline__isnull=False).exists()
    # Even a deadline that passed (a move made during the pause restarts one) times nobody out.
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert clock.do_play_due(game.pk, game.seq) == []
    assert Game.objects.get(pk=game.pk).seq == game.seq

    tournament_actions.do_resume(staff_sam, spring_open.pk)

    for table_game in Game.objects.filter(tournament=spring_open):
        assert table_game.deadline is not None
        assert table_game.deadline > timezone.now() + timedelta(seconds=3500)  # a whole move time again


def test_it_lets_the_bot_play_a_replaced_player_and_puts_disqualified_ones_out_at_once(
    spring_open: Tournament, staff_sam: Any, alice: Any, bob: Any
) -> None:
    tournament_actions.do_start_tournament(staff_sam, spring_open.pk)

    tournament_actions.do_stand_in(staff_sam, spring_open.pk, entrant_of(spring_open, alice).pk)
    tournament_actions.do_disqualify(staff_sam, spring_open.pk, entrant_of(spring_open, bob).pk, "abuse")

    assert Seat.objects.get(game=game_of(spring_open, alice), user=alice).away
    bob_entry = entrant_of(spring_open, bob)
    assert (bob_entry.disqualified, bob_entry.placing, bob_entry.table) == (True, 5, None)
    assert bob_entry.eliminated is not None


def test_it_ends_a_tournament_placing_those_still_in_by_their_totals(
    spring_open: Tournament, staff_sam: Any, players: list[Any]
) -> None:
    tournament_actions.do_start_tournament(staff_sam, spring_open.pk)

    tournament_actions.do_end(staff_sam, spring_open.pk)

    tournament = fresh(spring_open)
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.finished is not None
    assert list(Entrant.objects.filter(tournament=tournament).values_list("placing", flat=True)) == [1] * 5
    assert set(Game.objects.filter(tournament=tournament).values_list("status", flat=True)) == {"aborted"}
    assert not TournamentTable.objects.filter(tournament=tournament, closed__isnull=True).exists()
    # The hands were called off, so nothing is left to hide: anyone can check the shuffle and replay them.
    watcher = client_for(make_player("watcher"))
    for game in Game.objects.filter(tournament=tournament):
        assert game.seed in watcher.get(game.get_absolute_url()).content.decode()
        assert watcher.get(reverse("games:replay", args=[game.pk])).status_code == 200
        assert watcher.get(reverse("games:record", args=[game.pk])).json()["table"]["seed"] == game.seed


def test_it_runs_the_same_controls_from_the_django_admin_and_logs_them(spring_open: Tournament, staff_sam: Any) -> None:
    staff = client_for(staff_sam)
    changelist = reverse("admin:leagues_tournament_changelist")

    staff.post(changelist, {"action": "do_start_tournament", "_selected_action": [spring_open.pk]})
    staff.post(changelist, {"action": "do_pause", "_selected_action": [spring_open.pk]})

    assert fresh(spring_open).status == Tournament.Status.PAUSED
    log = AdminAction.objects.filter(tournament=spring_open, action__in=["start", "pause"])
    assert {(entry.action, entry.staff) for entry in log} == {("start", staff_sam), ("pause", staff_sam)}
    response = staff.post(changelist, {"action": "do_pause", "_selected_action": [spring_open.pk]}, follow=True)
    assert "Spring Open is paused: only a running tournament can pause." in response.content.decode()


def test_it_shows_my_table_and_the_standings_and_no_cards_on_the_tournament_page(
    spring_open: Tournament, staff_sam: Any, alice: Any
) -> None:
    tournament_actions.do_start_tournament(staff_sam, spring_open.pk)
    game = game_of(spring_open, alice)
    viewer = client_for(alice)

    page = viewer.get(spring_open.get_absolute_url()).content.decode()
    live = viewer.get(reverse("leagues:tournament_live", args=[spring_open.pk])).content.decode()

    number = entrant_of(spring_open, alice).table.number  # type: ignore[union-attr]
    assert f'You play at <a href="{game.get_absolute_url()}">Table {number}</a>' in page
    assert 'hx-trigger="every 5s"' in live
    assert "Standings" in live
    for name in ("Alice", "Bob", "Carol", "Dave", "Erin"):
        assert name in live
    secret = set().union(
        *(hidden_cards(table_game, None) for table_game in Game.objects.filter(tournament=spring_open))
    )
    assert leaked(page, secret) == set()
    assert leaked(live, secret) == set()


@pytest.mark.parametrize(
    ("units", "capacity", "tables"),
    [(12, 4, 3), (11, 4, 3), (9, 4, 3), (8, 4, 2), (5, 4, 2), (4, 4, 1), (2, 10, 1), (1, 4, 0), (3, 2, 1), (5, 2, 2)],
)
def test_it_uses_as_few_tables_as_hold_everyone_two_at_least_at_each(units: int, capacity: int, tables: int) -> None:
    assert table_count(units, capacity) == tables


def test_it_draws_balanced_tables_the_same_way_from_the_same_seed() -> None:
    draw = draw_tables(list(range(100, 111)), 3, "seed/2")

    assert sorted(len(table) for table in draw) == [3, 4, 4]
    assert sorted(pk for table in draw for pk in table) == list(range(100, 111))
    assert draw == draw_tables(list(reversed(range(100, 111))), 3, "seed/2")  # registration order does not matter
    assert draw != draw_tables(list(range(100, 111)), 3, "seed/3")
