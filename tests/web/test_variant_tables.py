"""Every game of the site at a table: created from its own form, played to the end over HTTP by two
players with a spectator watching, its log and result in words, no hidden card shown to anyone."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import engine
from games.models import Game, Move
from tests.support.personas import signed_in
from tests.support.variant_play import play_through_the_web

NEW_GAMES = ("maumau", "mau", "dansk", "emojical")
# One hand or round each, so that a whole game over HTTP stays quick.
SHORT: dict[str, dict[str, Any]] = {
    "maumau": {"mode": "solo"},
    "mau": {},
    "dansk": {"rounds": 1},
    "emojical": {"target": 0},
}


def create_form(variant: str, **changes: Any) -> dict[str, Any]:
    form: dict[str, Any] = {
        "variant": variant,
        "seat_count": 2,
        "move_seconds": 60,
        "visibility": "public",
        "bots": 0,
        "bot_level": "greedy",
    }
    for spec in engine.get_rules(variant).option_specs:
        if spec.kind != "mapping" and spec.default is not None:
            form[spec.key] = spec.default
    form.update(changes)
    return {key: value for key, value in form.items() if value is not False}


@pytest.mark.parametrize("variant", NEW_GAMES)
def test_it_offers_each_game_with_its_own_house_rules(alice: Any, variant: str) -> None:
    page = signed_in(alice).get(reverse("games:create") + f"?variant={variant}").content.decode()
    rules = engine.get_rules(variant)
    assert f"<b>{rules.title}</b>" in page
    for spec in rules.option_specs:
        if spec.kind != "mapping":
            assert f'name="{spec.key}"' in page
            assert spec.help in page or spec.help.replace("'", "&#x27;") in page
    assert 'name="net_low"' not in page  # DD MAU's safety net is DD MAU's


@pytest.mark.parametrize("variant", NEW_GAMES)
def test_it_plays_a_game_to_its_end_over_http_with_no_hidden_card_shown(
    alice: Any, bob: Any, carol: Any, variant: str
) -> None:
    form = create_form(variant, **SHORT[variant])
    created = signed_in(alice).post(reverse("games:create") + f"?variant={variant}", form)
    assert created.status_code == 302, created.content.decode()[:2000]
    game = Game.objects.get()
    assert game.variant == variant
    signed_in(bob).post(reverse("games:join", args=[game.pk]))
    signed_in(alice).post(reverse("games:start", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING
    assert game.position is not None
    assert game.position["variant"] == variant

    players: dict[int, Client] = {seat.index: signed_in(seat.user) for seat in game.seats.all()}
    finished = play_through_the_web(game, players, signed_in(carol))

    assert finished.status == Game.Status.FINISHED
    assert finished.position is not None
    assert finished.position["over"]
    moves = list(Move.objects.filter(game=finished))
    assert all(move.events for move in moves)  # every move says what happened
    page = players[0].get(reverse("games:table", args=[finished.pk])).content.decode()
    assert "Game over" in page
    winner_names = [finished.seats.get(index=seat).name for seat in finished.position["winners"]]
    assert all(name in page for name in winner_names)
    replay = players[0].get(reverse("games:replay", args=[finished.pk]))
    assert replay.status_code == 200
    record = players[0].get(reverse("games:record", args=[finished.pk]))
    assert record.status_code == 200


def test_it_presents_the_five_games_on_the_home_page_each_with_its_help_page(client: Client) -> None:
    home = client.get("/").content.decode().lower()
    for variant in engine.variants():
        title = engine.get_rules(variant).title.lower()
        help_page = reverse("games:help", args=[variant])
        assert title in home
        assert help_page in home
        answer = client.get(help_page)
        assert answer.status_code == 200
        assert title in answer.content.decode().lower()
    # The games with reaction windows say how long they last when played turn by turn.
    for variant in ("mau", "emojical", "dansk"):
        text = client.get(reverse("games:help", args=[variant])).content.decode().replace("-", " ")
        assert "turn by turn" in text


def test_it_filters_the_lobby_by_game_and_names_the_game_of_every_table(alice: Any, bob: Any) -> None:
    from games import actions

    danish = actions.do_create_game(alice, seat_count=2, move_seconds=60, variant="dansk")
    classic = actions.do_create_game(bob, seat_count=2, move_seconds=60, variant="maumau")
    lobby = reverse("games:lobby")
    everything = signed_in(alice).get(lobby).content.decode()
    assert danish.get_absolute_url() in everything
    assert classic.get_absolute_url() in everything
    assert engine.get_rules("dansk").title in everything
    only_danish = signed_in(alice).get(lobby, {"game": "dansk"}).content.decode()
    assert danish.get_absolute_url() in only_danish
    assert classic.get_absolute_url() not in only_danish
