"""Staff tournament tools: a new tournament's form filled with sensible defaults, the staff log in
plain words, the live board as a page of its own, and bots entered as entrants."""

from __future__ import annotations

import datetime
import html
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.models import BOT_MARK
from leagues import actions, bot_entrants, tournament_actions
from leagues.models import AdminAction, Entrant, Tournament
from leagues.staff_log import in_words
from tests.support.leagues import make_tournament

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def client_for(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def form_values(page: str) -> dict[str, str]:
    """The form as the browser would send it untouched: every input's value, textareas, selected options."""
    values = {
        name: html.unescape(value) for name, value in re.findall(r'<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"', page)
    }
    for name, text in re.findall(r'<textarea[^>]*name="([^"]+)"[^>]*>(.*?)</textarea>', page, re.S):
        values[name] = html.unescape(text.strip())
    for name, options in re.findall(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', page, re.S):
        chosen = re.search(r'<option value="([^"]*)"[^>]*selected', options)
        values[name] = chosen.group(1) if chosen else re.findall(r'<option value="([^"]*)"', options)[0]
    for name, value in re.findall(r'<input type="radio" name="([^"]+)" value="([^"]*)"[^>]*checked', page):
        values[name] = value
    return values


def test_it_fills_a_new_tournament_with_defaults_that_save_as_they_are(staff_sam: Any) -> None:
    staff = client_for(staff_sam)
    before = timezone.localtime().replace(second=0, microsecond=0)
    page = staff.get(reverse("leagues:tournament_create")).content.decode()

    values = form_values(page)
    opens = datetime.datetime.strptime(values["registration_opens"], "%Y-%m-%dT%H:%M")
    closes = datetime.datetime.strptime(values["registration_closes"], "%Y-%m-%dT%H:%M")
    assert abs(opens - before.replace(tzinfo=None)) <= datetime.timedelta(minutes=1)
    assert closes - opens == datetime.timedelta(days=7)
    assert re.search(r'<input type="datetime-local" name="registration_opens"', page)
    assert values["name"]
    assert (values["move_seconds"], values["table_size"], values["min_entrants"], values["max_entrants"]) == (
        "120",
        "4",
        "4",
        "32",
    )

    response = staff.post(reverse("leagues:tournament_create"), values)

    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert tournament.registration_closes - tournament.registration_opens == datetime.timedelta(days=7)
    assert tournament.house_rules == {}


def test_it_keeps_a_tournaments_own_dates_when_it_is_edited(staff_sam: Any) -> None:
    tournament = make_tournament(staff_sam)
    page = client_for(staff_sam).get(reverse("leagues:tournament_edit", args=[tournament.pk])).content.decode()
    values = form_values(page)
    assert values["name"] == "Spring Open"
    assert values["registration_opens"] == timezone.localtime(tournament.registration_opens).strftime("%Y-%m-%dT%H:%M")


def test_it_writes_the_staff_log_in_plain_words(staff_sam: Any, alice: Any, bob: Any, carol: Any) -> None:
    tournament = make_tournament(staff_sam, table_size=4, move_seconds=3600)
    actions.do_update_tournament(staff_sam, tournament.pk, {"max_entrants": 12, "move_seconds": 7200})
    for player in (alice, bob, carol):
        actions.do_register(tournament.pk, player)
    tournament_actions.do_start_tournament(staff_sam, tournament.pk)
    carol_entry = Entrant.objects.get(tournament=tournament, user=carol)
    tournament_actions.do_disqualify(staff_sam, tournament.pk, carol_entry.pk, "left the table")
    tournament_actions.do_end(staff_sam, tournament.pk)

    page = client_for(staff_sam).get(reverse("leagues:tournament_run", args=[tournament.pk])).content.decode()
    log = page.split('id="log-heading"')[1]

    assert "Created the tournament: name “Spring Open”" in log
    assert "time per move 1 hour" in log
    assert "Changed time per move to 2 hours; most entrants to 12." in log
    assert "Opened registration." in log
    assert "Started the tournament: 3 entrants at 1 table (table " in log
    assert "Disqualified Carol. Reason: left the table" in log
    assert "Ended the tournament" in log
    for python in ("{&#x27;", "{'", '{"', "&#x27;:", "None"):
        assert python not in log


@pytest.mark.parametrize(
    ("action", "detail", "words"),
    [
        ("admin: edit", {"house_rules": "{'target': 404}"}, "Changed house rules to target 404. (in the Django admin)"),
        (
            "admin: entrant",
            {"entrant": "Alice", "disqualified": "True"},
            "Changed the entry of Alice: disqualified yes.",
        ),
        ("admin: entrant", {"entrant": "Alice", "changed": ["placing"]}, "Changed the entry of Alice: placing."),
        (
            "end",
            {"placings": {"Bob": 2, "Alice": 1}},
            "Ended the tournament: those still in placed by their totals, Alice 1st; Bob 2nd.",
        ),
        (
            "replace with bot",
            {"entrant": "Bob", "table": 17},
            "Let a bot play for Bob at table 17; they can take the seat back.",
        ),
        ("add bot", {"entrant": f"{BOT_MARK} Bolt"}, f"Entered the bot {BOT_MARK} Bolt."),
        ("something new", {"why": "because"}, "Something new: why because."),
    ],
)
def test_it_says_each_kind_of_staff_action_as_a_sentence(action: str, detail: dict[str, Any], words: str) -> None:
    assert in_words(AdminAction(action=action, detail=detail)).startswith(words.removesuffix(" (in the Django admin)"))
    if action.startswith("admin: "):
        assert in_words(AdminAction(action=action, detail=detail)).endswith("(in the Django admin)")


def test_it_shows_the_live_board_as_a_styled_page_when_opened_directly_and_a_fragment_to_htmx(
    staff_sam: Any, alice: Any, bob: Any
) -> None:
    tournament = make_tournament(staff_sam)
    for player in (alice, bob):
        actions.do_register(tournament.pk, player)
    tournament_actions.do_start_tournament(staff_sam, tournament.pk)
    url = reverse("leagues:tournament_live", args=[tournament.pk])
    visitor = Client()

    page = visitor.get(url).content.decode()
    fragment = visitor.get(url, headers=HTMX).content.decode()

    assert page.lstrip().startswith("<!doctype html>")
    assert "css/site.css" in page
    assert "css/leagues.css" in page
    assert f"<h1>{tournament.name}: live" in page
    assert 'id="tournament-live"' in page
    assert "Standings" in page
    assert fragment.lstrip().startswith('<div id="tournament-live"')
    assert "<html" not in fragment


def test_it_lets_staff_enter_bots_that_play_their_own_seats(staff_sam: Any, alice: Any) -> None:
    tournament = make_tournament(staff_sam, table_size=3)
    actions.do_register(tournament.pk, alice)
    staff = client_for(staff_sam)
    url = reverse("leagues:tournament_bots", args=[tournament.pk])

    for _ in range(2):
        assert staff.post(url).status_code == 302

    bots = [
        entry for entry in actions.active_entrants(tournament).select_related("user__profile") if entry.user != alice
    ]
    names = [entry.name for entry in bots]
    assert len(set(names)) == 2
    assert all(name.startswith(BOT_MARK) for name in names)
    for entry in bots:
        assert entry.user is not None
        assert entry.user.profile.is_bot
        assert not entry.user.email
        assert not entry.user.has_usable_password()
    page = staff.get(tournament.get_absolute_url()).content.decode()
    assert all(name in page for name in names)
    assert "Take the bot out" in page
    assert AdminAction.objects.filter(tournament=tournament, action="add bot").count() == 2

    tournament_actions.do_start_tournament(staff_sam, tournament.pk)
    [table] = tournament.tables.all()
    seats = {seat.user_id: seat.away for seat in table.game.seats.all()}
    assert seats == {alice.pk: False, bots[0].user_id: True, bots[1].user_id: True}  # the bot plays them
    assert staff.post(url).status_code == 302
    assert actions.active_entrants(tournament).count() == 3  # no entry once it has started


def test_it_reuses_bot_accounts_across_tournaments_and_takes_a_bot_out(staff_sam: Any) -> None:
    first, second = make_tournament(staff_sam), make_tournament(staff_sam, name="Autumn Open")
    one = bot_entrants.do_enter_bot(staff_sam, first.pk)
    two = bot_entrants.do_enter_bot(staff_sam, second.pk)
    assert one.user_id == two.user_id

    client_for(staff_sam).post(reverse("leagues:tournament_bots", args=[first.pk]), {"entrant": one.pk})

    assert not actions.active_entrants(first).exists()
    again = bot_entrants.do_enter_bot(staff_sam, first.pk)
    assert again.user_id != one.user_id  # a withdrawn entry keeps its account out of this tournament
    assert AdminAction.objects.filter(tournament=first, action="remove bot").exists()


def test_it_lets_only_staff_enter_bots_and_only_before_the_start_of_an_individual_tournament(
    staff_sam: Any, alice: Any
) -> None:
    tournament = make_tournament(staff_sam, max_entrants=2)
    url = reverse("leagues:tournament_bots", args=[tournament.pk])
    assert client_for(alice).post(url).status_code == 403
    assert Client().post(url).status_code == 302  # to the login
    pairs = make_tournament(staff_sam, kind=Tournament.Kind.PARTNERSHIPS)
    with pytest.raises(actions.Refused, match="individual"):
        bot_entrants.do_enter_bot(staff_sam, pairs.pk)
    for _ in range(2):
        bot_entrants.do_enter_bot(staff_sam, tournament.pk)
    with pytest.raises(actions.Refused, match="full"):
        bot_entrants.do_enter_bot(staff_sam, tournament.pk)
    assert not Entrant.objects.filter(tournament=pairs).exists()
