"""Every action a seat may take now (requirement: one entry per distinct outcome).

In turn: each distinct playable card (a Jack once per wished suit, but a last Jack once, as it
wishes nothing), then `draw`, `pass` or `take`. A play that leaves one card is listed twice, with
and without the Mau call (forgetting it is a real choice, MM10); `"mau": true` on any other play,
and a `mau` from a seat that is not open (MM11), only cost a card and are not listed, though
`step` accepts them. Out of turn: `mau` for an open seat, `catch` of every other open seat.
"""

from __future__ import annotations

from .cards import JACK, RANK_OF, SUITS
from .moves import fits
from .state import Action, State

_new = tuple.__new__


def legal_actions(s: State, seat: int | None) -> list[Action]:
    if s.over or seat is None:  # maumau opens no reaction window: the server has nothing to do
        return []
    out: list[Action] = []
    if seat == s.turn:
        hand = s.hands[seat]
        pending = s.pending
        drawn = s.drawn
        if isinstance(drawn, str):
            if fits(s.options.jack_on_jack, s.top, s.color, pending, drawn):
                _plays(out, seat, drawn, len(hand) - 1)
            out.append(_new(Action, (seat, "pass", None, None, False, None)))
        elif drawn is not None:  # a draw that found nothing (C10)
            out.append(_new(Action, (seat, "pass", None, None, False, None)))
        else:
            jack_on_jack, top, color = s.options.jack_on_jack, s.top, s.color
            left = len(hand) - 1
            for card in hand:  # one card per code in a pack, so no repeats
                if fits(jack_on_jack, top, color, pending, card):
                    _plays(out, seat, card, left)
            out.append(_new(Action, (seat, "draw" if pending is None else "take", None, None, False, None)))
    must_call = s.must_call
    if must_call:
        for target in must_call:
            if target == seat:
                out.append(_new(Action, (seat, "mau", None, None, False, None)))
            else:
                out.append(_new(Action, (seat, "catch", None, None, False, target)))
    return out


def _plays(out: list[Action], seat: int, card: str, left: int) -> None:
    colors = SUITS if RANK_OF[card] == JACK and left else (None,)
    for color in colors:
        if left == 1:
            out.append(_new(Action, (seat, "play", card, color, True, None)))
        out.append(_new(Action, (seat, "play", card, color, False, None)))
