"""The 110 Danish Mau Mau cards: codes, kinds, colours, numbers, points and the fit table.

Every code maps to precomputed facts, and which cards fit on which top is worked out once, at
import (`FITS`), so that `step` and `legal` ask one dict lookup and one set membership per card.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from games.engine.rules import CardFace

COLOURS: tuple[str, ...] = ("G", "B", "R", "Y")
COLOUR_NAMES: Mapping[str, str] = MappingProxyType({"G": "green", "B": "blue", "R": "red", "Y": "yellow"})

NUMBER = "N"
REVERSE = "RV"
DRAW2 = "T2"
DRAW4 = "T4"
STOP = "ST"
CHANGE = "CC"  # the Colour change: also its card code
COLOURED_SPECIALS: tuple[str, ...] = (REVERSE, DRAW2, DRAW4, STOP)

KIND_NAMES: Mapping[str, str] = MappingProxyType(
    {NUMBER: "number card", REVERSE: "Reverse", DRAW2: "Draw 2", DRAW4: "Draw 4", STOP: "Stop", CHANGE: "Colour change"}
)
SPECIAL_POINTS = 10
NUMBER_COPIES = 2  # two of each number 1-9 per colour
SPECIAL_COPIES = 2  # two of each coloured special per colour
CHANGE_COPIES = 6
HAND_SIZE = 5


class CardInfo(NamedTuple):
    code: str
    kind: str
    colour: str | None
    number: int | None
    points: int
    name: str


def _build() -> dict[str, CardInfo]:
    table: dict[str, CardInfo] = {}
    for colour in COLOURS:
        cname = COLOUR_NAMES[colour]
        for number in range(1, 10):
            code = f"{colour}{number}"
            table[code] = CardInfo(code, NUMBER, colour, number, number, f"{cname} {number}")
        for kind in COLOURED_SPECIALS:
            code = f"{kind}{colour}"
            table[code] = CardInfo(code, kind, colour, None, SPECIAL_POINTS, f"{cname} {KIND_NAMES[kind]}")
    table[CHANGE] = CardInfo(CHANGE, CHANGE, None, None, SPECIAL_POINTS, KIND_NAMES[CHANGE])
    return table


CARDS: Mapping[str, CardInfo] = MappingProxyType(_build())
CODES: frozenset[str] = frozenset(CARDS)
KIND: Mapping[str, str] = MappingProxyType({c: i.kind for c, i in CARDS.items()})
COLOUR_OF: Mapping[str, str | None] = MappingProxyType({c: i.colour for c, i in CARDS.items()})
POINTS: Mapping[str, int] = MappingProxyType({c: i.points for c, i in CARDS.items()})
DRAW2_CODES: frozenset[str] = frozenset(c for c, k in KIND.items() if k == DRAW2)


def _deck() -> tuple[str, ...]:
    """The deck in its fixed order (every deal shuffles this order: `shuffle.py`)."""
    deck: list[str] = []
    for colour in COLOURS:
        for number in range(1, 10):
            deck.extend([f"{colour}{number}"] * NUMBER_COPIES)
    for kind in COLOURED_SPECIALS:
        for colour in COLOURS:
            deck.extend([f"{kind}{colour}"] * SPECIAL_COPIES)
    deck.extend([CHANGE] * CHANGE_COPIES)
    return tuple(deck)


DECK: tuple[str, ...] = _deck()


def fits(card: str, top_card: str | None, top_colour: str | None) -> bool:
    """DK4, DK11: does `card` fit on a top showing `top_card` in the current colour `top_colour`?
    A null colour (a turned Colour change) lets anything follow."""
    if top_colour is None or top_card is None or card == CHANGE:
        return True
    info = CARDS[card]
    if info.colour == top_colour:
        return True
    top = CARDS[top_card]
    if info.kind == NUMBER:
        return top.kind == NUMBER and top.number == info.number
    return info.kind == top.kind  # the same special card in another colour


ALL_FIT: frozenset[str] = CODES
# (top card, current colour) -> the codes that fit: `fits` for every top there can be.
FITS: Mapping[tuple[str | None, str | None], frozenset[str]] = MappingProxyType(
    {
        (top, colour): frozenset(c for c in CODES if fits(c, top, colour))
        for top in (*CODES, None)
        for colour in (*COLOURS, None)
    }
)

SHORT: Mapping[str, str] = MappingProxyType({REVERSE: "⇄", DRAW2: "+2", DRAW4: "+4", STOP: "⊘", CHANGE: "✦"})
# colour initials: a glyph that does not rely on seeing the colour
SYMBOL: Mapping[str | None, str] = MappingProxyType({"G": "G", "B": "B", "R": "R", "Y": "Y", None: "✦"})


def _face(info: CardInfo) -> CardFace:
    short = str(info.number) if info.kind == NUMBER else SHORT[info.kind]
    colour_name = None if info.colour is None else COLOUR_NAMES[info.colour]
    return CardFace(info.code, info.name, short, info.colour, colour_name, SYMBOL[info.colour], info.kind, info.points)


FACES: Mapping[str, CardFace] = MappingProxyType({code: _face(info) for code, info in CARDS.items()})


def hand_points(hand: tuple[str, ...] | list[str]) -> int:
    """DK14: number cards at face value, every special card 10."""
    return sum([POINTS[c] for c in hand])
