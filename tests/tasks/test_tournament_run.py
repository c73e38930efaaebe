"""A tournament of bot accounts runs through the real Celery worker, table merges and all, to one winner."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail

from games.models import Game, Seat
from leagues import actions, tournament_actions
from leagues.models import Entrant, GameRecord, PartnershipMember, Tournament, TournamentTable
from tests.support.leagues import make_tournament
from tests.support.personas import make_player
from tests.tasks.helpers import wait_until

pytestmark = pytest.mark.postgres

# Short games (R31 options): past 120 a player is out, 115-120 falls back to 60.
SHORT = {"target": 120, "net_low": 115, "net_reset": 60}


def bot_accounts(count: int) -> list[Any]:
    return [make_player(f"bot{n:02}", is_bot=True, display_name=f"Bot {n:02}") for n in range(1, count + 1)]


def finished(tournament: Tournament) -> Tournament | None:
    return Tournament.objects.filter(pk=tournament.pk, status=Tournament.Status.FINISHED).first()


def previous_seat(tournament: Tournament, game: Game, user_id: int) -> Seat:
    """The player's seat at their table before `game`."""
    earlier = Seat.objects.filter(game__tournament=tournament, game_id__lt=game.pk, user_id=user_id)
    seat = earlier.select_related("game").order_by("-game_id").first()
    assert seat is not None
    return seat


def previous_total(tournament: Tournament, game: Game, user_id: int) -> int:
    """The player's total when their table before `game` closed."""
    seat = previous_seat(tournament, game, user_id)
    assert seat.game.position is not None
    return int(seat.game.position["totals"][seat.index])


def came_from(tournament: Tournament, game: Game) -> set[int]:
    """The earlier games the players of `game` came from."""
    users = game.seats.values_list("user_id", flat=True)
    return {previous_seat(tournament, game, user_id).game_id for user_id in users if user_id is not None}


def test_it_plays_twelve_bot_entrants_to_one_winner_merging_tables_on_the_way(
    clock_worker: Any, staff_sam: Any, alice: Any
) -> None:
    tournament = make_tournament(staff_sam, table_size=4, move_seconds=60, house_rules=SHORT)
    players = bot_accounts(12)
    for player in players:
        actions.do_register(tournament.pk, player)

    tournament_actions.do_start_tournament(staff_sam, tournament.pk)

    first_draw = list(TournamentTable.objects.filter(tournament=tournament))
    assert [len(table.seats) for table in first_draw] == [4, 4, 4]
    done = wait_until(lambda: finished(tournament), "the tournament to end with one winner", timeout=600)

    entrants = list(Entrant.objects.filter(tournament=done))
    place = {entrant.pk: entrant.placing or 0 for entrant in entrants}
    assert 0 not in place.values()  # everyone is placed
    [winner] = [entrant for entrant in entrants if entrant.placing == 1]
    assert winner.eliminated is None
    for mine in place.values():  # "1224" places: each place counts everyone placed better
        assert mine == 1 + sum(1 for other in place.values() if other < mine)
    out = [(entrant.eliminated, entrant.total, place[entrant.pk]) for entrant in entrants if entrant.eliminated]
    assert len(out) == 11
    for first_out, first_total, first_place in out:  # out earlier, placed lower; out together, by total
        for later_out, later_total, later_place in out:
            if first_out < later_out:
                assert first_place > later_place
            elif first_out == later_out and first_total < later_total:
                assert first_place < later_place

    tables = list(TournamentTable.objects.filter(tournament=done).select_related("game"))
    assert any(len(came_from(done, table.game)) > 1 for table in tables if table.draw > 1)  # tables merged
    final = max(tables, key=lambda table: table.number)
    assert final.draw > 1
    assert winner.pk in final.seats
    assert final.game.status == Game.Status.FINISHED
    assert all(table.closed for table in tables)
    assert not Game.objects.filter(tournament=done, status=Game.Status.PLAYING).exists()

    for table in tables:
        game = table.game
        assert game.rebuild_position() == game.position  # each game's moves prove it, carried totals included
        if table.draw > 1:  # a merged table starts from the totals its players brought along
            start = game.start_totals or [0] * game.seat_count
            for index, user_id in game.seats.values_list("index", "user_id"):
                assert start[index] == previous_total(done, game, user_id)

    assert GameRecord.objects.filter(game_id=final.game_id, tournament=done).exists()
    assert mail.outbox == []  # bot accounts get no mail


def test_it_mails_each_player_their_table_their_exit_and_the_result(
    clock_worker: Any, staff_sam: Any, alice: Any, bob: Any, carol: Any, dave: Any
) -> None:
    people = [alice, bob, carol, dave]
    tournament = make_tournament(staff_sam, name="Mail Cup", table_size=2, move_seconds=60, house_rules=SHORT)
    for person in people:
        actions.do_register(tournament.pk, person)
    tournament_actions.do_start_tournament(staff_sam, tournament.pk)
    for entrant in Entrant.objects.filter(tournament=tournament):  # nobody came: the bots play them all
        tournament_actions.do_stand_in(staff_sam, tournament.pk, entrant.pk)

    done = wait_until(lambda: finished(tournament), "the tournament to end", timeout=300)
    wait_until(lambda: sum("won" in m.subject for m in mail.outbox) == 4, "the result mails", timeout=30)

    entrants = {entrant.user_id: entrant for entrant in Entrant.objects.filter(tournament=done)}
    [winner] = [entrant for entrant in entrants.values() if entrant.placing == 1]
    for person in people:
        mine = [message for message in mail.outbox if message.to == [person.email]]
        subjects = [message.subject for message in mine]
        [started] = [message for message in mine if message.subject == "[DD MAU] Mail Cup has started: your table"]
        first_table = TournamentTable.objects.get(tournament=done, draw=1, seats__contains=[entrants[person.pk].pk])
        assert f"/games/{first_table.game_id}/" in started.body
        [result] = [message for message in mine if message.subject == f"[DD MAU] Mail Cup: {winner.name} won"]
        assert f"Your place: {entrants[person.pk].placing} of 4" in result.body
        if entrants[person.pk].placing != 1:
            assert f"[DD MAU] Mail Cup: you finished in place {entrants[person.pk].placing}" in subjects
        else:
            assert not [subject for subject in subjects if "you finished in place" in subject]
    # The bot stood in for everyone at every table, also after the merge: nobody had to come back.
    assert not Seat.objects.filter(game__tournament=done, away=False).exists()


def test_it_plays_a_partnership_tournament_with_partners_opposite_to_one_winning_pair(
    clock_worker: Any, staff_sam: Any
) -> None:
    tournament = make_tournament(
        staff_sam, name="Pairs Cup", kind=Tournament.Kind.PARTNERSHIPS, table_size=4, house_rules=SHORT
    )
    players = bot_accounts(8)
    for index in range(0, 8, 2):
        first, second = players[index], players[index + 1]
        pair = actions.do_create_partnership(None, first, second, f"Pair {index // 2 + 1}")
        actions.do_answer_partnership(pair.pk, second, accept=True)
        actions.do_register(tournament.pk, first, pair.pk)

    tournament_actions.do_start_tournament(staff_sam, tournament.pk)
    done = wait_until(lambda: finished(tournament), "the pairs to play it out", timeout=600)

    entrants = list(Entrant.objects.filter(tournament=done).select_related("partnership"))
    places = sorted(entrant.placing or 0 for entrant in entrants)
    assert places[0] == 1  # everyone placed, one winning pair
    assert places.count(1) == 1
    for table in TournamentTable.objects.filter(tournament=done).select_related("game"):
        game = table.game
        assert game.teams
        # Two pairs share a 4-seat table; three pairs left over (one too few for two tables) take 6 seats.
        assert game.seat_count in (4, 6)
        half = game.seat_count // 2
        partners = {
            entrant_id: sorted(seat for seat, owner in enumerate(table.seats) if owner == entrant_id)
            for entrant_id in set(table.seats)
        }
        # R36: partners opposite each other (0+2, 1+3 at four seats; 0+3, 1+4, 2+5 at six)
        assert sorted(partners.values()) == [[seat, seat + half] for seat in range(half)]
        for entrant_id, seats in partners.items():
            members = PartnershipMember.objects.filter(partnership__tournament_entries=entrant_id)
            users = set(game.seats.filter(index__in=seats).values_list("user_id", flat=True))
            assert users == set(members.values_list("user_id", flat=True))
    if not TournamentTable.objects.filter(tournament=done, draw__gt=1).exists():
        # No second draw is only right when one hand put both pairs of a table out at once: then either
        # the pair waiting for a rematch had nobody left to play, or the two pairs left were already
        # sitting together and played it out where they sat.
        eliminated = {entrant.pk: entrant.eliminated for entrant in entrants}
        out_together = [
            {eliminated[owner] for owner in table.seats} for table in TournamentTable.objects.filter(tournament=done)
        ]
        assert any(len(times) == 1 and None not in times for times in out_together), "the survivors never met"
