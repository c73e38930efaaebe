"""Properties of random play: every card stays in the game, every listed action is accepted, games
end, and no view shows a card its seat may not see."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.events import render_text
from games.engine.mau.cards import CODES, ONE_DECK
from games.engine.mau.game import Mau
from games.engine.mau.moves import to_act

from .helpers import all_cards, game

MAX_ACTIONS = 20_000
PRIVATE = ("draw", "hands", "pile", "top", "seed")


def _codes(value: Any) -> list[str]:
    """Every card code anywhere in JSON-shaped data."""
    if isinstance(value, str):
        return [value] if value in CODES else []
    if isinstance(value, list | tuple):
        return [c for v in value for c in _codes(v)]
    if isinstance(value, dict):
        return [c for v in value.values() for c in _codes(v)]
    return []


def _check_view(g: Mau, position: dict[str, Any], seat: int | None) -> None:
    seen = g.view(position, seat)
    for i, hand in enumerate(seen["hands"]):
        assert hand == position["hands"][i] if i == seat else hand == len(position["hands"][i])
    assert seen["draw"] == len(position["draw"])
    assert ("seed" in seen) == bool(position["over"])
    # nothing else holds a card: the pile and the top are public, the rest must be free of codes
    assert _codes({k: v for k, v in seen.items() if k not in PRIVATE}) == []


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    seats=st.integers(2, 6),
    decks=st.integers(1, 3),
    hand_size=st.integers(1, 5),
    two_again=st.booleans(),
    strict_calls=st.booleans(),
    slow_s=st.sampled_from([0, 3]),
)
def test_it_keeps_every_card_and_accepts_every_listed_action(
    seed: int, seats: int, decks: int, hand_size: int, two_again: bool, strict_calls: bool, slow_s: int
) -> None:
    rules = {"decks": decks, "hand_size": hand_size, "two_again": two_again, "strict_calls": strict_calls}
    rules["slow_s"] = slow_s
    g = game(rules)
    if not g.opts.fits_table(seats):
        return
    rng = random.Random(seed)
    state = g.new_game(seats, seed=seed)
    position = g.write(state)
    deck = Counter(ONE_DECK * decks)
    names = {s: f"P{s}" for s in range(seats)}
    for count in range(MAX_ACTIONS):
        assert all_cards(position) == deck
        if state.over:
            break
        every = [a for seat in (None, *range(seats)) for a in g.legal(state, seat)]
        assert every, "someone must be able to act"
        if count % 10 == 0:
            for listed in every:  # every listed action is accepted
                g.step(state, g.read_action(state, g.write_action(listed)))
            _check_view(g, position, rng.randrange(seats))
        waiting = to_act(state)
        choices = g.legal(state, waiting[0]) if waiting and rng.random() < 0.8 else every
        action = g.write_action(rng.choice(choices))
        state, events = g.step(state, g.read_action(state, action))
        for ev in events:
            render_text(ev, names)
            if ev.kind in ("draw", "take", "penalty", "reshuffle"):
                assert ev.cards == ()
        position = g.write(state)
    else:
        raise AssertionError("the game did not end")
    assert position["winners"]
    assert len(position["winners"]) == 1
    _check_view(g, position, None)
