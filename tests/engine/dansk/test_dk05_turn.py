"""DK5: play if able, draw only if unable, and the turn passes even if the drawn card fits."""

from __future__ import annotations

from .helpers import act, find, legal, play, position, refused


def test_it_refuses_a_draw_from_a_player_holding_a_fitting_card() -> None:
    pos = position([["G1", "B2"], "B1"], pile="G5")
    refused(pos, {"seat": 0, "act": "draw"}, "DK5")
    assert {"seat": 0, "act": "draw"} not in legal(pos, 0)


def test_it_draws_one_card_and_passes_the_turn_even_if_it_fits() -> None:
    pos = position([["B2"], "B1", "Y1"], pile="G5", draw="G7")
    assert legal(pos, 0) == [{"seat": 0, "act": "draw"}]
    after, events = act(pos, {"seat": 0, "act": "draw"})
    assert after["hands"][0] == ["B2", "G7"]
    assert after["turn"] == 1
    assert after["drawn"] is None
    draw = find(events, "draw")
    assert draw.get("count") == 1
    assert "G7" not in draw.text
    assert draw.cards == ()
    # the drawn card is not played: it is seat 1's turn now
    refused(after, play(0, "G7"), "DK5")


def test_it_lets_a_player_draw_instead_of_playing_with_draw_when_able() -> None:
    pos = position([["G1", "B2"], "B1"], pile="G5", rules={"draw_when_able": True})
    assert {"seat": 0, "act": "draw"} in legal(pos, 0)
    after, _ = act(pos, {"seat": 0, "act": "draw"})
    assert len(after["hands"][0]) == 3
    assert after["turn"] == 1


def test_it_refuses_an_act_out_of_turn() -> None:
    pos = position([["G1", "B2"], ["G2"], ["G3"]], pile="G5", turn=0)
    refused(pos, play(1, "G2"), "DK5")
    refused(pos, {"seat": 2, "act": "draw"}, "DK5")
    assert legal(pos, 1) == []


def test_it_refuses_a_card_the_player_does_not_hold() -> None:
    pos = position([["G1", "B2"], ["G2"]], pile="G5")
    error = refused(pos, play(0, "G2"), "DK5")
    assert "do not hold" in str(error)


def test_it_passes_the_turn_in_the_current_direction() -> None:
    pos = position([["G1", "B2"], "B1", "Y1", "R1"], pile="G5", direction=-1)
    after, _ = act(pos, play(0, "G1"))
    assert after["turn"] == 3
    pos = position([["B2"], "B1", "Y1", "R1"], pile="G5", direction=-1)
    after, _ = act(pos, {"seat": 0, "act": "draw"})
    assert after["turn"] == 3
