"""The engine's facade plays every game through one interface, dispatching on the position's variant."""

from __future__ import annotations

import pytest

from games import engine
from games.engine.bots import get_bot
from games.engine.bots.arena import play_game

GAMES = ("ddmau", "maumau", "mau", "dansk", "emojical")


def test_it_plays_five_games_in_the_sites_order() -> None:
    assert engine.variants() == list(GAMES)
    assert next(engine.get_rules(key).title for key in GAMES) == "DD MAU"
    assert len({engine.get_rules(key).title for key in GAMES}) == 5


@pytest.mark.parametrize("variant", GAMES)
def test_it_deals_applies_and_lists_through_the_position_s_variant(variant: str) -> None:
    position = engine.new_game(3, seed="facade", variant=variant)
    assert position.get("variant", "ddmau") == variant
    rules = engine.rules_of(position)
    assert rules.key == variant
    waiting = rules.to_act(position)
    seat = waiting[0] if waiting else None
    legal = engine.legal_actions(position, seat)
    assert legal
    after, events = engine.step_position(position, legal[0])
    assert events
    assert all("{" not in event.text or "{p" in event.text or "{cards}" in event.text for event in events)
    assert engine.apply(position, legal[0]) == after
    view = engine.view(position, 0)
    assert isinstance(view["draw"], int)
    assert "seed" not in view


@pytest.mark.parametrize("variant", GAMES)
def test_it_plays_whole_games_with_the_game_s_own_bots(variant: str) -> None:
    bots = [get_bot("greedy", seed=0, variant=variant), get_bot("random", seed=1, variant=variant)]
    rules = {
        "emojical": {"target": 100},
        "dansk": {"rounds": 1},
        "ddmau": {"target": 60, "net_low": 55, "net_reset": 20},
    }
    played = play_game(bots, seed="whole", variant=variant, rules=rules.get(variant))
    assert played.final["over"]
    outcome = engine.rules_of(played.final).outcome(played.final)
    assert outcome is not None
    assert outcome.winners
    assert sorted(outcome.placings)[0] == 1


@pytest.mark.parametrize("variant", GAMES)
def test_it_names_every_card_of_a_game_for_people(variant: str) -> None:
    position = engine.new_game(2, seed="faces", variant=variant)
    for code in position["hands"][0]:
        face = engine.card_info(variant, code)
        assert face.code == code
        assert face.name
        assert face.symbol
        assert face.short


def test_it_refuses_an_unknown_game_and_a_bad_house_rule_with_a_reason() -> None:
    with pytest.raises(ValueError, match="unknown variant 'uno'"):
        engine.new_game(2, seed=1, variant="uno")
    with pytest.raises(ValueError, match="unknown variant"):
        engine.apply({"variant": "uno", "hands": []}, {"seat": 0, "act": "draw"})
    with pytest.raises(ValueError, match="unknown house rule option"):
        engine.get_rules("maumau", {"colour": "pink"})


def test_it_leaves_dd_mau_s_server_acts_empty_it_has_no_windows() -> None:
    position = engine.new_game(2, seed=1)
    assert engine.legal_actions(position, None) == []
    assert engine.rules_of(position).window(position) is None


@pytest.mark.parametrize("variant", GAMES)
def test_it_lists_nothing_for_a_seat_that_is_not_at_the_table(variant: str) -> None:
    position = engine.new_game(3, seed="no-seat", variant=variant)
    for seat in (3, 7, -1, "0", True, False, 1.0):
        assert engine.legal_actions(position, seat) == [], seat  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no seat 3"):
        engine.view(position, 3)


class _Entry(dict):  # type: ignore[type-arg]
    """A play as a caller's own mapping type: a view still copies it."""


@pytest.mark.parametrize("variant", GAMES)
@pytest.mark.parametrize("own_types", [False, True])
def test_it_never_changes_a_position_through_any_part_of_a_view(variant: str, own_types: bool) -> None:
    import copy
    import random

    chance = random.Random(variant)
    position = engine.new_game(4, seed="views", variant=variant)
    rules = engine.rules_of(position)
    for _ in range(30):  # until plays lie on the pile
        waiting = rules.to_act(position)
        position = engine.apply(
            position, chance.choice(engine.legal_actions(position, waiting[0] if waiting else None))
        )
    if own_types:
        position = {**position, "pile": [_Entry(play) for play in position["pile"]]}
    before = copy.deepcopy(position)
    view = engine.view(position, 0)
    assert view["pile"] == position["pile"]
    for play in view["pile"]:
        play.clear()
    view["pile"].append({"cards": ["?"]})
    for value in view.values():
        if isinstance(value, dict):
            value["changed"] = True
        elif isinstance(value, list) and value and isinstance(value[0], list):
            value[0].append("?")
    assert position == before


@pytest.mark.parametrize("variant", GAMES)
def test_it_gives_a_reader_the_same_view_without_copying_the_position(variant: str) -> None:
    import random

    chance = random.Random(f"shared {variant}")
    position = engine.new_game(4, seed="shared views", variant=variant)
    rules = engine.rules_of(position)
    seen_plays = False
    for _ in range(120):
        if position.get("over"):
            break
        for seat in (None, 0, 1, 2, 3):
            shared = engine.view(position, seat, shared=True)
            assert shared == engine.view(position, seat)  # the same cards hidden, the same counts
            shared["hands"][0] = "changed"  # its own dict and hands: the position keeps its own
            shared["turn"] = "changed"
            assert position["hands"][0] != "changed"
            assert position.get("turn") != "changed"
        pile = engine.view(position, None, shared=True).get("pile")
        seen_plays = seen_plays or bool(pile)
        if pile:
            assert pile is position["pile"]  # shared, not copied: what makes it cheap
        waiting = rules.to_act(position)
        position = engine.apply(
            position, chance.choice(engine.legal_actions(position, waiting[0] if waiting else None))
        )
    assert seen_plays


@pytest.mark.parametrize("variant", GAMES)
def test_it_says_when_a_seat_the_game_does_not_wait_for_may_act_out_of_turn(variant: str) -> None:
    """The table asks a viewer's legal actions only when the game waits for that seat or `may_react`
    says an out-of-turn act may be open: every act of any other seat must come with `may_react`."""
    import random

    chance = random.Random(f"reactions {variant}")
    rules_by = {"ddmau": None, "mau": {"strict_calls": True}}
    position = engine.new_game(4, seed="reactions", variant=variant, rules=rules_by.get(variant))
    rules = engine.rules_of(position)
    reacted = 0
    for _ in range(1500):
        if position.get("over"):
            break
        waiting = rules.to_act(position)
        others = [seat for seat in range(4) if seat not in waiting]
        acting = [seat for seat in others if engine.legal_actions(position, seat)]
        if acting:
            assert rules.may_react(position), (position.get("turn"), acting)
            reacted += 1
        choices = [action for seat in (*range(4), None) for action in engine.legal_actions(position, seat)]
        position = engine.apply(position, chance.choice(choices))
    if variant in ("ddmau", "mau", "emojical"):
        assert reacted, "some seat the game did not wait for could act (a catch, a SPAM, a jump-in)"
