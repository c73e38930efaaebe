"""MM8 (eights skip) and MM9 (Jacks wish a suit; `jack_on_jack`), with the Settled points on `color`."""

from __future__ import annotations

import pytest

from .helpers import apply, kinds, legal, make, play, refused

SUITS = ["C", "D", "H", "S"]


def test_it_skips_the_next_player_with_an_eight_mm8() -> None:
    position = make(["S8 H9 D9", "C9 DK", "HK HA", "CA CK"], "SQ")
    after, events = apply(position, {"seat": 0, "act": "play", "cards": ["S8"]})
    assert after["turn"] == 2
    assert kinds(events) == ["play", "skip"]
    assert events[1].seat == 1
    assert events[1].text == "{p1} is skipped"


def test_it_gives_the_same_player_another_turn_with_two_players_mm8() -> None:
    position = make(["S8 H9 D9", "C9 DK"], "SQ")
    after = play(position, 0, "S8")
    assert after["turn"] == 0
    assert {a["cards"][0] for a in legal(after, 0) if a["act"] == "play"} == set()
    assert {"seat": 0, "act": "draw"} in legal(after, 0)


def test_it_skips_around_the_table_from_the_last_seat_mm8() -> None:
    position = make(["C9 DK", "HK HA", "S8 H9 D9"], "SQ", turn=2)
    assert play(position, 2, "S8")["turn"] == 1


def test_it_plays_a_jack_on_any_card_and_wishes_a_suit_mm9() -> None:
    position = make(["HJ C9 D9", "S9 DK", "HK HA"], "SQ")
    jacks = [a for a in legal(position, 0) if a["act"] == "play" and a["cards"] == ["HJ"]]
    assert [a["color"] for a in jacks] == SUITS
    after, events = apply(position, {"seat": 0, "act": "play", "cards": ["HJ"], "color": "S"})
    assert after["top"] == {"card": "HJ", "color": "S"}
    assert after["pile"][-1] == {"seat": 0, "cards": ["HJ"], "color": "S"}
    assert after["turn"] == 1
    assert kinds(events) == ["play", "color"]
    assert events[1].get("color") == "S"
    assert "spades" in events[1].text


@pytest.mark.parametrize("suit", SUITS)
def test_it_lets_the_jack_name_any_suit_its_own_included_mm9(suit: str) -> None:
    position = make(["HJ C9 D9", "S9 DK"], "CQ")
    after = play(position, 0, "HJ", suit)
    assert after["top"]["color"] == suit
    fits = {a["cards"][0] for a in legal({**after, "turn": 1}, 1) if a["act"] == "play"}
    assert fits == {c for c in ("S9", "DK") if c[0] == suit}


def test_it_makes_the_next_card_follow_the_wished_suit_mm9() -> None:
    position = make(["C9 DK SQ", "S9 HK"], "HJ", color="D", pile=[(1, "CQ", "C"), (1, "HJ", "D")])
    assert {a["cards"][0] for a in legal(position, 0) if a["act"] == "play"} == {"DK"}
    refused(position, {"seat": 0, "act": "play", "cards": ["SQ"]}, "MM9")
    refused(position, {"seat": 0, "act": "play", "cards": ["C9"]}, "MM9")  # the Jack's own suit no longer stands


def test_it_forbids_a_jack_on_a_jack_by_default_mm9() -> None:
    position = make(["SJ C9", "S9 HK"], "HJ", color="S")
    refused(position, {"seat": 0, "act": "play", "cards": ["SJ"], "color": "C"}, "MM9")
    assert [a for a in legal(position, 0) if a["act"] == "play"] == []


def test_it_allows_a_jack_on_a_jack_with_the_house_rule_mm9() -> None:
    position = make(["SJ C9", "S9 HK"], "HJ", color="D", rules_={"jack_on_jack": True})
    plays = [a for a in legal(position, 0) if a["act"] == "play"]
    assert [a["cards"][0] for a in plays] == ["SJ"] * 8  # four wishes, with and without the call
    after = play(position, 0, "SJ", "C")
    assert after["top"] == {"card": "SJ", "color": "C"}
    assert after["rules"] == {"jack_on_jack": True}


def test_it_forbids_a_jack_on_a_live_seven_mm9() -> None:
    position = make(["SJ C7", "S9"], "S7", pending=2)
    refused(position, {"seat": 0, "act": "play", "cards": ["SJ"], "color": "C"}, "MM7")


def test_it_needs_a_wish_with_a_jack_that_is_not_the_last_card() -> None:
    position = make(["SJ C9", "S9 HK"], "SQ")
    error = refused(position, {"seat": 0, "act": "play", "cards": ["SJ"]}, "MM9")
    assert "suit" in str(error)


def test_it_refuses_a_wish_that_is_not_a_suit() -> None:
    position = make(["SJ C9", "S9 HK"], "SQ")
    refused(position, {"seat": 0, "act": "play", "cards": ["SJ"], "color": "X"}, "MM9")
    refused(position, {"seat": 0, "act": "play", "cards": ["SJ"], "color": 3}, "MM9")


def test_it_ignores_a_color_on_any_other_card() -> None:
    position = make(["S9 C9", "S10 HK"], "SQ")
    after, events = apply(position, {"seat": 0, "act": "play", "cards": ["S9"], "color": "H"})
    assert after["top"] == {"card": "S9", "color": "S"}
    assert kinds(events) == ["play"]


def test_it_lets_a_last_jack_go_out_without_a_wish() -> None:
    position = make(["SJ", "S9 HK"], "SQ")
    assert [a for a in legal(position, 0) if a["act"] == "play"] == [{"seat": 0, "act": "play", "cards": ["SJ"]}]
    after, events = apply(position, {"seat": 0, "act": "play", "cards": ["SJ"]})
    assert after["over"] is True
    assert after["winners"] == [0]
    assert "color" not in kinds(events)
    with_wish = apply(position, {"seat": 0, "act": "play", "cards": ["SJ"], "color": "H"})[0]
    assert with_wish["top"] == {"card": "SJ", "color": "S"}  # the wish is ignored
