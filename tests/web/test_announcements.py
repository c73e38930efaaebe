"""What a screen reader hears after a move (the fragment's data-announce-text, read out by table.js):
the log's new line in plain words, players and cards by name, never the markup of the card chips."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from games import actions, engine
from games.models import Game
from games.presenters import presenter_for
from games.rendering import render_table_fragment
from games.table_state import table_state
from tests.support.personas import make_player

ANNOUNCED = re.compile(r'data-announce-text="([^"]*)"')


def announced(game: Game, viewer: Any) -> str:
    found = ANNOUNCED.search(render_table_fragment(table_state(game, viewer)))
    assert found is not None
    return html.unescape(found[1])


@pytest.mark.parametrize("variant", ["ddmau", "maumau"])
def test_it_announces_a_play_with_the_names_of_its_cards(alice: Any, carol: Any, variant: str) -> None:
    zoe = make_player("zoe", display_name="Zoë <b>")
    game = actions.do_create_game(alice, seat_count=2, move_seconds=60, variant=variant)
    actions.do_join(game.pk, zoe)
    game = actions.do_start(game.pk, alice)
    for _ in range(40):  # until someone puts cards down
        position = game.position
        assert position is not None
        seat = engine.rules_of(position).to_act(position)[0]
        legal = engine.legal_actions(position, seat)
        chosen = next((action for action in legal if action.get("cards")), legal[0])
        result = actions.do_move(game.pk, (alice, zoe)[seat], chosen, game.seq)
        assert result.ok
        game = result.game
        if chosen.get("cards"):
            break
    else:
        pytest.fail("nobody played a card")
    presenter = presenter_for(variant)
    words = announced(game, carol)
    assert words.startswith(("Alice", "Zoë <b>"))  # the name as it is, escaped once by the template
    for code in chosen["cards"]:
        assert presenter.card_words(code) in words
    assert "<span" not in words
    assert announced(game, alice) == words  # every viewer hears the same line


def test_it_says_when_the_table_played_for_someone_who_ran_out_of_time() -> None:
    from games.rendering import logged
    from games.table_state import LogLine

    line = LogLine(7, 0, "seat 0 draws a card", "timeout", ({"kind": "draw", "text": "{p0} draws a card", "seat": 0},))
    (row,) = logged([line], {0: "Zoë <b>"}, presenter_for("ddmau"))
    assert row.spoken == "Zoë <b> draws a card (played for Zoë <b>, who ran out of time)"
    assert '<span class="muted">(played for Zoë &lt;b&gt;, who ran out of time)</span>' in row.words
