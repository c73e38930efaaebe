"""C10, C11: what a seat may see."""

from __future__ import annotations

import pytest

from games.engine.rules import get_rules

from .helpers import act, play, position


def test_it_shows_other_hands_as_counts_and_the_draw_pile_as_its_length() -> None:
    pos = position([["G1", "B2"], "B1 B3 B4", "Y1"], pile="G5", seed="secret")
    rules = get_rules("dansk")
    seen = rules.view(pos, 1)
    assert seen["hands"] == [2, ["B1", "B3", "B4"], 1]
    assert seen["draw"] == len(pos["draw"])
    assert "seed" not in seen
    assert seen["pile"] == pos["pile"]
    assert seen["top"] == pos["top"]
    spectator = rules.view(pos, None)
    assert spectator["hands"] == [2, 3, 1]
    assert "seed" not in spectator


def test_it_shows_the_seed_once_the_game_is_over() -> None:
    pos = position(["G1", "B2 B3"], pile="G5", hand=3, seed="secret")
    after, _ = act(pos, play(0, "G1"))
    assert get_rules("dansk").view(after, 1)["seed"] == "secret"
    assert get_rules("dansk").view(after, None)["seed"] == "secret"


def test_it_shows_a_drawn_card_only_to_the_drawer() -> None:
    pos = position([["G1", "B2"], "B1 B3 B4", "Y1"], pile="G5")
    pos["drawn"] = "G1"  # hand-made: a draw ends the turn in this game, so `drawn` stays null in play
    rules = get_rules("dansk")
    assert rules.view(pos, 0)["drawn"] == "G1"
    assert rules.view(pos, 1)["drawn"] is True
    assert rules.view(pos, None)["drawn"] is True
    pos["drawn"] = None
    assert rules.view(pos, 1)["drawn"] is None


def test_it_never_changes_the_position_through_a_view() -> None:
    pos = position([["G1", "B2"], "B1 B3 B4", "Y1"], pile="G5")
    seen = get_rules("dansk").view(pos, 0)
    seen["hands"][0].append("CC")
    seen["pile"][0]["cards"].append("CC")
    assert pos["hands"][0] == ["G1", "B2"]
    assert len(pos["pile"][0]["cards"]) == 1


@pytest.mark.parametrize("seat", [3, -1, True, "0"])
def test_it_refuses_a_view_for_a_seat_that_is_not_at_the_table(seat: object) -> None:
    pos = position([["G1", "B2"], "B1 B3 B4", "Y1"], pile="G5")
    with pytest.raises(ValueError, match="no seat"):
        get_rules("dansk").view(pos, seat)  # type: ignore[arg-type]
