"""MA3: one card matching the top in rank or suit, or one card drawn, which ends the turn."""

from __future__ import annotations

from .helpers import act, kinds, legal, play, position, refused, simple

HANDS = ["H9 C5 D2 SK", "C3 C4", "D3 D4", "S3 S4"]


def test_it_accepts_a_card_of_the_suit_or_the_rank_on_top() -> None:
    p = position(HANDS, top="H5")
    by_suit = play(p, 0, "H9")
    assert by_suit["top"] == {"card": "H9", "color": "H"}
    assert by_suit["turn"] == 1
    assert by_suit["hands"][0] == ["C5", "D2", "SK"]
    assert by_suit["pile"][-1] == {"seat": 0, "cards": ["H9"], "color": "H"}
    by_rank = play(p, 0, "C5")
    assert by_rank["top"] == {"card": "C5", "color": "C"}


def test_it_refuses_a_card_that_matches_neither() -> None:
    p = position(HANDS, top="H5")
    error = refused(p, {"seat": 0, "act": "play", "cards": ["D2"], "calls": []}, "MA3")
    assert "matches neither" in str(error)


def test_it_refuses_a_card_not_held_and_a_play_out_of_turn() -> None:
    p = position(HANDS, top="H5")
    refused(p, {"seat": 0, "act": "play", "cards": ["H6"], "calls": []}, "MA3")
    refused(p, {"seat": 1, "act": "play", "cards": ["C5"], "calls": []}, "MA3")
    refused(p, {"seat": 1, "act": "draw"}, "MA3")


def test_it_ends_the_turn_with_a_draw_even_with_a_playable_card() -> None:
    p = position(HANDS, top="H5", draw="CA")
    assert {"seat": 0, "act": "draw"} in legal(p, 0)
    after, events = act(p, {"seat": 0, "act": "draw"})
    assert after["hands"][0] == ["H9", "C5", "D2", "SK", "CA"]
    assert after["turn"] == 1
    assert after["drawn"] is None  # nothing waits to be played: the draw ended the turn
    assert kinds(events) == ["draw"]
    assert events[0].cards == ()  # never the drawn card
    assert events[0].get("count") == 1
    assert "CA" not in events[0].text


def test_it_lists_every_fitting_card_and_the_draw() -> None:
    p = position(HANDS, top="H5")
    assert legal(p, 0) == [
        {"seat": 0, "act": "play", "cards": ["H9"], "calls": []},
        {"seat": 0, "act": "play", "cards": ["C5"], "calls": []},
        {"seat": 0, "act": "draw"},
    ]
    assert legal(p, 1) == []


def test_it_follows_the_direction_of_play() -> None:
    p = position(HANDS, top="H5", direction=-1)
    assert play(p, 0, "H9")["turn"] == 3
    assert simple(p, 0, "draw")["turn"] == 3
