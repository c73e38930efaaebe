"""EM5-EM6 and the settled points on windows: jump-ins, what they cancel, who plays next."""

from __future__ import annotations

from .helpers import CLOSE, act, after, apply, jump, kinds, legal, make, play, refused


def test_it_opens_a_jump_window_after_a_play_and_the_effect_waits() -> None:
    position = make(["T2Y G2 G3", "Y3 G4", "Y4 G5", "Y5 G6"], "Y1")
    position, events = apply(position, play(0, "T2Y"))
    assert position["window"] == {"kind": "jump", "card": "T2Y", "seat": 0}
    assert position["turn"] is None
    assert position["pending"] is None
    assert len(position["hands"][1]) == 2
    assert kinds(events) == ["play", "window"]
    position, events = apply(position, CLOSE)
    assert position["window"] is None
    assert len(position["hands"][1]) == 4  # no Take 2, no Blocking card: takes at once
    assert kinds(events) == ["window", "hit", "take"]


def test_it_accepts_only_jump_ins_and_mau_calls_while_the_window_is_open() -> None:
    position = after(make(["Y2 G2 G3", "Y3 G4", "G5"], "Y1"), play(0, "Y2"))
    refused(position, play(1, "Y3"), "EM5")
    refused(position, act(1, "draw"), "EM5")
    refused(position, act(1, "take"), "EM5")
    assert legal(position, None) == [CLOSE]
    assert legal(position, 1) == []


def test_it_lets_any_seat_holding_the_same_card_jump_in() -> None:
    position = after(make(["Y2 G2 G3", "B1 G4", "Y2 G5 G7", "G6 B5"], "Y1"), play(0, "Y2"))
    assert legal(position, 2) == [{"seat": 2, "act": "jump_in", "cards": ["Y2"]}]
    position, events = apply(position, jump(2, "Y2"))
    assert position["window"] == {"kind": "jump", "card": "Y2", "seat": 2}
    assert position["pile"][-1] == {"seat": 2, "cards": ["Y2"], "color": "Y"}
    assert kinds(events) == ["jump_in", "window"]
    position = after(position, CLOSE)
    assert position["turn"] == 3  # the jumper's left; seat 1 is passed over


def test_it_refuses_a_card_that_is_not_the_very_same() -> None:
    position = after(make(["Y2 G2 G3", "G2 G4"], "Y1"), play(0, "Y2"))
    refused(position, jump(1, "G2"), "EM5")
    refused(position, jump(1, "Y2"), "EM5")  # not held


def test_it_does_not_take_the_extra_card_as_a_colour_preference_for_jump_ins() -> None:
    position = after(make(["CP G2 G3", "EX G4"], "Y1"), play(0, "CP", color="B"))
    refused(position, jump(1, "EX", color="G"), "EM5")


def test_it_refuses_a_jump_in_on_ones_own_card() -> None:
    position = after(make(["Y2 Y2 G3", "G4"], "Y1"), play(0, "Y2"))
    refused(position, jump(0, "Y2"), "EM5")
    assert legal(position, 0) == []


def test_it_allows_a_jump_in_on_ones_own_card_with_self_jump() -> None:
    position = after(make(["Y2 Y2 G3 G5", "G4"], "Y1", options={"self_jump": True}), play(0, "Y2"))
    assert legal(position, 0) == [{"seat": 0, "act": "jump_in", "cards": ["Y2"]}]
    assert after(position, jump(0, "Y2"))["window"]["seat"] == 0


def test_it_bars_only_the_top_cards_player_from_jumping() -> None:
    position = make(["CP CP G3", "CP G4", "B1"], "Y1")
    position = after(position, play(0, "CP", color="G"), jump(1, "CP", color="B"))
    assert [m.get("color") for m in legal(position, 0)] == ["Y", "P", "G", "B"]
    assert after(position, jump(0, "CP", color="Y"))["window"]["seat"] == 0


def test_it_opens_no_window_for_the_turned_card_a_block_or_a_last_card() -> None:
    position = make(["BLY G2", "Y3"], "T2Y", pending={"target": 0, "kind": "T2", "cards": 2, "from": 1})
    assert after(position, act(0, "block", cards=["BLY"]))["window"] is None
    position = make(["Y2", "Y3 G3"], "Y1", totals=[0, 0])
    position, events = apply(position, play(0, "Y2", maumau=True))
    assert "window" not in kinds(events)


def test_it_cancels_the_covered_card_a_skip_skips_only_once() -> None:
    position = make(["SKY G2 G3", "G4 G7", "SKY G5 G8", "G6 B1"], "Y1")
    position = after(position, play(0, "SKY"), jump(2, "SKY"), CLOSE)
    assert position["turn"] == 0  # seat 3 skipped after the jumper; seat 1 passed over, not skipped


def test_it_counts_a_jumped_take_2_as_if_played_in_the_covered_cards_place() -> None:
    fresh = make(["T2Y G2 G3", "G4 G7", "T2Y G5 G8", "G6 B1"], "Y1")
    fresh = after(fresh, play(0, "T2Y"), jump(2, "T2Y"), CLOSE)
    assert len(fresh["hands"][3]) == 4  # 2, not 4: the covered Take 2 is cancelled
    assert fresh["turn"] == 3
    rolled = make(
        ["T2Y G2 G3", "G4 G7", "T2Y G5 G8", "G6 B1"],
        "T2G",
        pending={"target": 0, "kind": "T2", "cards": 2, "from": 3},
    )
    rolled = after(rolled, play(0, "T2Y"))
    assert rolled["pending"] == {"target": 0, "kind": "T2", "cards": 2, "from": 3}  # the hit it answered
    rolled = after(rolled, jump(2, "T2Y"), CLOSE)
    assert len(rolled["hands"][3]) == 6  # 2 before the covered card, plus the jumper's 2


def test_it_takes_the_jumpers_own_colour_and_target() -> None:
    position = make(["CP G2 G3", "CP G4"], "Y1")
    position = after(position, play(0, "CP", color="B"), jump(1, "CP", color="P"), CLOSE)
    assert position["top"] == {"card": "CP", "color": "P"}
    assert position["turn"] == 0
    two_swaps = {"emoji_deck": {"SWY": 2, "DNY": 0}}  # the tabled deck has one Card swap per colour
    swap = make(["SWY G2 G3", "G4 G7", "SWY G5 G8 G1 B1", "G6"], "Y1", options=two_swaps)
    swap = after(swap, play(0, "SWY", target=1))
    assert swap["window"] == {"kind": "jump", "card": "SWY", "seat": 0, "target": 1}
    swap = after(swap, jump(2, "SWY", target=3), CLOSE)
    assert swap["hands"][2] == ["G6"]
    assert swap["hands"][3] == ["G5", "G8", "G1", "B1"]
    assert swap["hands"][1] == ["G4", "G7"]
    assert swap["turn"] == 3


def test_it_plays_without_windows_when_jump_ins_are_off() -> None:
    position = make(["T2Y G2 G3", "Y3 G4", "T2Y"], "Y1", options={"jump_in": False})
    position, events = apply(position, play(0, "T2Y"))
    assert position["window"] is None
    assert len(position["hands"][1]) == 4
    assert "window" not in kinds(events)


def test_it_refuses_a_jump_in_with_no_window() -> None:
    position = make(["Y2 G2", "Y2 G4"], "Y1")
    refused(position, jump(1, "Y2"), "EM5")


def test_it_refuses_a_close_with_no_window_or_from_a_player() -> None:
    position = make(["Y2 G2", "Y2 G4"], "Y1")
    refused(position, CLOSE, "C5")
    opened = after(position, play(0, "Y2"))
    refused(opened, {"seat": 1, "act": "close"}, "C5")


def test_it_waits_for_nobody_while_a_window_is_open() -> None:
    from .helpers import rules

    position = after(make(["T2Y G2", "T2B G3"], "T2G", pending={"target": 0, "kind": "T2", "cards": 2, "from": 1}))
    position = after(position, play(0, "T2Y", mau=True))
    assert rules().to_act(position) == ()
    assert rules().window(position) == {"kind": "jump", "card": "T2Y", "seat": 0}
