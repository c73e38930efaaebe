"""EM13 (Colour preference), the colour of EM14, and EM15 (the extra card's three modes)."""

from __future__ import annotations

import pytest

from .helpers import CLOSE, after, apply, kinds, legal, make, play, refused


def test_it_lets_a_colour_preference_name_any_colour_the_current_one_included() -> None:
    position = make(["CP G2 G3", "Y4 B4"], "Y1")
    assert [m["color"] for m in legal(position, 0) if m["cards"] == ["CP"]] == ["Y", "P", "G", "B"]
    same = after(position, play(0, "CP", color="Y"), CLOSE)
    assert same["top"] == {"card": "CP", "color": "Y"}
    assert same["turn"] == 1
    assert [m["cards"][0] for m in legal(same, 1)] == ["Y4"]


@pytest.mark.parametrize(("card", "ruling"), [("CP", "EM13"), ("T4", "EM14"), ("EX", "EM15")])
def test_it_needs_a_colour_for_a_grey_or_extra_card(card: str, ruling: str) -> None:
    position = make([f"{card} G2 G3", "Y4"], "Y1")
    error = refused(position, play(0, card), ruling)
    assert "names a colour" in error.reason


def test_it_refuses_an_unknown_colour_letter() -> None:
    position = make(["CP G2 G3", "Y4"], "Y1")
    refused(position, play(0, "CP", color="R"), "C1")
    refused(position, play(0, "CP", color=3), "C7")


def test_it_ignores_a_colour_on_a_card_that_names_none() -> None:
    position = make(["Y2 G2 G3", "Y4"], "Y1")
    position, events = apply(position, play(0, "Y2", color="B"))
    assert position["top"] == {"card": "Y2", "color": "Y"}
    assert events[0].get("color") is None


def test_it_plays_the_extra_card_as_one_more_colour_preference_by_default() -> None:
    position = after(make(["EX G2 G3", "Y4 B4", "B5"], "Y1"), play(0, "EX", color="B"), CLOSE)
    assert position["top"] == {"card": "EX", "color": "B"}
    assert position["turn"] == 1
    assert position["hands"][1] == ["Y4", "B4"]


def test_it_passes_every_hand_left_at_close_with_all_swap() -> None:
    position = make(["EX G2 G3", "Y4 B4 B7", "B5", "P1 P2"], "Y1", options={"extra": "all_swap"})
    position = after(position, play(0, "EX", color="P"))
    assert position["hands"][0] == ["G2", "G3"]  # nothing passes until the window closes
    position, events = apply(position, CLOSE)
    assert position["hands"] == [["P1", "P2"], ["G2", "G3"], ["Y4", "B4", "B7"], ["B5"]]
    assert position["top"] == {"card": "EX", "color": "P"}
    assert position["turn"] == 1  # the player's left
    assert kinds(events) == ["window", "swap_all"]


def test_it_clears_owed_mau_calls_when_all_hands_pass() -> None:
    position = make(["EX G2", "Y4 B4 B7", "B5"], "Y1", options={"extra": "all_swap"})
    position = after(position, play(0, "EX", color="P"))
    assert position["must_call"] == [0]
    position, events = apply(position, CLOSE)
    assert position["must_call"] == []
    assert "penalty" not in kinds(events)
    assert position["hands"][1] == ["G2"]


def test_it_plays_without_the_extra_card_when_removed() -> None:
    position = make(["G2 G3", "Y4"], "Y1", options={"extra": "remove"})
    assert "EX" not in position["draw"]
    refused(position, play(0, "EX", color="G"), "EM4")
