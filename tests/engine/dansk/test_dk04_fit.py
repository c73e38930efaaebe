"""DK4 (what fits) and the seed's example of a red 8 on top."""

from __future__ import annotations

import pytest

from games.engine.dansk.cards import CODES, fits

from .helpers import act, legal, play, position, refused


@pytest.mark.parametrize("card", ["R1", "R9", "RVR", "T2R", "T4R", "STR", "G8", "Y8", "B8", "CC"])
def test_it_lets_any_red_card_or_any_8_follow_a_red_8(card: str) -> None:
    # the seed's example: a red 8 on the pile takes any red card or a green, yellow or blue 8
    pos = position([[card, "G1", "G2"], "B1"], pile="R8")
    after, _ = act(pos, play(0, card, color="B" if card == "CC" else None))
    assert after["pile"][-1]["cards"] == [card]


@pytest.mark.parametrize("card", ["G7", "B9", "Y1", "T2G", "STB", "RVY", "T4G"])
def test_it_refuses_a_card_of_another_colour_and_number_on_a_red_8(card: str) -> None:
    pos = position([[card, "R1"], "B1"], pile="R8")
    refused(pos, play(0, card), "DK4")


def test_it_fits_a_special_card_on_the_same_special_in_another_colour() -> None:
    for top, card in (("T2G", "T2B"), ("STR", "STY"), ("RVB", "RVG"), ("T4Y", "T4R")):
        pos = position([[card, "G1"], "B1 B2"], pile=top)
        assert play(0, card) in legal(pos, 0)
        act(pos, play(0, card))


def test_it_does_not_fit_a_special_card_on_another_special_of_another_colour() -> None:
    pos = position([["T2B", "STR", "B5"], "B1"], pile="STG")
    refused(pos, play(0, "T2B"), "DK4")
    assert [a["cards"] for a in legal(pos, 0) if a["act"] == "play"] == [["STR"]]


def test_it_fits_by_colour_after_a_special_card_and_not_by_number() -> None:
    pos = position([["G3", "B3", "Y9"], "B1"], pile="T4G")
    assert [a["cards"] for a in legal(pos, 0) if a["act"] == "play"] == [["G3"]]
    refused(pos, play(0, "B3"), "DK4")


def test_it_follows_the_named_colour_after_a_colour_change() -> None:
    pos = position([["B3", "G3", "R5"], "B1"], pile="CC", color="R")
    plays = [a["cards"][0] for a in legal(pos, 0) if a["act"] == "play"]
    assert plays == ["R5"]
    refused(pos, play(0, "G3"), "DK4")


def test_it_fits_a_colour_change_on_anything_but_a_live_draw_2() -> None:
    for top in ("G5", "STB", "T4R", "RVY", "T2G"):
        pos = position([["CC", "G1"], "B1"], pile=top)
        act(pos, play(0, "CC", color="Y"))
    pos = position([["CC", "G1"], "B1"], pile="T2G", pending=(0, 2))
    refused(pos, play(0, "CC", color="Y"), "DK8")


def test_it_uses_one_fit_function_that_agrees_with_the_rules() -> None:
    assert all(fits(c, "G5", None) for c in CODES)  # a null colour lets anything follow
    assert fits("G2", "G5", "G")
    assert fits("B5", "G5", "G")
    assert not fits("B2", "G5", "G")
    assert fits("T2B", "T2G", "G")
    assert not fits("T4B", "T2G", "G")
