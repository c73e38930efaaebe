"""MA6 and MA11's Eights: an Eight skips the next seat; a SPAMmed Eight skips one seat more than
the Eight it covers; an identical Eight played plainly skips one."""

from __future__ import annotations

from .helpers import act, play, position, spam


def _skipped(events: tuple) -> list[int]:  # type: ignore[type-arg]
    return [e.seat for e in events if e.kind == "skip"]


def test_it_skips_the_next_seat() -> None:
    p = position(["H8 C2", "C3", "C4", "C5"], top="H5")
    after, events = act(p, {"seat": 0, "act": "play", "cards": ["H8"], "calls": []})
    assert after["turn"] == 2
    assert after["skips"] == 1
    assert _skipped(events) == [1]


def test_it_gives_the_turn_back_with_two_players() -> None:
    p = position(["H8 C2", "C3"], top="H5")
    assert play(p, 0, "H8")["turn"] == 0


def test_it_skips_two_seats_for_a_spammed_eight_and_three_for_two() -> None:
    hands = ["H8 C2", "C3 C4", "H8 C5 C6", "H8 C7 C9", "D2 D3", "D4 D5"]
    p = play(position(hands, top="H5", rules={"decks": 3}), 0, "H8")
    assert p["turn"] == 2
    after, events = act(p, {"seat": 2, "act": "spam", "cards": ["H8"], "calls": []})
    assert after["skips"] == 2
    assert _skipped(events) == [3, 4]
    assert after["turn"] == 5
    third, events = act(after, {"seat": 3, "act": "spam", "cards": ["H8"], "calls": []})
    assert third["skips"] == 3
    assert _skipped(events) == [4, 5, 0]
    assert third["turn"] == 1


def test_it_skips_one_for_an_identical_eight_played_without_spam() -> None:
    hands = ["H8 C2", "C3 C4", "H8 C5 C6", "D2", "D3", "D4"]
    p = play(position(hands, top="H5"), 0, "H8")
    plain = play(p, 2, "H8")
    assert plain["skips"] == 1
    assert plain["turn"] == 4
    assert plain["run"] == 2
    spammed = spam(p, 2, "H8")
    assert spammed["skips"] == 2
    assert spammed["turn"] == 5


def test_it_counts_skips_round_the_table_past_the_eights_own_player() -> None:
    # three seats, three skips: 1, 2 and the spammer itself, so seat 1 plays next
    p = position(["C2", "H8 C3", "H8 C4 C5"], top=("H8", "H"), skips=2, turn=1, rules={"decks": 3})
    after, events = act(p, {"seat": 2, "act": "spam", "cards": ["H8"], "calls": []})
    assert after["skips"] == 3
    assert _skipped(events) == [0, 1, 2]
    assert after["turn"] == 0
