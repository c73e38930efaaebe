"""Card faces, the compact notation and the button words."""

from __future__ import annotations

import pytest

from games.engine.rules import CardFace

from .helpers import rules


def test_it_draws_a_card_with_a_name_a_corner_and_a_suit_glyph() -> None:
    assert rules().card("SQ") == CardFace("SQ", "Queen of spades", "Q", "S", "spades", "♠", "plain", 1)
    assert rules().card("H10") == CardFace("H10", "Ten of hearts", "10", "H", "hearts", "♥", "plain", 1)
    assert rules().card("C7").kind == "seven"
    assert rules().card("C7").symbol == "♣"
    assert rules().card("D8").kind == "eight"
    assert rules().card("D8").symbol == "♦"
    assert rules().card("DJ").kind == "jack"


def test_it_knows_only_the_cards_of_its_pack() -> None:
    with pytest.raises(KeyError):
        rules().card("S2")
    assert rules(deck=52).card("S2").name == "Two of spades"
    with pytest.raises(KeyError):
        rules().card("R7")


@pytest.mark.parametrize(
    ("action", "text"),
    [
        ({"seat": 2, "act": "play", "cards": ["HJ"], "color": "S", "mau": True}, "2: play HJ =S mau"),
        ({"seat": 0, "act": "play", "cards": ["SQ"]}, "0: play SQ"),
        ({"seat": 1, "act": "draw"}, "1: draw"),
        ({"seat": 1, "act": "pass"}, "1: pass"),
        ({"seat": 3, "act": "take"}, "3: take"),
        ({"seat": 0, "act": "mau"}, "0: mau"),
        ({"seat": 1, "act": "catch", "target": 2}, "1: catch 2"),
        ({"seat": None, "act": "close"}, "-: close"),
    ],
)
def test_it_writes_a_compact_public_notation(action: dict[str, object], text: str) -> None:
    assert rules().notation(action) == text


@pytest.mark.parametrize(
    ("action", "text"),
    [
        ({"seat": 0, "act": "play", "cards": ["SQ"]}, "Play the Queen of spades"),
        ({"seat": 0, "act": "play", "cards": ["HJ"], "color": "S"}, "Play the Jack of hearts and wish spades"),
        ({"seat": 0, "act": "play", "cards": ["C9"], "mau": True}, "Play the Nine of clubs, calling Mau"),
        ({"seat": 0, "act": "draw"}, "Draw a card"),
        ({"seat": 0, "act": "pass"}, "Keep the drawn card and pass"),
        ({"seat": 0, "act": "take"}, "Take the cards of the sevens"),
        ({"seat": 0, "act": "mau"}, "Call Mau"),
        ({"seat": 0, "act": "catch", "target": 2}, "Catch seat 2 (no Mau call)"),
    ],
)
def test_it_describes_actions_in_button_words(action: dict[str, object], text: str) -> None:
    assert rules().describe(action) == text
