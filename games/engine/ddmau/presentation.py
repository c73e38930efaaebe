"""How DD MAU's cards and actions read to a player: card faces and button words.

Every colour has a shape as well (red circle, yellow triangle, blue square, green diamond), so no
card depends on colour vision.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from ..rules import CardFace
from .cards import CARDS, COLOUR_NAMES, KIND_NAMES, NUMBER

SHAPES: Mapping[str, str] = {"R": "●", "Y": "▲", "B": "■", "G": "◆"}
FACES: Mapping[str, str] = {"T": "T", "S": "⊘", "O": "⇄", "JT": "JTT", "SM": "SM", "LM": "LM", "DM": "DM", "MM": "MM"}


@cache
def card_face(code: str) -> CardFace:
    info = CARDS[code]
    colour = info.colour
    short = str(info.number) if info.kind == NUMBER else FACES[info.kind]
    return CardFace(
        code=code,
        name=info.name.replace('"', ""),
        short=short,
        colour=colour,
        colour_name=COLOUR_NAMES[colour] if colour else None,
        symbol=SHAPES[colour] if colour else "★",
        kind=info.kind,
        points=info.points,
    )


def _names(cards: Any) -> str:
    return ", ".join(card_face(c).name for c in cards) if isinstance(cards, list | tuple) else ""


def describe_action(action: Mapping[str, Any]) -> str:
    """Words for a button or a log: "Play red 7, red 8", "Draw a card", "Catch seat 2"."""
    act = action.get("act")
    if act == "play":
        words = f"Play {_names(action.get('cards'))}"
        mm = action.get("mm") or []
        if mm:
            words += " (Master Mau as " + ", ".join(KIND_NAMES.get(k, k).replace('"', "") for k in mm) + ")"
        if action.get("color"):
            words += f", naming {COLOUR_NAMES.get(action['color'], action['color'])}"
        if action.get("ddmau"):
            words += " and call DD MAU"
        return words
    return {
        "draw": "Draw a card",
        "pass": "Pass",
        "take": "Take the hit",
        "block": "Block with a Master Mau",
    }.get(str(act), f"Catch seat {action.get('target')}" if act == "catch" else str(act))
