"""Every example of the seed rulebook, played out."""

from __future__ import annotations

from .helpers import act, legal, play, position


def test_it_plays_the_red_8_example() -> None:
    # a red 8 lies on the pile: any red card, or a green, yellow or blue 8
    pos = position([["R2", "G8", "Y8", "B8", "G2", "Y3"], "B1"], pile="R8")
    plays = sorted(a["cards"][0] for a in legal(pos, 0) if a["act"] == "play")
    assert plays == ["B8", "G8", "R2", "Y8"]


def test_it_plays_the_draw_2_chain_example() -> None:
    # 2 for the first, 4 for the next unless it adds a Draw 2, then 6 for the next, and so on
    pos = position([["T2G", "B2", "B3"], "T2B B1 B4", "T2R Y1 Y2", "T2Y R1 R2", "G1 G3"], pile="G5")
    after, _ = act(pos, play(0, "T2G"))
    assert after["pending"]["cards"] == 2
    after, _ = act(after, play(1, "T2B"))
    assert after["pending"]["cards"] == 4
    after, _ = act(after, play(2, "T2R"))
    assert after["pending"]["cards"] == 6
    after, _ = act(after, play(3, "T2Y"))
    assert after["pending"] is None
    assert len(after["hands"][4]) == 10


def test_it_plays_the_draw_4_example() -> None:
    # even holding a Draw 4, the next player draws 4 and cannot lay it
    pos = position([["T4G", "B2", "B3"], "T4B B1", "Y1"], pile="G5")
    after, _ = act(pos, play(0, "T4G"))
    assert len(after["hands"][1]) == 6
    assert after["turn"] == 2


def test_it_plays_the_reverse_example() -> None:
    # the one who played before you plays after you
    pos = position([["B1", "B9"], ["RVB", "Y5", "Y6"], "B2", "B3"], pile="G1", turn=0)
    after, _ = act(pos, play(0, "B1"))
    after, _ = act(after, play(1, "RVB"))
    assert after["turn"] == 0


def test_it_plays_the_stop_example() -> None:
    pos = position([["STG", "B2", "B3"], "G1 G2", "Y1"], pile="G5")
    after, _ = act(pos, play(0, "STG"))
    assert after["turn"] == 2


def test_it_plays_the_end_of_game_example() -> None:
    # the one who lays the last card scores 0; the others count their cards, specials 10
    pos = position(["G1", "T4B R3", "Y9"], pile="G5", hand=3, totals=[1, 1, 1])
    after, _ = act(pos, play(0, "G1"))
    assert after["totals"] == [1, 14, 10]
    assert after["winners"] == [0]
