"""DK6-DK10: special cards act on the next player: Reverse, Draw 2, Draw 4, Stop."""

from __future__ import annotations

from .helpers import act, find, kinds, legal, play, position, refused


# --- DK6, DK7: Reverse ---
def test_it_turns_play_round_so_the_previous_player_plays_next() -> None:
    pos = position([["RVG", "B2"], "B1", "Y1", "R1"], pile="G5", turn=0)
    after, events = act(pos, play(0, "RVG"))
    assert after["direction"] == -1
    assert after["turn"] == 3
    assert "reverse" in kinds(events)
    after, _ = act(after, {"seat": 3, "act": "draw"})
    assert after["turn"] == 2


def test_it_keeps_the_new_direction_until_the_next_reverse() -> None:
    pos = position([["RVG", "B2"], "B1 B3", "Y1", "RVB R1"], pile="G5", turn=0)
    after, _ = act(pos, play(0, "RVG"))
    after, _ = act(after, play(3, "RVB"))
    assert after["direction"] == 1
    assert after["turn"] == 0


def test_it_lets_the_other_player_move_after_a_reverse_with_two_players() -> None:
    pos = position([["RVG", "B2"], "B1 B3"], pile="G5", turn=0)
    after, _ = act(pos, play(0, "RVG"))
    assert after["direction"] == -1
    assert after["turn"] == 1


# --- DK8: Draw 2 ---
def test_it_makes_the_next_player_the_target_of_a_hit_of_2() -> None:
    pos = position([["T2G", "B2"], "T2B B1", "Y1"], pile="G5")
    after, events = act(pos, play(0, "T2G"))
    assert after["pending"] == {"target": 1, "kind": "T2", "cards": 2}
    assert after["turn"] == 1
    assert find(events, "hit").get("count") == 2
    assert {a["act"] for a in legal(after, 1)} == {"play", "take"}


def test_it_adds_2_for_each_draw_2_and_passes_the_hit_on() -> None:
    # the seed's chain: 2, then 4, then 6 for the next player without a Draw 2
    pos = position([["T2G", "B2", "B3"], "T2B B1 B4", "T2R Y1 Y2", "R1 R2"], pile="G5", draw="G1 G2 G3 G4 G5 G6")
    after, _ = act(pos, play(0, "T2G"))
    after, _ = act(after, play(1, "T2B"))
    assert after["pending"] == {"target": 2, "kind": "T2", "cards": 4}
    after, events = act(after, play(2, "T2R"))
    # seat 3 holds no Draw 2: it takes the 6 at once and misses the turn
    assert after["pending"] is None
    assert after["hands"][3] == ["R1", "R2", "G1", "G2", "G3", "G4", "G5", "G6"]
    assert after["turn"] == 0
    assert find(events, "take").get("count") == 6


def test_it_lets_the_target_take_the_total_and_ends_its_turn() -> None:
    pos = position([["B2", "B3"], "T2B B1", "Y1"], pile="T2G", pending=(1, 4), turn=1, draw="G1 G2 G3 G4")
    after, events = act(pos, {"seat": 1, "act": "take"})
    assert after["hands"][1] == ["T2B", "B1", "G1", "G2", "G3", "G4"]
    assert after["pending"] is None
    assert after["turn"] == 2
    assert find(events, "take").get("count") == 4


def test_it_refuses_anything_but_a_draw_2_on_a_live_hit() -> None:
    pos = position([["B2", "B3"], "T2B G1 CC T4G STG", "Y1"], pile="T2G", pending=(1, 2), turn=1)
    for card in ("G1", "T4G", "STG"):
        error = refused(pos, play(1, card), "DK8")
        assert "only a Draw 2" in str(error)
    refused(pos, play(1, "CC", color="G"), "DK8")
    refused(pos, {"seat": 1, "act": "draw"}, "DK8")
    plays = [a["cards"] for a in legal(pos, 1) if a["act"] == "play"]
    assert plays == [["T2B"]]


def test_it_lets_a_draw_2_of_any_colour_answer() -> None:
    pos = position([["B2", "B3"], "T2Y G1 G2", "Y1 Y2 T2B"], pile="T2G", pending=(1, 2), turn=1)
    after, _ = act(pos, play(1, "T2Y"))
    assert after["pending"] == {"target": 2, "kind": "T2", "cards": 4}


def test_it_refuses_a_take_without_a_live_hit() -> None:
    pos = position([["B2", "B3"], "B1"], pile="T2G")
    refused(pos, {"seat": 0, "act": "take"}, "DK8")


def test_it_makes_a_taken_draw_2_a_plain_card_of_its_colour() -> None:
    pos = position([["G2", "B3", "CC"], "B1"], pile="T2G")
    plays = {a["cards"][0] for a in legal(pos, 0) if a["act"] == "play"}
    assert plays == {"G2", "CC"}
    after, _ = act(pos, play(0, "G2"))
    assert after["pending"] is None


# --- DK9: Draw 4 ---
def test_it_makes_the_next_player_draw_4_and_lose_the_turn() -> None:
    pos = position([["T4G", "B2", "B3"], "T4B B1", "Y1"], pile="G5", draw="R1 R2 R3 R4")
    after, events = act(pos, play(0, "T4G"))
    assert after["hands"][1] == ["T4B", "B1", "R1", "R2", "R3", "R4"]
    assert after["pending"] is None  # a Draw 4 never sets pending
    assert after["turn"] == 2
    take = find(events, "take")
    assert take.seat == 1
    assert take.get("count") == 4


def test_it_lets_a_later_player_play_a_draw_4_on_a_used_one() -> None:
    pos = position([["T4B", "Y2"], "B1", "Y1"], pile="T4G")
    after, _ = act(pos, play(0, "T4B"))
    assert len(after["hands"][1]) == 5


def test_it_does_not_answer_a_draw_2_with_a_draw_4() -> None:
    pos = position([["B2", "B3"], "T4G G1", "Y1"], pile="T2G", pending=(1, 2), turn=1)
    refused(pos, play(1, "T4G"), "DK8")


# --- DK10: Stop ---
def test_it_skips_the_next_player_on_a_stop() -> None:
    pos = position([["STG", "B2"], "G1 G2", "Y1"], pile="G5")
    after, events = act(pos, play(0, "STG"))
    assert after["turn"] == 2
    assert find(events, "skip").seat == 1
    assert after["hands"][1] == ["G1", "G2"]


def test_it_gives_the_turn_back_after_a_stop_with_two_players() -> None:
    pos = position([["STG", "B2"], "G1 G2"], pile="G5")
    after, _ = act(pos, play(0, "STG"))
    assert after["turn"] == 0
    pos = position([["T4G", "B2"], "G1 G2"], pile="G5")
    after, _ = act(pos, play(0, "T4G"))
    assert after["turn"] == 0
    assert len(after["hands"][1]) == 6


def test_it_acts_on_the_next_player_in_the_current_direction() -> None:
    pos = position([["STG", "B2"], "B1", "Y1", "R1"], pile="G5", direction=-1)
    after, events = act(pos, play(0, "STG"))
    assert find(events, "skip").seat == 3
    assert after["turn"] == 2
