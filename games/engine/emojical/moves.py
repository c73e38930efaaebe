"""`legal(state, seat)`: everything a seat may do now, one entry per distinct outcome.

Built from the checks `step` uses (`checks.py`), so every entry is accepted. Calls: each card put
down carries the call it needs and no other (`"mau": true` when it leaves one card, `"maumau":
true` when it empties the hand); `step` also accepts a missing or a needless call and deals with it
as EM16-EM17 say, but a list of every combination would only double each entry for nothing a
player wants. A card that ends the round with its Mau-Mau call names no colour or target (EM18:
its action is never carried out). Order: jump-ins or answers or plays (hand order, colours Y P G
B, targets clockwise), then draw or pass, then a late `mau`.
"""

from __future__ import annotations

from .cards import COLOURS, KIND, SWAP, WILDS
from .checks import ROLLS, blocker, can_draw, fitting
from .state import Action, Hand, Pending, State

_new = tuple.__new__
CLOSE = Action(None, "close")


def legal(state: State, seat: int | None) -> list[Action]:
    if state.over:
        return []
    window = state.window
    if seat is None:
        return [CLOSE] if window is not None else []
    hand = state.hands[seat]
    out: list[Action] = []
    if window is not None:
        if window.card in hand and (seat != window.seat or state.options.self_jump):
            put_downs(out, "jump_in", seat, window.card, hand, len(state.hands))
    elif state.pending is not None:
        if seat == state.pending.target:
            answers(out, state, seat, state.pending, hand)
    elif seat == state.turn:
        turn_moves(out, state, seat, hand)
    if seat in state.must_call:
        out.append(_new(Action, (seat, "mau", None, None, None, False, False, None)))
    return out


def put_downs(out: list[Action], act: str, seat: int, card: str, hand: Hand, seats: int) -> None:
    """The distinct ways to put `card` down: a colour per colour, a target per other seat."""
    left = len(hand) - 1
    mau = left == 1
    if left == 0:
        out.append(_new(Action, (seat, act, card, None, None, False, True, None)))
        return
    kind = KIND[card]
    if kind in WILDS:
        out.extend(_new(Action, (seat, act, card, c, None, mau, False, None)) for c in COLOURS)
    elif kind == SWAP:
        out.extend(_new(Action, (seat, act, card, None, (seat + k) % seats, mau, False, None)) for k in range(1, seats))
    else:
        out.append(_new(Action, (seat, act, card, None, None, mau, False, None)))


def turn_moves(out: list[Action], state: State, seat: int, hand: Hand) -> None:
    drawn = state.drawn
    fit = fitting(state.top)
    n = len(state.hands)
    if drawn is None:
        for card in dict.fromkeys(hand):
            if card in fit:
                put_downs(out, "play", seat, card, hand, n)
        if can_draw(state, hand):
            out.append(_new(Action, (seat, "draw", None, None, None, False, False, None)))
        return
    if isinstance(drawn, str) and drawn in fit and drawn in hand:
        put_downs(out, "play", seat, drawn, hand, n)
    out.append(_new(Action, (seat, "pass", None, None, None, False, False, None)))


def answers(out: list[Action], state: State, seat: int, pending: Pending, hand: Hand) -> None:
    kind = pending.kind
    n = len(state.hands)
    rolls = ROLLS.get(kind)
    if rolls is not None:
        for card in dict.fromkeys(hand):
            if card in rolls:
                put_downs(out, "play", seat, card, hand, n)
        out.append(_new(Action, (seat, "take", None, None, None, False, False, None)))
    elif kind == "GM":
        out.append(_new(Action, (seat, "safe", None, None, None, False, False, None)))
        out.append(_new(Action, (seat, "gamble", None, None, None, False, False, None)))
    elif kind == "DN" and state.options.donate == "index":
        out.extend(
            _new(Action, (seat, "donate_pick", None, None, None, False, False, i))
            for i in range(len(state.donate_order or ()))
        )
    else:
        out.append(_new(Action, (seat, "accept", None, None, None, False, False, None)))
    block = blocker(pending, state.top)
    if block is not None and block in hand:
        left = len(hand) - 1
        out.append(_new(Action, (seat, "block", block, None, None, left == 1, left == 0, None)))
