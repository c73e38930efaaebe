"""Every example the seed rulebook (seeds/002) gives, played through the engine."""

from __future__ import annotations

from .helpers import act, kinds, legal, offences, play, position, refused, simple, spam


def test_it_plays_the_first_card_for_the_dealer_who_may_owe_a_call() -> None:
    p = position(["C2 C3", "D9 D8", "H6 H4"], top="SA", started=False)
    after = simple(p, 0, "start", calls=[])
    assert after["direction"] == -1  # the Ace changed the direction of play
    assert offences(after) == [(0, "spade")]  # and the dealer had to say something


def test_it_makes_the_next_player_draw_two_for_a_seven() -> None:
    p = play(position(["H7 C3 C4", "D9 D8", "H6 H4"], top="H5"), 0, "H7")
    assert len(p["hands"][1]) == 4
    assert p["turn"] == 2


def test_it_makes_four_of_a_seven_on_a_seven_and_adds_two_each() -> None:
    p = play(position(["H7 C3 C4", "D7 D8", "S7 H4", "C7 C5"], top="H5"), 0, "H7")
    p = play(p, 1, "D7")
    assert p["pending"]["cards"] == 4
    p = play(p, 2, "S7", "spade", "last_card")
    assert p["pending"]["cards"] == 6
    p = simple(p, 3, "take")
    assert len(p["hands"][3]) == 2 + 6


def test_it_lets_the_player_after_the_drawer_follow_a_used_seven() -> None:
    p = simple(play(position(["H7 C3 C4", "D7 D8", "H2 C7 S4", "C5"], top="H5"), 0, "H7"), 1, "take")
    assert p["turn"] == 2
    plays = [a["cards"][0] for a in legal(p, 2) if a["act"] == "play"]
    assert plays == ["H2", "C7"]  # the suit or a seven, and no draw is owed


def test_it_plays_a_jack_on_any_suit_and_sets_the_next_suit() -> None:
    p = play(position(["DJ C3 C4", "D7 H8 C8", "H6 H4"], top="S5"), 0, "DJ", color="H")
    refused(p, {"seat": 1, "act": "play", "cards": ["C8"], "calls": []}, "MA3")
    assert play(p, 1, "H8")["turn"] == 0


def test_it_lets_the_faster_neighbour_play_after_a_joker() -> None:
    p = play(position(["JK C3 C4", "D7 D8", "H6 H4", "S2 S3"], top="H5"), 0, "JK")
    faster = play(p, 3, "S2", "spade")
    assert faster["direction"] == -1
    assert faster["turn"] == 2
    refused(faster, {"seat": 1, "act": "play", "cards": ["D7"], "calls": []}, "MA3")  # retract


def test_it_wants_mau_and_a_draw_for_a_last_two() -> None:
    q = position(["H2", "D7 D8", "H6 C4"], top="H5", rules={"two_again": True})
    q = play(q, 0, "H2", "mau")
    assert offences(q) == []
    assert q["window"] is None
    assert q["turn"] == 0
    assert len(simple(q, 0, "draw")["hands"][0]) == 1


def test_it_continues_from_the_spammer_skipping_the_players_between() -> None:
    p = play(position(["H6 C3 C4", "D7 D8", "S2 S3", "H6 H4", "C5 C6"], top="H5"), 0, "H6")
    after = spam(p, 3, "H6")
    assert after["turn"] == 4


def test_it_lets_a_player_spam_himself_one_card_at_a_time() -> None:
    p = play(position(["H6 H6 C4", "D7 D8", "S2 S3"], top="H5"), 0, "H6")
    after, events = act(p, {"seat": 0, "act": "spam", "cards": ["H6"], "calls": ["last_card"]})
    assert kinds(events) == ["spam", "call"]
    assert after["turn"] == 1


def test_it_wants_wonderful_spam_on_the_fourth_identical_card() -> None:
    p = position(["H6 C3 C4", "H6 D8 D6", "H6 S3 S4", "H6 C9 C8"], top="H5", rules={"decks": 4})
    p = spam(spam(play(p, 0, "H6"), 1, "H6"), 2, "H6")
    assert offences(spam(p, 3, "H6")) == [(3, "wonderful_spam")]
    assert offences(spam(p, 3, "H6", "wonderful_spam")) == []


def test_it_plays_the_seeds_two_spam_example() -> None:
    p = position(["C2 C2 H2 H4 D5 D6", "H4 H6 C9 D9", "S3 S9", "D3 D4"], top="C5", rules={"two_again": True})
    extras = []
    for seat, card, spammed in (
        (0, "C2", False),
        (0, "C2", True),
        (0, "H2", False),
        (0, "H4", False),
        (1, "H4", True),
        (1, "H6", False),
    ):
        p = spam(p, seat, card) if spammed else play(p, seat, card)
        extras.append(p["extra"])
    assert extras == [1, 2, 2, 1, 1, 0]
    assert (p["turn"], p["direction"]) == (2, 1)


def test_it_sends_every_live_seven_to_the_spammers_next() -> None:
    p = play(position(["H7 C3 C4", "D7 D8", "H7 S3", "C7 C9", "C5"], top="H5"), 0, "H7")
    after = spam(p, 2, "H7", "last_card")
    assert after["pending"] == {"target": 3, "kind": "7", "cards": 4}


def test_it_skips_two_or_three_for_spammed_eights_and_one_for_a_plain_one() -> None:
    hands = ["H8 C3", "D7 D8", "H8 S3 S4", "H8 C9 C7", "C5 C6", "D5 D6", "S5 S6"]
    p = play(position(hands, top="H5", rules={"decks": 3}), 0, "H8")
    two = spam(p, 2, "H8")
    assert two["turn"] == 5
    three = spam(two, 3, "H8")
    assert three["turn"] == 0  # 4, 5 and 6 skipped
    plain = play(p, 2, "H8")
    assert plain["turn"] == 4


def test_it_cannot_spam_jacks() -> None:
    refused(
        position(["C2", "HJ D2"], top=("HJ", "C"), turn=0),
        {"seat": 1, "act": "spam", "cards": ["HJ"], "calls": []},
        "MA7",
    )


def test_it_lets_play_go_either_way_from_a_joker_spammer() -> None:
    p = play(position(["JK C3 C4", "D7 D8", "JK S3 S4", "C9 C7", "C5"], top="H5"), 0, "JK")
    after = spam(p, 2, "JK")
    assert after["window"] == {"kind": "joker", "seats": [3, 1], "from": 2}


def test_it_cancels_successive_aces() -> None:
    p = play(play(position(["HA C3", "D7 D8", "H6", "CA C4"], top="H5"), 0, "HA"), 3, "CA")
    assert p["direction"] == 1


def test_it_lets_last_card_be_called_early_but_wants_it_on_time() -> None:
    p = position(["H4 H9 C3", "D7 D8 D2", "H6 C9"], top="H5")
    early = play(p, 0, "H4", "last_card")
    assert offences(early) == []
    q = position(["H9 C3", "D7 D8 D2", "H6 C9"], top="H5")
    assert offences(play(q, 0, "H9")) == [(0, "last_card")]


def test_it_builds_up_calls_ten_spade_last_card_spam_ten_spade_mau() -> None:
    p = position(["S10 S10 C3", "D7 D8", "H6 C9"], top="S5")
    p = play(p, 0, "S10", "spade")
    p = spam(p, 0, "S10", "spade", "last_card")
    assert offences(p) == []
    q = position(["S10 S10", "D7 D8", "H6 C9"], top="S5")
    q = play(q, 0, "S10", "spade", "last_card")
    q = spam(q, 0, "S10", "spade", "mau")
    assert offences(q) == []
    assert q["window"] == {"kind": "final", "seat": 0}


def test_it_takes_back_a_card_beaten_by_a_spam_at_no_cost() -> None:
    p = play(position(["H6 C3 C4", "HQ D8", "S2 S3", "H6 H4"], top="H5"), 0, "H6")
    after = spam(p, 3, "H6", "last_card")
    refused(after, {"seat": 1, "act": "play", "cards": ["HQ"], "calls": []}, "MA3")
    assert after["hands"][1] == ["HQ", "D8"]
    assert not [a for a in legal(after, 1) if a["act"] == "penalty"]  # and no penalty for it
