"""MA18 (`two_again`): a Two makes its player play again; extra turns are used one per in-turn act,
SPAM steals them all, and the seat holding them is the next player for every effect."""

from __future__ import annotations

from .helpers import act, kinds, legal, play, position, refused, simple, spam

TWO = {"two_again": True}


def test_it_plays_the_seeds_example() -> None:
    p = position(["C2 C2 H2 H4 D5 D6", "H4 H6 C9 D9", "S3 S9", "D3 D4"], top="C5", rules=TWO)
    p = play(p, 0, "C2")
    assert (p["turn"], p["extra"]) == (0, 1)
    p = spam(p, 0, "C2")
    assert (p["turn"], p["extra"]) == (0, 2)
    p = play(p, 0, "H2")
    assert (p["turn"], p["extra"]) == (0, 2)
    p = play(p, 0, "H4")
    assert (p["turn"], p["extra"]) == (0, 1)
    p, events = act(p, {"seat": 1, "act": "spam", "cards": ["H4"], "calls": []})
    assert (p["turn"], p["extra"]) == (1, 1)
    assert "extra" in kinds(events)
    p = play(p, 1, "H6")
    assert (p["turn"], p["extra"]) == (2, 0)  # play goes on from seat 1 in the direction it had


def test_it_refuses_a_draw_while_extra_turns_and_a_playable_card_are_held() -> None:
    p = play(position(["C2 C3 D9", "H4", "S3", "D3"], top="C5", rules=TWO), 0, "C2")
    refused(p, {"seat": 0, "act": "draw"}, "MA18")
    assert {"seat": 0, "act": "draw"} not in legal(p, 0)
    stuck = play(position(["C2 D9 D8", "H4", "S3", "D3"], top="C5", rules=TWO), 0, "C2")
    after = simple(stuck, 0, "draw")
    assert (after["turn"], after["extra"]) == (1, 0)


def test_it_makes_the_player_answer_its_own_seven() -> None:
    p = position(["C2 C7 D7 D9", "H4", "S3", "D3"], top="C5", rules=TWO)
    p = play(p, 0, "C2")
    p = play(p, 0, "C7")  # its one extra turn used: the hit goes to seat 1, who takes it at once
    assert p["pending"] is None
    assert len(p["hands"][1]) == 3
    q = position(["C2 C2 C7 D7 D9", "H4 H7", "S3", "D3"], top="C5", rules=TWO)
    q = spam(play(q, 0, "C2"), 0, "C2")
    assert q["extra"] == 2
    q = play(q, 0, "C7")
    assert q["pending"] == {"target": 0, "kind": "7", "cards": 2}
    assert q["turn"] == 0
    answered = play(q, 0, "D7")
    assert answered["pending"] == {"target": 1, "kind": "7", "cards": 4}


def test_it_lets_its_own_eight_skip_an_extra_turn() -> None:
    p = position(["C2 C2 C8 D9 D8", "H4 H5", "S3 S4", "D3"], top="C5", rules=TWO)
    p = spam(play(p, 0, "C2"), 0, "C2")
    after, events = act(p, {"seat": 0, "act": "play", "cards": ["C8"], "calls": []})
    assert (after["turn"], after["extra"]) == (1, 0)  # one extra used by the play, one skipped
    assert [e.seat for e in events if e.kind == "skip"] == [0]


def test_it_opens_no_window_after_its_own_joker() -> None:
    p = position(["C2 C2 JK D9 D8", "H4 H5", "S3 S4", "D3"], top="C5", rules=TWO)
    p = play(spam(play(p, 0, "C2"), 0, "C2"), 0, "JK")
    assert p["window"] is None
    assert (p["turn"], p["extra"]) == (0, 1)
    assert p["top"]["color"] is None
    assert play(p, 0, "D9")["turn"] == 1


def test_it_keeps_the_hand_going_after_a_two_that_empties_it() -> None:
    p = position(["C2", "H4 H5", "S3 S4", "D3"], top="C5", rules=TWO)
    assert legal(p, 0)[0] == {"seat": 0, "act": "play", "cards": ["C2"], "calls": ["mau"]}
    p, _events = act(p, {"seat": 0, "act": "play", "cards": ["C2"], "calls": ["mau"]})
    assert p["window"] is None
    assert p["hands"][0] == []
    assert (p["turn"], p["extra"]) == (0, 1)
    assert legal(p, 0) == [{"seat": 0, "act": "draw"}]
    p = simple(p, 0, "draw")
    assert len(p["hands"][0]) == 1
    assert p["turn"] == 1


def test_it_lets_a_spam_take_over_every_extra_turn() -> None:
    p = position(["C2 C2 D9", "C2 H5", "S3 S4", "D3"], top="C5", rules={**TWO, "decks": 3})
    p = spam(play(p, 0, "C2"), 0, "C2")
    assert p["extra"] == 2
    stolen = spam(p, 1, "C2")
    assert (stolen["turn"], stolen["extra"]) == (1, 3)


def test_it_uses_extra_turns_for_skips_before_seats() -> None:
    p = play(position(["C2 C8 D9 D6", "C8 H5 H6", "S3 S4", "D3 D4"], top="C5", rules=TWO), 0, "C2")
    after = play(p, 0, "C8")  # the play used the one extra turn: the skip falls on seat 1
    assert (after["turn"], after["extra"]) == (2, 0)
    # a SPAMmed Eight skipping 2 while its spammer holds 1 extra turn: that turn, then seat 1
    q = position(["C8 D9 D6", "H5 H6", "S3 S4", "D3 D4"], top="C8", skips=1, extra=1, rules=TWO)
    after, events = act(q, {"seat": 0, "act": "spam", "cards": ["C8"], "calls": []})
    assert (after["turn"], after["extra"], after["skips"]) == (2, 0, 2)
    assert [e.seat for e in events if e.kind == "skip"] == [0, 1]
