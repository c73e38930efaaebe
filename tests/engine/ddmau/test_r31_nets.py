"""R31: the hand's scoring names the seats whose total fell into the safety net (`last_hand["nets"]`),
so a table can show who was saved without working it out again."""

from __future__ import annotations

from typing import Any

from games import engine
from tests.engine.ddmau.positions import Position, apply, play, position


def three(**kwargs: Any) -> Position:
    """Seat 0 goes out with R3 (-3); seat 1 is left with Y12 (+12), seat 2 with B1 (+1)."""
    return position(["R3", "Y12", "B1"], top="R7", **kwargs)


def test_it_names_the_seat_whose_total_fell_into_the_net() -> None:
    """488 + 12 = 500 becomes 350; the others stay out of the net."""
    after = apply(three(totals=[0, 488, 0]), play(0, "R3"))
    assert after["totals"] == [-3, 350, 1]
    assert after["last_hand"]["nets"] == [1]


def test_it_names_nobody_when_no_total_lands_in_the_net() -> None:
    """487 + 12 = 499 is just below the net."""
    after = apply(three(totals=[0, 487, 0]), play(0, "R3"))
    assert after["totals"] == [-3, 499, 1]
    assert after["last_hand"]["nets"] == []


def test_it_names_the_player_who_went_out_into_the_net_too() -> None:
    """503 - 3 = 500 for the player going out, 493 + 12 = 505 for seat 1: both become 350."""
    after = apply(three(totals=[503, 493, 0]), play(0, "R3"))
    assert after["totals"] == [350, 350, 1]
    assert after["last_hand"]["nets"] == [0, 1]


def test_it_uses_the_house_rule_net() -> None:
    """target 300, net_low 290, net_reset 200: 280 + 12 = 292 becomes 200."""
    rules = {"target": 300, "net_low": 290, "net_reset": 200}
    after = apply(three(totals=[0, 280, 0], rules=rules), play(0, "R3"))
    assert after["last_hand"]["nets"] == [1]


def test_it_names_both_partners_when_their_team_total_falls_into_the_net() -> None:
    """R36: seats 0 and 2 share 490; seat 2 left with B12 gives the team -3 + 12 = +9: 499. Seats 1
    and 3 share 495; Y2 + G4 = +6 gives 501, into the net for both."""
    pos = position(["R3", "Y2", "B12", "G4"], top="R7", teams=[[0, 2], [1, 3]], totals=[490, 495, 490, 495])
    after = apply(pos, play(0, "R3"))
    assert after["totals"] == [499, 350, 499, 350]
    assert after["last_hand"]["nets"] == [1, 3]


def test_it_leaves_out_a_seat_already_eliminated() -> None:
    """R35: seat 2 was eliminated at 510; its total stays, it is not caught by the net."""
    pos = position(["R3", "Y12", []], top="R7", totals=[0, 488, 510], out=[2], mode="tournament")
    after = apply(pos, play(0, "R3"))
    assert after["totals"] == [-3, 350, 510]
    assert after["last_hand"]["nets"] == [1]


def test_it_keeps_the_nets_when_a_position_is_read_and_written_again() -> None:
    after = apply(three(totals=[0, 488, 0]), play(0, "R3"))
    assert engine.write(engine.read(after))["last_hand"] == after["last_hand"]


def test_it_reads_a_position_scored_before_nets_were_reported_without_adding_them() -> None:
    after = apply(three(totals=[0, 488, 0]), play(0, "R3"))
    del after["last_hand"]["nets"]
    assert "nets" not in engine.write(engine.read(after))["last_hand"]
