"""The last hand's summary under the board is worked out once a hand for a table and rendered once per
look (presenters.base.kept_summary, rendering.summary_html): every viewer must still see exactly the
summary the hand's record gives, with the players' names as they are now, hand after hand."""

from __future__ import annotations

import re
from typing import Any

from games.models import Game
from games.presenters import presenter_for
from games.rendering import fragment_template, render_table_fragment, table_context
from games.table_state import table_state
from tests.support.table_play import advance, seed_where, seeded_table
from tests.support.tables import player_at
from tests.support.variant_play import two_player_table

SUMMARY = re.compile(r'<details class="card summary".*?</details>', re.S)


def summaries(game: Game, viewers: tuple[Any, ...]) -> list[str]:
    """Each viewer's summary as sent, checked against the one worked out and rendered afresh."""
    game.refresh_from_db()
    shown = []
    for viewer in viewers:
        state = table_state(game, viewer)
        context = table_context(state)
        fresh = presenter_for(game.variant).hand_summary(state, state.view or {})
        assert context["summary"] == fresh
        whole = fragment_template("games/_hand_summary.jinja").render({**context, "summary": fresh})
        found = SUMMARY.search(render_table_fragment(state))
        assert found is not None
        assert found.group(0) == whole
        shown.append(whole)
    return shown


def test_it_sums_up_each_hand_anew_with_the_players_names_as_they_are_now(alice: Any, bob: Any, carol: Any) -> None:
    game = seeded_table(seed_where(lambda p: True), alice, bob)
    first = advance(game, lambda p: p.get("last_hand") is not None, limit=1500)["last_hand"]
    viewers = (alice, bob, carol)

    looks = summaries(game, viewers)
    assert looks[0] == looks[1] == looks[2]  # players and spectators alike
    assert "Hand 1:" in looks[0]
    out_name = player_at(game, first["out"]).profile.name
    assert f"{out_name} went out" in looks[0]

    bob.profile.display_name = "Roberta"
    bob.profile.save()
    renamed = summaries(game, viewers)[0]
    assert "<td>Roberta</td>" in renamed
    assert renamed != looks[0]

    second = advance(game, lambda p: p.get("hand", 1) >= 3, limit=1500)["last_hand"]
    later = summaries(game, viewers)[0]
    assert "Hand 2:" in later
    for seat, points in enumerate(second["points"]):
        name = player_at(game, seat).profile.name
        shown = f"+{points}" if points > 0 else str(points)
        assert re.search(rf"<td>{name}</td><td class=\"num\">{re.escape(shown)}</td>", later)


def test_it_sums_up_another_games_hands_as_its_own_presenter_does(alice: Any, bob: Any) -> None:
    game = two_player_table(alice, bob, "dansk", move_seconds=60)  # rounds of hands, the generic presenter
    advance(game, lambda p: p.get("last_hand") is not None, limit=1500)
    first = summaries(game, (alice, bob))[0]
    assert "Hand 1:" in first
    advance(game, lambda p: p.get("hand", 1) >= 3, limit=1500)
    later = summaries(game, (alice, bob))[0]
    assert "Hand 2:" in later
