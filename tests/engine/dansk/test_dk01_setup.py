"""DK1-DK3: the deck, players and rounds, the deal, the turned card."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from games.engine.dansk.cards import DECK, KIND, POINTS
from games.engine.rules import get_rules

from .helpers import act, deal_of, deck_count, kinds, play, position, seed_where


def first_hand(deck: tuple[str, ...], seats: int, seat: int, dealer: int = 0) -> tuple[str, ...]:
    r = (seat - dealer - 1) % seats
    return deck[r : 5 * seats : seats]


def new(seats: int, seed: int | str, rules: dict[str, Any] | None = None) -> dict[str, Any]:
    game = get_rules("dansk", rules)
    return game.write(game.new_game(seats, seed=seed))


def test_it_has_the_110_cards_of_the_seed() -> None:
    deck = Counter(DECK)
    assert len(DECK) == 110
    assert sum(n for code, n in deck.items() if KIND[code] == "N") == 72
    assert sum(n for code, n in deck.items() if KIND[code] in ("RV", "T2", "T4", "ST")) == 32
    assert deck["CC"] == 6
    for colour in "GBRY":
        for number in range(1, 10):
            assert deck[f"{colour}{number}"] == 2
        for kind in ("RV", "T2", "T4", "ST"):
            assert deck[f"{kind}{colour}"] == 2
    assert POINTS["G7"] == 7
    assert POINTS["T4B"] == POINTS["CC"] == POINTS["STY"] == 10


@pytest.mark.parametrize("seats", [2, 3, 4, 7, 10])
def test_it_seats_2_to_10_players(seats: int) -> None:
    pos = new(seats, 1)
    assert len(pos["hands"]) == seats
    assert deck_count(pos) == Counter(DECK)


@pytest.mark.parametrize("seats", [1, 11, 0, True])
def test_it_refuses_other_player_counts(seats: Any) -> None:
    with pytest.raises(ValueError, match="DK1"):
        get_rules("dansk").new_game(seats, seed=1)


def test_it_plays_the_agreed_rounds_three_by_default() -> None:
    assert get_rules("dansk").option_values()["rounds"] == 3
    pos = position(["G1", "B2 B3"], pile="G5", hand=3, dealer=2)
    after, events = act(pos, play(0, "G1"))
    assert after["over"] is True
    assert "game_over" in kinds(events)
    pos = position(["G1", "B2 B3"], pile="G5", hand=3, rules={"rounds": 5})
    after, _ = act(pos, play(0, "G1"))
    assert after["over"] is False
    assert after["hand"] == 4


def test_it_deals_5_cards_each_from_the_seeded_shuffle_and_turns_the_next() -> None:
    for seats in (2, 4, 10):
        at = 5 * seats
        seed = seed_where(lambda d: KIND[d[at]] == "N")  # noqa: B023 - used at once
        deck = deal_of(seed)
        pos = new(seats, seed)
        assert pos["dealer"] == 0
        assert pos["hand"] == 1
        for seat in range(seats):
            # dealt one at a time from the dealer's left: seat 1 gets the first card
            assert pos["hands"][seat] == list(first_hand(deck, seats, seat))
        turned = deck[5 * seats]
        assert pos["pile"] == [{"seat": 0, "cards": [turned], "color": turned[0]}]
        assert pos["draw"] == list(deck[5 * seats + 1 :])


def test_it_lets_the_dealers_left_start_after_a_turned_number_card() -> None:
    seed = seed_where(lambda d: KIND[d[20]] == "N")
    deck = deal_of(seed)
    pos = new(4, seed)
    assert pos["top"] == {"card": deck[20], "color": deck[20][0]}
    assert pos["turn"] == 1
    assert pos["direction"] == 1
    assert pos["draw"] == list(deck[21:])
    assert [len(h) for h in pos["hands"]] == [5, 5, 5, 5]


def test_it_passes_the_deal_to_the_left_each_round() -> None:
    seed = seed_where(lambda d: KIND[d[20]] == "N", hand=2)
    pos = position(["G1", "B2 B3", "R4", "Y5"], pile="G5", hand=1, dealer=0, seed=seed)
    after, events = act(pos, play(0, "G1"))
    assert after["dealer"] == 1
    assert after["hand"] == 2
    assert after["turn"] == 2
    deck = deal_of(seed, 2)
    assert after["hands"][2] == list(deck[0:20:4])
    assert after["hands"][1] == list(deck[3:20:4])
    assert after["pile"][0]["cards"] == [deck[20]]
    assert after["pile"][0]["seat"] == 1
    assert "deal" in kinds(events)
    assert deck_count(after) == Counter(DECK)
    # and from the last seat back to seat 0
    pos = position(["G1", "B2 B3", "R4"], pile="G5", dealer=2)
    after, _ = act(pos, play(0, "G1"))
    assert after["dealer"] == 0


def test_it_makes_the_first_player_the_target_of_a_turned_draw_2() -> None:
    seed = seed_where(lambda d: KIND[d[20]] == "T2" and any(KIND[c] == "T2" for c in first_hand(d, 4, 1)))
    pos = new(4, seed)
    assert pos["pending"] == {"target": 1, "kind": "T2", "cards": 2}
    assert pos["turn"] == 1
    assert get_rules("dansk").to_act(pos) == (1,)


def test_it_makes_a_first_player_without_a_draw_2_take_the_turned_one_at_once() -> None:
    seed = seed_where(lambda d: KIND[d[20]] == "T2" and not any(KIND[c] == "T2" for c in first_hand(d, 4, 1)))
    pos = new(4, seed)
    assert pos["pending"] is None
    assert len(pos["hands"][1]) == 7
    assert pos["turn"] == 2


def test_it_makes_the_first_player_draw_4_and_lose_the_turn_on_a_turned_draw_4() -> None:
    seed = seed_where(lambda d: KIND[d[20]] == "T4")
    deck = deal_of(seed)
    pos = new(4, seed)
    assert pos["pending"] is None
    assert Counter(pos["hands"][1]) == Counter(first_hand(deck, 4, 1) + deck[21:25])
    assert pos["turn"] == 2


def test_it_skips_the_first_player_on_a_turned_stop() -> None:
    seed = seed_where(lambda d: KIND[d[25]] == "ST")
    pos = new(5, seed)
    assert pos["turn"] == 2
    assert [len(h) for h in pos["hands"]] == [5] * 5


def test_it_lets_the_dealers_right_start_on_a_turned_reverse() -> None:
    seed = seed_where(lambda d: KIND[d[25]] == "RV")
    pos = new(5, seed)
    assert pos["direction"] == -1
    assert pos["turn"] == 4
    seed = seed_where(lambda d: KIND[d[10]] == "RV")
    pos = new(2, seed)
    assert pos["turn"] == 1  # with 2 players the dealer's right is also the left


def test_it_lets_the_first_player_play_any_card_on_a_turned_colour_change() -> None:
    seed = seed_where(lambda d: d[15] == "CC")
    pos = new(3, seed)
    assert pos["top"] == {"card": "CC", "color": None}
    assert pos["pile"][0]["color"] is None
    assert pos["turn"] == 1
    hand = pos["hands"][1]
    for card in hand:
        after, _ = act(pos, play(1, card, color="G"))
        assert after["turn"] == 2 or card[:2] in ("ST", "T4", "T2", "RV")


def test_it_redraws_a_turned_special_card_under_the_pile_with_the_redraw_option() -> None:
    seed = seed_where(lambda d: KIND[d[20]] != "N" and KIND[d[21]] != "N")
    deck = deal_of(seed)
    pos = new(4, seed, {"first_card": "redraw"})
    specials = []
    at = 20
    while KIND[deck[at]] != "N":
        specials.append(deck[at])
        at += 1
    assert len(specials) >= 2
    assert pos["top"] == {"card": deck[at], "color": deck[at][0]}
    assert pos["draw"][-len(specials) :] == specials
    assert pos["draw"][: -len(specials)] == list(deck[at + 1 :])
    assert pos["turn"] == 1
    assert pos["pending"] is None
    assert pos["rules"] == {"first_card": "redraw"}
    assert deck_count(pos) == Counter(DECK)


def test_it_redraws_a_turned_colour_change_too() -> None:
    seed = seed_where(lambda d: d[20] == "CC")
    pos = new(4, seed, {"first_card": "redraw"})
    assert pos["top"]["card"] != "CC"
    assert KIND[pos["top"]["card"]] == "N"
    assert pos["draw"][-1] == "CC" or KIND[pos["draw"][-1]] != "N"
