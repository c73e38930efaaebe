"""The house rule options, the factory and the registry."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.maumau import MauMau, factory
from games.engine.rules import get_rules, variants


def test_it_registers_under_its_key() -> None:
    r = get_rules("maumau")
    assert isinstance(r, MauMau)
    assert r.key == "maumau"
    assert r.title == "Mau-Mau"
    assert (r.min_players, r.max_players) == (2, 4)
    assert r.seat_counts() == (2, 3, 4)
    assert r.higher_total_wins is True
    assert r.out_of_turn_acts == frozenset({"mau", "catch"})
    assert "maumau" in variants()


def test_it_describes_every_option_for_a_form() -> None:
    specs = {o.key: o for o in get_rules("maumau").option_specs}
    assert list(specs) == ["deck", "mode", "target", "jack_on_jack"]
    assert specs["deck"].kind == "choice"
    assert specs["deck"].choices == (32, 52)
    assert specs["deck"].default == 32
    assert specs["mode"].choices == ("solo", "points")
    assert specs["mode"].default == "solo"
    assert specs["target"].kind == "int"
    assert specs["target"].default is None
    assert (specs["target"].minimum, specs["target"].maximum) == (1, 1000)
    assert specs["jack_on_jack"].kind == "bool"
    assert specs["jack_on_jack"].default is False
    for spec in specs.values():
        assert spec.label
        assert spec.help.endswith(".")


def test_it_reports_every_options_value() -> None:
    assert get_rules("maumau").option_values() == {"deck": 32, "mode": "solo", "target": None, "jack_on_jack": False}
    assert get_rules("maumau", {"deck": 52, "mode": "points", "target": 30}).option_values() == {
        "deck": 52,
        "mode": "points",
        "target": 30,
        "jack_on_jack": False,
    }


def test_it_caches_one_instance_per_option_set() -> None:
    assert factory(None) is factory({}) is get_rules("maumau")
    assert factory({"deck": 52}) is factory({"deck": 52})
    assert factory({"deck": 32}) is factory(None)  # the defaults spelled out are the defaults
    assert factory({"jack_on_jack": True}) is not factory(None)


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ({"decks": 32}, "unknown house rule"),
        ({"deck": 40}, "deck"),
        ({"deck": "52"}, "deck"),
        ({"deck": True}, "deck"),
        ({"mode": "tournament"}, "mode"),
        ({"mode": ["solo"]}, "mode"),
        ({"target": 0}, "target"),
        ({"target": 5000}, "target"),
        ({"target": "10"}, "target"),
        ({"target": True}, "target"),
        ({"jack_on_jack": 1}, "jack_on_jack"),
        ({"jack_on_jack": "yes"}, "jack_on_jack"),
    ],
)
def test_it_refuses_unknown_options_and_bad_values(rules: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        get_rules("maumau", rules)


def test_it_refuses_rules_that_are_not_an_object() -> None:
    with pytest.raises(ValueError, match="object"):
        factory([("deck", 52)])  # type: ignore[arg-type]


def test_it_writes_only_the_options_that_differ_from_the_defaults() -> None:
    r = get_rules("maumau", {"mode": "points", "deck": 32})
    assert r.write(r.new_game(2, seed=1))["rules"] == {"mode": "points"}
    assert r.write(r.new_game(2, seed=1))["totals"] == [0, 0]


def test_it_accepts_a_target_in_the_solo_game_and_ignores_it() -> None:
    r = get_rules("maumau", {"target": 3})
    assert r.write(r.new_game(2, seed=1))["totals"] is None
