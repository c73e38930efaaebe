"""MA8: a Joker goes on anything but a live seven and opens a window in which either neighbour
takes the turn with any card (or a draw), turning play towards itself."""

from __future__ import annotations

from .helpers import act, close, game, kinds, legal, play, position, refused, simple, spam

HANDS = ["JK C2 C3", "D9 D8 D6", "S3 H4", "H9 SQ", "C4 C5"]


def _joker() -> dict:  # type: ignore[type-arg]
    return play(position(HANDS, top="H5"), 0, "JK")


def test_it_opens_a_window_for_both_neighbours() -> None:
    p = _joker()
    assert p["window"] == {"kind": "joker", "seats": [1, 4], "from": 0}
    assert p["turn"] is None
    assert p["top"] == {"card": "JK", "color": None}
    assert game().to_act(p) == ()
    assert game().window(p) == p["window"]
    assert legal(p, None) == [{"seat": None, "act": "close"}]


def test_it_plays_a_joker_on_a_jack_but_not_on_a_live_seven() -> None:
    p = position(HANDS, top=("HJ", "C"))
    assert play(p, 0, "JK")["window"] is not None
    live = position(HANDS, top="C7", pending=(0, 2))
    refused(live, {"seat": 0, "act": "play", "cards": ["JK"], "calls": []}, "MA5")


def test_it_gives_the_turn_to_the_first_neighbour_to_play_any_card() -> None:
    p = _joker()
    # seat 4, the right-hand neighbour, plays a card that matches nothing: play now runs its way
    after, events = act(p, {"seat": 4, "act": "play", "cards": ["C4"], "calls": []})
    assert after["window"] is None
    assert after["direction"] == -1
    assert after["turn"] == 3
    assert kinds(events)[:2] == ["window", "play"]
    # the left-hand neighbour, clockwise
    left = play(p, 1, "D9")
    assert left["direction"] == 1
    assert left["turn"] == 2
    # the slower neighbour's card is refused at no cost (C6)
    refused(left, {"seat": 4, "act": "play", "cards": ["C4"], "calls": []}, "MA3")


def test_it_counts_a_draw_as_taking_the_turn() -> None:
    p = _joker()
    after = simple(p, 4, "draw")
    assert after["window"] is None
    assert after["direction"] == -1
    assert after["turn"] == 3
    assert len(after["hands"][4]) == 3


def test_it_lets_other_seats_only_spam_or_call_a_penalty() -> None:
    p = _joker()
    refused(p, {"seat": 2, "act": "play", "cards": ["S3"], "calls": ["spade"]}, "MA8")
    refused(p, {"seat": 0, "act": "play", "cards": ["C2"], "calls": []}, "MA8")
    refused(p, {"seat": 0, "act": "draw"}, "MA8")
    assert legal(p, 2) == []
    assert legal(p, 0) == []


def test_it_lists_every_card_and_the_draw_for_a_neighbour() -> None:
    p = _joker()
    assert legal(p, 1) == [
        {"seat": 1, "act": "play", "cards": ["D9"], "calls": []},
        {"seat": 1, "act": "play", "cards": ["D8"], "calls": []},
        {"seat": 1, "act": "play", "cards": ["D6"], "calls": []},
        {"seat": 1, "act": "draw"},
    ]


def test_it_passes_the_turn_on_at_close_and_any_card_may_follow() -> None:
    p = close(_joker())
    assert p["window"] is None
    assert p["turn"] == 1
    assert p["direction"] == 1
    assert play(p, 1, "D9")["top"]["card"] == "D9"
    reversed_ = close(play(position(HANDS, top="H5", direction=-1), 0, "JK"))
    assert reversed_["turn"] == 4


def test_it_opens_a_new_window_around_a_joker_spammer() -> None:
    p = position(["JK C2 C3", "D9 D8 D6", "JK H4 H6", "H9 SQ", "C4 C5"], top="H5")
    p = play(p, 0, "JK")
    after = spam(p, 2, "JK")
    assert after["window"] == {"kind": "joker", "seats": [3, 1], "from": 2}
    # seat 1 is a neighbour of the new Joker's player too, from the other side
    assert play(after, 1, "D9")["direction"] == -1


def test_it_opens_no_window_with_two_players() -> None:
    p = play(position(["JK C2 C3", "D9 D8 D6"], top="H5"), 0, "JK")
    assert p["window"] is None
    assert p["turn"] == 1
    assert p["direction"] == 1
    assert p["top"]["color"] is None
    assert play(p, 1, "D9")["top"]["card"] == "D9"
