"""VARIANTS.md, Settled points: the `mau` paragraph, sentence by sentence, and C9's note on `mau`."""

from __future__ import annotations

from .helpers import act, close, game, legal, offences, play, position, refused, simple, spam

HANDS = ["H9 C3 D3 JK", "D9 D8 D6", "H6 H4 S4", "H9 SQ C9", "C4 C5 C6"]


def test_it_accepts_only_the_dealers_start_before_the_game_starts() -> None:
    p = position(HANDS, top="H5", started=False, turn=0)
    assert (p["started"], p["turn"]) == (False, 0)
    refused(p, {"seat": 0, "act": "play", "cards": ["H9"], "calls": []}, "MA2")
    refused(p, {"seat": 3, "act": "spam", "cards": ["H9"], "calls": []}, "MA2")
    assert simple(p, 0, "start", calls=[])["started"] is True


def test_it_opens_no_joker_window_with_two_players() -> None:
    p = play(position(["JK C3 D3", "D9 D8"], top="H5"), 0, "JK")
    assert (p["window"], p["turn"]) == (None, 1)


def test_it_leaves_top_color_null_after_a_joker_and_a_drawing_neighbour_ends_its_turn() -> None:
    p = play(position(HANDS, top="H5"), 0, "JK")
    assert p["top"]["color"] is None
    drew = simple(p, 4, "draw")
    assert (drew["turn"], drew["direction"]) == (3, -1)
    # whoever gets the turn at close may play any card
    assert play(close(p), 1, "D9")["top"] == {"card": "D9", "color": "D"}


def test_it_lets_the_jokers_own_player_only_spam_or_penalise_and_a_spammed_joker_moves_the_window() -> None:
    hands = ["JK JK C3 D3", "D9 D8 D6", "H6 H4 S4", "H9 SQ C9", "C4 C5 C6"]
    p = play(position(hands, top="H5", offences=[(3, "spade")]), 0, "JK")
    assert legal(p, 0) == [
        {"seat": 0, "act": "spam", "cards": ["JK"], "calls": []},
        {"seat": 0, "act": "penalty", "target": 3, "reason": "spade"},
    ]
    refused(p, {"seat": 0, "act": "draw"}, "MA8")
    moved = spam(p, 0, "JK")
    assert moved["window"] == {"kind": "joker", "seats": [1, 4], "from": 0}
    assert moved["run"] == 2


def test_it_counts_skips_as_a_number_using_own_extra_turns_first() -> None:
    played = play(position(["H8 C3 D3", "D9", "H8 H4", "C9", "C4"], top="H5"), 0, "H8")
    assert played["skips"] == 1
    assert spam(played, 2, "H8")["skips"] == 2
    turned = simple(position(HANDS, top="H8", started=False, turn=0, skips=0), 0, "start", calls=[])
    assert turned["skips"] == 1
    q = position(["C8 D9 D6", "H5 H6", "S3 S4", "D3 D4"], top="C8", skips=1, extra=3, rules={"two_again": True})
    after = spam(q, 0, "C8")
    assert (after["turn"], after["extra"]) == (0, 1)


def test_it_counts_the_run_however_the_cards_came_and_wants_wonderful_spam_at_exactly_four() -> None:
    hands = ["JK C2 C3", "JK D8 D6", "JK H4 S4", "JK SQ C9", "JK C5 C6"]
    p = play(position(hands, top="H5", rules={"decks": 4}), 0, "JK")
    p = play(p, 1, "JK")  # taking the turn after the Joker with a plain play of an identical card
    assert p["run"] == 2
    p = spam(p, 2, "JK")
    assert p["run"] == 3
    four = spam(p, 3, "JK", "wonderful_spam")
    assert (four["run"], offences(four)) == (4, [])
    five = spam(four, 4, "JK")
    assert (five["run"], offences(five)) == (5, [])
    assert offences(spam(p, 3, "JK")) == [(3, "wonderful_spam")]


def test_it_names_the_untrue_call_under_strict_calls_and_refuses_unknown_calls() -> None:
    p = position(HANDS, top="H5", rules={"strict_calls": True})
    assert offences(play(p, 0, "H9", "mau")) == [(0, "mau")]
    refused(p, {"seat": 0, "act": "play", "cards": ["H9"], "calls": ["spam"]}, "MA13")


def test_it_remembers_a_penalised_offence_until_it_would_have_expired() -> None:
    p = simple(play(position(HANDS, top="S5", turn=2), 2, "S4"), 0, "penalty", target=2, reason="spade")
    refused(p, {"seat": 1, "act": "penalty", "target": 2, "reason": "spade"}, "MA14")
    assert p["penalised"] == [{"seat": 2, "reason": "spade"}]


def test_it_refuses_a_penalty_on_oneself_an_unknown_reason_or_no_seat() -> None:
    p = play(position(HANDS, top="S5", turn=2), 2, "S4")
    refused(p, {"seat": 2, "act": "penalty", "target": 2, "reason": "spade"}, "MA14")
    refused(p, {"seat": 1, "act": "penalty", "target": 2, "reason": "loud"}, "MA14")
    refused(p, {"seat": 1, "act": "penalty", "target": None, "reason": "spade"}, "C3")


def test_it_keeps_the_final_effect_while_the_final_window_is_open() -> None:
    p = position(["H7", "D9 D7", "H6 H4 S4", "H9 SQ C9", "C4"], top="H5", offences=[(4, "spade")])
    p = play(p, 0, "H7")  # no mau: an open offence
    assert (p["turn"], p["pending"]) == (None, None)
    other = simple(p, 2, "penalty", target=4, reason="spade")
    assert other["window"] == {"kind": "final", "seat": 0}
    reopened, events = act(other, {"seat": 2, "act": "penalty", "target": 0, "reason": "mau"})
    assert reopened["pending"] == {"target": 1, "kind": "7", "cards": 2}
    # penalty card first, then the card's effect
    assert [e.kind for e in events][:3] == ["penalty", "window", "hit"]


def test_it_has_a_server_slow_act_cleared_by_any_act_of_the_seat() -> None:
    p = position(HANDS, top="H5", rules={"slow_s": 2})
    marked = simple(p, None, "slow", target=0)
    assert marked["slow"] == 0
    assert simple(marked, 0, "penalty", target=3, reason="spade")["slow"] is None


def test_it_gives_extra_turns_to_the_seat_to_act_and_an_empty_hand_draws() -> None:
    p = position(["", "D9 D8", "H6", "H9"], top="H5", turn=0)
    assert legal(p, 0) == [{"seat": 0, "act": "draw"}]
    assert len(simple(p, 0, "draw")["hands"][0]) == 1


def test_it_refuses_a_draw_on_a_live_seven_and_spam_before_start_or_in_a_final_window() -> None:
    refused(position(["C7 C3", "D9"], top="H7", pending=(0, 2)), {"seat": 0, "act": "draw"}, "MA5")
    before = position(["H5 C3", "D9"], top="H5", started=False)
    refused(before, {"seat": 0, "act": "spam", "cards": ["H5"], "calls": []}, "MA2")
    final = position(["", "H5 D9"], top="H5", turn=None, window={"kind": "final", "seat": 0})
    refused(final, {"seat": 1, "act": "spam", "cards": ["H5"], "calls": []}, "MA17")


def test_it_keeps_no_totals_and_no_must_call() -> None:
    p = game().write(game().new_game(3, seed=1))
    assert "totals" not in p
    assert "must_call" not in p
    assert p["offences"] == []
