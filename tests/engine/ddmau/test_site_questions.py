"""What the site asks DD MAU's `Rules` instead of knowing it: the table's options and refusals
(R3, R31, R35, R36), whether a bot could react (R27), the effective top (R7, R16), the draws left
(R17) and who fell into the safety net (R31). Every answer is checked against the engine's own play."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import engine
from games.engine.ddmau import DDMAU, DDMau, Options
from tests.engine.ddmau.positions import pile_play, position
from tests.engine.ddmau.test_properties import steps

TABLES: list[dict[str, Any]] = [
    {"seats": 2, "seed": "sq-1", "mode": "standard", "teams": False, "chooser": 1, "rules": {}},
    {
        "seats": 3,
        "seed": "sq-2",
        "mode": "standard",
        "teams": False,
        "chooser": 2,
        "rules": {"shadow_doubles": "total"},
    },
    {
        "seats": 4,
        "seed": "sq-3",
        "mode": "tournament",
        "teams": True,
        "chooser": 3,
        "rules": {"target": 300, "net_low": 280, "net_reset": 150},
    },
    {
        "seats": 6,
        "seed": "sq-4",
        "mode": "standard",
        "teams": True,
        "chooser": 4,
        "rules": {"target": 200, "net_low": 150, "net_reset": 20, "shadow_doubles": "total"},
    },
    {"seats": 5, "seed": "sq-5", "mode": "tournament", "teams": False, "chooser": 5, "rules": {}},
]


def test_it_says_which_table_options_it_takes_and_why_a_table_is_refused() -> None:
    assert DDMAU.modes == ("standard", "tournament")
    assert DDMAU.table_options(mode="tournament", teams=True) == {"mode": "tournament", "teams": True}
    assert DDMAU.seats_refusal(2, 10) == "R3: a table has 2 to 10 seats"
    assert [DDMAU.partnership_refusal(seats) for seats in (3, 4, 5, 6)] == [
        "R36: partnerships need 4 or 6 seats",
        None,
        "R36: partnerships need 4 or 6 seats",
        None,
    ]
    assert DDMAU.house_rules({"target": 505, "net_low": 400}) == {"net_low": 400}
    with pytest.raises(ValueError, match=r"^R31: the safety net needs net_reset below net_low$"):
        DDMAU.house_rules({"net_reset": 500})


@pytest.mark.parametrize("variant", ["maumau", "mau", "dansk", "emojical"])
def test_it_gives_the_other_games_the_protocol_defaults(variant: str) -> None:
    rules = engine.get_rules(variant)
    assert rules.modes == ("standard",)
    assert rules.table_options(mode="standard", teams=False) == {}
    assert rules.seats_refusal(2, 4) == f"A table of {rules.title} has 2 to 4 seats"
    assert rules.partnership_refusal(4) == f"{rules.title} is not played in partnerships"
    defaults = {spec.key: spec.default for spec in rules.option_specs if spec.default is not None}
    assert rules.house_rules(defaults) == {}
    assert all(rules.races(act) for act in rules.out_of_turn_acts)


def test_it_reacts_out_of_turn_only_to_a_missed_call_and_never_races_an_old_view() -> None:
    missed = position(["R3 G4", "Y7 B8"], top="R7", turn=1, must_call=0)
    assert DDMAU.may_react(missed)
    assert not DDMAU.may_react({**missed, "must_call": None})
    assert any(a["act"] == "catch" for a in engine.legal_actions(missed, 1))
    assert not any(a["act"] == "catch" for s in (0, 1) for a in engine.legal_actions({**missed, "must_call": None}, s))
    assert not DDMAU.races("catch")


def test_it_reads_a_declared_master_mau_under_see_through_cards_from_the_pile() -> None:
    """R7, R16: a Master Mau played as a Skip, then a Link Master and a Just Take Two on it: the top
    is the Master Mau, counting as a Skip."""
    pile = [pile_play(0, "MM", mm=["S"], color="G"), pile_play(1, "JT")]
    pos = position(["R3", "Y7"], top=("MM", "G"), pile=pile)
    top = DDMAU.effective_top(engine.view(pos, None))
    assert top is not None
    assert (top.card, top.color, top.kind) == ("MM", "G", "S")
    assert DDMAU.effective_top({**pos, "top": None}) is None


@pytest.mark.parametrize("table", TABLES, ids=lambda table: table["seed"])
def test_it_answers_from_a_view_as_the_rules_read_the_position(table: dict[str, Any]) -> None:
    rng = random.Random(table["chooser"])
    rules = DDMau.for_options(Options.from_rules(table["rules"]))
    nets_checked = 0
    for before, _, after in steps(table):
        seat = rng.choice([None, *range(table["seats"])])
        seen = engine.view(after, seat)
        assert DDMAU.effective_top(seen) == DDMAU.read(after).top
        assert DDMAU.draws_left(seen) == 3 - after["draws"]
        last = after.get("last_hand")
        if last is not None and last != before.get("last_hand"):
            unrecorded = {key: value for key, value in last.items() if key != "nets"}
            out = after.get("out") or []
            again = rules.safety_nets(unrecorded, before["totals"], seen.get("teams"), out)
            assert list(again) == last["nets"]
            assert rules.safety_nets(last) == tuple(last["nets"])
            assert rules.safety_nets(unrecorded) == ()
            nets_checked += len(again)
    assert nets_checked or "net_low" not in table["rules"], "a game with a wide net should see someone caught"
