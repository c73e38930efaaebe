"""Properties of whole games from random seeds (hypothesis): the deck is kept, legal and step agree,
games end, and views hide what they must.

Each example deals a small game (2-6 seats, 1-2 rounds, any house rules) and plays it through the
dict boundary: at each step every seat's legal actions are listed (out-of-turn catches included),
every listed action is checked to be accepted, and one is chosen with a seeded chooser that
prefers plays (so that games end) and sometimes catches.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine.dansk.cards import CHANGE, CODES, COLOURS, DECK
from games.engine.errors import IllegalAction
from games.engine.rules import Rules, get_rules

from .helpers import deck_count

FULL_DECK = Counter(DECK)
MAX_STEPS = 6_000
GAMES = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def tables(draw: st.DrawFn) -> dict[str, Any]:
    return {
        "seats": draw(st.integers(min_value=2, max_value=6)),
        "seed": draw(st.integers(min_value=0, max_value=10**9)),
        "rules": {
            "rounds": draw(st.integers(min_value=1, max_value=2)),
            "first_card": draw(st.sampled_from(["apply", "redraw"])),
            "draw_when_able": draw(st.booleans()),
            "mau_catch": draw(st.sampled_from(["auto", "catch"])),
        },
        "chooser": draw(st.integers(min_value=0, max_value=10**6)),
    }


def candidates(position: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """Every action a seat could try: each card held with each colour and call, draw, take, catches."""
    out: list[dict[str, Any]] = [{"seat": seat, "act": "draw"}, {"seat": seat, "act": "take"}]
    out += [{"seat": seat, "act": "catch", "target": t} for t in range(len(position["hands"]))]
    for card in sorted(set(position["hands"][seat])):
        for colour in (None, *COLOURS):
            for mau in (False, True):
                action: dict[str, Any] = {"seat": seat, "act": "play", "cards": [card], "mau": mau}
                if colour is not None:
                    action["color"] = colour
                out.append(action)
    return out


def canonical(position: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
    """The listed form of an action with the same outcome (fields the rules ignore dropped)."""
    if action["act"] != "play":
        return action
    card = action["cards"][0]
    left = len(position["hands"][action["seat"]]) - 1
    listed: dict[str, Any] = {
        "seat": action["seat"],
        "act": "play",
        "cards": [card],
        "mau": action["mau"] and left == 1,
    }
    if card == CHANGE and left > 0 and action.get("color") is not None:
        listed["color"] = action["color"]
    return listed


def accepted(rules: Rules[Any, Any], position: dict[str, Any], action: dict[str, Any]) -> bool:
    state = rules.read(position)
    try:
        rules.step(state, rules.read_action(state, action))
    except IllegalAction:
        return False
    return True


def check_views(rules: Rules[Any, Any], position: dict[str, Any], seats_to_check: list[int | None]) -> None:
    for seat in seats_to_check:
        seen = rules.view(position, seat)
        for other, hand in enumerate(seen["hands"]):
            if other == seat:
                assert hand == position["hands"][seat]
            else:
                assert hand == len(position["hands"][other])
        assert seen["draw"] == len(position["draw"])
        assert ("seed" in seen) == bool(position["over"])
        assert seen["drawn"] in (None, True) or seat == position["turn"]
        private = [v for k, v in seen.items() if k not in ("hands", "pile", "top", "rules", "seed")]
        assert not any(isinstance(v, str) and v in CODES for v in private)


@GAMES
@given(tables())
def test_it_keeps_the_deck_agrees_with_itself_and_ends(table: dict[str, Any]) -> None:
    rules = get_rules("dansk", table["rules"])
    seats = table["seats"]
    position = rules.write(rules.new_game(seats, seed=table["seed"]))
    rng = random.Random(table["chooser"])
    for _ in range(MAX_STEPS):
        assert deck_count(position) == FULL_DECK
        check_views(rules, position, [None, rng.randrange(seats)])
        if position["over"]:
            assert position["winners"]
            assert all(rules.legal(rules.read(position), s) == [] for s in range(seats))
            return
        state = rules.read(position)
        listed = {s: [rules.write_action(a) for a in rules.legal(state, s)] for s in range(seats)}
        assert rules.legal(state, None) == []
        for seat, actions in listed.items():
            for action in actions:
                assert accepted(rules, position, action), action
            if rng.random() < 0.05:  # legal and step share their checks: try everything once in a while
                for action in candidates(position, seat):
                    assert accepted(rules, position, action) == (canonical(position, action) in actions), action
        to_act = rules.to_act(position)
        assert len(to_act) == 1
        own = listed[to_act[0]]
        assert own, "the seat to act always has something to do"
        catches = [a for s in range(seats) for a in listed[s] if a["act"] == "catch"]
        plays = [a for a in own if a["act"] == "play"]
        if catches and rng.random() < 0.5:
            action = rng.choice(catches)
        elif plays and rng.random() < 0.9:
            action = rng.choice(plays)
        else:
            action = rng.choice(own)
        state, events = rules.step(state, rules.read_action(state, action))
        assert events
        position = rules.write(state)
    raise AssertionError(f"the game did not end within {MAX_STEPS} steps")
