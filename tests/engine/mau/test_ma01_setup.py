"""MA1-MA2: players, the deal, and the dealer's `start` with the turned card."""

from __future__ import annotations

import pytest

from games.engine.mau.cards import ONE_DECK
from games.engine.shuffle import shuffled

from .helpers import act, game, kinds, legal, offences, position, refused


def test_it_seats_two_to_ten_players() -> None:
    g = game()
    assert g.min_players == 2
    assert g.max_players == 10
    for seats in (2, 10):
        assert len(g.write(g.new_game(seats, seed=1))["hands"]) == seats
    bad: object
    for bad in (1, 11, True, "4"):
        with pytest.raises(ValueError, match=r"MA1|players"):
            g.new_game(bad, seed=1)  # type: ignore[arg-type]


def test_it_deals_seven_cards_each_from_two_decks_and_seat_0_deals() -> None:
    p = game().write(game().new_game(4, seed="abc"))
    assert [len(h) for h in p["hands"]] == [7, 7, 7, 7]
    assert p["dealer"] == 0
    assert len(p["draw"]) == 108 - 28 - 1
    assert len(p["pile"]) == 1


def test_it_deals_verifiably_from_the_seed() -> None:
    p = game().write(game().new_game(3, seed=42))
    deck = shuffled(ONE_DECK * 2, "mau", 42, "hand", 1)
    # one card at a time from the dealer's left
    assert p["hands"][1] == list(deck[0:21:3])
    assert p["hands"][2] == list(deck[1:21:3])
    assert p["hands"][0] == list(deck[2:21:3])
    assert p["top"]["card"] == deck[21]
    assert p["draw"] == list(deck[22:])
    assert game().write(game().new_game(3, seed=42)) == p
    assert p["seed"] == 42


def test_it_uses_the_hand_size_option_and_refuses_a_deal_without_a_draw_pile() -> None:
    g = game({"hand_size": 5})
    assert [len(h) for h in g.write(g.new_game(3, seed=1))["hands"]] == [5, 5, 5]
    small = game({"decks": 1, "hand_size": 20})
    with pytest.raises(ValueError, match="MA1"):
        small.new_game(3, seed=1)
    assert small.seat_counts() == (2,)
    # 2 x 26 + the turned card leaves 1 card to draw
    assert game({"decks": 1, "hand_size": 20}).new_game(2, seed=1).draw


def test_it_waits_for_the_dealers_start_and_accepts_nothing_else() -> None:
    p = game().write(game().new_game(4, seed=7))
    assert p["started"] is False
    assert p["turn"] == 0
    assert game().to_act(p) == (0,)
    card = p["hands"][1][0]
    refused(p, {"seat": 1, "act": "play", "cards": [card], "calls": []}, "MA2")
    refused(p, {"seat": 0, "act": "draw"}, "MA2")
    refused(p, {"seat": 1, "act": "start", "calls": []}, "MA2")
    refused(p, {"seat": 1, "act": "penalty", "target": 0, "reason": "spade"}, "MA2")
    assert legal(p, 1) == []
    assert all(a["act"] == "start" for a in legal(p, 0))


def _start(top: str | tuple[str, str | None], hands: list[str], **fields: object) -> dict[str, object]:
    return position(hands, top=top, started=False, turn=0, **fields)  # type: ignore[arg-type]


def test_it_starts_clockwise_from_the_dealer_with_a_plain_card() -> None:
    p, events = act(_start("H5", ["C2", "C3", "C4", "C6"]), {"seat": 0, "act": "start", "calls": []})
    assert p["started"] is True
    assert p["turn"] == 1
    assert p["direction"] == 1
    assert kinds(events)[0] == "start"
    assert events[0].cards == ("H5",)
    refused(p, {"seat": 0, "act": "start", "calls": []}, "MA2")


def test_it_turns_an_ace_counter_clockwise_from_the_dealer() -> None:
    p, _ = act(_start("HA", ["C2", "C3", "C4", "C6"]), {"seat": 0, "act": "start", "calls": []})
    assert p["direction"] == -1
    assert p["turn"] == 3


def test_it_turns_a_seven_into_a_hit_on_the_dealers_next_seat() -> None:
    p, _ = act(_start("H7", ["C2", "C7", "C4", "C6"]), {"seat": 0, "act": "start", "calls": []})
    assert p["pending"] == {"target": 1, "kind": "7", "cards": 2}
    assert p["turn"] == 1
    # a target without a seven picks up at once (C12)
    p, events = act(_start("H7", ["C2", "C3", "C4", "C6"]), {"seat": 0, "act": "start", "calls": []})
    assert p["pending"] is None
    assert len(p["hands"][1]) == 3
    assert p["turn"] == 2
    assert "take" in kinds(events)


def test_it_turns_an_eight_to_skip_the_dealers_next_seat() -> None:
    p, events = act(_start("H8", ["C2", "C3", "C4", "C6"]), {"seat": 0, "act": "start", "calls": []})
    assert p["turn"] == 2
    assert p["skips"] == 1
    assert [e.seat for e in events if e.kind == "skip"] == [1]


def test_it_needs_a_suit_for_a_turned_jack() -> None:
    p = _start("CJ", ["C2", "C3", "C4", "C6"])
    refused(p, {"seat": 0, "act": "start", "calls": []}, "MA7")
    after, _ = act(p, {"seat": 0, "act": "start", "color": "D", "calls": []})
    assert after["top"] == {"card": "CJ", "color": "D"}
    assert after["pile"][-1] == {"seat": 0, "cards": ["CJ"], "color": "D"}
    assert [a.get("color") for a in legal(p, 0)] == ["C", "D", "H", "S"]
    refused(_start("H5", ["C2", "C3"]), {"seat": 0, "act": "start", "color": "D", "calls": []}, "MA7")


def test_it_makes_the_dealer_call_a_turned_spade() -> None:
    p = _start("S9", ["C2", "C3", "C4", "C6"])
    assert legal(p, 0)[0]["calls"] == ["spade"]
    missed, _ = act(p, {"seat": 0, "act": "start", "calls": []})
    assert offences(missed) == [(0, "spade")]
    called, _ = act(p, {"seat": 0, "act": "start", "calls": ["spade"]})
    assert offences(called) == []


def test_it_opens_the_joker_window_around_the_dealer() -> None:
    p, _ = act(_start(("JK", None), ["C2", "C3", "C4", "C6"]), {"seat": 0, "act": "start", "calls": []})
    assert p["window"] == {"kind": "joker", "seats": [1, 3], "from": 0}
    assert p["turn"] is None
    assert p["top"]["color"] is None


def test_it_gives_the_dealer_an_extra_turn_for_a_turned_two_under_two_again() -> None:
    p, _ = act(
        _start("H2", ["C2", "C3", "C4", "C6"], rules={"two_again": True}), {"seat": 0, "act": "start", "calls": []}
    )
    assert p["turn"] == 0
    assert p["extra"] == 1
    plain, _ = act(_start("H2", ["C2", "C3", "C4", "C6"]), {"seat": 0, "act": "start", "calls": []})
    assert plain["turn"] == 1
    assert plain["extra"] == 0


def test_it_starts_every_hand_clockwise() -> None:
    state = game().new_game(5, seed=3)
    assert state.direction == 1
