"""MM1-MM3 and the Deck: the pack, the deal, the first dealer and player, the turned card."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from games.engine.maumau import moves
from games.engine.shuffle import shuffled

from .helpers import all_cards, apply, deck, kinds, legal, make, rules


def test_it_uses_the_32_card_pack_by_default() -> None:
    r = rules()
    position = r.write(r.new_game(4, seed=1))
    assert all_cards(position) == Counter(deck(32))
    assert len(deck(32)) == 32
    assert "SQ" in deck(32)
    assert not any(code.endswith(("2", "3", "4", "5", "6")) for code in deck(32))


def test_it_adds_two_to_six_with_the_52_card_house_rule() -> None:
    r = rules(deck=52)
    position = r.write(r.new_game(4, seed=1))
    assert all_cards(position) == Counter(deck(52))
    assert position["rules"] == {"deck": 52}


def test_it_knows_no_jokers() -> None:
    with pytest.raises(KeyError):
        rules().card("JK")


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_it_deals_six_cards_each_and_turns_one_up_mm1(seats: int) -> None:
    r = rules()
    position = r.write(r.new_game(seats, seed="abc"))
    top = position["top"]["card"]
    if top[1] != "7":  # a turned seven makes the first player take (MM3)
        assert [len(h) for h in position["hands"]] == [6] * seats
        assert len(position["draw"]) == 32 - 6 * seats - 1
    assert position["pile"] == [{"seat": 0, "cards": [top], "color": top[0]}]
    assert position["hand"] == 1
    assert position["variant"] == "maumau"
    assert position["rules"] == {}
    assert position["totals"] is None


@pytest.mark.parametrize("seats", [1, 5, 0, True, "2"])
def test_it_refuses_other_player_counts_mm1(seats: object) -> None:
    with pytest.raises(ValueError, match="MM1"):
        rules().new_game(seats, seed=1)  # type: ignore[arg-type]


def test_it_refuses_a_bad_seed_or_unknown_settings() -> None:
    with pytest.raises(ValueError, match="seed"):
        rules().new_game(2, seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="get_rules"):
        rules().new_game(2, seed=1, mode="points")


def test_it_leaves_seven_to_draw_with_four_hands_of_six() -> None:
    r = rules()
    for seed in range(40):
        position = r.write(r.new_game(4, seed=seed))
        if position["top"]["card"][1] != "7":
            assert len(position["draw"]) == 7
            return
    raise AssertionError("no deal without a turned seven")


def test_it_deals_from_the_seed_verifiably() -> None:
    """The deal of hand 1 is `shuffled(pack in order, "maumau", seed, "hand", 1)`, one card at a time
    from the seat left of the dealer; the next card is turned up."""
    r = rules()
    for seed in (3, "x", 12345):
        position = r.write(r.new_game(3, seed=seed))
        order = shuffled(deck(32), "maumau", seed, "hand", 1)
        if order[18][1] in "78":
            continue
        assert position["hands"][1] == list(order[0:18:3])
        assert position["hands"][2] == list(order[1:18:3])
        assert position["hands"][0] == list(order[2:18:3])
        assert position["top"]["card"] == order[18]
        assert position["draw"] == list(order[19:])
        assert position["seed"] == seed
    assert r.write(r.new_game(3, seed=5)) == r.write(r.new_game(3, seed=5))
    same = r.write(r.new_game(3, seed="5"))
    assert {**r.write(r.new_game(3, seed=5)), "seed": "5"} == same


def _deal_with_top(rank: str, seats: int) -> dict[str, Any]:
    r = rules()
    for seed in range(500):
        position = r.write(r.new_game(seats, seed=seed))
        if position["pile"][0]["cards"][0][1:] == rank:
            return position
    raise AssertionError(f"no seed turns a {rank}")


def test_it_lets_seat_zero_deal_and_its_left_neighbour_play_first_mm2() -> None:
    position = _deal_with_top("Q", 4)
    assert position["dealer"] == 0
    assert position["turn"] == 1
    assert position["pending"] is None
    assert {a["seat"] for a in legal(position, 1) if a["act"] in ("play", "draw")} == {1}


def test_it_passes_the_deal_clockwise_mm2() -> None:
    r = rules(mode="points", target=100)
    position = r.write(r.new_game(3, seed=4))
    state = r.read(position)
    state = state._replace(hand=1)
    hand2, _ = moves.deal(state, 1, 2)
    assert hand2.dealer == 1
    assert hand2.hand == 2
    assert hand2.pile.entries()[0].seat == 1
    top = hand2.top
    if top[1:] not in ("7", "8"):
        assert hand2.turn == 2


def test_it_deals_hand_h_from_its_own_shuffle() -> None:
    r = rules(mode="points")
    state = r.new_game(2, seed="s")
    hand3, _ = moves.deal(state, 0, 3)
    order = shuffled(deck(32), "maumau", "s", "hand", 3)
    assert hand3.pile.entries()[0].card == order[12]


def test_it_makes_a_turned_seven_hit_the_first_player_mm3() -> None:
    r = rules()
    for seed in range(500):
        state = r.new_game(3, seed=seed)
        dealt, events = moves.deal(state, 0, 1)
        if dealt.top[1:] != "7":
            continue
        hands = [len(h) for h in dealt.hands]
        if dealt.pending is not None:  # seat 1 holds a seven: it answers or takes
            assert dealt.pending == (1, 2)
            assert dealt.turn == 1
            assert hands == [6, 6, 6]
            assert kinds(events) == ["deal", "hit"]
        else:  # no seven: taken at once (C12), the turn passes on
            assert hands == [6, 8, 6]
            assert dealt.turn == 2
            assert kinds(events) == ["deal", "hit", "take"]
        return
    raise AssertionError("no turned seven")


def test_it_answers_a_turned_seven_by_a_seven_mm3() -> None:
    position = make(["C9 D9", "S7 H8", "HQ DK"], "H7", turn=1, pending=2, dealer=0)
    after, events = apply(position, {"seat": 1, "act": "play", "cards": ["S7"], "mau": True})
    assert after["pending"] is None  # seat 2 has no seven: it takes 4 at once (C12)
    assert kinds(events) == ["play", "mau", "hit", "take"]
    assert events[-1].get("count") == 4
    assert len(after["hands"][2]) == 6
    assert after["turn"] == 0


def test_it_makes_a_turned_eight_skip_the_first_player_mm3() -> None:
    position = _deal_with_top("8", 4)
    assert position["turn"] == 2
    position = _deal_with_top("8", 2)
    assert position["turn"] == 0  # with two players the dealer moves first


def test_it_lets_a_turned_jack_name_no_suit_mm3() -> None:
    position = _deal_with_top("J", 3)
    jack = position["top"]["card"]
    assert position["top"]["color"] == jack[0]
    assert position["turn"] == 1
    for action in legal(position, 1):
        if action["act"] == "play":
            assert action["cards"][0][0] == jack[0]
            assert action["cards"][0][1] != "J"
