"""Every game's patches: after each move, the patch a page gets, applied to the table it holds the
way the table script applies it, is exactly the whole table a fresh load gives, for each player and
a spectator, and it names no card hidden from its viewer."""

from __future__ import annotations

import difflib
import json
import re
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games import actions, windows
from games.models import Game
from games.rendering import render_table_fragment, render_table_patch
from games.table_state import table_state
from tests.support.table_page import apply_patch, same_table
from tests.support.tables import actor_for, hidden_cards, leaked
from tests.support.variant_play import hidden_codes, leaked_codes, next_move, two_player_table

MOVES = 40


def hidden_in(text: str, game: Game, seat: int | None) -> set[str]:
    """The cards `seat` may not know of that `text` names. DD MAU's words share names with its cards
    (the dealer is the "Deck Master"): its scan knows which of them are cards."""
    if game.variant == "ddmau":
        return leaked(text, hidden_cards(game, seat))
    return leaked_codes(text, hidden_codes(game, seat), game.variant, names=True)


def differences(patched: str, whole: str) -> str:
    """Where a patched page and the whole table differ, tag by tag."""
    before, after = (re.sub(r">\s*<", ">\n<", page).splitlines() for page in (whole, patched))
    return "\n".join(difflib.unified_diff(before, after, "whole", "patched", lineterm="", n=1))


@pytest.mark.parametrize("variant", ["ddmau", "maumau", "mau", "dansk", "emojical"])
def test_it_patches_every_games_page_into_exactly_the_table_a_fresh_load_gives(
    alice: Any, bob: Any, carol: Any, variant: str
) -> None:
    game = two_player_table(alice, bob, variant)
    viewers = {0: alice, 1: bob, None: carol}
    pages = {seat: render_table_fragment(table_state(game, user)) for seat, user in viewers.items()}
    patched = 0
    for _ in range(MOVES):
        base = game.seq
        chosen = next_move(game)
        if chosen is None:  # a reaction window: the server closes it, as the worker would
            assert windows.do_close_window(game.pk, game.seq, timezone.now() + timedelta(hours=1)) is not None
        else:
            seat, action = chosen
            assert actions.do_move(game.pk, actor_for(game, seat), action, game.seq).ok
        game.refresh_from_db()
        for viewer, user in viewers.items():
            state = table_state(game, user)
            whole = render_table_fragment(state)
            patch = render_table_patch(state, base)
            if patch is not None:
                assert hidden_in(json.dumps(patch), game, viewer) == set()
                pages[viewer] = apply_patch(pages[viewer], patch)
                assert same_table(pages[viewer], whole), differences(pages[viewer], whole)
                patched += 1
            pages[viewer] = whole
        if game.status != Game.Status.PLAYING:
            break
    assert patched >= 15  # five moves' patches for each viewer at least (a hand's end sends the whole table)
