"""How emojical's cards and actions read: card faces, the one-line notation, button words.

Notation: `<seat>: <act> [<card>] [=<colour>] [><target seat>] [#<index>] [mau] [maumau]`, the
server's close as `-: close`; e.g. `2: jump_in SWP >0 mau`, `1: play CP =G`, `3: donate_pick #4`.
Every colour has a letter (Y P G B) on its face as well, so no card depends on colour vision.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from ..rules import CardFace
from .cards import CARDS, COLOUR_NAMES, SMILEY

SHORT: Mapping[str, str] = {
    "T2": "+2",
    "SK": "⊘",
    "BL": "⛨",
    "SW": "⇄",
    "DN": "🎁",
    "GM": "🎲",
    "CP": "◐",
    "T4": "+4",
    "EX": "★",
}


@cache
def card_face(code: str) -> CardFace:
    """KeyError for a code emojical does not have."""
    info = CARDS[code]
    colour = info.colour
    return CardFace(
        code=code,
        name=info.name,
        short=str(info.number) if info.kind == SMILEY else SHORT[info.kind],
        colour=colour,
        colour_name=COLOUR_NAMES[colour] if colour else "grey",
        symbol=colour if colour else "◇",
        kind=info.kind,
        points=info.points,
    )


def _card(action: Mapping[str, Any]) -> str | None:
    cards = action.get("cards")
    if isinstance(cards, list | tuple) and len(cards) == 1 and isinstance(cards[0], str):
        return cards[0]
    return None


def notation(action: Mapping[str, Any]) -> str:
    seat = action.get("seat")
    parts = [f"{'-' if seat is None else seat}:", str(action.get("act"))]
    card = _card(action)
    if card is not None:
        parts.append(card)
    if action.get("color") is not None:
        parts.append(f"={action['color']}")
    if action.get("target") is not None:
        parts.append(f">{action['target']}")
    if action.get("index") is not None:
        parts.append(f"#{action['index']}")
    if action.get("mau"):
        parts.append("mau")
    if action.get("maumau"):
        parts.append("maumau")
    return " ".join(parts)


def _the(code: str | None) -> str:
    if code is None or code not in CARDS:
        return "a card"
    return f"the {CARDS[code].name}"


def describe(action: Mapping[str, Any]) -> str:
    """Words for a button: "Play the blue winking smiley and call Mau", "Take the cards"."""
    act = action.get("act")
    card = _card(action)
    if act in ("play", "jump_in", "block"):
        verb = {"play": "Play", "jump_in": "Jump in with", "block": "Block with"}[str(act)]
        words = f"{verb} {_the(card)}"
        colour = action.get("color")
        if isinstance(colour, str) and colour in COLOUR_NAMES:
            words += f", naming {COLOUR_NAMES[colour]}"
        if action.get("target") is not None:
            words += f", swapping hands with seat {action['target']}"
        if action.get("maumau"):
            words += " and call Mau-Mau"
        elif action.get("mau"):
            words += " and call Mau"
        return words
    if act == "donate_pick":
        index = action.get("index")
        return f"Take face-down card {index + 1 if isinstance(index, int) else '?'}"
    return {
        "draw": "Draw a card",
        "pass": "Pass",
        "take": "Take the cards",
        "accept": "Accept it",
        "safe": "Play safe: take 4 cards",
        "gamble": "Gamble: turn the top card",
        "mau": "Call Mau",
        "close": "Close the jump-in window",
    }.get(str(act), str(act))
