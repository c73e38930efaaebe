"""How `maumau` cards and actions read: card faces, the compact notation and button words.

Notation: `<seat>: <act>` with the card, `=<suit>` for a Jack's wish and `mau` for a call made
with the play: "2: play HJ =S mau", "0: draw", "3: take", "1: catch 2", "-: close".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules import CardFace
from .cards import CARDS, JACK, SUIT_NAMES, SUIT_SYMBOLS

_WORDS = {
    "draw": "Draw a card",
    "pass": "Keep the drawn card and pass",
    "take": "Take the cards of the sevens",
    "mau": "Call Mau",
    "close": "Close the window",
}


def card_face(code: str) -> CardFace:
    info = CARDS[code]
    suit = info.suit
    return CardFace(
        code=code,
        name=info.name,
        short=info.rank,
        colour=suit,
        colour_name=SUIT_NAMES[suit],
        symbol=SUIT_SYMBOLS[suit],
        kind=info.kind,
        points=1,
    )


def notation(action: Mapping[str, Any]) -> str:
    seat = action.get("seat")
    act = str(action.get("act"))
    head = f"{'-' if seat is None else seat}: {act}"
    if act == "play":
        cards = action.get("cards") or []
        parts = [head, *map(str, cards)]
        if action.get("color") is not None:
            parts.append(f"={action['color']}")
        if action.get("mau") is True:
            parts.append("mau")
        return " ".join(parts)
    if act == "catch":
        return f"{head} {action.get('target')}"
    return head


def describe(action: Mapping[str, Any]) -> str:
    act = action.get("act")
    if act == "play":
        cards = action.get("cards") or []
        code = cards[0] if cards else None
        info = CARDS.get(code) if isinstance(code, str) else None
        text = f"Play the {info.name}" if info else "Play a card"
        color = action.get("color")
        if info is not None and info.rank == JACK and isinstance(color, str) and color in SUIT_NAMES:
            text += f" and wish {SUIT_NAMES[color]}"
        if action.get("mau") is True:
            text += ", calling Mau"
        return text
    if act == "catch":
        return f"Catch seat {action.get('target')} (no Mau call)"
    return _WORDS.get(str(act), str(act))


__all__ = ["card_face", "describe", "notation"]
