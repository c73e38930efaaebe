"""MM4-MM6: matching, the turn (play one card or draw one), the drawn card, plain cards."""

from __future__ import annotations

import pytest

from .helpers import act, apply, kinds, legal, make, play, refused


def test_it_matches_by_suit_or_rank_mm4() -> None:
    position = make(["S9 HQ C8 DK", "C9"], "SQ")
    plays = {a["cards"][0] for a in legal(position, 0) if a["act"] == "play"}
    assert plays == {"S9", "HQ"}
    refused(position, {"seat": 0, "act": "play", "cards": ["C8"]}, "MM4")
    refused(position, {"seat": 0, "act": "play", "cards": ["DK"]}, "MM4")


def test_it_matches_the_current_suit_after_a_jack_mm4() -> None:
    position = make(["H9 S9 CJ", "C9"], "SJ", color="H")
    assert {a["cards"][0] for a in legal(position, 0) if a["act"] == "play"} == {"H9"}
    error = refused(position, {"seat": 0, "act": "play", "cards": ["S9"]}, "MM9")
    assert "hearts" in str(error)


def test_it_plays_one_card_and_passes_the_turn_mm5() -> None:
    position = make(["S9 HQ C8", "C9 D9", "DA H10"], "SQ")
    after, events = apply(position, {"seat": 0, "act": "play", "cards": ["HQ"]})
    assert after["hands"][0] == ["S9", "C8"]
    assert after["top"] == {"card": "HQ", "color": "H"}
    assert after["pile"][-1] == {"seat": 0, "cards": ["HQ"], "color": "H"}
    assert after["turn"] == 1
    assert kinds(events) == ["play"]
    assert events[0].cards == ("HQ",)
    assert events[0].text == "{p0} plays {cards}"


def test_it_lets_a_player_draw_even_with_a_playable_card_mm5() -> None:
    position = make(["S9 HQ", "C9"], "SQ", draw_first="DA")
    assert {"seat": 0, "act": "draw"} in legal(position, 0)
    after, events = apply(position, {"seat": 0, "act": "draw"})
    assert after["hands"][0] == ["S9", "HQ", "DA"]
    assert after["drawn"] == "DA"
    assert after["turn"] == 0
    assert kinds(events) == ["draw"]
    assert events[0].get("count") == 1
    assert "DA" not in events[0].text
    assert not events[0].cards


def test_it_lets_the_drawn_card_be_played_and_no_other_mm5() -> None:
    position = make(["S9 HQ", "C9 D7"], "SQ", draw_first="SA")
    after = act(position, 0, "draw")
    assert legal(after, 0) == [
        {"seat": 0, "act": "play", "cards": ["SA"]},
        {"seat": 0, "act": "pass"},
    ]
    refused(after, {"seat": 0, "act": "play", "cards": ["S9"]}, "MM5")
    refused(after, {"seat": 0, "act": "draw"}, "MM5")
    done = play(after, 0, "SA")
    assert done["drawn"] is None
    assert done["turn"] == 1
    assert done["top"]["card"] == "SA"


def test_it_ends_the_turn_with_pass_when_the_drawn_card_does_not_fit_mm5() -> None:
    position = make(["S9 HQ", "C9 D7"], "SQ", draw_first="D8")
    after = act(position, 0, "draw")
    assert legal(after, 0) == [{"seat": 0, "act": "pass"}]
    refused(after, {"seat": 0, "act": "play", "cards": ["D8"]}, "MM4")
    passed, events = apply(after, {"seat": 0, "act": "pass"})
    assert passed["turn"] == 1
    assert passed["drawn"] is None
    assert passed["hands"][0] == ["S9", "HQ", "D8"]
    assert kinds(events) == ["pass"]


def test_it_may_pass_a_playable_drawn_card_too_mm5() -> None:
    position = make(["S9 HQ", "C9 D7"], "SQ", draw_first="SA")
    passed = act(act(position, 0, "draw"), 0, "pass")
    assert passed["turn"] == 1
    assert "SA" in passed["hands"][0]


def test_it_refuses_a_pass_before_drawing_mm5() -> None:
    position = make(["S9 HQ", "C9 D7"], "SQ")
    refused(position, {"seat": 0, "act": "pass"}, "MM5")
    assert {"seat": 0, "act": "pass"} not in legal(position, 0)


def test_it_refuses_acts_out_of_turn_mm5() -> None:
    position = make(["S9 HQ", "C9 SK"], "SQ")
    refused(position, {"seat": 1, "act": "play", "cards": ["SK"]}, "MM5")
    refused(position, {"seat": 1, "act": "draw"}, "MM5")
    refused(position, {"seat": 1, "act": "pass"}, "MM5")
    refused(position, {"seat": 1, "act": "take"}, "MM5")
    assert legal(position, 1) == []


def test_it_refuses_a_card_the_seat_does_not_hold_mm5() -> None:
    position = make(["S9 HQ", "C9 SK"], "SQ")
    error = refused(position, {"seat": 0, "act": "play", "cards": ["SK"]}, "MM5")
    assert "King of spades" in str(error)


def test_it_lets_the_target_of_a_live_seven_only_play_a_seven_or_take_mm5() -> None:
    position = make(["S9 C7 SQ", "C9 SK"], "S7", pending=2)
    assert legal(position, 0) == [
        {"seat": 0, "act": "play", "cards": ["C7"]},
        {"seat": 0, "act": "take"},
    ]
    refused(position, {"seat": 0, "act": "draw"}, "MM7")
    refused(position, {"seat": 0, "act": "play", "cards": ["S9"]}, "MM7")


@pytest.mark.parametrize("card", ["S9", "S10", "SQ", "SK", "SA"])
def test_it_plays_nine_to_ace_as_plain_cards_mm6(card: str) -> None:
    position = make([f"{card} H9 D9", "C9 DK", "HK HA"], "S8", pile=[(2, "S8", "S")], turn=0)
    after, events = apply(position, {"seat": 0, "act": "play", "cards": [card]})
    assert kinds(events) == ["play"]
    assert after["turn"] == 1
    assert after["pending"] is None
    assert [len(h) for h in after["hands"]] == [2, 2, 2]


@pytest.mark.parametrize("card", ["S2", "S3", "S4", "S5", "S6"])
def test_it_plays_two_to_six_as_plain_cards_in_the_52_card_pack(card: str) -> None:
    position = make([f"{card} H9 D9", "C9 DK"], "SQ", rules_={"deck": 52})
    after, events = apply(position, {"seat": 0, "act": "play", "cards": [card]})
    assert kinds(events) == ["play"]
    assert after["turn"] == 1
    assert after["rules"] == {"deck": 52}
