"""The tournament form of any game: the game's house rules as fields, its seat range for the tables,
and the engine's own words for settings it refuses."""

from __future__ import annotations

import datetime
import html
import re
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone

from leagues import actions, game_results, round_runner, tournament_actions
from leagues.bot_entrants import do_enter_bot
from leagues.game_results import hand_ended
from leagues.models import Entrant, Tournament, TournamentTable
from tests.support.bot_play import play_with_bots
from tests.support.leagues import make_tournament
from tests.support.personas import signed_in

pytestmark = pytest.mark.django_db


def local(moment: datetime.datetime) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%dT%H:%M")


def settings(**overrides: Any) -> dict[str, Any]:
    now = timezone.now()
    data = {
        "name": "Mau Night",
        "description": "",
        "kind": "individual",
        "move_seconds": "120",
        "table_size": "4",
        "min_entrants": "4",
        "max_entrants": "16",
        "registration_opens": local(now),
        "registration_closes": local(now + datetime.timedelta(days=3)),
    }
    data.update(overrides)
    return data


def seat_options(page: str) -> list[str]:
    select = re.search(r'<select name="table_size"[^>]*>(.*?)</select>', page, re.S)
    assert select is not None
    return re.findall(r'<option value="(\d+)"', select.group(1))


def test_it_offers_each_games_house_rules_and_seat_range_and_stores_what_is_chosen(staff_sam: Any) -> None:
    staff = signed_in(staff_sam)
    create = reverse("leagues:tournament_create")

    ddmau = staff.get(create).content.decode()
    for key in ("target", "net_low", "net_reset", "shadow_doubles"):
        assert f'name="rule_{key}"' in ddmau
    assert 'name="house_rules"' not in ddmau  # no raw JSON box any more
    assert 'name="rounds"' not in ddmau  # DD MAU's tournaments eliminate
    assert "An elimination past the target (R35)" in ddmau
    assert "A tournament of rounds" not in ddmau
    assert seat_options(ddmau) == [str(n) for n in range(2, 11)]

    maumau = staff.get(f"{create}?variant=maumau").content.decode()
    assert '<input type="hidden" name="variant" value="maumau"' in maumau
    for key in ("deck", "mode", "target", "jack_on_jack"):
        assert f'name="rule_{key}"' in maumau
    assert 'name="rule_net_low"' not in maumau
    assert 'name="rounds"' in maumau
    assert "A tournament of rounds: each round every table plays one game" in maumau
    assert "An elimination past the target" not in maumau
    assert seat_options(maumau) == ["2", "3", "4"]  # Mau-Mau is for 2 to 4 players
    assert 'value="partnerships"' not in maumau

    dansk = staff.get(f"{create}?variant=dansk").content.decode()
    assert 'name="rule_rounds"' in dansk
    assert 'name="rounds"' in dansk

    response = staff.post(
        f"{create}?variant=dansk",
        settings(variant="dansk", rounds="2", table_size="5", rule_rounds="1", rule_first_card="redraw",
                 rule_mau_catch="auto"),
    )  # fmt: skip
    tournament = Tournament.objects.get()
    assert response["Location"] == tournament.get_absolute_url()
    assert (tournament.variant, tournament.rounds, tournament.table_size) == ("dansk", 2, 5)
    assert tournament.house_rules == {"rounds": 1, "first_card": "redraw"}  # only what differs from the defaults

    edit = staff.get(reverse("leagues:tournament_edit", args=[tournament.pk])).content.decode()
    assert re.search(r'<input type="number" name="rule_rounds" value="1"', edit)
    assert re.search(r'<option value="redraw" selected>', edit)
    page = html.unescape(staff.get(tournament.get_absolute_url()).content.decode())
    assert '<dd class="tournament-game">Danish Mau Mau</dd>' in page
    assert "Rounds 1; Turned special card redraw." in page
    assert f'random.Random("{tournament.seed}/ties")' in page  # the tie-break is stated, with the seed
    assert "Most points, then most wins, then the lowest sum of places, then the draw" in page


def test_it_refuses_bad_settings_of_a_game_with_the_engines_words(staff_sam: Any) -> None:
    staff = signed_in(staff_sam)
    create = reverse("leagues:tournament_create")

    refused = staff.post(
        f"{create}?variant=mau",
        settings(variant="mau", rounds="2", table_size="4", rule_decks="1", rule_hand_size="20", rule_slow_s="0"),
    ).content.decode()
    assert "MA1: 20 cards each for 4 players leaves no draw pile from 54 cards." in refused

    refused = staff.post(
        create, settings(rule_target="505", rule_net_low="500", rule_net_reset="600", rule_shadow_doubles="hand")
    ).content.decode()
    assert "R31: the safety net needs net_reset below net_low." in refused

    refused = staff.post(
        f"{create}?variant=maumau",
        settings(variant="maumau", rounds="2", table_size="6", kind="partnerships", rule_deck="32", rule_mode="solo"),
    ).content.decode()
    assert "Select a valid choice. 6 is not one of the available choices." in refused
    assert "Select a valid choice. partnerships is not one of the available choices." in refused
    assert not Tournament.objects.exists()

    with pytest.raises(actions.Refused, match=r"Only DD MAU is played in partnerships \(R36\)"):
        make_tournament(staff_sam, variant="mau", kind=Tournament.Kind.PARTNERSHIPS)


def test_it_starts_a_tournament_of_rounds_only_with_the_games_fewest_players_and_refuses_a_reseat(
    staff_sam: Any,
) -> None:
    tournament = make_tournament(staff_sam, variant="maumau", rounds=2, table_size=4, house_rules={})
    do_enter_bot(staff_sam, tournament.pk)
    with pytest.raises(actions.Refused, match="needs at least 2 entrants to start; 1 registered"):
        tournament_actions.do_start_tournament(staff_sam, tournament.pk)
    for _ in range(5):
        do_enter_bot(staff_sam, tournament.pk)
    tournament_actions.do_start_tournament(staff_sam, tournament.pk)
    tables = list(tournament.tables.select_related("game"))
    assert sorted(len(table.seats) for table in tables) == [3, 3]  # six at tables of four: two even tables
    assert {(table.game.variant, table.game.mode, table.draw) for table in tables} == {("maumau", "standard", 1)}
    with pytest.raises(actions.Refused, match="plays rounds: each round seats everyone afresh"):
        tournament_actions.do_redraw(staff_sam, tournament.pk)


def test_it_settles_each_tables_end_once_when_the_hook_and_the_sweep_both_deliver_it(staff_sam: Any) -> None:
    tournament = make_tournament(staff_sam, variant="maumau", rounds=2, table_size=2, house_rules={})
    for _ in range(4):
        do_enter_bot(staff_sam, tournament.pk)
    tournament_actions.do_start_tournament(staff_sam, tournament.pk)
    first, second = TournamentTable.objects.filter(tournament=tournament).select_related("game").order_by("number")

    game = play_with_bots(first.game)  # no hook runs here: on_commit callbacks wait in a test transaction
    hand_ended(game.pk, game.seq)
    hand_ended(game.pk, game.seq)  # the hook again
    assert not round_runner.on_hand_end(tournament.pk, game.pk, game.seq)
    assert game_results.sweep() == 0  # nothing left for the sweep: the table is settled, the game recorded
    points = dict(Entrant.objects.filter(table__isnull=True).values_list("pk", "points"))
    assert sorted(points[pk] for pk in first.seats) == [0, 1]  # one game counted once: the winner beat one player
    first.refresh_from_db()
    assert first.close_reason == TournamentTable.Closed.FINISHED
    assert TournamentTable.objects.filter(tournament=tournament).count() == 2  # round 2 waits for table 2

    game = play_with_bots(second.game)
    assert game_results.sweep() == 1  # the lost hook: the sweep delivers it
    assert game_results.sweep() == 0
    hand_ended(game.pk, game.seq)
    tournament.refresh_from_db()
    round_two = TournamentTable.objects.filter(tournament=tournament, draw=2)
    assert (tournament.draws, round_two.count()) == (2, 2)
    entrants = Entrant.objects.filter(tournament=tournament)
    assert sorted(entrants.values_list("points", flat=True)) == [0, 0, 1, 1]
    leaders = set(entrants.filter(points=1).values_list("pk", flat=True))
    assert set(round_two.get(number=3).seats) == leaders  # the two winners of round 1 meet at table 3


def test_it_ends_a_tournament_of_rounds_by_the_standings_with_the_disqualified_last(staff_sam: Any) -> None:
    tournament = make_tournament(staff_sam, variant="mau", rounds=3, table_size=2, house_rules={})
    for _ in range(4):
        do_enter_bot(staff_sam, tournament.pk)
    tournament_actions.do_start_tournament(staff_sam, tournament.pk)
    first, second = TournamentTable.objects.filter(tournament=tournament).select_related("game").order_by("number")
    game = play_with_bots(first.game)
    hand_ended(game.pk, game.seq)
    [winner] = Entrant.objects.filter(pk__in=first.seats, wins=1)
    cheat = Entrant.objects.get(pk=second.seats[0])

    tournament_actions.do_disqualify(staff_sam, tournament.pk, cheat.pk, "rude")
    tournament_actions.do_end(staff_sam, tournament.pk)

    tournament.refresh_from_db()
    second.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert (second.close_reason, second.game.status) == (TournamentTable.Closed.ENDED, "aborted")
    places = dict(Entrant.objects.filter(tournament=tournament).values_list("pk", "placing"))
    assert sorted(place or 0 for place in places.values()) == [1, 2, 3, 4]
    assert (places[winner.pk], places[cheat.pk]) == (1, 4)  # the called-off game earned nothing
    assert Entrant.objects.get(pk=second.seats[1]).points == 0
    log = signed_in(staff_sam).get(reverse("leagues:tournament_run", args=[tournament.pk])).content.decode()
    assert "Ended the tournament: everyone placed by the standings" in log
