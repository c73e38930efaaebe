"""The Play button says what a DD MAU play will do before it is sent (issue 12): the words come with
the legal plays in the builder's data-plays, in the players' names, only to the player who may play;
and the builder's script is DD MAU's own, loaded by DD MAU tables alone."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from django.test import Client
from django.urls import reverse

from games import actions
from games.rendering import render_table_fragment
from games.table_state import table_state
from tests.support.table_play import penal_t_alone, seed_where, seeded_table
from tests.support.tables import player_at


def plays_of(fragment: str) -> list[list[Any]]:
    found = re.search(r'data-plays="([^"]*)"', fragment)
    return json.loads(html.unescape(found.group(1))) if found else []


def test_it_says_whom_a_penal_t_hits_in_the_words_sent_with_the_plays(alice: Any, bob: Any) -> None:
    game = seeded_table(seed_where(lambda p: p["turn"] == 0 and penal_t_alone(p) is not None), alice, bob)
    assert game.position is not None
    code = penal_t_alone(game.position)
    bob_name = player_at(game, 1).profile.name

    plays = plays_of(render_table_fragment(table_state(game, alice)))

    assert all(len(shape) == 4 for shape in plays)
    words = next(shape[3] for shape in plays if shape[0] == [code])
    assert re.fullmatch(
        rf"{bob_name} (picks up 2 and misses the turn|must take 2 \(and miss the turn\) or block)", words
    )
    assert plays_of(render_table_fragment(table_state(game, bob))) == []  # not Bob's turn: no plays, no words


def test_it_loads_the_play_builder_on_a_ddmau_table_only(alice: Any, bob: Any) -> None:
    ddmau = seeded_table("h7-1", alice, bob)
    classic = actions.do_create_game(bob, seat_count=2, move_seconds=60, variant="maumau")
    client = Client()
    client.force_login(alice)

    page = client.get(reverse("games:table", args=[ddmau.pk])).content.decode()
    other = client.get(reverse("games:table", args=[classic.pk])).content.decode()

    scripts = re.findall(r'<script src="([^"]+)"', page)
    builder = next(i for i, src in enumerate(scripts) if src.endswith("js/variants/ddmau.js"))
    assert builder < next(i for i, src in enumerate(scripts) if src.endswith("js/table.js")), "its hooks first"
    assert "js/variants/" not in other
    assert "js/table.js" in other
