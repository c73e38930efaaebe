"""MA7: a Jack goes on anything but a Jack or a live seven, and its play names the next suit."""

from __future__ import annotations

from .helpers import act, kinds, legal, play, position, refused


def test_it_plays_a_jack_on_any_card_and_names_the_suit() -> None:
    p = position(["CJ D2 D3", "S3 H4", "C4", "C5"], top="H5")
    after, events = act(p, {"seat": 0, "act": "play", "cards": ["CJ"], "color": "S", "calls": []})
    assert after["top"] == {"card": "CJ", "color": "S"}
    assert after["pile"][-1]["color"] == "S"
    assert kinds(events) == ["play", "color"]
    assert events[1].get("color") == "S"
    # the next card follows the named suit, not the Jack's
    refused(after, {"seat": 1, "act": "play", "cards": ["H4"], "calls": []}, "MA3")
    assert play(after, 1, "S3", "spade", "last_card")["top"]["card"] == "S3"


def test_it_plays_a_jack_after_a_joker_too() -> None:
    p = position(["CJ D2 D3", "S3", "C4", "C5"], top=("JK", None))
    assert play(p, 0, "CJ", color="H")["top"] == {"card": "CJ", "color": "H"}


def test_it_refuses_a_jack_on_a_jack_and_on_a_live_seven() -> None:
    p = position(["CJ D2 D3", "S3", "C4", "C5"], top=("HJ", "C"))
    error = refused(p, {"seat": 0, "act": "play", "cards": ["CJ"], "color": "D", "calls": []}, "MA7")
    assert "Jack" in str(error)
    live = position(["CJ D2 D3", "S3", "C4", "C5"], top="C7", pending=(0, 2))
    refused(live, {"seat": 0, "act": "play", "cards": ["CJ"], "color": "D", "calls": []}, "MA5")


def test_it_requires_the_suit_on_a_jack_and_refuses_it_on_other_cards() -> None:
    p = position(["CJ D2 H9", "S3", "C4", "C5"], top="H5")
    refused(p, {"seat": 0, "act": "play", "cards": ["CJ"], "calls": []}, "MA7")
    refused(p, {"seat": 0, "act": "play", "cards": ["CJ"], "color": "X", "calls": []}, "MA7")
    refused(p, {"seat": 0, "act": "play", "cards": ["H9"], "color": "D", "calls": []}, "MA7")


def test_it_lists_a_jack_once_per_suit() -> None:
    p = position(["CJ CJ D2", "S3", "C4", "C5"], top="H5")
    jacks = [a for a in legal(p, 0) if a["act"] == "play"]
    assert [a["color"] for a in jacks] == ["C", "D", "H", "S"]


def test_it_cannot_spam_a_jack() -> None:
    p = position(["C2 C3", "CJ C4", "C4", "C5"], top=("CJ", "H"))
    refused(p, {"seat": 1, "act": "spam", "cards": ["CJ"], "calls": []}, "MA7")
    assert not [a for a in legal(p, 1) if a["act"] == "spam"]
