"""Positions `apply` wrote lately are read again from memory (convert.py): the answers must be the
ones a fresh read gives, whatever a caller did to the position in between, and `apply` must never
change the position it is given. A position shares with the one it came from what the action left
as it was, and the plays of the pile are carried over as they are (convert.py's docstring)."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from games import engine
from games.engine.ddmau import convert

Position = dict[str, Any]


def play_on(seed: str, actions: int, rng: random.Random) -> Position:
    position = engine.new_game(4, seed=seed)
    for _ in range(actions):
        if position["over"]:
            break
        position = engine.apply(position, rng.choice(engine.legal_actions(position, position["turn"])))
    return position


def fresh(position: Position) -> Position:
    """The same position as a new dict, as the site loads it from its database."""
    loaded: Position = json.loads(json.dumps(position))
    return loaded


@pytest.mark.parametrize("seed", ["remembered/1", "remembered/2", "remembered/3"])
def test_it_answers_alike_with_and_without_remembered_positions(seed: str) -> None:
    """Whole games through the dict path, step by step against the same step on a fresh copy with
    nothing remembered; `apply` leaves its input as it was."""
    rng = random.Random(seed)
    position = engine.new_game(4, seed=seed)
    steps = 0
    while not position["over"] and steps < 3000:
        seat = position["turn"]
        before = copy.deepcopy(position)
        legal = engine.legal_actions(position, seat)
        convert.forget_positions()
        assert engine.legal_actions(fresh(position), seat) == legal
        action = rng.choice(legal)
        after = engine.apply(position, action)
        assert position == before
        assert json.dumps(position) == json.dumps(before)
        convert.forget_positions()
        assert engine.apply(fresh(position), action) == after
        assert engine.apply(position, action) == after  # and once more, the input read as a stranger
        position = engine.apply(position, action)  # remembered again, as in play
        steps += 1
    assert steps > 100


def test_the_remembered_state_is_the_state_a_read_gives() -> None:
    rng = random.Random(5)
    position = engine.new_game(5, seed="remembered/state")
    seen = 0
    for _ in range(2000):
        if position["over"]:
            break
        position = engine.apply(position, rng.choice(engine.legal_actions(position, position["turn"])))
        remembered = convert._recall(position)
        if remembered is None:
            continue  # a Master Mau on top, remembered without copies of its plays
        read = convert.state_from_dict(position, unread_pile=True)
        assert remembered._replace(pile=()) == read._replace(pile=())
        assert remembered.pile.below is position["pile"]  # type: ignore[attr-defined]
        seen += 1
    assert seen > 100


def set_turn(p: Position) -> None:
    p["turn"] = (p["turn"] + 1) % len(p["hands"])


def swap_hand_card(p: Position) -> None:
    hand = p["hands"][p["turn"]]
    hand[0], p["draw"][0] = p["draw"][0], hand[0]


def drop_draw_card(p: Position) -> None:
    p["draw"].pop()


def change_a_play(p: Position) -> None:
    p["pile"][0]["cards"] = ["R1"]


def break_a_play(p: Position) -> None:
    del p["pile"][0]["cards"]


def replace_the_pile(p: Position) -> None:
    p["pile"] = [dict(play) for play in p["pile"]]


def drop_a_key(p: Position) -> None:
    del p["reshuffles"]


def remembered_position(change: Callable[[Position], None]) -> Position:
    """A position `apply` wrote and remembers (with copies of its plays), changed in place by `change`."""
    position = play_on("remembered/changed", 40, random.Random(change.__name__))
    assert position["pile"], "the test needs plays on the pile"
    engine.legal_actions(position, position["turn"])
    assert convert._recall(position) is not None
    assert convert._REMEMBERED[id(position)][4] is not None  # with copies of its plays
    change(position)
    # a changed play is read where it is, from the position's own list: not a reason to read afresh
    assert (convert._recall(position) is None) is (change not in (change_a_play, break_a_play))
    return position


@pytest.mark.parametrize(
    "change",
    [set_turn, swap_hand_card, drop_draw_card, change_a_play, replace_the_pile, drop_a_key],
)
def test_a_position_changed_in_place_is_read_afresh(change: Callable[[Position], None]) -> None:
    position = remembered_position(change)
    stranger = fresh(position)
    for seat in range(len(position["hands"])):
        assert engine.legal_actions(position, seat) == engine.legal_actions(stranger, seat)
    actions = [*engine.legal_actions(stranger, stranger["turn"])[:6], {"seat": 0, "act": "draw"}]
    for action in actions:
        position = remembered_position(change)
        answers: list[object] = []
        for p in (position, stranger):
            try:
                answers.append(engine.apply(p, action))
            except ValueError as refused:  # IllegalAction is a ValueError too
                answers.append(f"{type(refused).__name__}: {refused}")
        assert answers[0] == answers[1]


def test_a_play_changed_in_place_is_read_as_changed_when_the_pile_is_read() -> None:
    """The plays as entries, remembered, are not used once a play differs from its private copy."""
    position = remembered_position(change_a_play)
    remembered = convert._recall(position)
    assert remembered is not None
    assert convert._read_in_full(position, remembered) == convert.state_from_dict(position)
    assert convert._read_in_full(position, remembered).pile[0].cards == ("R1",)


def test_a_play_broken_in_place_is_carried_over_and_reported_when_the_pile_is_read() -> None:
    """The decision (convert.py's docstring): the plays are carried into the next position as they
    are, unread; a play a caller broke in place is reported (ValueError) by the first read of the
    pile, not by the `apply` that carried it over."""
    position = remembered_position(break_a_play)
    broken = position["pile"][0]
    stranger = fresh(position)
    with pytest.raises(ValueError, match="not a DD MAU position"):
        engine.apply(stranger, {"seat": stranger["turn"], "act": "draw"})  # a stranger's plays are copied, checked
    after = engine.apply(position, {"seat": position["turn"], "act": "draw"})
    assert after["pile"][0] is broken  # carried over as it is
    assert engine.legal_actions(after, after["turn"]) == engine.legal_actions(fresh(after), after["turn"])
    with pytest.raises(ValueError, match="not a DD MAU position"):
        convert._read_in_full(after, convert._recall(after))  # the pile read: a reshuffle, say
    with pytest.raises(ValueError, match="not a DD MAU position"):
        engine.apply(fresh(after), {"seat": after["turn"], "act": "draw"})


# the keys a draw that leaves the draw pile with cards (no reshuffle, no hand ended) sets anew; it
# leaves every other list and dict of the position as it was, shared with the next position
DRAW_CHANGES = {"hands", "draw"}


def test_the_next_position_shares_what_the_action_left_as_it_was() -> None:
    """The decision (convert.py's docstring): a position `apply` wrote from a remembered one shares
    with it every list and dict the action did not change, and holds new ones where it did; its
    plays are the plays of the position it came from, and those it added."""
    rng = random.Random(9)
    position = play_on("remembered/shared", 30, rng)
    draws = plays = 0
    for _ in range(300):
        if position["over"]:
            break
        action = rng.choice(engine.legal_actions(position, position["turn"]))
        after = engine.apply(position, action)
        if after["hand"] != position["hand"] or len(after["draw"]) >= len(position["draw"]) + 1:
            position = after  # a hand ended, or the draw pile was rebuilt: written in full
            continue
        changed = {key for key in after if after[key] is not position.get(key) and isinstance(after[key], list | dict)}
        if action["act"] == "draw":
            assert changed == DRAW_CHANGES
            assert after["pile"] is position["pile"]
            for seat, hand in enumerate(after["hands"]):  # the other hands are shared, the drawer's new
                assert (hand is position["hands"][seat]) is (seat != action["seat"])
            draws += 1
        elif action["act"] == "play":
            assert "pile" in changed
            assert changed <= DRAW_CHANGES | {"pile", "top", "pending"}
            assert all(a is b for a, b in zip(after["pile"], position["pile"], strict=False))
            assert len(after["pile"]) == len(position["pile"]) + 1
            plays += 1
        for key in ("totals", "out", "rules"):
            assert after[key] is position[key]
        position = after
    assert draws > 20
    assert plays > 20


def test_a_change_in_place_to_a_shared_list_is_seen_in_both_positions_and_read_afresh() -> None:
    """What sharing means for a caller that changes a position in place after all: the change shows
    in the positions sharing the list, and each is then read as a stranger, never from memory."""
    rng = random.Random(17)
    position = play_on("remembered/shared/changed", 30, rng)
    after = engine.apply(position, {"seat": position["turn"], "act": "draw"})
    assert after["totals"] is position["totals"]
    assert convert._recall(after) is not None
    assert convert._recall(position) is not None
    after["totals"][0] += 100
    assert position["totals"][0] == after["totals"][0]
    assert convert._recall(after) is None
    assert convert._recall(position) is None
    for p in (position, after):
        stranger = fresh(p)
        for seat in range(len(p["hands"])):
            assert engine.legal_actions(p, seat) == engine.legal_actions(stranger, seat)
        action = engine.legal_actions(stranger, stranger["turn"])[0]
        assert engine.apply(p, action) == engine.apply(stranger, action)


def containers(value: Any) -> list[Any]:
    """Every list and dict in a JSON-shaped value, itself included."""
    if isinstance(value, dict):
        return [value, *(c for v in value.values() for c in containers(v))]
    if isinstance(value, list):
        return [value, *(c for v in value for c in containers(v))]
    return []


@pytest.mark.parametrize("rules", [{}, {"deck": {"MM": 3}, "target": 300, "net_low": 280, "net_reset": 150}])
def test_the_private_copy_is_equal_and_shares_nothing_but_the_pile_list(rules: dict[str, Any]) -> None:
    rng = random.Random(11)
    position = engine.new_game(3, seed="remembered/copy", rules=rules, mode="tournament")
    for _ in range(400):
        if position["over"]:
            break
        position = engine.apply(position, rng.choice(engine.legal_actions(position, position["turn"])))
        private = convert._private_copy(position)
        assert private == position
        assert json.dumps(private) == json.dumps(position)
        assert private["pile"] is position["pile"]
        private_ids = {id(c) for c in containers({k: v for k, v in private.items() if k != "pile"})}
        assert not private_ids & {id(c) for c in containers(position)}


def test_a_master_mau_on_top_is_remembered_with_its_plays_compared() -> None:
    """The declaration of a Master Mau on top is read from the pile (R16): such a position is read
    from memory only while its plays are found equal to their copies, `legal_actions` included."""
    rng = random.Random(21)
    position = engine.new_game(4, seed="remembered/master")
    found = 0
    for _ in range(30000):
        if position["over"] or found >= 5:
            break
        position = engine.apply(position, rng.choice(engine.legal_actions(position, position["turn"])))
        top = position["top"]
        if top is None or top["card"] != "MM":
            continue
        remembered = convert._recall(position)
        assert remembered is not None
        read = convert.state_from_dict(position, unread_pile=True)
        assert remembered._replace(pile=()) == read._replace(pile=())
        play = next(e for e in reversed(position["pile"]) if e["mm"] and not e.get("block"))
        declared = play["mm"][-1]
        play["mm"][-1] = "T" if declared != "T" else "S"
        assert convert._recall(position) is None
        stranger = fresh(position)
        for seat in range(4):
            assert engine.legal_actions(position, seat) == engine.legal_actions(stranger, seat)
        play["mm"][-1] = declared
        assert convert._recall(position) is not None
        found += 1
    assert found >= 3


@pytest.mark.parametrize("rules", [{}, {"deck": {"MM": 3}, "target": 300, "net_low": 280, "net_reset": 150}])
def test_a_private_copy_shares_nothing_with_a_position_handed_out_but_its_pile_list(rules: dict[str, Any]) -> None:
    """Each private copy equals its position and shares nothing with it, nor with the positions
    handed out before it, but its own pile list."""
    rng = random.Random(13)
    position = engine.new_game(4, seed="remembered/kept", rules=rules, mode="tournament", teams=True)
    handed_out: list[Position] = [position]
    for _ in range(600):
        if position["over"]:
            break
        position = engine.apply(position, rng.choice(engine.legal_actions(position, position["turn"])))
        handed_out = [*handed_out[-3:], position]
        private = convert._REMEMBERED[id(position)][2]
        assert private == position
        private_ids = {id(c) for c in containers({k: v for k, v in private.items() if k != "pile"})}
        for other in handed_out:
            assert not private_ids & {id(c) for c in containers(other)}
