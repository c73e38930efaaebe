"""The cards of `mau` (VARIANTS.md, Deck; C1): codes, ranks, suits and the one test of whether a card fits.

A code is the suit letter then the rank (`C2` .. `C10`, `CJ`, `CQ`, `CK`, `CA`, likewise `D`, `H`, `S`),
and `JK` for a Joker. Every table is built once here, so the rules never parse a code.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

SUITS: tuple[str, ...] = ("C", "D", "H", "S")
RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
JOKER = "JK"
SUIT_NAMES: Mapping[str, str] = MappingProxyType({"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"})
SUIT_SYMBOLS: Mapping[str, str] = MappingProxyType({"C": "♣", "D": "♦", "H": "♥", "S": "♠"})
RANK_NAMES: Mapping[str, str] = MappingProxyType(
    {**{r: r for r in RANKS[:9]}, "J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}
)

# One deck in its fixed order (the order the deal shuffles from): suits, then ranks, then the Jokers.
ONE_DECK: tuple[str, ...] = (*(f"{s}{r}" for s in SUITS for r in RANKS), JOKER, JOKER)
CODES: frozenset[str] = frozenset(ONE_DECK)
# the rank of each code (a Joker's is "JK") and its suit (None for a Joker)
RANK: Mapping[str, str] = MappingProxyType({**{f"{s}{r}": r for s in SUITS for r in RANKS}, JOKER: JOKER})
SUIT: Mapping[str, str | None] = MappingProxyType({**{f"{s}{r}": s for s in SUITS for r in RANKS}, JOKER: None})
# the order cards are listed in (legal actions, sorted hands)
ORDER: Mapping[str, int] = MappingProxyType({code: i for i, code in enumerate(ONE_DECK[:-1])})
SEVENS: frozenset[str] = frozenset(code for code, rank in RANK.items() if rank == "7")


def deck(decks: int) -> tuple[str, ...]:
    """`decks` whole decks in the fixed order."""
    return ONE_DECK * decks


def name(code: str) -> str:
    """ "Queen of spades", "10 of hearts", "Joker"."""
    if code == JOKER:
        return "Joker"
    return f"{RANK_NAMES[RANK[code]]} of {SUIT_NAMES[SUIT[code] or '']}"


def _fits(card: str, top: str, color: str | None) -> bool:
    rank = RANK[card]
    if rank == JOKER:
        return True
    if rank == "J":
        return RANK[top] != "J"
    return color is None or SUIT[card] == color or rank == RANK[top]


# every card that fits each (top, colour) while no seven is live: one set lookup per card
FITTING: Mapping[tuple[str, str | None], frozenset[str]] = MappingProxyType(
    {
        (top, color): frozenset(card for card in CODES if _fits(card, top, color))
        for top in CODES
        for color in (*SUITS, None)
    }
)


def fitting(top: str, color: str | None, live: bool) -> frozenset[str]:
    """The cards that may be played on `top` showing `color` (MA3-MA8); `live`: a seven hit is
    waiting (MA5), and only a seven may answer it.

    `color` is the top's suit, a Jack's named suit, or None after a Joker (anything goes): a Jack
    fits anything but a Jack, a Joker anything at all, any other card the suit or the rank on top.
    The one test both `step` and `legal` use."""
    return SEVENS if live else FITTING[top, color]


def fits(card: str, top: str, color: str | None, live: bool) -> bool:
    """May `card` be played now (see `fitting`)?"""
    return card in fitting(top, color, live)


def misfit(card: str, top: str, color: str | None, live: int | None) -> tuple[str, str]:
    """The ruling and the words for a card that does not fit (`live`: the cards a live seven hit holds)."""
    if live is not None:
        return "MA5", f"only a seven may answer a live seven: play one or take {live} cards"
    if RANK[card] == "J":
        return "MA7", "a Jack may not be played on a Jack"
    wanted = SUIT_NAMES[color] if color else "any suit"
    return "MA3", f"the {name(card)} matches neither {wanted} nor the {RANK_NAMES[RANK[top]]} on top"
