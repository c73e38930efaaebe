"""dansk's own dict path (`convert.apply_dict`, `convert.legal_dicts`): the private copy of each
position is made from the one before it (`convert._next_copy`), so it is checked here against the
position and a fresh read through whole games, round ends, catches and house rules included
(tests/engine/test_remembered.py checks the rest of the contract for every game)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games import engine
from games.engine import rules as rules_module

from ..test_remembered import containers

CASES = [
    (2, {}),
    (3, {"mau_catch": "catch"}),
    (4, {"rounds": 2, "first_card": "redraw", "draw_when_able": True}),
    (6, {"mau_catch": "catch", "rounds": 1}),
]


@pytest.mark.parametrize(("seats", "rules"), CASES)
def test_each_private_copy_is_the_position_and_its_state_a_read_of_it(seats: int, rules: dict[str, Any]) -> None:
    rng = random.Random(seats)
    position = engine.new_game(seats, seed=f"dict-path/{seats}", variant="dansk", rules=rules)
    game = engine.rules_of(position)
    steps = 0
    while not position["over"]:
        waiting = game.to_act(position)
        # out-of-turn catches too, from any seat that has one
        legal = [a for s in range(seats) for a in engine.legal_actions(position, s) if a["act"] == "catch"]
        legal += engine.legal_actions(position, waiting[0] if waiting else None)
        position = engine.apply(position, rng.choice(legal))
        found = rules_module._REMEMBERED[id(position)]
        copy = found[3]
        assert json.dumps(copy) == json.dumps(position)
        plays = {id(c) for play in position["pile"] for c in containers(play)}
        assert not ({id(c) for c in containers(copy)} - plays) & {id(c) for c in containers(position)}
        read = game.read(position)
        assert found[2]._replace(pile=()) == read._replace(pile=())
        assert found[2].pile == read.pile
        steps += 1
    assert steps > 50
