"""The `Rules` interface: registration, options, card faces, notation, descriptions, events."""

from __future__ import annotations

import pytest

from games.engine.dansk import DANSK, Dansk, factory
from games.engine.dansk.cards import CODES
from games.engine.events import render_text
from games.engine.rules import CardFace, get_rules, variants

from .helpers import act, legal, play, position


def test_it_registers_under_dansk() -> None:
    rules = get_rules("dansk")
    assert isinstance(rules, Dansk)
    assert rules.key == "dansk"
    assert rules.title == "Danish Mau Mau"
    assert (rules.min_players, rules.max_players) == (2, 10)
    assert rules.higher_total_wins is False
    assert rules.out_of_turn_acts == frozenset({"catch"})
    assert "dansk" in variants()
    assert rules.seat_counts() == tuple(range(2, 11))


def test_it_describes_every_house_rule_option() -> None:
    specs = {spec.key: spec for spec in Dansk.option_specs}
    assert list(specs) == ["rounds", "first_card", "draw_when_able", "mau_catch"]
    assert specs["rounds"].kind == "int"
    assert specs["rounds"].default == 3
    assert (specs["rounds"].minimum, specs["rounds"].maximum) == (1, 20)
    assert specs["first_card"].choices == ("apply", "redraw")
    assert specs["first_card"].default == "apply"
    assert specs["draw_when_able"].kind == "bool"
    assert specs["draw_when_able"].default is False
    assert specs["mau_catch"].choices == ("auto", "catch")
    assert specs["mau_catch"].default == "auto"
    for spec in specs.values():
        assert spec.label
        assert spec.help.endswith(".")
    assert get_rules("dansk").option_values() == {
        "rounds": 3,
        "first_card": "apply",
        "draw_when_able": False,
        "mau_catch": "auto",
    }


def test_it_applies_house_rules_and_caches_one_instance_per_set() -> None:
    rules = get_rules("dansk", {"rounds": 5, "mau_catch": "catch"})
    assert rules.option_values()["rounds"] == 5
    assert rules is get_rules("dansk", {"mau_catch": "catch", "rounds": 5})
    assert get_rules("dansk", None) is get_rules("dansk", {}) is factory(None)
    state = rules.new_game(3, seed=1)
    assert rules.write(state)["rules"] == {"rounds": 5, "mau_catch": "catch"}
    assert DANSK.write(DANSK.new_game(3, seed=1))["rules"] == {}
    assert DANSK.write(DANSK.new_game(3, seed=1, rounds=2))["rules"] == {"rounds": 2}


@pytest.mark.parametrize(
    "bad",
    [
        {"colour": "G"},
        {"rounds": 0},
        {"rounds": 21},
        {"rounds": True},
        {"rounds": "3"},
        {"first_card": "skip"},
        {"draw_when_able": 1},
        {"draw_when_able": "true"},
        {"mau_catch": "manual"},
        {"mau_catch": ["catch"]},
    ],
)
def test_it_refuses_unknown_options_and_bad_values(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError, match=next(iter(bad)) if "colour" not in bad else "unknown"):
        get_rules("dansk", bad)


def test_it_keeps_true_apart_from_1_in_the_option_cache() -> None:
    assert get_rules("dansk", {"rounds": 1}).option_values()["rounds"] == 1
    with pytest.raises(ValueError, match="rounds"):
        get_rules("dansk", {"rounds": True})


def test_it_draws_every_card_with_a_readable_face() -> None:
    rules = get_rules("dansk")
    for code in CODES:
        face = rules.card(code)
        assert isinstance(face, CardFace)
        assert face.code == code
        assert face.name
        assert face.short
        assert face.symbol
    assert rules.card("G7") == CardFace("G7", "green 7", "7", "G", "green", "G", "N", 7)
    assert rules.card("T2B").name == "blue Draw 2"
    assert rules.card("T2B").short == "+2"
    assert rules.card("STR").name == "red Stop"
    assert rules.card("RVY").name == "yellow Reverse"
    assert rules.card("T4G").points == 10
    cc = rules.card("CC")
    assert cc.name == "Colour change"
    assert cc.colour is None
    assert cc.colour_name is None
    assert cc.points == 10
    with pytest.raises(KeyError):
        rules.card("ZZ")


def test_it_writes_a_compact_notation() -> None:
    rules = get_rules("dansk")
    assert rules.notation({"seat": 2, "act": "play", "cards": ["CC"], "color": "G", "mau": True}) == "2: play CC =G mau"
    assert rules.notation({"seat": 0, "act": "play", "cards": ["T2B"], "mau": False}) == "0: play T2B"
    assert rules.notation({"seat": 1, "act": "draw"}) == "1: draw"
    assert rules.notation({"seat": 1, "act": "take"}) == "1: take"
    assert rules.notation({"seat": 3, "act": "catch", "target": 1}) == "3: catch 1"
    assert rules.notation({"seat": 3, "act": "play"}) == "3: play ?"


def test_it_describes_actions_in_button_words() -> None:
    rules = get_rules("dansk")
    assert rules.describe({"seat": 0, "act": "play", "cards": ["R7"], "mau": False}) == "Play the red 7"
    assert (
        rules.describe({"seat": 0, "act": "play", "cards": ["T2B"], "mau": True}) == "Play the blue Draw 2 and say Mau"
    )
    assert rules.describe({"seat": 0, "act": "play", "cards": ["CC"], "color": "Y"}) == (
        "Play a Colour change and name yellow"
    )
    assert rules.describe({"seat": 0, "act": "draw"}) == "Draw a card"
    assert rules.describe({"seat": 0, "act": "take"}) == "Take the cards of the Draw 2 hit"
    assert rules.describe({"seat": 0, "act": "catch", "target": 2}) == "Catch seat 2: no Mau said"


def test_it_lists_no_server_acts() -> None:
    pos = position([["G1", "B2"], "B1"], pile="G5")
    assert legal(pos, None) == []
    assert get_rules("dansk").write(get_rules("dansk").read(pos))["window"] is None
    assert get_rules("dansk").window(pos) is None
    assert get_rules("dansk").to_act(pos) == (0,)


def test_it_writes_events_in_plain_words_with_placeholders() -> None:
    pos = position([["T4G", "B2", "B3"], "B1", "Y1"], pile="G5")
    _, events = act(pos, play(0, "T4G"))
    texts = [render_text(e, {0: "Ann", 1: "Bo", 2: "Cy"}, "green Draw 4") for e in events]
    assert texts == ["Ann plays green Draw 4", "Bo picks up 4 cards and misses the turn"]
    assert events[0].cards == ("T4G",)
    for e in events:
        assert e.as_dict()["kind"] == e.kind


def test_it_writes_exactly_the_position_keys_of_the_variant() -> None:
    pos = get_rules("dansk").write(get_rules("dansk").new_game(4, seed=3))
    assert set(pos) == {
        "variant",
        "rules",
        "hands",
        "draw",
        "pile",
        "top",
        "pending",
        "turn",
        "window",
        "direction",
        "drawn",
        "must_call",
        "dealer",
        "totals",
        "seed",
        "hand",
        "over",
        "winners",
        "last_hand",
        "reshuffles",
    }
    assert pos["variant"] == "dansk"
    assert pos["rules"] == {}
    assert pos["seed"] == 3


def test_it_reads_what_it_writes() -> None:
    rules = get_rules("dansk", {"mau_catch": "catch"})
    state = rules.new_game(5, seed="x")
    assert rules.read(rules.write(state)) == state
    assert rules.write(rules.read(rules.write(state))) == rules.write(state)
