"""Actions in words: the compact public notation (replays, exports) and button descriptions.

Notation: `<seat>: play <code>[ =<colour>][ mau]`, `<seat>: draw`, `<seat>: take`,
`<seat>: catch <target>`; e.g. "2: play CC =G mau", "0: take", "3: catch 1".
Both accept any mapping (they describe, they do not judge) and never raise.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import CARDS, CHANGE, COLOUR_NAMES


def _card_of(action: Mapping[str, Any]) -> str:
    cards = action.get("cards")
    if isinstance(cards, list | tuple) and len(cards) == 1 and isinstance(cards[0], str):
        return cards[0]
    return "?"


def format_action(action: Mapping[str, Any]) -> str:
    seat = action.get("seat")
    act = action.get("act")
    head = "server" if seat is None else str(seat)
    if act == "play":
        text = f"{head}: play {_card_of(action)}"
        color = action.get("color")
        if _card_of(action) == CHANGE and isinstance(color, str):
            text += f" ={color}"
        if action.get("mau") is True:
            text += " mau"
        return text
    if act == "catch":
        return f"{head}: catch {action.get('target')}"
    return f"{head}: {act}"


def describe_action(action: Mapping[str, Any]) -> str:
    """Button words: "Play the green 7", "Play a Colour change, name blue and say Mau", "Draw a card"."""
    act = action.get("act")
    if act == "play":
        card = _card_of(action)
        info = CARDS.get(card)
        if info is None:
            return "Play a card"
        if card == CHANGE:
            color = action.get("color")
            text = "Play a Colour change"
            if isinstance(color, str) and color in COLOUR_NAMES:
                text += f" and name {COLOUR_NAMES[color]}"
        else:
            text = f"Play the {info.name}"
        if action.get("mau") is True:
            text += " and say Mau"
        return text
    if act == "draw":
        return "Draw a card"
    if act == "take":
        return "Take the cards of the Draw 2 hit"
    if act == "catch":
        return f"Catch seat {action.get('target')}: no Mau said"
    if act == "close":
        return "Close the reaction window"
    return str(act)
