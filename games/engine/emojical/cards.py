"""The emojical cards (VARIANTS.md, emojical "Deck"): codes, kinds, colours, points, names.

Every code maps to one precomputed `CardInfo`, and `FITS` answers EM3 ("may this card go on that
top?") with one dict lookup and one set membership, so neither `legal` nor `step` parses a code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

COLOURS: tuple[str, ...] = ("Y", "P", "G", "B")
COLOUR_NAMES: Mapping[str, str] = MappingProxyType({"Y": "yellow", "P": "purple", "G": "green", "B": "blue"})

# Kinds: the smiley cards, the six colour action cards, the two grey cards and the extra card.
SMILEY = "S"
TAKE2 = "T2"
SKIP = "SK"
BLOCK = "BL"
SWAP = "SW"
DONATE = "DN"
GAMBLE = "GM"
PREFER = "CP"
TAKE4 = "T4"
EXTRA = "EX"

COLOUR_ACTIONS: tuple[str, ...] = (TAKE2, SKIP, BLOCK, SWAP, DONATE, GAMBLE)
GREYS: tuple[str, ...] = (PREFER, TAKE4)
# Cards whose play names a colour (EM13, EM14, EM15).
WILDS: frozenset[str] = frozenset({PREFER, TAKE4, EXTRA})

SMILEY_NAMES: tuple[str, ...] = (
    "winking",
    "grinning",
    "tears of joy",
    "heart eyes",
    "sunglasses",
    "kissing",
    "crying",
    "angry",
)
KIND_NAMES: Mapping[str, str] = MappingProxyType(
    {
        SMILEY: "smiley card",
        TAKE2: "Take 2",
        SKIP: "Skip",
        BLOCK: "Blocking card",
        SWAP: "Card swap",
        DONATE: "Donating card",
        GAMBLE: "Gambling card",
        PREFER: "Colour preference",
        TAKE4: "Take 4 + colour preference",
        EXTRA: "Extra card",
    }
)
# EM19 (the extra card: 50, a ruling choice).
KIND_POINTS: Mapping[str, int] = MappingProxyType(
    {SMILEY: 5, **dict.fromkeys(COLOUR_ACTIONS, 20), PREFER: 50, TAKE4: 50, EXTRA: 50}
)
# The tabled split (the seed gives only the totals).
TABLE_COPIES: Mapping[str, int] = MappingProxyType(
    {SMILEY: 2, TAKE2: 2, SKIP: 2, BLOCK: 2, SWAP: 1, DONATE: 1, GAMBLE: 1}
)
# What each category must add up to (settled point on `emoji_deck`).
CATEGORY_TOTALS: Mapping[str, int] = MappingProxyType({"smiley": 64, "colour action": 36, "grey": 8, "extra": 1})


@dataclass(frozen=True, slots=True)
class CardInfo:
    """One card code: its kind, colour (None for grey and extra), smiley number, points, name,
    `match` (what EM3 compares besides colour: the smiley or the action symbol) and `category`."""

    code: str
    kind: str
    colour: str | None
    number: int | None
    points: int
    name: str
    match: str
    category: str

    @property
    def wild(self) -> bool:
        return self.kind in WILDS


def _build() -> dict[str, CardInfo]:
    table: dict[str, CardInfo] = {}
    for colour in COLOURS:
        cname = COLOUR_NAMES[colour]
        for number in range(1, 9):
            code = f"{colour}{number}"
            name = f"{cname} {SMILEY_NAMES[number - 1]} smiley"
            table[code] = CardInfo(code, SMILEY, colour, number, 5, name, f"s{number}", "smiley")
        for kind in COLOUR_ACTIONS:
            code = f"{kind}{colour}"
            table[code] = CardInfo(code, kind, colour, None, 20, f"{cname} {KIND_NAMES[kind]}", kind, "colour action")
    for kind in GREYS:
        table[kind] = CardInfo(kind, kind, None, None, 50, KIND_NAMES[kind], kind, "grey")
    table[EXTRA] = CardInfo(EXTRA, EXTRA, None, None, 50, KIND_NAMES[EXTRA], EXTRA, "extra")
    return table


CARDS: Mapping[str, CardInfo] = MappingProxyType(_build())
CODES: frozenset[str] = frozenset(CARDS)
POINTS: Mapping[str, int] = MappingProxyType({code: info.points for code, info in CARDS.items()})
KIND: Mapping[str, str] = MappingProxyType({code: info.kind for code, info in CARDS.items()})
COLOUR: Mapping[str, str | None] = MappingProxyType({code: info.colour for code, info in CARDS.items()})
# The Blocking card of each colour (EM12).
BLOCKER: Mapping[str, str] = MappingProxyType({colour: f"{BLOCK}{colour}" for colour in COLOURS})


def table_copies() -> dict[str, int]:
    """The tabled deck as code -> copies (109 cards), the default of `emoji_deck`."""
    copies: dict[str, int] = {}
    for code, info in CARDS.items():
        if info.kind in TABLE_COPIES:
            copies[code] = TABLE_COPIES[info.kind]
        else:
            copies[code] = 4 if info.category == "grey" else 1
    return copies


def build_deck(copies: Mapping[str, int], with_extra: bool = True) -> tuple[str, ...]:
    """The deck in a fixed order (CARDS order, copies together): every shuffle starts from it."""
    deck: list[str] = []
    for code in CARDS:
        if code == EXTRA and not with_extra:
            continue
        deck.extend([code] * copies.get(code, 0))
    return tuple(deck)


def _fits_table() -> dict[tuple[str, str | None], frozenset[str]]:
    """EM3 for every (top card, current colour): the codes that may go on it."""
    table: dict[tuple[str, str | None], frozenset[str]] = {}
    for top, tinfo in CARDS.items():
        for colour in (*COLOURS, None):
            fit = set()
            for code, info in CARDS.items():
                if (
                    info.wild
                    or colour is None
                    or info.colour == colour
                    # a symbol or smiley shared with the top itself (never with a grey top's named colour)
                    or (tinfo.category in ("smiley", "colour action") and info.match == tinfo.match)
                ):
                    fit.add(code)
            table[(top, colour)] = frozenset(fit)
    return table


FITS: Mapping[tuple[str, str | None], frozenset[str]] = MappingProxyType(_fits_table())


def fits(code: str, top_card: str, top_colour: str | None) -> bool:
    """EM3: may `code` go on `top_card` whose current colour is `top_colour` (None: anything)?"""
    return code in FITS[(top_card, top_colour)]


def hand_points(cards: tuple[str, ...] | list[str]) -> int:
    """EM19: what a hand is worth to the round's winner."""
    return sum(POINTS[c] for c in cards)
