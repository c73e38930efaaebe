"""Every action a seat may take now, one per distinct outcome, built from the checks `step` uses.

- `catch` (only with `mau_catch: catch`): one per open seat other than the catcher (DK12);
- on a live Draw 2 (DK8): `take`, and each distinct Draw 2 held;
- otherwise each distinct fitting card (`fitting`, DK4), a Colour change once per colour (DK11);
  `draw` when nothing fits or `draw_when_able` is on (DK5);
- a play that leaves one card is listed with and without `"mau": true` (DK12: the two differ);
  any other play is listed without it (it would be ignored); a last Colour change is listed once,
  without a colour (DK13: the round ends, the colour does not matter).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .cards import ALL_FIT, CHANGE, CODES, COLOURS, DRAW2_CODES, FITS
from .state import Action, State, Top

_new = tuple.__new__


# DK4, DK11: the codes that fit on each top, and on no top at all (an empty pile) every code: one
# lookup where `answers` would ask `fitting`, a call more on every step and every legal
_FITTING: dict[Any, frozenset[str]] = {**FITS, None: ALL_FIT}  # keys: a Top (a pair), or None


def fitting(top: Top | None) -> frozenset[str]:
    """DK4, DK11: the codes that fit on `top` (no live hit). `step` and `legal` both ask this."""
    return _FITTING[top]


def answers(state: State) -> frozenset[str]:
    """The codes the seat to act may play now: a Draw 2 on a live hit (DK8), else what fits."""
    return DRAW2_CODES if state.pending is not None else _FITTING[state.top]


@lru_cache(maxsize=256)
def _bare(seat: int, act: str) -> Action:
    return Action(seat, act)


def _plays(seat: int, card: str, left: int) -> tuple[Action, ...]:
    """The listed plays of `card` by `seat` leaving `left` cards (see the module docstring)."""
    if card == CHANGE:
        if left == 0:
            return (_new(Action, (seat, "play", card, None, False, None)),)
        colours = [_new(Action, (seat, "play", card, c, False, None)) for c in COLOURS]
        if left == 1:
            colours += [_new(Action, (seat, "play", card, c, True, None)) for c in COLOURS]
        return tuple(colours)
    if left == 1:
        return (
            _new(Action, (seat, "play", card, None, True, None)),
            _new(Action, (seat, "play", card, None, False, None)),
        )
    return (_new(Action, (seat, "play", card, None, False, None)),)


class _Listed(dict[int, dict[str, tuple[tuple[Action, ...], ...]]]):
    """seat -> card -> its listed plays leaving no card, one, and more (`_plays`), worked out once
    per seat: a dict lookup where every listed play asked a cache of calls."""

    def __missing__(self, seat: int) -> dict[str, tuple[tuple[Action, ...], ...]]:
        listed = self[seat] = {card: tuple(_plays(seat, card, left) for left in range(3)) for card in CODES}
        return listed


_LISTED = _Listed()


def legal_actions(state: State, seat: int | None) -> list[Action]:
    if state.over or seat is None or not 0 <= seat < len(state.hands):
        return []  # no reaction windows: the server never acts (C5)
    out: list[Action] = []
    if state.must_call and state.options.mau_catch == "catch":
        out.extend(Action(seat, "catch", target=t) for t in state.must_call if t != seat)
    pending = state.pending
    if seat != (state.turn if pending is None else pending.target):
        return out
    hand = state.hands[seat]
    if pending is not None:
        out.append(_bare(seat, "take"))
    ok = answers(state)
    left = min(len(hand) - 1, 2)
    listed = _LISTED[seat]
    playable = False
    for card in dict.fromkeys(hand):
        if card in ok:
            playable = True
            out.extend(listed[card][left])
    if pending is None and (not playable or state.options.draw_when_able):
        out.append(_bare(seat, "draw"))
    return out
