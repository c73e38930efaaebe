"""Every action a seat may take now, out-of-turn acts included, one per distinct outcome.

The checks are `step`'s own (`cards.fits`, the same window and turn tests), so every action listed
is accepted. Calls: 2^6 call lists are possible for each card and `step` accepts any of them, but
only two outcomes matter to a player, so each card is listed with its true calls and, where calls
are due, once more with none at all (a forgotten call, an offence others may penalise). Penalties
are listed only for the open offences (a wrong penalty just costs a card; `step` still takes one).
Order: the seat's own turn (cards in hand order, a Jack once per suit; then `take` or `draw`),
then `spam`, then penalties in the order the offences arose.
"""

from __future__ import annotations

from .calls import SLOW, required
from .cards import RANK, SUITS, fitting
from .moves import to_act
from .options import Options
from .state import Action, State, bare_action

_new = tuple.__new__


def legal_actions(opts: Options, s: State, seat: int | None) -> list[Action]:
    if s.over:
        return []
    if seat is None:
        return _server(opts, s)
    n = len(s.hands)
    if (type(seat) is not int and (not isinstance(seat, int) or isinstance(seat, bool))) or not 0 <= seat < n:
        return []
    if not s.started:
        return _start(s) if seat == s.dealer else []
    acts: list[Action] = []
    window = s.window
    if window is None or window.kind != "final":
        hand = s.hands[seat]
        top = s.top
        if (seat in window.seats) if window is not None else (seat == s.turn):
            pending = s.pending
            live = pending is not None
            fit = fitting(top, s.color, live)
            playable = [card for card in hand if card in fit]
            if len(playable) > 1:
                playable = [*dict.fromkeys(playable)]  # each card once: a hand may hold two alike
            left = min(len(hand) - 1, 2)
            for card in playable:
                key = (seat, card, left)
                plays = _PLAYS.get(key)
                if plays is None:
                    plays = _PLAYS[key] = _plays(seat, card, left)
                acts.extend(plays)
            if pending is not None:
                if pending.target == seat:
                    acts.append(bare_action(seat, "take"))
            elif not (s.extra > 0 and playable):
                acts.append(bare_action(seat, "draw"))
        if opts.decks >= 2 and top in hand and RANK[top] != "J":
            due = required(top, len(hand) - 1, s.run + 1 == 4)
            acts.append(_new(Action, (seat, "spam", top, None, due, None, None)))
            if due:
                acts.append(_new(Action, (seat, "spam", top, None, (), None, None)))
    if s.offences:
        seen = set()
        for o in s.offences:
            if o.seat != seat and o not in seen:
                seen.add(o)
                acts.append(Action(seat, "penalty", target=o.seat, reason=o.reason))
    if s.slow is not None and s.slow != seat and opts.slow_s > 0:
        acts.append(Action(seat, "penalty", target=s.slow, reason=SLOW))
    return acts


# the play actions of each (seat, card, cards left after it: 0, 1 or "more", written 2), built once;
# actions are immutable, so every list shares them
_PLAYS: dict[tuple[int, str, int], tuple[Action, ...]] = {}


def _plays(seat: int, card: str, left: int) -> tuple[Action, ...]:
    due = required(card, left, False)
    plays = []
    for named in SUITS if RANK[card] == "J" else (None,):
        plays.append(Action(seat, "play", card, named, due))
        if due:
            plays.append(Action(seat, "play", card, named, ()))
    return tuple(plays)


def _start(s: State) -> list[Action]:
    card = s.top
    due = required(card, None, False)
    acts = []
    for named in SUITS if RANK[card] == "J" else (None,):
        acts.append(Action(s.dealer, "start", None, named, due))
        if due:
            acts.append(Action(s.dealer, "start", None, named, ()))
    return acts


def _server(opts: Options, s: State) -> list[Action]:
    if s.window is not None:
        return [Action(None, "close")]
    if opts.slow_s > 0:
        return [Action(None, "slow", target=t) for t in to_act(s) if t != s.slow]
    return []
