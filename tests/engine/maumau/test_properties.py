"""Properties of random play (in turn, out of turn and closes mixed) from random seeds and tables."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.maumau.cards import CARDS

from .helpers import all_cards, deck, rules

MAX_ACTIONS = 6000


def _codes_in(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value] if value in CARDS else []
    if isinstance(value, dict):
        return [c for v in value.values() for c in _codes_in(v)]
    if isinstance(value, list | tuple):
        return [c for v in value for c in _codes_in(v)]
    return []


def _check_view(r: Any, position: dict[str, Any], seat: int | None) -> None:
    seen = r.view(position, seat)
    assert seen["draw"] == len(position["draw"])
    assert ("seed" in seen) == bool(position["over"])
    for i, hand in enumerate(seen["hands"]):
        assert hand == (position["hands"][i] if i == seat else len(position["hands"][i]))
    if position["drawn"] is not None and seat != position["turn"]:
        assert seen["drawn"] is True
    allowed = {c for entry in position["pile"] for c in entry["cards"]}
    if seat is not None:
        allowed |= set(position["hands"][seat])
    assert set(_codes_in(seen)) <= allowed


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    seats=st.integers(2, 4),
    deck_size=st.sampled_from([32, 52]),
    points=st.booleans(),
    jack_on_jack=st.booleans(),
    choices=st.integers(0, 10**6),
)
def test_it_keeps_every_card_accepts_every_listed_action_and_ends(
    seed: int, seats: int, deck_size: int, points: bool, jack_on_jack: bool, choices: int
) -> None:
    options: dict[str, Any] = {"deck": deck_size, "jack_on_jack": jack_on_jack}
    if points:
        options.update(mode="points", target=4)
    r = rules(**options)
    rng = random.Random(choices)
    position = r.write(r.new_game(seats, seed=seed))
    whole = Counter(deck(deck_size))
    for _ in range(MAX_ACTIONS):
        assert all_cards(position) == whole
        state = r.read(position)
        for seat in (*range(seats), None):
            if rng.random() < 0.1:
                _check_view(r, position, seat)
        if position["over"]:
            assert position["winners"]
            assert position["turn"] is None
            assert position["must_call"] == []
            assert all(r.legal(state, s) == [] for s in (*range(seats), None))
            _check_view(r, position, 0)
            return
        actions = [a for s in (*range(seats), None) for a in r.legal(state, s)]
        assert actions, "someone must be able to act"
        assert set(r.to_act(position)) == {a.seat for a in actions if a.act not in r.out_of_turn_acts}
        if rng.random() < 0.4:
            for action in actions:  # every listed action is accepted, through the dict boundary too
                assert r.read_action(state, r.write_action(action)) == action
                r.step(state, action)
        plays = [a for a in actions if a.act == "play"]
        # lean towards plays, so that games stay short; every kind of act still comes up
        after, events = r.step(state, rng.choice(plays if plays and rng.random() < 0.6 else actions))
        assert events
        position = r.write(after)
        assert r.write(r.read(position)) == position
    raise AssertionError(f"the game did not end within {MAX_ACTIONS} actions")
