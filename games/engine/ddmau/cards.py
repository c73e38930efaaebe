"""The DD MAU cards (R1-R2): codes, kinds, colours, numbers, points and display names.

Every card code maps to one precomputed `CardInfo`, so the rules never parse a code twice.
Identical cards share a code; a hand is a multiset of codes (NOTATION.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

COLOURS: tuple[str, ...] = ("R", "Y", "B", "G")
COLOUR_NAMES: Mapping[str, str] = MappingProxyType({"R": "red", "Y": "yellow", "B": "blue", "G": "green"})

# Kinds. Number cards are "N"; power kinds use the codes NOTATION.md gives for Master Mau declarations.
NUMBER = "N"
PENAL_T = "T"
SKIP = "S"
OTHER_WAY = "O"
JUST_TAKE_TWO = "JT"
SHADOW_MASTER = "SM"
LINK_MASTER = "LM"
DECK_MASTER = "DM"
MASTER_MAU = "MM"

COLOURED_POWERS: tuple[str, ...] = (PENAL_T, SKIP, OTHER_WAY)
# What a Master Mau may be declared as (R16), in NOTATION.md's spelling.
MM_DECLARATIONS: tuple[str, ...] = (PENAL_T, SKIP, OTHER_WAY, JUST_TAKE_TWO, SHADOW_MASTER, LINK_MASTER)
RIDERS: frozenset[str] = frozenset({LINK_MASTER, DECK_MASTER})

KIND_NAMES: Mapping[str, str] = MappingProxyType(
    {
        NUMBER: "number card",
        PENAL_T: 'Penal "T"',
        SKIP: "Skip",
        OTHER_WAY: "Other Way Mae",
        JUST_TAKE_TWO: "Just Take Two",
        SHADOW_MASTER: "Shadow Master",
        LINK_MASTER: "Link Master",
        DECK_MASTER: "Deck Master",
        MASTER_MAU: "Master Mau",
    }
)
POWER_POINTS: Mapping[str, int] = MappingProxyType(
    {
        PENAL_T: 20,
        SKIP: 15,
        OTHER_WAY: 14,
        JUST_TAKE_TWO: 25,
        SHADOW_MASTER: 35,
        LINK_MASTER: 30,
        DECK_MASTER: 0,
        MASTER_MAU: 50,
    }
)
# R2's copies of each colourless power card; the coloured ones come one per colour.
STANDARD_COPIES: Mapping[str, int] = MappingProxyType(
    {JUST_TAKE_TWO: 4, SHADOW_MASTER: 3, LINK_MASTER: 4, DECK_MASTER: 3, MASTER_MAU: 2}
)


@dataclass(frozen=True, slots=True)
class CardInfo:
    """What the rules and the UI need to know about one card code."""

    code: str
    kind: str
    colour: str | None
    number: int | None
    points: int
    name: str

    @property
    def is_power(self) -> bool:
        return self.kind != NUMBER


def _build_table() -> dict[str, CardInfo]:
    table: dict[str, CardInfo] = {}
    for colour in COLOURS:
        for number in range(1, 14):
            code = f"{colour}{number}"
            table[code] = CardInfo(code, NUMBER, colour, number, number, f"{COLOUR_NAMES[colour]} {number}")
        for kind in COLOURED_POWERS:
            code = f"{kind}{colour}"
            name = f"{COLOUR_NAMES[colour]} {KIND_NAMES[kind]}"
            table[code] = CardInfo(code, kind, colour, None, POWER_POINTS[kind], name)
    for kind in STANDARD_COPIES:
        table[kind] = CardInfo(kind, kind, None, None, POWER_POINTS[kind], KIND_NAMES[kind])
    return table


CARDS: Mapping[str, CardInfo] = MappingProxyType(_build_table())
POINTS: Mapping[str, int] = MappingProxyType({code: info.points for code, info in CARDS.items()})


def standard_deck(copies: Mapping[str, int] = STANDARD_COPIES) -> tuple[str, ...]:
    """The 80-card deck of R1-R2 in a fixed order (shuffles start from this order)."""
    deck: list[str] = []
    for colour in COLOURS:
        deck.extend(f"{colour}{number}" for number in range(1, 14))
    for kind in COLOURED_POWERS:
        deck.extend(f"{kind}{colour}" for colour in COLOURS)
    for kind, count in copies.items():
        deck.extend([kind] * count)
    return tuple(deck)


def card_info(code: str) -> CardInfo:
    """The card behind a code; KeyError for an unknown code."""
    return CARDS[code]


def card_points(code: str) -> int:
    """Points of one card (R1-R2)."""
    return CARDS[code].points


def hand_points(cards: tuple[str, ...] | list[str]) -> int:
    return sum(POINTS[c] for c in cards)
