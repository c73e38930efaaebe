"""R1-R3: the 80-card deck, card points and hand sizes."""

from __future__ import annotations

from collections import Counter

import pytest

from games import engine
from tests.engine.ddmau.positions import Position, apply, draw, full_deck, play, position, sizes


def all_cards(game: Position) -> Counter[str]:
    held = Counter(code for hand in game["hands"] for code in hand)
    held.update(game["draw"])
    held.update(code for entry in game["pile"] for code in entry["cards"])
    return held


@pytest.mark.parametrize("seats", [2, 5, 10])
def test_it_deals_from_exactly_the_eighty_cards_of_the_deck(seats: int) -> None:
    """R1/R2: 52 number cards and 28 power cards, every card once (colourless ones in their copies)."""
    game = engine.new_game(seats, seed=11)
    assert all_cards(game) == Counter(full_deck())
    assert sum(all_cards(game).values()) == 80


def test_it_holds_twenty_eight_power_cards() -> None:
    """R2: 4 Penal T, 4 Skip, 4 Other Way Mae, 4 JT, 3 SM, 4 LM, 3 DM, 2 MM."""
    deck = all_cards(engine.new_game(4, seed=2))
    assert {code: deck[code] for code in ("JT", "SM", "LM", "DM", "MM")} == {
        "JT": 4,
        "SM": 3,
        "LM": 4,
        "DM": 3,
        "MM": 2,
    }
    assert sum(deck[f"{kind}{colour}"] for kind in "TSO" for colour in "RYBG") == 12


@pytest.mark.parametrize(
    ("seats", "cards"),
    [(2, 9), (3, 7), (4, 7), (7, 7), (8, 5), (10, 5)],
)
def test_it_deals_the_hand_size_for_the_number_of_players(seats: int, cards: int) -> None:
    """R3: 9 cards for 2 players, 7 for 3-7, 5 for 8-10; the rest is the draw pile."""
    game = engine.new_game(seats, seed=7)
    assert sizes(game) == [cards] * seats
    assert len(game["draw"]) == 80 - seats * cards


@pytest.mark.parametrize("seats", [1, 11])
def test_it_refuses_to_seat_fewer_than_two_or_more_than_ten_players(seats: int) -> None:
    """R3: 2 to 10 players."""
    with pytest.raises(ValueError, match=r"."):
        engine.new_game(seats, seed=1)


@pytest.mark.parametrize("seats", [1, 11])
def test_it_refuses_to_read_a_position_with_fewer_than_two_or_more_than_ten_hands(seats: int) -> None:
    """R3 holds for a position built by hand too: it is not a DD MAU position, and nothing is played on it."""
    table = engine.new_game(2, seed=1)
    hands = [[card] for card in table["draw"][:seats]]
    with pytest.raises(ValueError, match=rf"^R3: a DD MAU table has 2 to 10 seats, not {seats}$"):
        engine.apply({**table, "hands": hands, "totals": [0] * seats}, draw(table["turn"] % seats))
    with pytest.raises(ValueError, match=r"^R3: "):
        engine.legal_actions({**table, "hands": hands, "totals": [0] * seats}, 0)


def test_it_counts_number_cards_at_face_value() -> None:
    """R1: 1 + 13 + 5 = 19."""
    after = apply(position(["G7", "R1 Y13 B5"], top="R7"), play(0, "G7"))
    assert after["totals"] == [-7, 19]


@pytest.mark.parametrize(
    ("card", "value"),
    [("TB", 20), ("SG", 15), ("OY", 14), ("JT", 25), ("SM", 35), ("LM", 30), ("DM", 0), ("MM", 50)],
)
def test_it_counts_each_power_card_at_its_value(card: str, value: int) -> None:
    """R2: the points of each power card, left in a hand at the end (plus a blue 1)."""
    after = apply(position(["G7", f"{card} B1"], top="R7"), play(0, "G7"))
    assert after["totals"] == [-7, value + 1]
