"""Positions `apply` wrote lately are read again from memory (rules.py, "Remembered positions"), in
maumau, mau, dansk and emojical (DD MAU keeps its own: tests/engine/ddmau/test_remembered.py): the
answers must be the ones a fresh read gives, whatever a caller did to the position in between, and
`apply` must never change the position it is given nor hand out one that shares a list or a dict
with another that a caller could change (the plays of the pile aside, where a game shares them)."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from games import engine
from games.engine import rules as rules_module

Position = dict[str, Any]
VARIANTS = ("maumau", "mau", "dansk", "emojical")
# house rules that change what a position holds or how it is read
HOUSE_RULES: dict[str, tuple[dict[str, Any], ...]] = {
    "maumau": ({}, {"deck": 52, "mode": "points", "target": 20}),
    "mau": ({}, {"decks": 2, "strict_calls": True}),
    "dansk": ({}, {"rounds": 2, "draw_when_able": True}),
    "emojical": ({}, {"target": 150, "jump_in": False}),
}
CASES = [(variant, rules) for variant in VARIANTS for rules in HOUSE_RULES[variant]]
# the games whose positions share the plays of their pile with the positions they came from
SHARES_PLAYS = frozenset({"mau", "emojical"})


def seat_to_act(position: Position) -> int | None:
    waiting = engine.rules_of(position).to_act(position)
    return waiting[0] if waiting else None


def fresh(position: Position) -> Position:
    """The same position as a new dict, as the site loads it from its database."""
    loaded: Position = json.loads(json.dumps(position))
    return loaded


def play_on(variant: str, rules: dict[str, Any], seed: str, actions: int, rng: random.Random) -> Position:
    position = engine.new_game(4, seed=seed, variant=variant, rules=rules or None)
    for _ in range(actions):
        if position["over"]:
            break
        position = engine.apply(position, rng.choice(engine.legal_actions(position, seat_to_act(position))))
    return position


def same(a: Any, b: Any) -> bool:
    """Equal, and of the same types throughout (True is not 1 here)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple | list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return bool(a == b)


@pytest.mark.parametrize(("variant", "rules"), CASES)
def test_it_answers_alike_with_and_without_remembered_positions(variant: str, rules: dict[str, Any]) -> None:
    """Whole games through the dict path, step by step against the same step on a fresh copy with
    nothing remembered; `apply` leaves its input as it was."""
    rng = random.Random(variant)
    position = engine.new_game(4, seed=f"remembered/{variant}", variant=variant, rules=rules or None)
    steps = 0
    while not position["over"] and steps < 1500:
        seat = seat_to_act(position)
        before = copy.deepcopy(position)
        legal = engine.legal_actions(position, seat)
        for other in range(len(position["hands"])):
            assert engine.legal_actions(position, other) == engine.legal_actions(fresh(position), other)
        rules_module.forget_positions()
        assert engine.legal_actions(fresh(position), seat) == legal
        action = rng.choice(legal)
        after, events = engine.step_position(position, action)
        assert position == before
        assert json.dumps(position) == json.dumps(before)
        rules_module.forget_positions()
        assert engine.step_position(fresh(position), action) == (after, events)
        assert engine.apply(position, action) == after  # and once more, the input read as a stranger
        position = engine.apply(position, action)  # remembered again, as in play
        steps += 1
    assert steps > 100


@pytest.mark.parametrize(("variant", "rules"), CASES)
def test_the_remembered_state_is_the_state_a_read_gives(variant: str, rules: dict[str, Any]) -> None:
    rng = random.Random(5)
    game = engine.get_rules(variant, rules or None)
    position = engine.new_game(3, seed=f"remembered/state/{variant}", variant=variant, rules=rules or None)
    seen = 0
    while seen < 400:
        if position["over"]:
            position = engine.new_game(3, seed=f"remembered/state/{seen}", variant=variant, rules=rules or None)
        position = engine.apply(position, rng.choice(engine.legal_actions(position, seat_to_act(position))))
        remembered = rules_module._recall(game, position)
        assert remembered is not None
        read = game.read(position)
        assert same(remembered._replace(pile=()), read._replace(pile=()))
        assert remembered.pile == read.pile
        seen += 1


def set_turn(p: Position) -> None:
    p["turn"] = (p["turn"] + 1) % len(p["hands"]) if p["turn"] is not None else 0


def swap_hand_card(p: Position) -> None:
    hand = p["hands"][0]
    hand[0], p["draw"][0] = p["draw"][0], hand[0]


def drop_draw_card(p: Position) -> None:
    p["draw"].pop()


def change_a_play(p: Position) -> None:
    p["pile"][0]["cards"] = [p["hands"][1][0]]


def break_a_play(p: Position) -> None:
    del p["pile"][0]["cards"]


def replace_the_pile(p: Position) -> None:
    p["pile"] = [dict(play) for play in p["pile"]]


def drop_a_key(p: Position) -> None:
    del p["hand"]


def change_the_rules(p: Position) -> None:
    p["rules"]["bogus"] = 1


CHANGES = [set_turn, swap_hand_card, drop_draw_card, change_a_play, break_a_play, replace_the_pile, drop_a_key]


def answer(call: Callable[..., Any], *args: Any) -> Any:
    try:
        return call(*args)
    except ValueError as refused:  # IllegalAction is a ValueError too
        return f"{type(refused).__name__}: {refused}"


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("change", [*CHANGES, change_the_rules])
def test_a_position_changed_in_place_is_answered_as_a_fresh_read(
    variant: str, change: Callable[[Position], None]
) -> None:
    def remembered_position() -> Position:
        position = play_on(variant, {}, f"remembered/changed/{variant}", 40, random.Random(change.__name__))
        assert position["pile"], "the test needs plays on the pile"
        engine.legal_actions(position, seat_to_act(position))  # the pile may be read now
        assert rules_module._recall(engine.rules_of(position), position) is not None
        change(position)
        # plays are compared by identity and read from the position's own dicts, as a read does
        if change not in (change_a_play, break_a_play, replace_the_pile):
            assert rules_module._recall(engine.get_rules(variant), position) is None
        return position

    position = remembered_position()
    stranger = fresh(position)
    for seat in [None, *range(len(position["hands"]))]:
        assert answer(engine.legal_actions, position, seat) == answer(engine.legal_actions, stranger, seat)
    legal = answer(engine.legal_actions, stranger, answer(seat_to_act, stranger))
    actions = [*(legal[:6] if isinstance(legal, list) else []), {"seat": 0, "act": "draw"}]
    for action in actions:
        position = remembered_position()
        assert answer(engine.apply, position, action) == answer(engine.apply, fresh(position), action)


def containers(value: Any) -> list[Any]:
    """Every list and dict in a JSON-shaped value, itself included."""
    if isinstance(value, dict):
        return [value, *(c for v in value.values() for c in containers(v))]
    if isinstance(value, list):
        return [value, *(c for v in value for c in containers(v))]
    return []


@pytest.mark.parametrize(("variant", "rules"), CASES)
def test_no_position_shares_a_list_or_dict_with_another_or_the_private_copy(
    variant: str, rules: dict[str, Any]
) -> None:
    """Nothing a caller could change in place is shared between the positions `apply` returns, nor
    with the private copy it keeps, but the plays of the pile in the games that share them (and the
    private copy's list of them, which the remembered state reads as a read would)."""
    rng = random.Random(11)
    position = engine.new_game(3, seed=f"remembered/copy/{variant}", variant=variant, rules=rules or None)
    for _ in range(300):
        if position["over"]:
            break
        after = engine.apply(position, rng.choice(engine.legal_actions(position, seat_to_act(position))))
        plays = {id(play) for play in after["pile"]}
        before_ids = {id(c) for c in containers(position)}
        shared = {id(c) for c in containers(after)} & before_ids
        if variant in SHARES_PLAYS:
            shared -= {id(c) for play in after["pile"] for c in containers(play)}
        assert not shared
        found = rules_module._REMEMBERED[id(after)]
        assert found[0] is after
        private = found[3]
        assert private == after
        assert json.dumps(private) == json.dumps(after)
        private_ids = {id(c) for c in containers(private)} - plays
        private_ids -= {id(c) for play in after["pile"] for c in containers(play)}
        assert not private_ids & {id(c) for c in containers(after)}
        assert not private_ids & before_ids
        position = after


def test_a_play_changed_in_place_after_the_pile_was_read_is_read_again() -> None:
    """dansk's pile keeps the plays it read: a remembered state hands them out unread again."""
    rng = random.Random(3)
    position = play_on("dansk", {}, "remembered/unread", 60, rng)
    game = engine.rules_of(position)
    remembered = rules_module._recall(game, position)
    assert remembered is not None
    list(remembered.pile)  # read the plays
    position["pile"][0]["seat"] = (position["pile"][0]["seat"] + 1) % 4
    again = rules_module._recall(game, position)
    assert again is not None
    assert list(again.pile) == list(game.read(position).pile)


def test_positions_are_remembered_only_by_the_rules_that_wrote_them() -> None:
    position = play_on("emojical", {}, "remembered/rules", 10, random.Random(1))
    other = engine.get_rules("emojical", {"target": 150})
    assert rules_module._recall(engine.rules_of(position), position) is not None
    assert rules_module._recall(other, position) is None


def test_get_rules_answers_the_defaults_without_reading_options() -> None:
    for variant in VARIANTS:
        assert engine.get_rules(variant, {}) is engine.get_rules(variant, {})
        assert engine.get_rules(variant) is engine.get_rules(variant, None)
        assert engine.get_rules(variant, {}).option_values() == engine.get_rules(variant).option_values()
    with pytest.raises(ValueError, match="unknown variant"):
        engine.get_rules("nonesuch", {})


@pytest.mark.parametrize("variant", ["ddmau", "maumau"])
def test_it_keeps_as_many_positions_as_it_is_told(variant: str) -> None:
    """A server showing many tables writes a round of moves, one a table, then reads each table's
    newest position: with room for the round, all are read from memory; with four, the oldest two
    of six are read from their dicts again, and answer the same."""
    from games.engine.ddmau import convert as ddmau_convert

    def recalled(position: Position) -> bool:
        if variant == "ddmau":
            return ddmau_convert._recall(position) is not None
        return rules_module._recall(engine.rules_of(position), position) is not None

    before = rules_module.PositionMemory.at_most
    try:
        for room, expected in ((6, [True] * 6), (4, [False, False, True, True, True, True])):
            engine.remember_positions(room)
            tables = [engine.new_game(4, seed=f"memory/{variant}/{n}", variant=variant) for n in range(6)]
            newest = [engine.apply(table, engine.legal_actions(table, seat_to_act(table))[0]) for table in tables]
            assert [recalled(position) for position in newest] == expected
            for position in newest:
                assert engine.legal_actions(position, seat_to_act(position)) == engine.legal_actions(
                    fresh(position), seat_to_act(position)
                )
        with pytest.raises(ValueError, match="at least one"):
            engine.remember_positions(0)
    finally:
        engine.remember_positions(before)
