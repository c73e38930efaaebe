"""A one-line human notation for DD MAU actions, for move logs, replays and bug reports.

Every line starts with the acting seat and a colon, then the action::

    2: LM G7 G8 G9          a play, cards in the order put down
    1: SM>G DD MAU          a Shadow Master naming green, with the DD MAU call
    0: MM=S SB              a Master Mau declared as Skip, then the blue Skip
    0: MM=T>R               a Master Mau declared Penal T led on an empty pile, naming red
    3: draw
    1: pass
    2: take
    3: block
    0: catch 2              seat 0 catches seat 2's missed DD MAU call

Grammar (tokens separated by single spaces; parsing also accepts any whitespace and lower case)::

    line    = seat ":" body
    body    = "draw" | "pass" | "take" | "block" | "catch" seat | play
    play    = token { token } [ ">" colour ] [ "DD MAU" ]
    token   = card [ ">" colour ] | "MM=" kind [ ">" colour ]
    card    = R1..R13 Y1..Y13 B1..B13 G1..G13 | TR TY TB TG | SR SY SB SG | OR OY OB OG | JT SM LM DM
    kind    = T | S | O | JT | SM | LM          (the declared kind of each Master Mau, R16)
    colour  = R | Y | B | G

A play names at most one colour (R39). It is written right after the card that names it: the first
Shadow Master (a Master Mau declared SM included), else the first Master Mau declared T, S or O
(which names a colour only when led on an empty pile). A colour with no such card is written as a
last token of its own (`>G`); the parser accepts it after any card or at the end. `DD MAU` closes a
play that carries the call.

`format_action` and `parse_action` round-trip: `parse_action(format_action(a))` equals `a` for every
well-formed action, with the play keys normalised as `normalize_action` does. `public_line` writes
what every player may see of an action: plays in full, draws as "drew 1" without the card.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

Action = dict[str, Any]

COLOURS = ("R", "Y", "B", "G")
MM_KINDS = ("T", "S", "O", "JT", "SM", "LM")
SIMPLE_ACTS = ("draw", "pass", "take", "block")
CALL = "DD MAU"

_NUMBER_CARDS = frozenset(f"{c}{n}" for c in COLOURS for n in range(1, 14))
_COLOURED_POWER = frozenset(f"{k}{c}" for k in ("T", "S", "O") for c in COLOURS)
CARD_CODES = _NUMBER_CARDS | _COLOURED_POWER | frozenset(("JT", "SM", "LM", "DM", "MM"))

_LINE = re.compile(r"^\s*(\d+)\s*:\s*(.*?)\s*$", re.DOTALL)
_CALL_SUFFIX = re.compile(r"\s+DD\s*MAU$|^DD\s*MAU$")


class NotationError(ValueError):
    """A line or an action that the notation cannot express; the message says what is wrong."""


def _play_dict(seat: Any, cards: list[str], mm: list[str], color: Any, ddmau: Any) -> Action:
    """A play in the engine's own shape: `color` only when the play names one."""
    play: Action = {"seat": seat, "act": "play", "cards": cards, "mm": mm}
    if color is not None:
        play["color"] = color
    play["ddmau"] = bool(ddmau)
    return play


def normalize_action(action: Mapping[str, Any]) -> Action:
    """The action with exactly the keys the notation carries, in the engine's shape (plays: cards,
    mm, color when named, ddmau)."""
    act = action.get("act")
    seat = action.get("seat")
    if act == "play":
        return _play_dict(
            seat,
            list(action.get("cards") or []),
            list(action.get("mm") or []),
            action.get("color"),
            action.get("ddmau"),
        )
    if act == "catch":
        return {"seat": seat, "act": "catch", "target": action.get("target")}
    return {"seat": seat, "act": act}


def _colour_holder(cards: list[str], mm: list[str]) -> int | None:
    """Index of the card that names the play's colour, or None (colour then goes last)."""
    kinds = iter(mm)
    coloured_mm: int | None = None
    for index, card in enumerate(cards):
        if card == "SM":
            return index
        if card == "MM":
            kind = next(kinds, None)
            if kind == "SM":
                return index
            if kind in ("T", "S", "O") and coloured_mm is None:
                coloured_mm = index
    return coloured_mm


def format_play(cards: list[str], mm: list[str], color: str | None, ddmau: bool) -> str:
    """The body of a play line: `LM G7 G8 G9`, `MM=S SB`, `SM>G DD MAU`."""
    if not cards:
        raise NotationError("R10: a play needs at least one card")
    if cards.count("MM") != len(mm):
        raise NotationError(f"R16: {cards.count('MM')} Master Mau in the play but {len(mm)} declared kinds")
    for card in cards:
        if card not in CARD_CODES:
            raise NotationError(f"R2: unknown card code {card!r}")
    if color is not None and color not in COLOURS:
        raise NotationError(f"R23: unknown colour {color!r} (R, Y, B or G)")
    kinds = iter(mm)
    tokens: list[str] = []
    for card in cards:
        if card == "MM":
            kind = next(kinds)
            if kind not in MM_KINDS:
                raise NotationError(f"R16: a Master Mau cannot be declared {kind!r}")
            tokens.append(f"MM={kind}")
        else:
            tokens.append(card)
    if color is not None:
        holder = _colour_holder(cards, mm)
        if holder is None:
            tokens.append(f">{color}")
        else:
            tokens[holder] += f">{color}"
    if ddmau:
        tokens.append(CALL)
    return " ".join(tokens)


def format_body(action: Mapping[str, Any]) -> str:
    """The action without its seat prefix."""
    act = action.get("act")
    if act == "play":
        return format_play(
            list(action.get("cards") or []),
            list(action.get("mm") or []),
            action.get("color"),
            bool(action.get("ddmau", False)),
        )
    if act == "catch":
        target = action.get("target")
        if not isinstance(target, int) or isinstance(target, bool) or target < 0:
            raise NotationError(f"R27: a catch needs a target seat, not {target!r}")
        return f"catch {target}"
    if act in SIMPLE_ACTS:
        return str(act)
    raise NotationError(f"R17: unknown act {act!r}")


def format_action(action: Mapping[str, Any]) -> str:
    """One line for the action: `2: LM G7 G8 G9`, `3: draw`, `0: catch 2`."""
    seat = action.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
        raise NotationError(f"R17: an action needs a seat number, not {seat!r}")
    return f"{seat}: {format_body(action)}"


def _parse_token(token: str, cards: list[str], mm: list[str]) -> str | None:
    """Append the token's card (and declared kind) and return the colour it names, if any."""
    name, _, colour = token.partition(">")
    if colour and colour not in COLOURS:
        raise NotationError(f"R23: unknown colour {colour!r} in {token!r} (R, Y, B or G)")
    if name.startswith("MM"):
        kind = name[3:] if name.startswith("MM=") else ""
        if kind not in MM_KINDS:
            raise NotationError(f"R16: write a Master Mau with its declared kind, like MM=S ({token!r})")
        cards.append("MM")
        mm.append(kind)
    elif name:
        if name not in CARD_CODES:
            raise NotationError(f"R2: unknown card code {name!r}")
        cards.append(name)
    return colour or None


def parse_play(seat: int, body: str) -> Action:
    """The play action for the body of a play line."""
    text = body.upper()
    ddmau = False
    stripped = _CALL_SUFFIX.sub("", text)
    if stripped != text:
        ddmau = True
        text = stripped
    cards: list[str] = []
    mm: list[str] = []
    colours: set[str] = set()
    for token in text.split():
        colour = _parse_token(token, cards, mm)
        if colour is not None:
            colours.add(colour)
    if not cards:
        raise NotationError("R10: a play needs at least one card")
    if len(colours) > 1:
        raise NotationError(f"R39: a play names at most one colour, not {' and '.join(sorted(colours))}")
    return _play_dict(seat, cards, mm, colours.pop() if colours else None, ddmau)


def parse_action(text: str, *, seat: int | None = None) -> Action:
    """The action for one notation line; `seat` supplies it when the line has no `N:` prefix."""
    match = _LINE.match(text)
    if match:
        seat, body = int(match.group(1)), match.group(2)
    elif seat is not None:
        body = text.strip()
    else:
        raise NotationError(f"R17: a line starts with the seat, like '2: draw', not {text!r}")
    words = body.lower().split()
    if not words:
        raise NotationError("R17: the line names no action")
    if words[0] in SIMPLE_ACTS:
        if len(words) > 1:
            raise NotationError(f"R17: {words[0]!r} takes nothing after it")
        return {"seat": seat, "act": words[0]}
    if words[0] == "catch":
        if len(words) != 2 or not words[1].isdigit():
            raise NotationError("R27: write a catch with the caught seat, like 'catch 2'")
        return {"seat": seat, "act": "catch", "target": int(words[1])}
    return parse_play(seat, body)


def _hand_size(position: Mapping[str, Any], seat: int) -> int | None:
    hands = position.get("hands")
    if not isinstance(hands, list) or not 0 <= seat < len(hands):
        return None
    hand = hands[seat]
    return hand if isinstance(hand, int) else len(hand)


def public_line(
    position_before: Mapping[str, Any], action: Mapping[str, Any], position_after: Mapping[str, Any] | None = None
) -> str:
    """What every player may see of the action: `2: LM G7 G8 G9`, `3: drew 1`, `2: picked up 4`.

    `position_before` may be a full position or a seat's view. With `position_after` the counts are
    exact (a draw from an empty pile draws nothing); without it they are what the rules ask for.
    """
    seat = action.get("seat")
    act = action.get("act")
    prefix = f"{seat}: "
    before_size = _hand_size(position_before, seat) if isinstance(seat, int) else None
    after_size = _hand_size(position_after, seat) if position_after and isinstance(seat, int) else None
    same_hand = position_after is not None and position_after.get("hand") == position_before.get("hand")
    if act == "play":
        cards = list(action.get("cards") or [])
        leaves_one = before_size is not None and before_size - len(cards) == 1
        body = format_play(cards, list(action.get("mm") or []), action.get("color"), bool(action.get("ddmau")))
        if action.get("ddmau") and not leaves_one and before_size is not None:
            body = body.removesuffix(" " + CALL)
        if before_size is not None and before_size == len(cards):
            body += " (out)"
        return prefix + body
    if act == "draw":
        drawn = 1
        if same_hand and before_size is not None and after_size is not None:
            drawn = after_size - before_size
        return prefix + ("drew 1" if drawn == 1 else "drew nothing")
    if act == "take":
        pending = position_before.get("pending") or {}
        count = int(pending.get("cards", 0))
        if same_hand and before_size is not None and after_size is not None:
            count = after_size - before_size
        return prefix + f"picked up {count}"
    if act == "catch":
        return prefix + f"caught {action.get('target')}: draws 1"
    if act == "block":
        return prefix + "blocked with MM"
    if act == "pass":
        return prefix + "pass"
    return prefix + format_body(action)
