"""MA4: an Ace reverses the direction; with two players nothing else changes."""

from __future__ import annotations

from .helpers import act, kinds, play, position


def test_it_reverses_the_direction_of_play() -> None:
    p = position(["HA C2", "C3", "C4", "C5"], top="H5")
    after, events = act(p, {"seat": 0, "act": "play", "cards": ["HA"], "calls": []})
    assert after["direction"] == -1
    assert after["turn"] == 3
    assert "reverse" in kinds(events)


def test_it_cancels_one_ace_with_the_next() -> None:
    p = position(["HA C2", "C3", "C4", "DA C5"], top="H5")
    p = play(p, 0, "HA")
    p = play(p, 3, "DA")
    assert p["direction"] == 1
    assert p["turn"] == 0


def test_it_only_flips_the_direction_with_two_players() -> None:
    p = position(["HA C2", "C3 C4"], top="H5")
    after = play(p, 0, "HA")
    assert after["direction"] == -1
    assert after["turn"] == 1
