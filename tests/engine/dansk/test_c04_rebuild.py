"""C4: an empty draw pile is rebuilt from the discard pile but its top card, shuffled from the seed."""

from __future__ import annotations

from collections import Counter

from games.engine.dansk.cards import DECK
from games.engine.shuffle import shuffled

from .helpers import act, deck_count, find, kinds, play, position


def test_it_rebuilds_the_draw_pile_from_the_seed() -> None:
    pos = position([["B2"], "B1 Y2", "Y1"], pile="G5", draw=(), rest="pile", seed="s", hand=2)
    below = [entry["cards"][0] for entry in pos["pile"][:-1]]
    after, events = act(pos, {"seat": 0, "act": "draw"})
    rebuilt = shuffled(below, "dansk", "s", "hand", 2, "reshuffle", 1)
    assert after["hands"][0] == ["B2", rebuilt[0]]
    assert after["draw"] == list(rebuilt[1:])
    assert after["pile"] == pos["pile"][-1:]
    assert after["reshuffles"] == 1
    assert kinds(events) == ["reshuffle", "draw"]
    assert find(events, "reshuffle").get("count") == len(below)
    assert deck_count(after) == Counter(DECK)


def test_it_counts_rebuilds_for_the_next_shuffle() -> None:
    pos = position([["B2"], "B1 Y2", "Y1"], pile="G5", draw=(), rest="pile")
    pos["reshuffles"] = 4
    below = [entry["cards"][0] for entry in pos["pile"][:-1]]
    after, _ = act(pos, {"seat": 0, "act": "draw"})
    assert after["hands"][0][1] == shuffled(below, "dansk", 0, "hand", 1, "reshuffle", 5)[0]
    assert after["reshuffles"] == 5


def test_it_uses_seed_0_for_a_position_without_one() -> None:
    pos = position([["B2"], "B1 Y2", "Y1"], pile="G5", draw=(), rest="pile")
    del pos["seed"]
    below = [entry["cards"][0] for entry in pos["pile"][:-1]]
    after, _ = act(pos, {"seat": 0, "act": "draw"})
    assert after["hands"][0][1] == shuffled(below, "dansk", 0, "hand", 1, "reshuffle", 1)[0]


def test_it_takes_what_is_left_then_rebuilds_for_the_rest() -> None:
    pos = position([["T4G", "B3", "B4"], "B1 Y2", "Y1"], pile="G5", draw="R1 R2", rest="pile")
    after, events = act(pos, play(0, "T4G"))
    assert after["hands"][1][:4] == ["B1", "Y2", "R1", "R2"]
    assert len(after["hands"][1]) == 6
    assert after["pile"][-1]["cards"] == ["T4G"]
    assert len(after["pile"]) == 1
    assert find(events, "take").get("count") == 4
    assert deck_count(after) == Counter(DECK)


def test_it_counts_a_draw_that_finds_nothing_and_lets_a_take_lapse() -> None:
    # the rest of the deck is out of the game here: nothing to draw at all
    pos = position([["B2"], "B1 Y2", "Y1"], pile="G5", draw=(), rest="none")
    after, events = act(pos, {"seat": 0, "act": "draw"})
    assert after["hands"][0] == ["B2"]
    assert after["turn"] == 1
    assert after["drawn"] is None
    assert find(events, "draw").get("count") == 0
    pos = position([["B2", "B3"], "T2B Y2", "Y1"], pile="T2G", pending=(1, 4), turn=1, draw="R1", rest="none")
    after, events = act(pos, {"seat": 1, "act": "take"})
    assert after["hands"][1] == ["T2B", "Y2", "R1"]
    assert find(events, "take").get("count") == 1
    assert after["turn"] == 2
