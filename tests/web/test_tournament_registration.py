"""Tournaments before the start: staff set them up, players register and withdraw, every staff action is logged."""

from __future__ import annotations

import datetime
import re
import threading
from typing import Any

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from leagues import actions
from leagues.models import AdminAction, Entrant, Tournament
from tests.support.leagues import make_league, make_tournament, record
from tests.support.personas import make_player

pytestmark = pytest.mark.django_db


def client_for(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def local(moment: datetime.datetime) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%dT%H:%M")


def form_data(**overrides: Any) -> dict[str, Any]:
    now = timezone.now()
    data = {
        "name": "Spring Open",
        "description": "Sixteen players, one winner.",
        "kind": "individual",
        "move_seconds": "120",
        "table_size": "4",
        "min_entrants": "4",
        "max_entrants": "16",
        "registration_opens": local(now),
        "registration_closes": local(now + datetime.timedelta(days=3)),
        # DD MAU's house rules as the form offers them (games.forms.option_field), at their defaults
        "rule_target": "505",
        "rule_net_low": "500",
        "rule_net_reset": "350",
        "rule_shadow_doubles": "hand",
    }
    data.update(overrides)
    return data


def entrants(tournament: Tournament) -> list[str]:
    return [entry.name for entry in actions.active_entrants(tournament).select_related("user__profile", "partnership")]


def test_it_lets_only_staff_create_a_tournament(alice: Any, staff_sam: Any) -> None:
    player = client_for(alice)
    assert player.get(reverse("leagues:tournament_create")).status_code == 403
    assert player.post(reverse("leagues:tournament_create"), form_data()).status_code == 403
    assert not Tournament.objects.exists()

    response = client_for(staff_sam).post(
        reverse("leagues:tournament_create"), form_data(rule_target="404", rule_net_low="400", rule_net_reset="300")
    )

    tournament = Tournament.objects.get()
    assert response["Location"] == tournament.get_absolute_url()
    assert (tournament.status, tournament.created_by, tournament.house_rules["target"]) == ("draft", staff_sam, 404)


def test_it_refuses_bad_tournament_settings_with_clear_messages(staff_sam: Any) -> None:
    now = timezone.now()
    response = client_for(staff_sam).post(
        reverse("leagues:tournament_create"),
        form_data(
            kind="partnerships",
            table_size="5",
            min_entrants="8",
            max_entrants="4",
            registration_opens=local(now + datetime.timedelta(days=2)),
            registration_closes=local(now),
            rule_net_reset="600",
        ),
    )

    html = response.content.decode()
    assert "R36: partnerships play at tables of 4 or 6." in html
    assert "The most entrants cannot be fewer than the fewest." in html
    assert "Registration must close after it opens." in html
    assert "R31: the safety net needs net_reset below net_low." in html  # the engine's own words
    assert not Tournament.objects.exists()


def test_it_hides_a_draft_tournament_from_players(alice: Any, staff_sam: Any) -> None:
    tournament = make_tournament(staff_sam, name="Secret Cup", open_registration=False)

    assert client_for(alice).get(tournament.get_absolute_url()).status_code == 404
    assert "Secret Cup" not in client_for(alice).get(reverse("leagues:tournaments")).content.decode()
    assert client_for(alice).post(reverse("leagues:tournament_register", args=[tournament.pk])).status_code == 404
    assert client_for(staff_sam).get(tournament.get_absolute_url()).status_code == 200


def test_it_lets_only_staff_edit_or_open_a_tournament(alice: Any, staff_sam: Any) -> None:
    tournament = make_tournament(staff_sam, open_registration=False)

    assert client_for(alice).post(reverse("leagues:tournament_open", args=[tournament.pk])).status_code == 403
    assert (
        client_for(alice)
        .post(reverse("leagues:tournament_edit", args=[tournament.pk]), form_data(name="Mine"))
        .status_code
        == 403
    )
    with pytest.raises(actions.Forbidden, match=re.escape("Only staff run tournaments.")):
        actions.do_open_registration(alice, tournament.pk)

    tournament.refresh_from_db()
    assert (tournament.name, tournament.status) == ("Spring Open", "draft")


def test_it_records_every_staff_action_with_who_and_when(staff_sam: Any) -> None:
    admin = make_player("root", staff=True, display_name="Root")
    staff = client_for(staff_sam)
    data = form_data()
    staff.post(reverse("leagues:tournament_create"), data)
    tournament = Tournament.objects.get()
    client_for(admin).post(reverse("leagues:tournament_edit", args=[tournament.pk]), {**data, "max_entrants": "12"})
    staff.post(reverse("leagues:tournament_open", args=[tournament.pk]))

    log = list(AdminAction.objects.filter(tournament=tournament).order_by("pk"))

    assert [(entry.staff.username, entry.action) for entry in log] == [
        ("sam", "create"),
        ("root", "edit"),
        ("sam", "open registration"),
    ]
    assert log[1].detail == {"max_entrants": 12}
    assert all(entry.at is not None for entry in log)
    html = staff.get(tournament.get_absolute_url()).content.decode()
    assert "Opened registration." in html
    assert "Changed most entrants to 12." in html
    assert "Root" in html


def test_it_registers_a_player_and_emails_a_confirmation(
    alice: Any, staff_sam: Any, mailoutbox: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    tournament = make_tournament(staff_sam)
    client = client_for(alice)

    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("leagues:tournament_register", args=[tournament.pk]))

    assert entrants(tournament) == ["Alice"]
    assert "You are registered for Spring Open." in client.get(tournament.get_absolute_url()).content.decode()
    [mail] = mailoutbox
    assert mail.to == ["alice@example.com"]
    assert mail.subject == "[DD MAU] Registered: Spring Open"
    assert "You are registered for Spring Open." in mail.body
    assert f"{settings.SITE_URL}{tournament.get_absolute_url()}" in mail.body
    [(html, mimetype)] = mail.alternatives
    assert mimetype == "text/html"
    assert "<strong>Spring Open</strong>" in html
    assert tournament.seed in mail.body


def test_it_refuses_registration_outside_the_window(alice: Any, staff_sam: Any) -> None:
    now = timezone.now()
    early = make_tournament(staff_sam, name="Later Cup", registration_opens=now + datetime.timedelta(days=1),
                            registration_closes=now + datetime.timedelta(days=2))  # fmt: skip
    late = make_tournament(staff_sam, name="Past Cup", registration_opens=now - datetime.timedelta(days=2),
                           registration_closes=now - datetime.timedelta(days=1))  # fmt: skip

    for tournament, reason in ((early, "Registration for Later Cup opens"), (late, "Registration for Past Cup closed")):
        with pytest.raises(actions.Refused, match=reason):
            actions.do_register(tournament.pk, alice)
        assert entrants(tournament) == []


def test_it_refuses_registration_once_the_tournament_is_full(alice: Any, bob: Any, carol: Any, staff_sam: Any) -> None:
    tournament = make_tournament(staff_sam, max_entrants=2)
    actions.do_register(tournament.pk, alice)
    actions.do_register(tournament.pk, bob)

    client = client_for(carol)
    client.post(reverse("leagues:tournament_register", args=[tournament.pk]))

    assert entrants(tournament) == ["Alice", "Bob"]
    assert "Spring Open is full (2 entrants)." in client.get(tournament.get_absolute_url()).content.decode()


def test_it_refuses_registering_twice(alice: Any, staff_sam: Any) -> None:
    tournament = make_tournament(staff_sam)
    actions.do_register(tournament.pk, alice)

    with pytest.raises(actions.Refused, match=re.escape("You are already registered for Spring Open.")):
        actions.do_register(tournament.pk, alice)
    assert Entrant.objects.count() == 1


def test_it_lets_a_player_withdraw_and_register_again(alice: Any, bob: Any, staff_sam: Any) -> None:
    tournament = make_tournament(staff_sam, max_entrants=2)
    actions.do_register(tournament.pk, alice)
    actions.do_register(tournament.pk, bob)

    client_for(alice).post(reverse("leagues:tournament_withdraw", args=[tournament.pk]))
    assert entrants(tournament) == ["Bob"]

    client_for(alice).post(reverse("leagues:tournament_register", args=[tournament.pk]))
    assert sorted(entrants(tournament)) == ["Alice", "Bob"]
    assert Entrant.objects.filter(tournament=tournament, user=alice).count() == 1


def test_it_refuses_withdrawing_once_the_tournament_runs(alice: Any, staff_sam: Any) -> None:
    tournament = make_tournament(staff_sam)
    actions.do_register(tournament.pk, alice)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)

    with pytest.raises(actions.Refused, match=re.escape("Spring Open has started: ask the staff if you cannot play.")):
        actions.do_withdraw(tournament.pk, alice)
    assert entrants(tournament) == ["Alice"]


def test_it_registers_partnerships_and_tells_both_partners(
    alice: Any, bob: Any, carol: Any, staff_sam: Any, mailoutbox: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    dave = make_player("dave")
    league = make_league(alice, members=[bob, carol, dave])
    red = actions.do_create_partnership(league.pk, alice, bob, "Red Shift")
    tournament = make_tournament(staff_sam, kind=Tournament.Kind.PARTNERSHIPS, table_size=4)

    with pytest.raises(actions.Refused, match=re.escape("Red Shift is not active: your partner has not accepted yet.")):
        actions.do_register(tournament.pk, alice, red.pk)
    actions.do_answer_partnership(red.pk, bob, accept=True)
    with pytest.raises(
        actions.Refused, match=re.escape("Spring Open is for partnerships: register with your partner.")
    ):
        actions.do_register(tournament.pk, carol)
    with pytest.raises(actions.Forbidden, match=re.escape("You can only register a partnership you belong to.")):
        actions.do_register(tournament.pk, carol, red.pk)

    with django_capture_on_commit_callbacks(execute=True):
        client_for(bob).post(reverse("leagues:tournament_register", args=[tournament.pk]), {"partnership": str(red.pk)})

    assert entrants(tournament) == ["Red Shift"]
    assert sorted(mail.to[0] for mail in mailoutbox) == ["alice@example.com", "bob@example.com"]
    assert "Red Shift is registered for Spring Open." in mailoutbox[0].body
    with pytest.raises(actions.Refused, match=re.escape("Red Shift is already registered.")):
        actions.do_register(tournament.pk, alice, red.pk)
    # Alice's registration through Red Shift shows as hers, and either partner may withdraw it.
    assert "Red Shift is registered" in client_for(alice).get(tournament.get_absolute_url()).content.decode()
    actions.do_withdraw(tournament.pk, alice)
    assert entrants(tournament) == []


def test_it_refuses_a_partnership_entry_in_an_individual_tournament(alice: Any, bob: Any, staff_sam: Any) -> None:
    league = make_league(alice, members=[bob])
    red = actions.do_create_partnership(league.pk, alice, bob, "Red Shift")
    actions.do_answer_partnership(red.pk, bob, accept=True)
    tournament = make_tournament(staff_sam)

    client = client_for(alice)
    response = client.post(reverse("leagues:tournament_register", args=[tournament.pk]), {"partnership": str(red.pk)})

    assert "Spring Open is for individual players." in client.get(response["Location"]).content.decode()
    assert entrants(tournament) == []


def test_it_makes_the_django_admin_useful_for_every_leagues_model(staff_sam: Any, alice: Any, bob: Any) -> None:
    league = make_league(alice, members=[bob])
    tournament = make_tournament(staff_sam)
    actions.do_register(tournament.pk, alice)
    record(1, [(alice, 10, 1), (bob, 20, 2)], league=league)
    staff = client_for(staff_sam)
    for model in ("league", "joinrequest", "partnership", "tournament", "entrant", "adminaction", "gamerecord",
                  "playerrating", "partnershiprating", "ratingpoint"):  # fmt: skip
        listing = staff.get(reverse(f"admin:leagues_{model}_changelist"), {"q": "alice"})
        assert listing.status_code == 200, model
    assert staff.get(reverse("admin:leagues_tournament_change", args=[tournament.pk])).status_code == 200
    assert staff.get(reverse("admin:leagues_tournament_add")).status_code == 200
    assert client_for(alice).get(reverse("admin:leagues_tournament_changelist")).status_code == 302


def test_it_logs_changes_made_in_the_django_admin(staff_sam: Any, alice: Any) -> None:
    tournament = make_tournament(staff_sam)
    entrant = actions.do_register(tournament.pk, alice)

    response = client_for(staff_sam).post(
        reverse("admin:leagues_entrant_change", args=[entrant.pk]),
        {
            "tournament": tournament.pk,
            "user": alice.pk,
            "partnership": "",
            "registered_by": alice.pk,
            "registered_0": timezone.localtime(entrant.registered).strftime("%Y-%m-%d"),
            "registered_1": timezone.localtime(entrant.registered).strftime("%H:%M:%S"),
            "disqualified": "on",
        },
    )

    assert response.status_code == 302, response.content.decode()[:2000]
    assert Entrant.objects.get(pk=entrant.pk).disqualified
    logged = AdminAction.objects.filter(tournament=tournament, action="admin: entrant").get()
    assert (logged.staff, logged.detail["entrant"], logged.detail["disqualified"]) == (staff_sam, "Alice", "True")


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_it_gives_the_last_place_to_exactly_one_of_two_players_racing_for_it() -> None:
    staff = make_player("sam", staff=True)
    players = [make_player(name) for name in ("alice", "bob", "carol")]
    tournament = make_tournament(staff, max_entrants=2)
    actions.do_register(tournament.pk, players[0])
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def register(player: Any) -> None:
        try:
            barrier.wait()
            actions.do_register(tournament.pk, player)
            outcomes.append("in")
        except actions.Refused as refused:
            outcomes.append(str(refused))
        finally:
            connection.close()

    threads = [threading.Thread(target=register, args=(player,)) for player in players[1:]]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(outcomes) == ["Spring Open is full (2 entrants).", "in"]
    assert actions.active_entrants(tournament).count() == 2
