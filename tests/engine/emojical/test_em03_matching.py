"""EM3: what matches the top, the seed's blue winking smiley example, grey and extra cards."""

from __future__ import annotations

import pytest

from games.engine.emojical.cards import CARDS, CODES, fits

from .helpers import apply, legal, make, play, refused


def test_it_plays_the_seeds_example_on_a_blue_winking_smiley() -> None:
    may = {code for code in CODES if fits(code, "B1", "B")}
    winking = {"Y1", "P1", "G1", "B1"}
    blue_smileys = {f"B{n}" for n in range(1, 9)}
    blue_actions = {f"{k}B" for k in ("T2", "SK", "BL", "SW", "DN", "GM")}
    grey = {"CP", "T4", "EX"}
    assert may == winking | blue_smileys | blue_actions | grey


@pytest.mark.parametrize(("card", "top", "ok"), [("T2G", "T2B", True), ("SKY", "T2B", False), ("BLG", "BLB", True)])
def test_it_matches_action_cards_by_symbol(card: str, top: str, ok: bool) -> None:
    assert fits(card, top, CARDS[top].colour) is ok


def test_it_lets_grey_and_extra_cards_go_on_any_card() -> None:
    for top in CODES:
        for colour in ("Y", "P", "G", "B", None):
            assert fits("CP", top, colour)
            assert fits("T4", top, colour)
            assert fits("EX", top, colour)


def test_it_asks_for_the_named_colour_after_a_grey_card() -> None:
    assert fits("G5", "CP", "G")
    assert not fits("Y5", "CP", "G")
    assert fits("CP", "CP", "G")  # grey still goes on grey
    assert fits("EX", "T4", "P")
    assert not fits("SKY", "T4", "P")


def test_it_treats_a_blocking_card_as_a_plain_card_of_its_colour() -> None:
    position = make(["BLY G2", "Y3"], "Y1", options={"jump_in": False})
    after, _ = apply(position, play(0, "BLY"))
    assert after["top"] == {"card": "BLY", "color": "Y"}
    assert after["turn"] == 1
    assert after["pending"] is None


def test_it_refuses_a_card_that_does_not_fit() -> None:
    position = make(["G2 Y3", "Y4"], "Y1")
    error = refused(position, play(0, "G2"), "EM3")
    assert "does not go on" in error.reason


def test_it_lists_only_fitting_cards() -> None:
    position = make(["G2 Y3 G1 SKP CP", "Y4"], "Y1")
    plays = [m for m in legal(position, 0) if m["act"] == "play"]
    assert [m["cards"][0] for m in plays] == ["Y3", "G1", "CP", "CP", "CP", "CP"]
    assert [m.get("color") for m in plays[2:]] == ["Y", "P", "G", "B"]
