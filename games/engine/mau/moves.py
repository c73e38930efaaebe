"""What each act does: `step(options, state, action) -> (state, events)` (MA2-MA18, C4-C12).

`Work` holds the moving parts of one action (hands, draw, pile, offences, events); `resolve` works
out where a card sends the turn (MA4-MA8, MA11, MA18) and `settle` applies that, picking up a seven
hit at once for a target holding no seven (C6, C12). Every refusal names its ruling (C8).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..errors import refuse
from ..events import Event, event, p
from ..shuffle import shuffled
from .calls import CALL_WORDS, SLOW, offences, required
from .cards import JOKER, RANK, SEVENS, SUIT, SUIT_NAMES, fits, fitting, misfit, name
from .options import Options
from .state import Action, Entry, Held, LastHand, Offence, Pending, State, Window

_new = tuple.__new__  # a NamedTuple without its Python-level __new__: every field given, in order
_FIELD = {name: i for i, name in enumerate(State._fields)}
_HANDS, _DRAW, _PILE, _RESHUFFLES = _FIELD["hands"], _FIELD["draw"], _FIELD["pile"], _FIELD["reshuffles"]
_OFFENCES, _PENALISED, _SLOW = _FIELD["offences"], _FIELD["penalised"], _FIELD["slow"]
_TURN, _DIRECTION, _PENDING, _WINDOW = _FIELD["turn"], _FIELD["direction"], _FIELD["pending"], _FIELD["window"]
_EXTRA, _DRAWN = _FIELD["extra"], _FIELD["drawn"]


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


class Work:
    """The parts of a state one action changes, and the events it makes, in order."""

    __slots__ = ("draw", "events", "hands", "offences", "penalised", "pile", "reshuffles", "s", "slow")

    def __init__(self, s: State) -> None:
        self.s = s
        self.hands = list(s.hands)
        self.draw = s.draw
        self.pile = s.pile
        self.reshuffles = s.reshuffles
        self.offences = s.offences
        self.penalised = s.penalised
        self.slow = s.slow
        self.events: list[Event] = []

    def give(self, seat: int, count: int) -> int:
        """`seat` picks up `count` cards, the draw pile rebuilt when it runs out (C4); returns how
        many it got (the rest lapses when there is nothing left to draw)."""
        draw = self.draw
        if len(draw) < count:
            got = draw
            self.draw = ()
            self._reshuffle()
            need = count - len(got)
            got, self.draw = got + self.draw[:need], self.draw[need:]
        else:
            got, self.draw = draw[:count], draw[count:]
        if got:
            self.hands[seat] = self.hands[seat] + got
        return len(got)

    def _reshuffle(self) -> None:
        """C4, C11: every pile card but the top, in pile order, shuffled from the seed."""
        below = self.pile[:-1]
        cards = [c for entry in below for c in entry["cards"]]
        if not cards:
            return
        self.reshuffles += 1
        s = self.s
        self.draw = shuffled(cards, "mau", s.seed, "hand", s.hand, "reshuffle", self.reshuffles)
        self.pile = self.pile[-1:]
        self.events.append(
            event(
                "reshuffle",
                f"The discard pile is shuffled into a new draw pile of {len(cards)} cards",
                count=len(cards),
            )
        )

    def acted(self, seat: int) -> None:
        """The seat's own act: its `slow` mark ends (MA15)."""
        if self.slow == seat:
            self.slow = None

    def expire(self, seat: int) -> None:
        """The seat's own `play`, `spam`, `draw` or `take`: its offences can no longer be penalised,
        and those already penalised are forgotten (MA14, Settled points)."""
        if self.offences and any(o.seat == seat for o in self.offences):
            self.offences = tuple(o for o in self.offences if o.seat != seat)
        if self.penalised and any(o.seat == seat for o in self.penalised):
            self.penalised = tuple(o for o in self.penalised if o.seat != seat)

    def state(self, effect: Held | None = None, **changes: Any) -> State:
        """The state after the action: `_replace` by field index, twice as fast as `_replace`;
        `effect`: where the card put down sends the game (`settle`), its fields set by index too."""
        values = list(self.s)
        values[_HANDS] = tuple(self.hands)
        values[_DRAW] = self.draw
        values[_PILE] = self.pile
        values[_RESHUFFLES] = self.reshuffles
        values[_OFFENCES] = self.offences
        values[_PENALISED] = self.penalised
        values[_SLOW] = self.slow
        if effect is not None:
            values[_TURN], values[_DIRECTION], values[_PENDING], values[_WINDOW], values[_EXTRA] = effect
            values[_DRAWN] = None
        for key, value in changes.items():
            values[_FIELD[key]] = value
        state: State = _new(State, values)
        return state


class Effect(NamedTuple):
    """Where a card sends the game: `held` (turn, direction, hit, window, extra turns), the Eight
    count `skips` for the top, and the events that tell it."""

    held: Held
    skips: int
    events: list[Event]


def resolve(opts: Options, n: int, direction: int, seat: int, card: str, spam: bool, s: State, extra: int) -> Effect:
    """MA4-MA8, MA11, MA18: the effect of `card` put down by `seat`, who holds `extra` turns after it
    (already counted: one used by an in-turn act, all taken over by a SPAM)."""
    rank = RANK[card]
    events: list[Event] = []
    pending = None
    window = None
    skips = 0
    turn: int | None
    if rank == "A":
        direction = -direction
        way = "clockwise" if direction == 1 else "counter-clockwise"
        events.append(event("reverse", f"Play now goes {way}", seat, direction=direction))
    elif rank == "2" and opts.two_again:
        extra += 1
    if rank == "7":
        total = 2 + (s.pending.cards if s.pending is not None else 0)
        target = seat if extra > 0 else (seat + direction) % n
        pending = _new(Pending, (target, total))
        turn = target
        events.append(event("hit", f"{p(target)} must play a seven or take {total} cards", target, count=total))
    elif rank == "8":
        skips = (s.skips or 1) + 1 if spam else 1
        used = min(extra, skips)
        if used:
            extra -= used
            events.append(event("skip", f"{p(seat)} loses {plural(used, 'extra turn')}", seat, count=used))
        if extra > 0:
            turn = seat
        else:
            at = seat
            for _ in range(skips - used):
                at = (at + direction) % n
                events.append(event("skip", f"{p(at)} is skipped", at))
            turn = (at + direction) % n
    elif rank == JOKER and extra == 0 and n > 2:
        a, b = (seat + 1) % n, (seat - 1) % n
        window = Window("joker", (a, b), seat)
        turn = None
        events.append(
            event("window", f"{p(a)} or {p(b)} may take the turn with any card", seat, window="joker", seats=[a, b])
        )
    else:
        turn = seat if extra > 0 else (seat + direction) % n
    if extra > 0 and turn == seat:
        events.append(event("extra", f"{p(seat)} plays again ({plural(extra, 'extra turn')} left)", seat, extra=extra))
    effect: Effect = _new(Effect, (_new(Held, (turn, direction, pending, window, extra)), skips, events))
    return effect


def settle(w: Work, effect: Held, **changes: Any) -> State:
    """The state with `effect` in place; a seven's target that holds no seven picks up at once (C12)."""
    pending = effect.pending
    if pending is not None and SEVENS.isdisjoint(w.hands[pending.target]):
        turn, extra = take_hit(w, pending, effect.direction, effect.extra, automatic=True)
        effect = _new(Held, (turn, effect.direction, None, effect.window, extra))
    return w.state(effect, **changes)


def take_hit(w: Work, pending: Pending, direction: int, extra: int, automatic: bool) -> tuple[int, int]:
    """MA5: the target picks up the hit instead of its turn; play goes on from the seat after it
    (or from itself while it holds extra turns, MA18). Returns the turn and the extra turns left."""
    target = pending.target
    if extra > 0:
        extra -= 1
    got = w.give(target, pending.cards)
    words = "has no seven and picks up" if automatic else "picks up"
    w.events.append(event("take", f"{p(target)} {words} {plural(got, 'card')}", target, count=got))
    w.expire(target)
    w.acted(target)
    n = len(w.hands)
    return (target if extra > 0 else (target + direction) % n), extra


def step(opts: Options, s: State, a: Action) -> tuple[State, tuple[Event, ...]]:
    """The state after `a` and its events; `IllegalAction` naming the ruling otherwise. `s` is unchanged."""
    if s.over:
        raise refuse("MA17", "the game is over")
    act = a.act
    seat = a.seat
    if seat is None:
        if act == "close":
            return close(s)
        if act == "slow":
            return mark_slow(opts, s, a)
        raise refuse("C3", f"{act} needs the seat that sends it")
    if not s.started:
        if act != "start":
            raise refuse("MA2", f"the game has not started: {p(s.dealer)} must start it with the turned card")
        if seat != s.dealer:
            raise refuse("MA2", "only the dealer starts the game")
        return start(opts, s, a)
    if act == "start":
        raise refuse("MA2", "the game has already started")
    if act == "penalty":
        return penalty(s, a, seat)
    if act == "spam":
        return spam(opts, s, a, seat)
    window = s.window
    events: list[Event] = []
    if window is not None:
        if window.kind == "final":
            raise refuse("MA17", "only a penalty may be called until the final window closes")
        if seat not in window.seats:
            raise refuse(
                "MA8",
                "only the Joker player's neighbours may take the turn now; others may only SPAM or call a penalty",
            )
        if act == "take":
            raise refuse("MA5", "there is no seven for you to take")
        # the neighbour takes the turn, play now heading from the Joker's player towards it (MA8)
        direction = 1 if seat == (window.origin + 1) % len(s.hands) else -1
        s = s._replace(turn=seat, direction=direction, window=None)
        events.append(event("window", f"{p(seat)} takes the turn after the Joker", seat, window="joker", closed=True))
    elif seat != s.turn:
        raise refuse(
            "MA3", f"it is not your turn: {p(s.turn)} is to play" if s.turn is not None else "it is not your turn"
        )
    if act == "play":
        return play(opts, s, a, seat, events)
    if act == "draw":
        return draw(opts, s, seat, events)
    return take(s, seat)


def start(opts: Options, s: State, a: Action) -> tuple[State, tuple[Event, ...]]:
    """MA2: the turned card counts as played by the dealer, effects and calls included."""
    card = s.top
    dealer = s.dealer
    color = _color(card, a.color)
    w = Work(s)
    w.acted(dealer)
    w.events.append(event("start", f"{p(dealer)} starts the game with {{cards}}", dealer, (card,)))
    if color is not None and RANK[card] == "J":
        w.events.append(_named(dealer, color))
        w.pile = (*s.pile[:-1], {"seat": dealer, "cards": [card], "color": color})
    _calls(w, opts, dealer, a.calls, required(card, None, False))
    effect = resolve(opts, len(s.hands), s.direction, dealer, card, False, s, 0)
    w.events.extend(effect.events)
    after = settle(w, effect.held, started=True, color=color, skips=effect.skips, run=max(s.run, 1))
    return after, tuple(w.events)


def _color(card: str, named: str | None) -> str | None:
    """MA7: the suit a card leaves on top; a Jack must name one, no other card may."""
    if RANK[card] == "J":
        if named is None:
            raise refuse("MA7", "a Jack names the next suit: give color C, D, H or S")
        return named
    if named is not None:
        raise refuse("MA7", "only a Jack names a suit")
    return SUIT[card]


def _named(seat: int, color: str) -> Event:
    return event("color", f"{p(seat)} names {SUIT_NAMES[color]}", seat, color=color)


def _calls(w: Work, opts: Options, seat: int, calls: tuple[str, ...], due: tuple[str, ...]) -> None:
    """MA13-MA14: tell the calls made, and record the offences they leave open."""
    if calls:
        words = ", ".join(CALL_WORDS[c] for c in calls)
        w.events.append(event("call", f"{p(seat)} calls: {words}", seat, calls=list(calls)))
    missed = offences(due, calls, opts.strict_calls)
    if missed:
        w.offences = w.offences + tuple(Offence(seat, r) for r in missed)


def play(opts: Options, s: State, a: Action, seat: int, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    """MA3-MA9: one card that fits, in turn (or by a neighbour taking the turn after a Joker)."""
    card = a.card
    assert card is not None
    if card not in s.hands[seat]:
        raise refuse("MA3", f"you do not hold the {name(card)}")
    live = s.pending
    if not fits(card, s.top, s.color, live is not None):
        raise refuse(*misfit(card, s.top, s.color, None if live is None else live.cards))
    color = _color(card, a.color)
    return put_down(opts, s, seat, card, color, a.calls, False, events)


def spam(opts: Options, s: State, a: Action, seat: int) -> tuple[State, tuple[Event, ...]]:
    """MA10-MA12: a card identical to the top, by anyone who holds one, at any moment."""
    card = a.card
    assert card is not None
    if opts.decks < 2:
        raise refuse("MA10", "SPAM needs two or more decks")
    if s.window is not None and s.window.kind == "final":
        raise refuse("MA17", "only a penalty may be called until the final window closes")
    if card != s.top:
        raise refuse("MA10", f"only a card identical to the {name(s.top)} on top can be SPAMmed")
    if RANK[card] == "J":
        raise refuse("MA7", "a Jack may not be played on a Jack, so it cannot be SPAMmed")
    if card not in s.hands[seat]:
        raise refuse("MA3", f"you do not hold the {name(card)}")
    return put_down(opts, s, seat, card, SUIT[card], a.calls, True, [])


def put_down(
    opts: Options,
    s: State,
    seat: int,
    card: str,
    color: str | None,
    calls: tuple[str, ...],
    spammed: bool,
    events: list[Event],
) -> tuple[State, tuple[Event, ...]]:
    """A checked play or SPAM: the card goes on the pile, its calls are judged, its effect follows
    (or waits in a `final` window when it empties the hand, MA17)."""
    w = Work(s)
    w.events = events
    w.acted(seat)
    w.expire(seat)
    hand = s.hands[seat]
    i = hand.index(card)
    rest = hand[:i] + hand[i + 1 :]
    w.hands[seat] = rest
    n = len(s.hands)
    if spammed:
        extra = s.extra  # MA18: a SPAM takes over every extra turn, using none
        w.events.append(event("spam", f"{p(seat)} SPAMs {{cards}}", seat, (card,)))
        if extra and s.turn != seat:
            w.events.append(event("extra", f"{p(seat)} takes over {plural(extra, 'extra turn')}", seat, extra=extra))
    else:
        extra = s.extra - 1 if s.extra > 0 else 0
        w.events.append(event("play", f"{p(seat)} plays {{cards}}", seat, (card,)))
    rank = RANK[card]
    if rank == "J" and color is not None:
        w.events.append(_named(seat, color))
    entry: Entry = {"seat": seat, "cards": [card], "color": color}
    w.pile = (*s.pile, entry)
    run = s.run + 1 if card == s.top else 1
    _calls(w, opts, seat, calls, required(card, len(rest), spammed and run == 4))
    effect = resolve(opts, n, s.direction, seat, card, spammed, s, extra)
    if not rest and not (opts.two_again and rank == "2"):
        # MA17: the hand is won at `close` unless a correct penalty reopens it; the effect waits
        w.events.append(event("out", f"{p(seat)} has played the last card", seat))
        w.events.append(event("window", f"Last chance for a penalty on {p(seat)}", seat, window="final"))
        after = w.state(
            top=card,
            color=color,
            run=run,
            skips=effect.skips,
            turn=None,
            pending=None,
            window=Window("final", (seat,), seat),
            extra=0,
            drawn=None,
            held=effect.held,
        )
        return after, tuple(w.events)
    w.events.extend(effect.events)
    return settle(w, effect.held, top=card, color=color, run=run, skips=effect.skips), tuple(w.events)


def draw(opts: Options, s: State, seat: int, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    """MA3: one card, and the turn is over (MA18: unless extra turns are left)."""
    if s.pending is not None:
        raise refuse("MA5", f"a live seven: play a seven or take {s.pending.cards} cards")
    extra = s.extra
    if extra > 0:
        if not fitting(s.top, s.color, False).isdisjoint(s.hands[seat]):
            raise refuse("MA18", "you must play again: draw only when no card of yours fits")
        extra -= 1
    w = Work(s)
    w.events = events
    w.acted(seat)
    w.expire(seat)
    got = w.give(seat, 1)
    words = "draws a card" if got else "draws, but there is no card left to draw"
    w.events.append(event("draw", f"{p(seat)} {words}", seat, count=got))
    n = len(s.hands)
    turn = seat if extra > 0 else (seat + s.direction) % n
    return w.state(turn=turn, extra=extra, drawn=None), tuple(w.events)


def take(s: State, seat: int) -> tuple[State, tuple[Event, ...]]:
    pending = s.pending
    if pending is None or pending.target != seat:
        raise refuse("MA5", "there is no seven for you to take")
    w = Work(s)
    turn, extra = take_hit(w, pending, s.direction, s.extra, automatic=False)
    return w.state(turn=turn, extra=extra, pending=None, drawn=None), tuple(w.events)


def penalty(s: State, a: Action, seat: int) -> tuple[State, tuple[Event, ...]]:
    """MA14-MA15: a correct penalty gives the offender a card; one against the player who went out
    reopens the hand (MA17). An offence already penalised is refused at no cost; a penalty naming
    no open offence costs its caller a card."""
    target = a.target
    reason = a.reason
    assert target is not None
    assert reason is not None
    if target == seat:
        raise refuse("MA14", "you cannot call a penalty on yourself")
    if reason == SLOW and s.options.slow_s == 0:
        raise refuse("MA15", "taking too long is not penalised at this table")
    offence = Offence(target, reason)
    open_ = s.slow == target if reason == SLOW else offence in s.offences
    if not open_ and offence in s.penalised:
        raise refuse("MA14", f"{p(target)} has already been penalised for that")
    w = Work(s)
    w.acted(seat)
    why = CALL_WORDS[reason]
    if not open_:
        got = w.give(seat, 1)
        w.events.append(
            event(
                "penalty",
                f"{p(seat)} calls a penalty on {p(target)} ({why}) that was not due, and draws {plural(got, 'card')}",
                seat,
                target=target,
                reason=reason,
                correct=False,
                count=got,
            )
        )
        return w.state(), tuple(w.events)
    if reason == SLOW:
        w.slow = None
    else:
        w.offences = tuple(o for o in w.offences if o != offence)
    w.penalised = (*w.penalised, offence)
    got = w.give(target, 1)
    w.events.append(
        event(
            "penalty",
            f"{p(seat)} calls a penalty on {p(target)} ({why}): {p(target)} draws {plural(got, 'card')}",
            seat,
            target=target,
            reason=reason,
            correct=True,
            count=got,
        )
    )
    window = s.window
    if window is None or window.kind != "final" or window.origin != target:
        return w.state(), tuple(w.events)
    # the hand goes on from where the final card left it: its effect now takes place
    _forget(w, target)
    held = s.held or Held((target + s.direction) % len(s.hands), s.direction, None, None, 0)
    w.events.append(
        event("window", f"The hand goes on: {p(target)} has not won yet", target, window="final", closed=True)
    )
    w.events.extend(_held_events(held))
    return settle(w, held, held=None), tuple(w.events)


def _forget(w: Work, seat: int) -> None:
    """The offences of the final card end with its window (MA14)."""
    w.offences = tuple(o for o in w.offences if o.seat != seat)
    w.penalised = tuple(o for o in w.penalised if o.seat != seat)


def _held_events(held: Held) -> list[Event]:
    if held.pending is not None:
        t, total = held.pending
        return [event("hit", f"{p(t)} must play a seven or take {total} cards", t, count=total)]
    if held.window is not None:
        a, b = held.window.seats
        origin = held.window.origin
        return [
            event("window", f"{p(a)} or {p(b)} may take the turn with any card", origin, window="joker", seats=[a, b])
        ]
    if held.turn is not None:
        return [event("turn", f"{p(held.turn)} is to play", held.turn)]
    return []


def close(s: State) -> tuple[State, tuple[Event, ...]]:
    """C5: the server ends the open window. Joker (MA8): the next seat in the current direction takes
    the turn. Final (MA17): the player who went out has won; the game is one hand."""
    window = s.window
    if window is None:
        raise refuse("C5", "there is no window to close")
    n = len(s.hands)
    if window.kind == "joker":
        turn = (window.origin + s.direction) % n
        ev = event(
            "window", f"Nobody took the turn after the Joker: {p(turn)} plays next", turn, window="joker", closed=True
        )
        return s._replace(window=None, turn=turn, extra=0), (ev,)
    winner = window.origin
    w = Work(s)
    points = tuple(0 if i == winner else len(h) for i, h in enumerate(s.hands))
    w.events.append(event("window", f"No penalty came: {p(winner)} is out", winner, window="final", closed=True))
    w.events.append(event("hand_over", f"{p(winner)} wins the hand", winner, points=list(points), totals=None))
    w.events.append(event("game_over", f"{p(winner)} wins the game", winner, winners=[winner]))
    w.offences = w.penalised = ()
    w.slow = None
    after = w.state(
        over=True,
        winners=(winner,),
        turn=None,
        pending=None,
        window=None,
        extra=0,
        held=None,
        drawn=None,
        last_hand=LastHand(winner, points),
    )
    return after, tuple(w.events)


def mark_slow(opts: Options, s: State, a: Action) -> tuple[State, tuple[Event, ...]]:
    """MA15 (Settled points): the server marks a seat that may act and has been idle `slow_s` seconds."""
    target = a.target
    assert target is not None
    if opts.slow_s == 0:
        raise refuse("MA15", "taking too long is not penalised at this table")
    if target not in to_act(s):
        raise refuse("MA15", f"{p(target)} is not the seat the game waits for")
    if s.slow == target:
        raise refuse("MA15", f"{p(target)} is already marked slow")
    penalised = tuple(o for o in s.penalised if o != (target, SLOW))
    ev = event("slow", f"{p(target)} is taking too long", target)
    return s._replace(slow=target, penalised=penalised), (ev,)


def to_act(s: State) -> tuple[int, ...]:
    """The seats the game waits for: none while a window is open or when over."""
    if s.over or s.window is not None:
        return ()
    if s.pending is not None:
        return (s.pending.target,)
    return () if s.turn is None else (s.turn,)
