"""The French-suited pack of classic Mau-Mau (VARIANTS.md, `maumau` Deck; MM6).

Every code maps to one precomputed `CardInfo`; the rules look codes up, they never parse them.
The 32-card pack holds ranks 7 to Ace, the 52-card house pack adds 2 to 6. One card per code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

SUITS: tuple[str, ...] = ("C", "D", "H", "S")
SUIT_NAMES: Mapping[str, str] = MappingProxyType({"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"})
# glyphs, so that a suit never depends on colour alone
SUIT_SYMBOLS: Mapping[str, str] = MappingProxyType({"C": "♣", "D": "♦", "H": "♥", "S": "♠"})

SHORT_RANKS: tuple[str, ...] = ("7", "8", "9", "10", "J", "Q", "K", "A")
LOW_RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6")
RANK_NAMES: Mapping[str, str] = MappingProxyType(
    {
        "2": "Two",
        "3": "Three",
        "4": "Four",
        "5": "Five",
        "6": "Six",
        "7": "Seven",
        "8": "Eight",
        "9": "Nine",
        "10": "Ten",
        "J": "Jack",
        "Q": "Queen",
        "K": "King",
        "A": "Ace",
    }
)

SEVEN = "7"
EIGHT = "8"
JACK = "J"
# the kind of each special rank (MM6); every other rank is "plain"
KINDS: Mapping[str, str] = MappingProxyType({SEVEN: "seven", EIGHT: "eight", JACK: "jack"})
DECK_SIZES: tuple[int, ...] = (32, 52)


@dataclass(frozen=True, slots=True)
class CardInfo:
    code: str
    suit: str
    rank: str
    kind: str
    name: str


def _table() -> dict[str, CardInfo]:
    table: dict[str, CardInfo] = {}
    for suit in SUITS:
        for rank in LOW_RANKS + SHORT_RANKS:
            code = suit + rank
            name = f"{RANK_NAMES[rank]} of {SUIT_NAMES[suit]}"
            table[code] = CardInfo(code, suit, rank, KINDS.get(rank, "plain"), name)
    return table


CARDS: Mapping[str, CardInfo] = MappingProxyType(_table())
SUIT_OF: Mapping[str, str] = MappingProxyType({code: info.suit for code, info in CARDS.items()})
RANK_OF: Mapping[str, str] = MappingProxyType({code: info.rank for code, info in CARDS.items()})
SEVENS: frozenset[str] = frozenset(code for code, info in CARDS.items() if info.rank == SEVEN)
EIGHTS: frozenset[str] = frozenset(code for code, info in CARDS.items() if info.rank == EIGHT)
JACKS: frozenset[str] = frozenset(code for code, info in CARDS.items() if info.rank == JACK)


def _deck(ranks: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(suit + rank for suit in SUITS for rank in ranks)


# Each pack in its fixed order, suit by suit: every deal shuffles from this order.
DECKS: Mapping[int, tuple[str, ...]] = MappingProxyType({32: _deck(SHORT_RANKS), 52: _deck(LOW_RANKS + SHORT_RANKS)})
CODES: Mapping[int, frozenset[str]] = MappingProxyType({size: frozenset(deck) for size, deck in DECKS.items()})


def card_name(code: str) -> str:
    """ "Queen of spades"; KeyError for an unknown code."""
    return CARDS[code].name
