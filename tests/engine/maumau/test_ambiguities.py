"""VARIANTS.md `maumau` "Ambiguities resolved", bullet by bullet, and its Settled points paragraph."""

from __future__ import annotations

from .helpers import act, apply, deck, kinds, legal, make, play, refused, rules


# --- Ambiguities resolved ---
def test_it_plays_the_classic_seven_eight_and_jack_as_the_special_cards() -> None:
    kinds_by_rank = {rules().card(f"H{rank}").kind for rank in ("9", "10", "Q", "K", "A")}
    assert kinds_by_rank == {"plain"}
    assert [rules().card(code).kind for code in ("H7", "H8", "HJ")] == ["seven", "eight", "jack"]


def test_it_plays_with_32_cards_and_2_to_4_players() -> None:
    assert len(deck()) == 32
    assert rules().seat_counts() == (2, 3, 4)
    r = rules()
    sizes = [len(r.write(r.new_game(4, seed=s))["draw"]) for s in range(30)]
    assert 7 in sizes  # 32 - 4 * 6 - 1 turned, unless a turned seven was taken


def test_it_lets_only_the_card_just_drawn_be_played() -> None:
    position = act(make(["S9 HK", "C9"], "SQ", draw_first="SA"), 0, "draw")
    assert [a["cards"][0] for a in legal(position, 0) if a["act"] == "play"] == ["SA"]
    refused(position, {"seat": 0, "act": "play", "cards": ["S9"]}, "MM5")


def test_it_resolves_the_each_opponent_puts_down_a_seven_sentence_by_mm13() -> None:
    position = play(make(["S7", "C7 D9", "HK"], "S9"), 0, "S7")
    after, _events = apply(position, {"seat": 1, "act": "play", "cards": ["C7"], "mau": True})
    assert after["over"] is True  # seat 2 took: seat 0 still has no cards and wins
    assert after["winners"] == [0]
    position = play(make(["S7", "C7 D9"], "S9"), 0, "S7")
    back = play(position, 1, "C7", mau=True)  # the only opponent added a seven: the hit goes back
    assert back["over"] is False
    assert len(back["hands"][0]) == 4


def test_it_keeps_an_open_state_with_a_race_and_a_list_of_open_seats() -> None:
    position = make(["S9 HQ", "C9 S10", "HK HA CA"], "SQ")
    position = play(position, 0, "S9")
    position = play(position, 1, "S10")
    assert position["must_call"] == [0, 1]
    position = act(position, 2, "catch", target=1)
    assert position["must_call"] == [0]
    refused(position, {"seat": 1, "act": "mau"}, "MM10")


def test_it_penalises_a_mau_without_the_penultimate_card() -> None:
    position = make(["S9 HQ D9", "C9"], "SQ")
    after, events = apply(position, {"seat": 0, "act": "play", "cards": ["S9"], "mau": True})
    assert kinds(events) == ["play", "penalty"]
    assert len(after["hands"][0]) == 3


def test_it_decides_the_points_the_seed_is_silent_on() -> None:
    r = rules()
    position = r.write(r.new_game(2, seed=8))
    assert position["dealer"] == 0
    assert position["pile"][0]["seat"] == 0  # the turned card counts as the dealer's
    took = act(make(["S9 H7", "C9 D9"], "S7", pending=2), 0, "take")
    assert took["turn"] == 1  # taking a seven ends the turn
    refused(make(["SJ C9", "S9"], "HJ", color="S"), {"seat": 0, "act": "play", "cards": ["SJ"], "color": "C"}, "MM9")


def test_it_ends_the_point_game_at_or_above_the_target() -> None:
    position = make(["SK", "C9 D9 DA"], "S9", totals=[7, 0], rules_={"mode": "points"})
    after = play(position, 0, "SK")
    assert after["totals"] == [10, 0]
    assert after["over"] is True


# --- Settled points, maumau paragraph ---
def test_it_ignores_mau_on_the_play_of_the_last_card() -> None:
    _after, events = apply(make(["SK", "C9"], "S9"), {"seat": 0, "act": "play", "cards": ["SK"], "mau": True})
    assert kinds(events) == ["play", "out", "hand_over", "game_over"]


def test_it_refuses_a_mau_after_a_catch_of_the_same_seat_at_no_cost() -> None:
    position = act(play(make(["S9 HQ", "C9 D8"], "SQ"), 0, "S9"), 1, "catch", target=0)
    refused(position, {"seat": 0, "act": "mau"}, "MM10")


def test_it_keeps_the_seats_that_emptied_their_hand_in_order() -> None:
    position = play(make(["S7", "C7", "D7 HK", "HA"], "S9"), 0, "S7")
    position = play(position, 1, "C7")
    assert position["emptied"] == [0, 1]
    after = play(position, 2, "D7", mau=True)
    assert after["winners"] == [0]


def test_it_ends_a_turn_after_drawing_with_pass_unless_the_card_is_played() -> None:
    position = act(make(["S9 HK", "C9"], "SQ", draw_first="SA"), 0, "draw")
    assert {a["act"] for a in legal(position, 0)} == {"play", "pass"}
    assert act(position, 0, "pass")["turn"] == 1


def test_it_needs_a_color_on_a_jack_except_the_last_and_ignores_it_elsewhere() -> None:
    refused(make(["SJ C9", "S9"], "SQ"), {"seat": 0, "act": "play", "cards": ["SJ"]}, "MM9")
    assert play(make(["SJ", "S9"], "SQ"), 0, "SJ")["over"] is True
    assert play(make(["S10 C9", "S9"], "SQ"), 0, "S10", "H")["top"]["color"] == "S"


def test_it_does_not_count_a_caught_players_penalty_card_as_the_turns_draw() -> None:
    position = play(make(["S8 H9", "C9 DK"], "SQ"), 0, "S8")
    caught = act(position, 1, "catch", target=0)
    assert caught["drawn"] is None
    drew = act(caught, 0, "draw")
    assert drew["drawn"] == drew["hands"][0][-1]


def test_it_starts_a_new_hit_of_two_with_a_seven_on_a_used_seven() -> None:
    after = play(make(["C7 H9", "D7 D9"], "S7"), 0, "C7")
    assert after["pending"] == {"target": 1, "kind": "7", "cards": 2}
