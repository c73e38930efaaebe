"""MA9-MA12: Twos are plain; SPAM puts down a card identical to the top at any moment (two or more
decks), the spammer takes the turn, and the card has its effect from the spammer."""

from __future__ import annotations

from .helpers import act, kinds, legal, offences, play, position, refused, simple, spam

HANDS = ["H6 C2 C3", "D9 D8 D6", "H6 H4 S4", "H9 SQ C9", "C4 C5 C6"]


def test_it_plays_a_two_as_a_plain_card_by_default() -> None:
    p = play(position(["H2 C2 C3", "D2", "C4", "C5"], top="H5"), 0, "H2")
    assert p["turn"] == 1
    assert p["extra"] == 0


def test_it_lets_any_seat_spam_an_identical_card_and_take_the_turn() -> None:
    p = play(position(HANDS, top="H5"), 0, "H6")
    assert p["turn"] == 1
    assert {"seat": 2, "act": "spam", "cards": ["H6"], "calls": []} in legal(p, 2)
    after, events = act(p, {"seat": 2, "act": "spam", "cards": ["H6"], "calls": []})
    assert kinds(events) == ["spam"]
    assert after["turn"] == 3  # play goes on from the spammer; seat 1 is passed over
    assert after["run"] == 2
    assert after["top"] == {"card": "H6", "color": "H"}
    assert after["pile"][-1] == {"seat": 2, "cards": ["H6"], "color": "H"}


def test_it_lets_a_player_spam_its_own_card() -> None:
    p = play(position(["H6 H6 C3", "D9 D8", "C4", "C5"], top="H5"), 0, "H6")
    after = spam(p, 0, "H6")
    assert after["turn"] == 1
    assert after["run"] == 2


def test_it_lets_the_seat_on_turn_choose_spam_or_a_plain_play() -> None:
    p = play(position(HANDS, top="H5"), 0, "H6")
    p = simple(p, 1, "draw")
    acts = legal(p, 2)
    assert {"seat": 2, "act": "play", "cards": ["H6"], "calls": []} in acts
    assert {"seat": 2, "act": "spam", "cards": ["H6"], "calls": []} in acts


def test_it_has_no_spam_with_one_deck_not_even_for_jokers() -> None:
    p = position(["C2 C3", "JK D8", "C4", "C5"], top=("JK", None), turn=0, rules={"decks": 1})
    refused(p, {"seat": 1, "act": "spam", "cards": ["JK"], "calls": []}, "MA10")
    assert not [a for a in legal(p, 1) if a["act"] == "spam"]


def test_it_refuses_a_spam_of_a_card_not_identical_to_the_top() -> None:
    p = position(HANDS, top="H5")
    refused(p, {"seat": 2, "act": "spam", "cards": ["H6"], "calls": []}, "MA10")
    refused(
        position(["C2", "D9", "H6", "C4"], top="H6"), {"seat": 1, "act": "spam", "cards": ["H6"], "calls": []}, "MA3"
    )


def test_it_sends_a_spammed_seven_with_the_whole_hit_to_the_spammers_next_seat() -> None:
    hands = ["H7 C2 C3", "C7 D8 D6", "H7 H4 S4", "H9 SQ C9", "C4 C5 C6"]
    p = play(position(hands, top="H5"), 0, "H7")
    assert p["pending"] == {"target": 1, "kind": "7", "cards": 2}
    after = spam(p, 2, "H7")
    assert after["pending"] is None  # seat 3 holds no seven: it took the 4 at once
    assert len(after["hands"][3]) == 3 + 4
    assert after["turn"] == 4


def test_it_starts_a_new_hit_with_a_seven_spammed_on_a_used_seven() -> None:
    hands = ["H7 C2 C3", "C3 D8 D6", "H7 H4 S4", "H9 SQ S7", "C4 C5 C6"]
    p = play(position(hands, top="H5"), 0, "H7")  # seat 1 had no seven and took 2
    assert p["pending"] is None
    after = spam(p, 2, "H7")
    assert after["pending"] == {"target": 3, "kind": "7", "cards": 2}


def test_it_reverses_for_each_spammed_ace_so_two_cancel() -> None:
    hands = ["HA C2 C3", "D9 D8 D6", "HA H4 S4", "HA SQ C9", "C4 C5 C6"]
    p = play(position(hands, top="H5", rules={"decks": 3}), 0, "HA")
    assert p["direction"] == -1
    p = spam(p, 2, "HA")
    assert p["direction"] == 1
    assert p["turn"] == 3
    p = spam(p, 3, "HA")
    assert p["direction"] == -1
    assert p["turn"] == 2


def test_it_keeps_spam_open_until_the_top_changes() -> None:
    p = play(position(HANDS, top="H5"), 0, "H6")
    p = simple(p, 1, "draw")
    # still the Six of hearts on top: seat 2 may still SPAM it (no window, MA12)
    assert spam(p, 2, "H6")["turn"] == 3
    p = play(p, 2, "H4")
    refused(p, {"seat": 0, "act": "spam", "cards": ["H6"], "calls": []}, "MA10")


def test_it_counts_identical_cards_on_top_and_wants_wonderful_spam_on_the_fourth() -> None:
    hands = ["H6 C2 C3", "H6 D8 D6", "H6 H4 S4", "H6 SQ C9", "C4 C5 C6"]
    p = play(position(hands, top="H5", rules={"decks": 4}), 0, "H6")
    p = play(p, 1, "H6")
    assert p["run"] == 2
    p = spam(p, 2, "H6")
    assert p["run"] == 3
    assert legal(p, 3)[-2:] == [
        {"seat": 3, "act": "spam", "cards": ["H6"], "calls": ["wonderful_spam"]},
        {"seat": 3, "act": "spam", "cards": ["H6"], "calls": []},
    ]
    missed = spam(p, 3, "H6")
    assert missed["run"] == 4
    assert offences(missed) == [(3, "wonderful_spam")]
    called = spam(p, 3, "H6", "wonderful_spam")
    assert offences(called) == []


def test_it_puts_down_one_card_per_spam() -> None:
    p = play(position(["H6 H6 C3", "D9 D8", "C4", "C5"], top="H5"), 0, "H6")
    refused(p, {"seat": 0, "act": "spam", "cards": ["H6", "H6"], "calls": []}, "C2")
