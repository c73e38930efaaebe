"""MA13-MA16: calls made with the card, offences for missing ones, penalties, taking too long, and
what the online game leaves out."""

from __future__ import annotations

import pytest

from .helpers import act, kinds, legal, offences, play, position, refused, simple

HANDS = ["S5 H9 C3 D3", "D9 D8 D6", "H6 H4 S4", "H9 SQ C9"]


def test_it_wants_spade_on_a_spade() -> None:
    p = position(HANDS, top="H5")
    assert legal(p, 0)[:2] == [
        {"seat": 0, "act": "play", "cards": ["S5"], "calls": ["spade"]},
        {"seat": 0, "act": "play", "cards": ["S5"], "calls": []},
    ]
    after, events = act(p, {"seat": 0, "act": "play", "cards": ["S5"], "calls": ["spade"]})
    assert offences(after) == []
    assert kinds(events) == ["play", "call"]
    assert events[1].get("calls") == ["spade"]
    assert offences(play(p, 0, "S5")) == [(0, "spade")]


def test_it_wants_last_card_when_one_card_is_left() -> None:
    p = position(["H9 C3", "D9 D8", "H6 H4", "H9 SQ"], top="H5")
    assert offences(play(p, 0, "H9")) == [(0, "last_card")]
    assert offences(play(p, 0, "H9", "last_card")) == []


@pytest.mark.parametrize(
    ("card", "call", "top"), [("H9", "mau", "H5"), ("CJ", "mau_mau", "H5"), ("JK", "oom_papa_mau_mau", "H5")]
)
def test_it_wants_the_going_out_call_that_fits_the_last_card(card: str, call: str, top: str) -> None:
    p = position([card, "D9 D8", "H6 H4", "H9 SQ"], top=top)
    color = "C" if card == "CJ" else None
    assert offences(play(p, 0, card, call, color=color)) == []
    assert offences(play(p, 0, card, color=color)) == [(0, call)]
    wrong = "mau" if call != "mau" else "mau_mau"
    assert offences(play(p, 0, card, wrong, color=color)) == [(0, call)]


def test_it_counts_two_going_out_calls_as_a_wrong_one() -> None:
    p = position(["H9", "D9 D8", "H6 H4", "H9 SQ"], top="H5")
    assert offences(play(p, 0, "H9", "mau", "mau_mau")) == [(0, "mau")]


def test_it_lets_an_untrue_call_cost_nothing() -> None:
    p = position(HANDS, top="H5")
    after = play(p, 0, "H9", "spade", "last_card", "mau", "wonderful_spam")
    assert offences(after) == []


def test_it_makes_an_untrue_call_an_offence_under_strict_calls() -> None:
    p = position(HANDS, top="H5", rules={"strict_calls": True})
    after = play(p, 0, "H9", "spade", "last_card")
    assert offences(after) == [(0, "spade"), (0, "last_card")]
    assert offences(play(p, 0, "S5", "spade")) == []
    out = position(["H9", "D9 D8", "H6 H4", "H9 SQ"], top="H5", rules={"strict_calls": True})
    assert offences(play(out, 0, "H9", "mau", "mau_mau")) == [(0, "mau"), (0, "mau_mau")]


def test_it_refuses_unknown_calls_including_spam() -> None:
    p = position(HANDS, top="H5")
    for calls in (["spam"], ["SPADE"], [1], "spade", ["spade", "spade"], ["spade"] * 7):
        refused(p, {"seat": 0, "act": "play", "cards": ["S5"], "calls": calls}, "MA13")


def test_it_gives_the_offender_a_card_for_a_correct_penalty() -> None:
    p = play(position(HANDS, top="H5"), 0, "S5")
    assert {"seat": 2, "act": "penalty", "target": 0, "reason": "spade"} in legal(p, 2)
    after, events = act(p, {"seat": 2, "act": "penalty", "target": 0, "reason": "spade"})
    assert len(after["hands"][0]) == 4
    assert offences(after) == []
    assert after["penalised"] == [{"seat": 0, "reason": "spade"}]
    assert kinds(events) == ["penalty"]
    assert events[0].get("correct") is True
    assert after["turn"] == 1  # a penalty takes no turn
    # the same offence again lost the race: refused at no cost
    refused(after, {"seat": 3, "act": "penalty", "target": 0, "reason": "spade"}, "MA14")


def test_it_costs_a_card_to_call_a_penalty_for_nothing() -> None:
    p = position(HANDS, top="H5")
    after, events = act(p, {"seat": 2, "act": "penalty", "target": 0, "reason": "spade"})
    assert len(after["hands"][2]) == 4
    assert len(after["hands"][0]) == 4
    assert events[0].get("correct") is False


def test_it_ends_an_offence_with_the_offenders_next_action() -> None:
    hands = ["S5 H9 C3 D3", "S9 D8 D6", "S4 H4 H6", "SQ C9 H9"]

    def round_(p: dict) -> dict:  # type: ignore[type-arg]
        return play(play(play(p, 1, "S9", "spade"), 2, "S4", "spade"), 3, "SQ", "spade")

    p = round_(play(position(hands, top="H5"), 0, "S5"))
    assert offences(p) == [(0, "spade")]  # seat 0's turn has come round, but it has not acted yet
    p = simple(p, 0, "draw")
    assert offences(p) == []
    after, _ = act(p, {"seat": 2, "act": "penalty", "target": 0, "reason": "spade"})
    assert len(after["hands"][2]) == 3  # too late: the caller pays
    # a penalised offence is remembered as long, then forgotten
    q = simple(play(position(hands, top="H5"), 0, "S5"), 2, "penalty", target=0, reason="spade")
    q = round_(q)
    assert q["penalised"] == [{"seat": 0, "reason": "spade"}]
    assert simple(q, 0, "draw")["penalised"] == []


def test_it_refuses_a_penalty_on_oneself_an_unknown_reason_or_seat() -> None:
    p = play(position(HANDS, top="H5"), 0, "S5")
    refused(p, {"seat": 0, "act": "penalty", "target": 0, "reason": "spade"}, "MA14")
    refused(p, {"seat": 1, "act": "penalty", "target": 0, "reason": "cursing"}, "MA14")
    refused(p, {"seat": 1, "act": "penalty", "target": 9, "reason": "spade"}, "C3")
    refused(p, {"seat": 1, "act": "penalty", "reason": "spade"}, "C3")


def test_it_marks_a_slow_seat_and_penalises_it_until_it_acts() -> None:
    p = position(HANDS, top="H5", rules={"slow_s": 5})
    assert legal(p, None) == [{"seat": None, "act": "slow", "target": 0}]
    refused(p, {"seat": None, "act": "slow", "target": 2}, "MA15")
    marked, events = act(p, {"seat": None, "act": "slow", "target": 0})
    assert marked["slow"] == 0
    assert kinds(events) == ["slow"]
    refused(marked, {"seat": None, "act": "slow", "target": 0}, "MA15")
    assert {"seat": 1, "act": "penalty", "target": 0, "reason": "slow"} in legal(marked, 1)
    fined = simple(marked, 1, "penalty", target=0, reason="slow")
    assert len(fined["hands"][0]) == 5
    assert fined["slow"] is None
    refused(fined, {"seat": 2, "act": "penalty", "target": 0, "reason": "slow"}, "MA14")
    # any act of the slow seat clears the mark
    assert play(marked, 0, "H9")["slow"] is None


def test_it_has_no_slow_offence_when_slow_s_is_off() -> None:
    p = position(HANDS, top="H5")
    refused(p, {"seat": None, "act": "slow", "target": 0}, "MA15")
    refused(p, {"seat": 1, "act": "penalty", "target": 0, "reason": "slow"}, "MA15")
    assert legal(p, None) == []


def test_it_leaves_out_penalties_the_engine_prevents() -> None:
    """MA16: playing out of turn or wrongly is refused at no cost, and there is nothing to call."""
    p = position(HANDS, top="H5")
    refused(p, {"seat": 2, "act": "play", "cards": ["H6"], "calls": []}, "MA3")
    for reason in ("out_of_turn", "misdeal", "flinching", "point_of_order", "too_loud"):
        refused(p, {"seat": 1, "act": "penalty", "target": 2, "reason": reason}, "MA14")
    assert [len(h) for h in p["hands"]] == [4, 3, 3, 3]
