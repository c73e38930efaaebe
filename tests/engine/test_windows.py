"""C5 through the `Rules` protocol: which action opened a reaction window (so that the site starts
its deadline), told by the action's events, even when the new window looks like the old one."""

from __future__ import annotations

import random

import pytest

from games import engine
from tests.engine.emojical import helpers as emojical
from tests.engine.mau import helpers as mau

GAMES = ("ddmau", "maumau", "mau", "dansk", "emojical")
SHORT = {"ddmau": {"target": 60, "net_low": 55, "net_reset": 20}, "emojical": {"target": 100}, "dansk": {"rounds": 1}}


@pytest.mark.parametrize("variant", GAMES)
def test_it_tells_from_the_events_when_a_window_opens(variant: str) -> None:
    rules = engine.get_rules(variant)
    opened = 0
    for game in range(6):
        rng = random.Random(game)
        position = engine.new_game(4, seed=f"windows/{game}", variant=variant, rules=SHORT.get(variant))
        for _ in range(3000):
            if position["over"]:
                break
            acts = [a for seat in (None, 0, 1, 2, 3) for a in engine.legal_actions(position, seat)]
            after, events = engine.step_position(position, rng.choice(acts))
            was, now = rules.window(position), rules.window(after)
            if now is None:
                assert not rules.opens_window(events)
            elif now != was:
                assert rules.opens_window(events)
                opened += 1
            elif not any(ev.kind == "window" for ev in events):
                assert not rules.opens_window(events)  # e.g. a penalty or a late call in the window
            position = after
    assert opened > 0 if variant in ("mau", "emojical") else opened == 0


def test_it_opens_a_new_window_when_a_joker_s_player_spams_its_own_joker() -> None:
    rules = engine.get_rules("mau")
    position = mau.play(mau.position(["JK JK C2 C3", "D9 D8 D6", "H4 H6", "H9 SQ"], top="H5"), 0, "JK")
    after, events = engine.step_position(position, {"seat": 0, "act": "spam", "cards": ["JK"], "calls": []})
    assert after["window"] == position["window"]  # the same window to look at ...
    assert len(after["pile"]) == len(position["pile"]) + 1
    assert rules.opens_window(events)  # ... but a new one, with a deadline of its own
    penalised, events = engine.step_position(after, {"seat": 2, "act": "penalty", "target": 0, "reason": "last_card"})
    assert penalised["window"] == after["window"]
    assert not rules.opens_window(events)


def test_it_opens_a_new_window_for_a_jump_in_on_ones_own_card() -> None:
    rules = engine.get_rules("emojical", {"self_jump": True})
    position = emojical.after(
        emojical.make(["Y2 Y2 G3 G5", "G4 G6"], "Y1", options={"self_jump": True}), emojical.play(0, "Y2")
    )
    after, events = engine.step_position(position, emojical.jump(0, "Y2"))
    assert after["window"] == position["window"]
    assert rules.opens_window(events)
    closed, events = engine.step_position(after, emojical.CLOSE)
    assert closed["window"] is None
    assert not rules.opens_window(events)
