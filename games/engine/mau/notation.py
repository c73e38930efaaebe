"""How `mau` reads to people: card faces, the one-line public notation and button words.

Notation: the acting seat (or `-` for the server), a colon, then the act::

    0: start                  the dealer starts with the turned card
    0: start =H               ... a turned Jack, naming hearts
    2: play HJ =S mau_mau     a Jack naming spades, with the going-out call
    3: spam S7 spade last_card
    1: draw
    1: take
    2: penalty 3 spade        seat 2 calls a missing spade call of seat 3
    -: close
    -: slow 1
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from ..rules import CardFace
from .calls import CALL_WORDS
from .cards import CODES, JOKER, RANK, SUIT, SUIT_NAMES, SUIT_SYMBOLS, name


@cache
def card_face(code: str) -> CardFace:
    """KeyError for a code `mau` does not have."""
    if code not in CODES:
        raise KeyError(code)
    if code == JOKER:
        return CardFace(code, "Joker", "★", None, None, "★", "joker", 0)
    suit = SUIT[code] or ""
    rank = RANK[code]
    kind = {"A": "ace", "7": "seven", "8": "eight", "J": "jack", "2": "two"}.get(rank, "plain")
    return CardFace(code, name(code), rank, suit, SUIT_NAMES[suit], SUIT_SYMBOLS[suit], kind, 0)


def _card(action: Mapping[str, Any]) -> str:
    cards = action.get("cards")
    if isinstance(cards, list | tuple) and cards and isinstance(cards[0], str):
        return cards[0]
    return "?"


def _calls(action: Mapping[str, Any]) -> list[str]:
    calls = action.get("calls")
    return [str(c) for c in calls] if isinstance(calls, list | tuple) else []


def format_action(action: Mapping[str, Any]) -> str:
    """The compact public line of an action (every field of an action is public)."""
    seat = action.get("seat")
    act = str(action.get("act"))
    parts = [act]
    if act in ("play", "spam"):
        parts.append(_card(action))
    if act in ("play", "start", "spam") and action.get("color"):
        parts.append(f"={action['color']}")
    if act in ("play", "start", "spam"):
        parts.extend(_calls(action))
    if act == "penalty":
        parts += [str(action.get("target")), str(action.get("reason"))]
    if act == "slow":
        parts.append(str(action.get("target")))
    return f"{'-' if seat is None else seat}: {' '.join(parts)}"


def _face_name(code: str) -> str:
    try:
        return "the " + card_face(code).name
    except KeyError:
        return code


def describe_action(action: Mapping[str, Any]) -> str:
    """Words for a button: "Play the Queen of spades", "SPAM the 7 of hearts, calling spade"."""
    act = action.get("act")
    calls = _calls(action)
    said = ", calling " + ", ".join(CALL_WORDS.get(c, c) for c in calls) if calls else ""
    color = action.get("color")
    naming = f", naming {SUIT_NAMES.get(str(color), color)}" if color else ""
    if act == "play":
        return f"Play {_face_name(_card(action))}{naming}{said}"
    if act == "spam":
        return f"SPAM {_face_name(_card(action))}{said}"
    if act == "start":
        return f"Start the game{naming}{said}"
    if act == "penalty":
        reason = CALL_WORDS.get(str(action.get("reason")), str(action.get("reason")))
        return f"Penalty on seat {action.get('target')}: {reason}"
    fixed = {"draw": "Draw a card", "take": "Take the sevens' cards", "close": "Close the window"}
    if act in fixed:
        return fixed[str(act)]
    if act == "slow":
        return f"Mark seat {action.get('target')} as slow"
    return str(act)


__all__ = ["card_face", "describe_action", "format_action"]
