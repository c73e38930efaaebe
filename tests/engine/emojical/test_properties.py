"""Properties of random legal play (hypothesis): every card kept at every step, every listed action
accepted, games that end, views that hide what they must."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.emojical.cards import KIND, SWAP, WILDS
from games.engine.emojical.game import Emojical
from games.engine.emojical.options import Options
from games.engine.emojical.state import Action, State
from games.engine.rules import get_rules

MAX_ACTIONS = 4000
options = st.fixed_dictionaries(
    {"target": st.just(0)},
    optional={
        "jump_in": st.booleans(),
        "self_jump": st.booleans(),
        "draw_when_able": st.booleans(),
        "donate": st.sampled_from(["index", "random"]),
        "extra": st.sampled_from(["colour", "all_swap", "remove"]),
    },
)


def cards_of(state: State) -> Counter[str]:
    found: Counter[str] = Counter(state.draw)
    for hand in state.hands:
        found.update(hand)
    found.update(e.card for e in state.pile.entries())
    return found


def check_views(rules: Emojical, position: dict[str, Any]) -> None:
    seats = len(position["hands"])
    for seat in (*range(seats), None):
        view = rules.view(position, seat)
        for other, hand in enumerate(view["hands"]):
            assert isinstance(hand, list) == (other == seat)
        assert isinstance(view["draw"], int)
        assert ("seed" in view) == bool(position["over"])
        assert view["donate_order"] is None or isinstance(view["donate_order"], int)
        if seat is None or seat != position["turn"]:
            assert view["drawn"] in (None, True)


def forget_call(action: Action, seats: int) -> Action:
    """The action without its call (a last card then needs the colour or target it would name)."""
    if action.maumau:
        kind = KIND[action.card or ""]
        colour = "Y" if kind in WILDS else None
        target = ((action.seat or 0) + 1) % seats if kind == SWAP else None
        return action._replace(maumau=False, color=colour, target=target)
    return action._replace(mau=False)


def choose(listed: list[Action], pick: random.Random) -> Action:
    """A random listed action, drawing only now and then when something else is possible (with
    `draw_when_able` a uniform pick would draw most of the time and games would drag on)."""
    others = [a for a in listed if a.act != "draw"]
    if others and pick.random() < 0.9:
        return pick.choice(others)
    return pick.choice(listed)


def candidates(rules: Emojical, state: State) -> list[Any]:
    listed = list(rules.legal(state, None))
    for seat in range(len(state.hands)):
        listed.extend(rules.legal(state, seat))
    return listed


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 10**6), seats=st.integers(2, 6), house=options, play_seed=st.integers(0, 2**32))
def test_it_keeps_every_card_accepts_every_listed_action_and_ends(
    seed: int, seats: int, house: dict[str, Any], play_seed: int
) -> None:
    pick = random.Random(play_seed)
    rules = get_rules("emojical", house)
    assert isinstance(rules, Emojical)
    deck = Counter(Options.from_rules(house).deck_cards())
    state = rules.new_game(seats, seed=seed)
    for count in range(MAX_ACTIONS):
        assert cards_of(state) == deck
        if state.donate_order is not None:
            assert state.pending is not None
            assert not Counter(state.donate_order) - Counter(state.hands[state.pending.source])
        position = rules.write(state)
        if count % 7 == 0:
            check_views(rules, position)
            assert rules.read(position) == state
        if state.over:
            assert rules.legal(state, None) == []
            return
        listed = candidates(rules, state)
        assert listed, "someone must be able to act"
        waiting = rules.to_act(position)
        if state.window is None:
            assert len(waiting) == 1
            assert any(a.seat == waiting[0] and a.act not in ("mau",) for a in listed)
        for action in listed:  # every listed action is accepted, through the dicts too
            written = rules.write_action(action)
            assert rules.read_action(state, written) == action
            rules.step(state, action)
        action = choose(listed, pick)
        if action.card is not None and (action.mau or action.maumau) and pick.random() < 0.2:
            action = forget_call(action, seats)
        state, events = rules.step(state, action)
        for ev in events:
            if ev.kind in ("draw", "take", "penalty", "safe", "donate", "swap", "swap_all"):
                assert ev.cards == ()  # never the card a seat picked up
    raise AssertionError(f"no end within {MAX_ACTIONS} actions")


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), seats=st.integers(2, 10))
def test_it_reads_back_every_position_it_writes(seed: int, seats: int) -> None:
    rules = get_rules("emojical")
    state = rules.new_game(seats, seed=seed)
    rng = random.Random(seed)
    for _ in range(150):
        if state.over:
            break
        position = rules.write(state)
        assert rules.write(rules.read(position)) == position
        state, _ = rules.step(state, rng.choice(candidates(rules, state)))  # type: ignore[arg-type]
