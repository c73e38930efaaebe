"""MA17: the card that empties a hand opens a `final` window for penalties only; at `close` its
player has won and the game (one hand) is over; a correct penalty reopens the hand."""

from __future__ import annotations

from .helpers import act, close, game, kinds, legal, offences, play, position, refused, simple, spam


def _out(card: str = "H9", *calls: str, hands: list[str] | None = None, **fields: object) -> dict:  # type: ignore[type-arg]
    p = position(hands or [card, "D9 D8", "H6 H4 S4", "H7 SQ C9"], top="H5", **fields)  # type: ignore[arg-type]
    return play(p, 0, card, *calls, color="C" if card[1:] == "J" else None)


def test_it_opens_a_final_window_for_the_last_card() -> None:
    p = position(["H9", "D9 D8", "H6 H4 S4", "H7 SQ C9"], top="H5")
    after, events = act(p, {"seat": 0, "act": "play", "cards": ["H9"], "calls": ["mau"]})
    assert after["window"] == {"kind": "final", "seat": 0}
    assert after["turn"] is None
    assert after["over"] is False
    assert kinds(events) == ["play", "call", "out", "window"]
    assert game().to_act(after) == ()
    assert legal(after, None) == [{"seat": None, "act": "close"}]


def test_it_accepts_only_penalties_in_the_final_window() -> None:
    p = _out("H9", "mau")
    refused(p, {"seat": 1, "act": "play", "cards": ["D9"], "calls": []}, "MA17")
    refused(p, {"seat": 1, "act": "draw"}, "MA17")
    refused(
        position(["C2", "H9"], top="H9", turn=None, window={"kind": "final", "seat": 0}),
        {"seat": 1, "act": "spam", "cards": ["H9"], "calls": []},
        "MA17",
    )
    assert legal(p, 1) == []


def test_it_ends_the_game_at_close() -> None:
    p, events = act(_out("H9", "mau"), {"seat": None, "act": "close"})
    assert p["over"] is True
    assert p["winners"] == [0]
    assert p["turn"] is None
    assert p["pending"] is None
    assert p["window"] is None
    assert p["last_hand"] == {"out": 0, "points": [0, 2, 3, 3]}
    assert kinds(events) == ["window", "hand_over", "game_over"]
    assert events[1].get("points") == [0, 2, 3, 3]
    assert events[2].get("winners") == [0]
    outcome = game().outcome(p)
    assert outcome is not None
    assert outcome.winners == (0,)
    assert outcome.placings == (1, 2, 3, 3)
    result = game().hand_result(p)
    assert result is not None
    assert (result.hand, result.out, result.points) == (1, 0, (0, 2, 3, 3))
    for action in (
        {"seat": None, "act": "close"},
        {"seat": 1, "act": "draw"},
        {"seat": 1, "act": "penalty", "target": 0, "reason": "mau"},
    ):
        refused(p, action, "MA17")
    assert legal(p, 1) == []
    assert legal(p, None) == []


def test_it_reopens_the_hand_for_a_correct_penalty_on_the_player_out() -> None:
    p = _out("H9")
    assert offences(p) == [(0, "mau")]
    after, events = act(p, {"seat": 2, "act": "penalty", "target": 0, "reason": "mau"})
    assert after["window"] is None
    assert after["hands"][0]
    assert len(after["hands"][0]) == 1
    assert after["turn"] == 1
    assert after["over"] is False
    assert kinds(events)[:2] == ["penalty", "window"]


def test_it_keeps_the_final_cards_effect_until_the_hand_reopens() -> None:
    eight = _out("H8")
    assert eight["skips"] == 1
    assert eight["turn"] is None
    assert simple(eight, 1, "penalty", target=0, reason="mau")["turn"] == 2
    seven = _out("H7", hands=["H7", "D9 D8", "H6 H4 S4", "C7 SQ C9"])
    assert seven["pending"] is None
    reopened = simple(seven, 1, "penalty", target=0, reason="mau")
    assert len(reopened["hands"][1]) == 4  # no seven in hand: it took the 2 at once
    assert reopened["pending"] is None
    assert reopened["turn"] == 2
    ace = _out("HA")
    assert ace["direction"] == 1
    reversed_ = simple(ace, 1, "penalty", target=0, reason="mau")
    assert reversed_["direction"] == -1
    assert reversed_["turn"] == 3
    joker = _out("JK")
    assert simple(joker, 1, "penalty", target=0, reason="oom_papa_mau_mau")["window"] == {
        "kind": "joker",
        "seats": [1, 3],
        "from": 0,
    }


def test_it_takes_penalties_against_other_seats_in_the_final_window() -> None:
    p = position(["H9", "D9 D8", "H6 H4 S4", "H7 SQ C9"], top="H5", offences=[(3, "spade")])
    p = play(p, 0, "H9", "mau")
    after = simple(p, 1, "penalty", target=3, reason="spade")
    assert len(after["hands"][3]) == 4
    assert after["window"] == {"kind": "final", "seat": 0}
    wrong = simple(p, 1, "penalty", target=0, reason="spade")
    assert len(wrong["hands"][1]) == 3
    assert wrong["window"] == {"kind": "final", "seat": 0}
    assert close(wrong)["winners"] == [0]


def test_it_opens_a_final_window_for_a_spam_that_empties_the_hand() -> None:
    p = play(position(["H9 C2 C3", "D9 D8", "H9", "SQ C9"], top="H5"), 0, "H9")
    after = spam(p, 2, "H9", "mau")
    assert after["window"] == {"kind": "final", "seat": 2}
    assert close(after)["winners"] == [2]
