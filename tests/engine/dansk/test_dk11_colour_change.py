"""DK11: a Colour change names any colour, the current one included, and fits on anything but a live hit."""

from __future__ import annotations

import pytest

from .helpers import act, find, legal, play, position, refused


@pytest.mark.parametrize("colour", ["G", "B", "R", "Y"])
def test_it_names_any_colour_the_current_one_included(colour: str) -> None:
    pos = position([["CC", "B2", "B3"], "B1"], pile="G5")
    after, events = act(pos, play(0, "CC", color=colour))
    assert after["top"] == {"card": "CC", "color": colour}
    assert after["pile"][-1] == {"seat": 0, "cards": ["CC"], "color": colour}
    assert find(events, "color").get("color") == colour
    assert after["turn"] == 1


def test_it_lists_a_colour_change_once_per_colour() -> None:
    pos = position([["CC", "B2", "B3"], "B1"], pile="G5")
    changes = [a for a in legal(pos, 0) if a.get("cards") == ["CC"]]
    assert sorted(a["color"] for a in changes) == ["B", "G", "R", "Y"]


def test_it_needs_a_colour_named() -> None:
    pos = position([["CC", "B2", "B3"], "B1"], pile="G5")
    error = refused(pos, play(0, "CC"), "DK11")
    assert "colour" in str(error)
    refused(pos, {"seat": 0, "act": "play", "cards": ["CC"], "color": "X"}, "DK11")
    refused(pos, {"seat": 0, "act": "play", "cards": ["CC"], "color": 3}, "DK11")


def test_it_may_be_played_holding_cards_that_fit() -> None:
    pos = position([["CC", "G2", "G3"], "B1"], pile="G5")
    after, _ = act(pos, play(0, "CC", color="R"))
    assert after["top"]["color"] == "R"


def test_it_is_forbidden_to_the_target_of_a_live_draw_2() -> None:
    pos = position([["B2", "B3"], "CC G1 T2B", "Y1"], pile="T2G", pending=(1, 2), turn=1)
    refused(pos, play(1, "CC", color="B"), "DK8")
    assert all(a.get("cards") != ["CC"] for a in legal(pos, 1))


def test_it_ignores_a_colour_sent_with_another_card() -> None:
    pos = position([["G1", "B2", "B3"], "B1"], pile="G5")
    after, _ = act(pos, play(0, "G1", color="R"))
    assert after["top"] == {"card": "G1", "color": "G"}
