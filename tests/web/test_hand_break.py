"""Between hands at a live table the result shows in front of everyone; the next hand's clock starts
when every player said Ready, or when the short break is over, not before."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone

from games import actions
from games.models import Game
from tests.support.personas import signed_in
from tests.support.table_play import advance
from tests.support.tables import make_table, play, simple_move


def at_the_second_hand(alice: Any, bob: Any, settings: Any) -> Game:
    settings.DDMAU_HAND_BREAK_SECONDS = 30
    game = make_table(alice, bob)  # no hand of two reaches 505: the game goes on after the first
    advance(game, lambda position: position.get("hand", 1) >= 2 or bool(position.get("over")))
    game.refresh_from_db()
    assert not game.dealt_position().get("over")
    return game


def test_it_holds_the_next_hand_until_everyone_is_ready(alice: Any, bob: Any, settings: Any) -> None:
    game = at_the_second_hand(alice, bob, settings)
    assert game.on_break()
    assert game.deadline is not None
    assert game.break_until is not None
    assert game.deadline >= game.break_until + timedelta(seconds=game.move_seconds)  # the clock waits

    page = signed_in(alice).get(game.get_absolute_url()).content.decode()
    assert "Ready for the next hand" in page
    assert "went out" in page
    refused = play(game, simple_move(game))
    assert refused.outcome == "break"
    assert "ready" in refused.message

    signed_in(alice).post(reverse("games:ready", args=[game.pk]))
    game.refresh_from_db()
    assert game.on_break()
    assert game.ready_seats == [game.seats.get(user=alice).index]
    assert "You are ready" in signed_in(alice).get(game.get_absolute_url()).content.decode()

    signed_in(bob).post(reverse("games:ready", args=[game.pk]))
    game.refresh_from_db()
    assert game.dealt_position()["hand"] == 2
    assert not game.on_break()
    assert game.deadline is not None
    assert game.deadline <= timezone.now() + timedelta(seconds=game.move_seconds)
    assert play(game, simple_move(game)).ok


def test_it_starts_the_next_hand_by_itself_once_the_break_is_over(alice: Any, bob: Any, settings: Any) -> None:
    game = at_the_second_hand(alice, bob, settings)
    Game.objects.filter(pk=game.pk).update(break_until=timezone.now() - timedelta(seconds=1))
    game.refresh_from_db()
    assert game.dealt_position()["hand"] == 2
    assert not game.on_break()
    assert play(game, simple_move(game)).ok


def test_it_lets_only_the_players_say_ready(alice: Any, bob: Any, carol: Any, settings: Any) -> None:
    game = at_the_second_hand(alice, bob, settings)
    with pytest.raises(actions.ActionRefused, match="Only the players"):
        actions.do_ready(game.pk, carol)
    game.refresh_from_db()
    assert game.ready_seats == []


def test_it_has_no_break_at_a_turn_by_turn_table(alice: Any, bob: Any, settings: Any) -> None:
    settings.DDMAU_HAND_BREAK_SECONDS = 30
    game = make_table(alice, bob, move_seconds=86400)
    advance(game, lambda position: position.get("hand", 1) >= 2 or bool(position.get("over")))
    game.refresh_from_db()
    assert game.dealt_position()["hand"] == 2
    assert not game.on_break()


def test_it_closes_the_hand_in_the_log_with_who_went_out_and_the_new_totals(
    alice: Any, bob: Any, settings: Any
) -> None:
    game = at_the_second_hand(alice, bob, settings)
    totals = game.dealt_position()["totals"]
    page = signed_in(bob).get(game.get_absolute_url()).content.decode()
    names = {seat.index: seat.name for seat in game.seats.all()}
    expected = ", ".join(f"{names[seat]} {total}" for seat, total in enumerate(totals))
    assert "Hand 1 is over:" in page
    assert f"went out · totals {expected}" in page
