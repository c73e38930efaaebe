"""The checks `step` and `legal` share, so that every listed action is one `step` accepts.

Each answers one question about a state and a seat with table lookups: which cards fit the top
(EM3), which card blocks the pending action (EM12), what a card put down needs named (EM9,
EM13-EM15), whether a draw is allowed (EM4).
"""

from __future__ import annotations

from ..errors import refuse
from .cards import BLOCKER, CARDS, COLOUR, FITS, KIND, PREFER, SWAP, TAKE2, TAKE4, WILDS
from .state import Action, Hand, Pending, State, Top

TAKE2_CODES: frozenset[str] = frozenset(code for code, kind in KIND.items() if kind == TAKE2)
# The card that rolls each Take hit over (EM7, EM14); the other pending kinds have none.
ROLLS: dict[str, frozenset[str]] = {"T2": TAKE2_CODES, "T4": frozenset({TAKE4})}
# Only colour action cards can be blocked (EM12): every pending kind but the Take 4.
BLOCKABLE = frozenset({"T2", "SK", "SW", "DN", "GM"})
NAMES = {"T2": "Take 2", "T4": "Take 4", "SK": "Skip", "SW": "Card swap", "DN": "Donating", "GM": "Gambling"}
RULING = {"T2": "EM7", "T4": "EM14", "SK": "EM8", "SW": "EM9", "DN": "EM10", "GM": "EM11"}
COLOUR_RULING = {PREFER: "EM13", TAKE4: "EM14", "EX": "EM15"}


def fitting(top: Top) -> frozenset[str]:
    """EM3: the codes that may go on `top`."""
    return FITS[(top.card, top.color)]


def blocker(pending: Pending | None, top: Top) -> str | None:
    """EM12: the Blocking card that blocks `pending` (the colour of the card on top), or None."""
    if pending is None or pending.kind not in BLOCKABLE:
        return None
    colour = COLOUR[top.card]
    return None if colour is None else BLOCKER[colour]


def can_draw(state: State, hand: Hand) -> bool:
    """EM4: a seat on turn may draw only when nothing in hand fits (unless `draw_when_able`)."""
    if state.drawn is not None:
        return False
    if state.options.draw_when_able:
        return True
    fit = fitting(state.top)
    return not any(c in fit for c in hand)


def names_needed(card: str, ends_round: bool) -> tuple[bool, bool]:
    """Does putting `card` down need a colour, a target? A card that ends the round needs neither."""
    if ends_round:
        return False, False
    kind = KIND[card]
    return kind in WILDS, kind == SWAP


def check_choice(action: Action, seat: int, seats: int, ends_round: bool) -> None:
    """EM9, EM13-EM15: a wild card names a colour, a Card swap another seat."""
    card = action.card or ""
    need_colour, need_target = names_needed(card, ends_round)
    if need_colour and action.color is None:
        raise refuse(COLOUR_RULING[KIND[card]], f"the {CARDS[card].name} names a colour: add color Y, P, G or B")
    if need_target and (action.target is None or action.target == seat or not 0 <= action.target < seats):
        raise refuse("EM9", "a Card swap names another seat to swap hands with: add target")


def remove_one(hand: Hand, card: str) -> Hand | None:
    """`hand` less one `card`, or None if it holds none."""
    for i, held in enumerate(hand):
        if held == card:
            return hand[:i] + hand[i + 1 :]
    return None


def answer_ruling(pending: Pending) -> str:
    return RULING[pending.kind]
