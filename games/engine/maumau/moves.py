"""The turn flow of classic Mau-Mau (MM4-MM15): `step(state, action) -> (state, events)`.

`fits` is the one test of whether a card may go on the pile; `legal.py` lists moves with it and
`step` refuses with `fit_problem`, which starts from it. A step works on a `_Table`, a scratch copy
of the moving parts of the state, and never touches its input.
"""

from __future__ import annotations

from ..errors import IllegalAction, refuse
from ..events import Event, event, p
from ..shuffle import shuffled
from .cards import CARDS, DECKS, EIGHT, JACK, RANK_OF, SEVEN, SEVENS, SUIT_NAMES, SUIT_OF
from .state import Action, Hand, LastHand, Pending, Pile, PileEntry, State

Events = tuple[Event, ...]
_new = tuple.__new__
HAND_SIZE = 6  # MM1


def fits(jack_on_jack: bool, top: str, color: str, pending: Pending | None, card: str) -> bool:
    """MM4, MM7, MM9: may `card` go on `top` (standing for suit `color`)?"""
    rank = RANK_OF[card]
    if pending is not None:
        return rank == SEVEN
    if rank == JACK:
        return jack_on_jack or RANK_OF[top] != JACK
    return SUIT_OF[card] == color or rank == RANK_OF[top]


def fit_problem(s: State, card: str) -> IllegalAction | None:
    """Why `card` may not be played now, or None when it fits."""
    if fits(s.options.jack_on_jack, s.top, s.color, s.pending, card):
        return None
    name = CARDS[card].name
    if s.pending is not None:
        return refuse("MM7", f"only a seven can answer a live seven: play one or take {s.pending.cards} cards")
    if RANK_OF[card] == JACK:
        return refuse("MM9", "a Jack may not be laid on another Jack")
    suit = SUIT_NAMES[s.color]
    if RANK_OF[s.top] == JACK:
        return refuse("MM9", f"the Jack wished {suit}: the {name} is not one of them")
    return refuse("MM4", f"the {name} matches neither the suit ({suit}) nor the rank of the {CARDS[s.top].name}")


def end_ruling(s: State) -> str:
    return "MM15" if s.options.points else "MM14"


class _Table:
    """The moving parts of a state during one action, and the events so far."""

    __slots__ = (
        "caught",
        "color",
        "draw",
        "drawn",
        "emptied",
        "events",
        "hands",
        "must_call",
        "pending",
        "pile",
        "reshuffles",
        "s",
        "top",
        "turn",
        "winner",
    )

    def __init__(self, s: State) -> None:
        self.s = s
        self.hands: list[Hand] = list(s.hands)
        self.draw = s.draw
        self.pile = s.pile
        self.top = s.top
        self.color = s.color
        self.reshuffles = s.reshuffles
        self.pending = s.pending
        self.turn = s.turn
        self.drawn = s.drawn
        self.must_call = s.must_call
        self.caught = s.caught
        self.emptied = s.emptied
        self.events: list[Event] = []
        self.winner: int | None = None

    def give(self, seat: int, count: int) -> int:
        """`seat` picks up `count` cards, the pile rebuilt when the draw runs out (C4); how many it got."""
        draw = self.draw
        if len(draw) >= count:
            got, self.draw = draw[:count], draw[count:]
        else:
            self.draw = ()
            self._reshuffle()
            need = count - len(draw)
            got, self.draw = draw + self.draw[:need], self.draw[need:]
        if got:
            self.hands[seat] = self.hands[seat] + got
        return len(got)

    def _reshuffle(self) -> None:
        cards = self.pile.cards()[:-1]
        if not cards:
            return
        s = self.s
        self.reshuffles += 1
        self.draw = shuffled(cards, "maumau", s.seed, "hand", s.hand, "reshuffle", self.reshuffles)
        self.pile = self.pile.top_only()
        self.events.append(
            event("reshuffle", "The discard pile is shuffled into a new draw pile", None, count=len(cards))
        )

    def acted(self, seat: int) -> None:
        """`seat` made an act of its own: a late call after its catch is no longer a race (Settled points)."""
        if seat in self.caught:
            self.caught = tuple(x for x in self.caught if x != seat)

    def state(self) -> State:
        hands = self.hands
        must_call = self.must_call
        if must_call:
            must_call = tuple(x for x in must_call if len(hands[x]) == 1)
        s = self.s
        # every field in order, without NamedTuple's slower `_replace`
        return _new(
            State,
            (
                s.options,
                tuple(hands),
                self.draw,
                self.pile,
                self.top,
                self.color,
                self.pending,
                self.turn,
                self.drawn,
                must_call,
                self.caught,
                self.emptied,
                s.dealer,
                s.totals,
                s.seed,
                s.hand,
                s.over,
                s.winners,
                s.last_hand,
                self.reshuffles,
            ),
        )

    def result(self) -> tuple[State, Events]:
        if self.winner is not None:
            return end_hand(self, self.winner)
        return self.state(), tuple(self.events)


# --- the acts ---
def step(s: State, a: Action) -> tuple[State, Events]:
    if s.over:
        raise refuse(end_ruling(s), "the game is over: no more moves")
    act = a.act
    seat = a.seat
    if seat is None:
        raise refuse("C5", "no reaction window is open: maumau has none")
    if act == "mau":
        return call_mau(s, seat)
    if act == "catch":
        return catch(s, seat, a.target)
    if seat != s.turn:
        raise refuse("MM5", f"it is not your turn: seat {s.turn} is to act")
    if act == "play":
        return play(s, seat, a.card or "", a.color, a.mau)
    if act == "draw":
        return draw(s, seat)
    if act == "pass":
        return pass_turn(s, seat)
    if act == "take":
        return take(s, seat)
    raise refuse("C7", f"unknown act {act!r}")


def play(s: State, seat: int, card: str, color: str | None, mau: bool) -> tuple[State, Events]:
    hand = s.hands[seat]
    if card not in hand:
        raise refuse("MM5", f"you do not hold the {CARDS[card].name}")
    drawn = s.drawn
    if drawn is not None and card != drawn:
        raise refuse("MM5", "after drawing you may play only the card you drew, or pass")
    problem = fit_problem(s, card)
    if problem is not None:
        raise problem
    i = hand.index(card)
    rest = hand[:i] + hand[i + 1 :]
    rank = RANK_OF[card]
    if rank == JACK and rest:
        if color is None:
            raise refuse("MM9", "name the suit you wish with the Jack (color C, D, H or S)")
        standing = color
    else:
        standing = SUIT_OF[card]  # MM12 and the Settled points: a last Jack wishes nothing
    t = _Table(s)
    t.hands[seat] = rest
    t.pile = s.pile.push(PileEntry(seat, card, standing))
    t.top, t.color, t.drawn, t.pending = card, standing, None, None
    t.acted(seat)
    ev = t.events
    ev.append(event("play", f"{p(seat)} plays {{cards}}", seat, (card,), color=standing))
    n = len(s.hands)
    nxt = (seat + 1) % n
    if not rest:  # a "mau" flag on the last card is ignored (Settled points)
        if rank != SEVEN:
            ev.append(event("out", f"{p(seat)} has played their last card", seat))
            t.winner = seat
            return t.result()
        # a seat that empties its hand again counts from now (it took the first time back)
        t.emptied = (*[x for x in s.emptied if x != seat], seat)
        ev.append(
            event("out", f"{p(seat)} has no cards left, but the hand goes on until the seven's hit is taken", seat)
        )
        hit(t, nxt, 2 + (s.pending.cards if s.pending is not None else 0))
        return t.result()
    if len(rest) == 1:
        if mau:
            ev.append(event("mau", f"{p(seat)} calls Mau", seat))
        elif seat not in t.must_call:
            t.must_call = (*t.must_call, seat)
    elif mau:  # MM11, penalty card first (Settled points)
        ev.append(event("penalty", f"{p(seat)} calls Mau too early and draws a penalty card", seat, count=1))
        t.give(seat, 1)
    if rank == SEVEN:
        hit(t, nxt, 2 + (s.pending.cards if s.pending is not None else 0))
    elif rank == EIGHT:
        ev.append(event("skip", f"{p(nxt)} is skipped", nxt))
        t.turn = (seat + 2) % n
    else:
        if rank == JACK:
            ev.append(event("color", f"{p(seat)} wishes {SUIT_NAMES[standing]}", seat, color=standing))
        t.turn = nxt
    return t.result()


def hit(t: _Table, target: int, count: int) -> None:
    """MM7: `target` must answer with a seven or take `count`; with no seven it takes at once (C6, C12)."""
    t.events.append(event("hit", f"{p(target)} must play a seven or take {count} cards", target, count=count))
    t.turn = target
    t.pending = Pending(target, count)
    if not SEVENS.intersection(t.hands[target]):
        take_hit(t, target, count)


def take_hit(t: _Table, seat: int, count: int) -> None:
    """The take that ends `seat`'s turn (MM7), and the end of the hand if a seat has emptied its hand (MM13)."""
    got = t.give(seat, count)
    if got == count:
        text = f"{p(seat)} takes {count} cards and misses the turn"
    else:
        text = f"{p(seat)} takes the last {got} of {count} cards (the rest lapses) and misses the turn"
    t.events.append(event("take", text, seat, count=got))
    t.pending = None
    t.drawn = None
    t.acted(seat)
    for x in t.emptied:
        if not t.hands[x]:
            t.winner = x
            return
    t.turn = (seat + 1) % len(t.hands)


def draw(s: State, seat: int) -> tuple[State, Events]:
    if s.pending is not None:
        raise refuse("MM7", f"a live seven is aimed at you: play a seven or take {s.pending.cards} cards")
    if s.drawn is not None:
        raise refuse("MM5", "you have drawn already: play the card you drew or pass")
    t = _Table(s)
    t.acted(seat)
    if t.give(seat, 1):
        t.drawn = t.hands[seat][-1]
        t.events.append(event("draw", f"{p(seat)} draws a card", seat, count=1))
    else:  # C10: a draw that finds nothing ends the turn
        t.events.append(event("draw", f"{p(seat)} finds no card to draw; the turn passes", seat, count=0))
        t.turn = (seat + 1) % len(s.hands)
    return t.result()


def pass_turn(s: State, seat: int) -> tuple[State, Events]:
    if s.pending is not None:
        raise refuse("MM7", f"a live seven is aimed at you: play a seven or take {s.pending.cards} cards")
    if s.drawn is None:
        raise refuse("MM5", "you may pass only after drawing a card")
    t = _Table(s)
    t.acted(seat)
    t.drawn = None
    t.turn = (seat + 1) % len(s.hands)
    t.events.append(event("pass", f"{p(seat)} keeps the drawn card and passes", seat))
    return t.result()


def take(s: State, seat: int) -> tuple[State, Events]:
    pending = s.pending
    if pending is None:
        raise refuse("MM7", "there is no live seven to take")
    t = _Table(s)
    take_hit(t, seat, pending.cards)
    return t.result()


def call_mau(s: State, seat: int) -> tuple[State, Events]:
    """MM10 (a late call from an open seat), MM11 (a call from a seat that is not open costs 1 card)."""
    if seat in s.must_call:
        t = _Table(s)
        t.must_call = tuple(x for x in s.must_call if x != seat)
        t.events.append(event("mau", f"{p(seat)} calls Mau", seat))
        return t.result()
    if seat in s.caught:
        raise refuse("MM10", "too late: you were caught before your Mau call arrived")
    t = _Table(s)
    t.events.append(event("penalty", f"{p(seat)} calls Mau without cause and draws a penalty card", seat, count=1))
    t.give(seat, 1)
    return t.result()


def catch(s: State, seat: int, target: int | None) -> tuple[State, Events]:
    """MM10: catching an open seat costs it 1 card; MM11: catching a seat that is not open is refused."""
    if target is None:
        raise refuse("C3", "catch needs the seat to catch as its target")
    if target == seat:
        raise refuse("MM10", "you cannot catch yourself: call Mau instead")
    if target not in s.must_call:
        raise refuse("MM11", f"seat {target} owes no Mau call: there is nothing to catch")
    t = _Table(s)
    t.must_call = tuple(x for x in s.must_call if x != target)
    t.caught = (*s.caught, target)
    t.events.append(
        event("caught", f"{p(seat)} catches {p(target)} without a Mau call: a penalty card", target, by=seat, count=1)
    )
    t.give(target, 1)
    return t.result()


# --- hands: the deal (MM1-MM3) and the end (MM12-MM15) ---
def deal(s: State, dealer: int, hand: int) -> tuple[State, Events]:
    """Deal hand `hand` from `s` (options, seed, totals kept) and let the turned card act (MM3)."""
    n = len(s.hands)
    deck = shuffled(DECKS[s.options.deck], "maumau", s.seed, "hand", hand)
    dealt = HAND_SIZE * n
    first = (dealer + 1) % n
    hands: list[Hand] = [()] * n
    for i in range(n):
        hands[(first + i) % n] = deck[i:dealt:n]
    turned = deck[dealt]
    suit = SUIT_OF[turned]
    fresh = s._replace(
        hands=tuple(hands),
        draw=deck[dealt + 1 :],
        pile=Pile((), (PileEntry(dealer, turned, suit),)),
        top=turned,
        color=suit,
        pending=None,
        turn=first,
        drawn=None,
        must_call=(),
        caught=(),
        emptied=(),
        dealer=dealer,
        hand=hand,
        over=False,
        winners=None,
        reshuffles=0,
    )
    t = _Table(fresh)
    t.events.append(event("deal", f"{p(dealer)} deals hand {hand} and turns up {{cards}}", dealer, (turned,)))
    rank = RANK_OF[turned]
    if rank == SEVEN:
        hit(t, first, 2)
    elif rank == EIGHT:
        t.events.append(event("skip", f"{p(first)} is skipped", first))
        t.turn = (dealer + 2) % n
    return t.result()


def end_hand(t: _Table, winner: int) -> tuple[State, Events]:
    """MM12-MM15: score the hand; end the game or deal the next hand."""
    s = t.s
    hands = t.hands
    n = len(hands)
    points = tuple(0 if i == winner else len(h) for i, h in enumerate(hands))
    options = s.options
    totals: tuple[int, ...] | None = None
    if options.points:
        gained = list(s.totals or (0,) * n)
        gained[winner] += sum(points)
        totals = tuple(gained)
    ev = t.events
    ev.append(
        event(
            "hand_over",
            f"{p(winner)} wins hand {s.hand}",
            winner,
            out=winner,
            points=points,
            totals=totals,
        )
    )
    ended = t.state()._replace(
        totals=totals,
        last_hand=LastHand(winner, points),
        pending=None,
        drawn=None,
        must_call=(),
        caught=(),
    )
    if totals is None or totals[winner] >= options.target_for(n):
        ev.append(event("game_over", f"{p(winner)} wins the game", winner, winners=(winner,)))
        return ended._replace(over=True, winners=(winner,), turn=None), tuple(ev)
    after, dealt = deal(ended, (s.dealer + 1) % n, s.hand + 1)
    return after, (*ev, *dealt)
