"""The felt (the pile, the draw pile, whose turn, the last play) is rendered once per look and shared
by every viewer who sees the same one (games.rendering.felt_html): it must be exactly the felt its
template renders from the whole table context, for every game, every viewer and every moment."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from games import actions, engine, windows
from games.models import Game
from games.presenters import presenter_for
from games.rendering import _felts as felt_cache
from games.rendering import felt_html, fragment_template, render_table_fragment, table_context
from games.table_state import table_state
from tests.support.table_play import pending_hit_table
from tests.support.tables import player_at
from tests.support.variant_play import two_player_table

VARIANTS = ("ddmau", "maumau", "mau", "dansk", "emojical")


def next_move(game: Game, players: list[Any], chance: random.Random) -> bool:
    """One act of whoever may act (a seat in turn first, then an out-of-turn act), or the server's
    close of a reaction window; False once nothing is left to do."""
    position = game.position
    assert position is not None
    if position.get("over"):
        return False
    for seat, player in enumerate(players):
        legal = engine.legal_actions(position, seat)
        if legal:
            plays = [action for action in legal if action.get("cards")]  # cards played make hits, skips, windows
            chosen = chance.choice(plays if plays and chance.random() < 0.8 else legal)
            result = actions.do_move(game.pk, player, chosen, game.seq)
            return result.ok
    closes = (game.window_deadline or timezone.now()) + timedelta(seconds=1)  # as the worker would, at its deadline
    return windows.do_close_window(game.pk, game.seq, now=closes) is not None


def looks_at(game: Game, viewers: tuple[Any, ...]) -> list[str]:
    """Each viewer's felt as the template renders it from the whole context (the table refreshed
    first; none before the start or after the end), checked against the shared render and the table
    the viewer is sent."""
    presenter = presenter_for(game.variant)
    game.refresh_from_db()
    if game.status != Game.Status.PLAYING:
        return []
    felts = []
    for viewer in viewers:
        context = table_context(table_state(game, viewer))
        whole = fragment_template(presenter.felt_template).render(context)
        assert felt_html(presenter, context) == whole
        assert whole in render_table_fragment(table_state(game, viewer))
        felts.append(whole)
    return felts


@pytest.mark.parametrize("variant", VARIANTS)
def test_it_shares_a_felt_only_between_viewers_who_see_the_same_one(
    alice: Any, bob: Any, carol: Any, variant: str
) -> None:
    game = two_player_table(alice, bob, variant, move_seconds=60)
    chance = random.Random(variant)
    viewers = (alice, bob, carol, AnonymousUser())
    looks: set[str] = set()
    for _ in range(60):
        felts = looks_at(game, viewers)
        if game.status != Game.Status.PLAYING:
            break
        looks.update(felts)
        assert felts[2] == felts[3]  # a signed-in spectator and an anonymous one see one felt
        if not next_move(game, [alice, bob], chance):
            break
    assert any("Your turn" in look for look in looks)  # the players' own looks were among them
    assert len(looks) > 10


def test_it_tells_the_target_of_a_hit_and_the_others_apart(alice: Any, bob: Any, carol: Any) -> None:
    game, position = pending_hit_table(alice, bob)  # R25: the hit waits for its target
    target = position["pending"]["target"]
    felts = looks_at(game, (alice, bob, carol))
    assert "You must take" in felts[target]
    assert "or block it with a Master Mau" in felts[target]
    assert "You must take" not in felts[1 - target]
    target_name = player_at(game, target).profile.name
    assert f"{target_name} must take" in felts[2]  # the spectator sees who


@pytest.mark.parametrize("variant", ["ddmau", "mau"])
def test_it_renders_one_felt_for_every_viewer_and_escapes_the_names_put_in_it(
    alice: Any, carol: Any, variant: str
) -> None:
    from tests.support.personas import make_player

    mallory = make_player("mallory", display_name="<i>O'Mal</i>")  # written in the felt as its template would
    game = actions.do_create_game(alice, seat_count=2, move_seconds=60, variant=variant)
    actions.do_join(game.pk, mallory)
    game = actions.do_start(game.pk, alice)
    while game.position and list(engine.rules_of(game.position).to_act(game.position)) != [1]:
        assert next_move(game, [alice, mallory], random.Random(variant))
        game.refresh_from_db()
    felt_cache.entries.clear()  # a full cache clears itself at the next render: start from an empty one
    felts = looks_at(game, (alice, mallory, carol))
    assert len(felt_cache.entries) == 1  # the player to act, the other and a spectator: one render
    assert "Your turn" in felts[1]
    assert "You have" in felts[1]
    for other in (felts[0], felts[2]):
        assert "&lt;i&gt;O&#39;Mal&lt;/i&gt; to play" in other
        assert "Time left" in other
        assert "<i>O'Mal</i>" not in other
