"""The turn flow: `step(state, action) -> (state, events)` and the deal (EM1-EM20, C4-C12).

One action works on a `Table`, a mutable copy of the state's moving parts that also collects the
action's events; `Table.result()` freezes it into the next `State`. The order inside an act follows
the settled points: owed Mau calls are punished first, then the card goes down, then its player's
own call is checked (penalty cards before the card's effect), then the effect, then anything the
engine resolves by itself (C6, C12: a target with no real answer suffers the hit at once).
"""

from __future__ import annotations

from ..errors import refuse
from ..events import Event, event, p
from ..shuffle import shuffled
from .cards import (
    CARDS,
    COLOUR,
    COLOUR_NAMES,
    DONATE,
    EXTRA,
    GAMBLE,
    KIND,
    SKIP,
    SMILEY,
    SWAP,
    TAKE2,
    TAKE4,
    WILDS,
    fits,
    hand_points,
)
from .checks import (
    NAMES,
    ROLLS,
    RULING,
    blocker,
    can_draw,
    check_choice,
    fitting,
    remove_one,
)
from .options import Options
from .state import Action, Hand, LastHand, Pending, Pile, PileEntry, State, Top, Window

HAND_SIZE = 7
_new = tuple.__new__
Result = tuple[State, tuple[Event, ...]]


class Table:
    """The state's moving parts during one action, and the events so far."""

    __slots__ = (
        "dealer",
        "donate_order",
        "draw",
        "drawn",
        "events",
        "hand",
        "hands",
        "last_hand",
        "must_call",
        "n",
        "over",
        "pending",
        "pile",
        "reshuffles",
        "s",
        "top",
        "totals",
        "turn",
        "window",
        "winners",
    )

    def __init__(self, s: State) -> None:
        self.s = s
        self.n = len(s.hands)
        self.hands = list(s.hands)
        self.draw = s.draw
        self.pile = s.pile
        self.top = s.top
        self.pending = s.pending
        self.turn = s.turn
        self.drawn = s.drawn
        self.must_call = list(s.must_call)
        self.window = s.window
        self.dealer = s.dealer
        self.totals = s.totals
        self.hand = s.hand
        self.over = s.over
        self.winners = s.winners
        self.last_hand = s.last_hand
        self.reshuffles = s.reshuffles
        self.donate_order = s.donate_order
        self.events: list[Event] = []

    def result(self) -> Result:
        s = self.s
        state = _new(
            State,
            (
                s.options,
                tuple(self.hands),
                self.draw,
                self.pile,
                self.top,
                self.pending,
                self.turn,
                self.drawn,
                tuple(self.must_call),
                self.window,
                self.dealer,
                self.totals,
                s.seed,
                self.hand,
                self.over,
                self.winners,
                self.last_hand,
                self.reshuffles,
                self.donate_order,
            ),
        )
        return state, tuple(self.events)

    @property
    def options(self) -> Options:
        return self.s.options

    def say(self, kind: str, text: str, seat: int | None = None, cards: tuple[str, ...] = (), **data: object) -> None:
        self.events.append(event(kind, text, seat, cards, **data))

    # --- cards moving ---
    def take(self, seat: int, count: int) -> int:
        """`seat` picks up `count` cards, the draw pile rebuilt once if it runs out (C4); returns how many."""
        if count <= 0:
            return 0
        draw = self.draw
        if len(draw) < count:
            got = draw
            self.draw = ()
            self.rebuild()
            need = count - len(got)
            got, self.draw = got + self.draw[:need], self.draw[need:]
        else:
            got, self.draw = draw[:count], draw[count:]
        if got:
            self.hands[seat] = self.hands[seat] + got
        return len(got)

    def rebuild(self) -> None:
        """C4: the discard pile but its top card, shuffled from the seed, becomes the draw pile."""
        if len(self.pile) <= 1:
            return
        cards, pile = self.pile.top_only()
        self.reshuffles += 1
        s = self.s
        self.draw = self.draw + shuffled(cards, "emojical", s.seed, "hand", self.hand, "reshuffle", self.reshuffles)
        self.pile = pile
        self.say("reshuffle", "The discard pile is shuffled into a new draw pile", count=len(cards))

    def put(self, seat: int, card: str, colour: str | None, rest: Hand) -> None:
        self.hands[seat] = rest
        self.pile = self.pile.push(_new(PileEntry, (seat, card, colour)))
        self.top = _new(Top, (card, colour))

    # --- Mau calls (EM16, EM17) ---
    def punish_owing(self, actor: int) -> None:
        """Seats still owing a Mau call take 2 penalty cards before another seat's act takes effect."""
        if not self.must_call:
            return
        for seat in list(self.must_call):
            if seat != actor:
                got = self.take(seat, 2)
                self.must_call.remove(seat)
                self.say("penalty", f"{p(seat)} did not call Mau and takes {got} penalty cards", seat, count=got)

    def settle_calls(self) -> None:
        """The duty ends when the seat no longer holds exactly one card."""
        if self.must_call:
            self.must_call = [s for s in self.must_call if len(self.hands[s]) == 1]

    def left(self, seat: int) -> int:
        return (seat + 1) % self.n


# --- the acts -----------------------------------------------------------------------------------


def step(state: State, a: Action) -> Result:
    """The state after `a` and its events; `IllegalAction` (naming the ruling) if it is refused."""
    if state.over:
        raise refuse("EM20", "the game is over")
    act = a.act
    if act == "close":
        return close(state)
    seat = a.seat
    assert seat is not None  # convert.action_from_dict gives every act but close a seat
    if act == "mau":
        return late_mau(state, seat)
    window = state.window
    if window is not None:
        if act == "jump_in":
            return jump_in(state, a, seat, window)
        raise refuse("EM5", "a jump-in window is open: only a jump-in or a Mau call now")
    if act == "jump_in":
        raise refuse("EM5", "there is no card to jump in on right now")
    pending = state.pending
    if pending is not None:
        if seat != pending.target:
            raise refuse("EM4", f"it is not your turn: seat {pending.target} must answer the {NAMES[pending.kind]}")
        return answer(state, a, seat, pending)
    if seat != state.turn:
        raise refuse("EM4", f"it is not your turn: seat {state.turn} is to play")
    if act == "play":
        return play(state, a, seat)
    if act == "draw":
        return draw(state, seat)
    if act == "pass":
        return pass_turn(state, seat)
    raise refuse(NOTHING_TO_ANSWER[act], f"there is nothing to {act.replace('_', ' ')} right now")


NOTHING_TO_ANSWER = {
    "take": "EM7",
    "block": "EM12",
    "accept": "EM12",
    "safe": "EM11",
    "gamble": "EM11",
    "donate_pick": "EM10",
}


def play(state: State, a: Action, seat: int) -> Result:
    card = a.card or ""
    drawn = state.drawn
    if drawn is True:
        raise refuse("EM4", "the draw found nothing: pass")
    if drawn is not None and card != drawn:
        raise refuse("EM4", "after drawing you may play only the card you drew, or pass")
    if card not in state.hands[seat]:
        raise refuse("EM4", f"you do not hold the {CARDS[card].name}")
    if not fits(card, state.top.card, state.top.color):
        top = state.top
        colour = f" (the colour is {COLOUR_NAMES[top.color]})" if top.color else ""
        raise refuse(
            "EM3",
            f"the {CARDS[card].name} does not go on the {CARDS[top.card].name}{colour}: "
            "match its smiley, colour or symbol, or play a grey card",
        )
    return put_down(state, a, seat, "play")


def jump_in(state: State, a: Action, seat: int, window: Window) -> Result:
    card = a.card or ""
    if card != window.card:
        raise refuse("EM5", f"only the very same card, the {CARDS[window.card].name}, can jump in")
    if seat == window.seat and not state.options.self_jump:
        raise refuse("EM5", "you cannot jump in on the card you just put down yourself")
    if card not in state.hands[seat]:
        raise refuse("EM5", f"you do not hold the {CARDS[card].name}")
    return put_down(state, a, seat, "jump_in")


def put_down(state: State, a: Action, seat: int, how: str) -> Result:
    """A `play` or `jump_in` of one card (EM5, EM6, EM16-EM18)."""
    card = a.card or ""
    rest = remove_one(state.hands[seat], card)
    assert rest is not None  # the callers checked the card is held
    ends = not rest and a.maumau
    check_choice(a, seat, len(state.hands), ends)
    t = Table(state)
    t.punish_owing(seat)
    wild = KIND[card] in WILDS
    colour = a.color if wild else COLOUR[card]
    t.put(seat, card, colour, rest)
    t.drawn = None
    verb = "plays" if how == "play" else "jumps in with"
    named = f" and names {COLOUR_NAMES[colour]}" if wild and colour else ""
    target = f" to swap hands with {p(a.target)}" if a.target is not None and not ends else ""
    data: dict[str, object] = {"color": colour} if wild and colour else {}
    if a.target is not None and not ends:
        data["target"] = a.target
    t.say(how, f"{p(seat)} {verb} {{cards}}{target}{named}", seat, (card,), **data)
    if own_call(t, seat, rest, a):
        return end_round(t, seat)
    t.settle_calls()
    if state.options.jump_in:
        swap_target = a.target if KIND[card] == SWAP else None
        t.window = _new(Window, ("jump", card, seat, swap_target))
        t.turn = None
        t.donate_order = None
        t.say("window", "Anyone holding the very same card may jump in", seat, (card,), open=True)
        return t.result()
    resolve(t, seat, card, a.target)
    return t.result()


def own_call(t: Table, seat: int, rest: Hand, a: Action) -> bool:
    """EM16-EM18 for the seat that just put a card down; True when the round ends."""
    if not rest:
        if a.maumau:
            t.say("maumau", f"{p(seat)} calls Mau-Mau", seat)
            return True
        got = t.take(seat, 2)
        t.say("penalty", f"{p(seat)} did not call Mau-Mau and takes {got} penalty cards", seat, count=got)
    elif len(rest) == 1:
        if a.mau:
            t.say("mau", f"{p(seat)} calls Mau", seat)
        elif seat not in t.must_call:
            t.must_call.append(seat)
    return False


def resolve(t: Table, seat: int, card: str, target: int | None) -> None:
    """The effect of the card on top, as played by `seat` (EM7-EM15): at `close`, or at once
    when jump-ins are off. A Take count adds to the hit the card answered (EM6, EM7, EM14)."""
    kind = KIND[card]
    nxt = t.left(seat)
    answered = t.pending
    t.pending = None
    t.window = None
    t.turn = nxt
    t.drawn = None
    if kind == SMILEY:
        return
    if kind in (TAKE2, TAKE4):
        base = answered.cards if answered is not None and answered.kind == kind else 0
        pend(t, nxt, kind, base + (2 if kind == TAKE2 else 4), seat)
    elif kind == SKIP:
        pend(t, nxt, "SK", 0, seat)
    elif kind == SWAP:
        assert target is not None  # check_choice saw to it
        pend(t, target, "SW", 0, seat)
    elif kind == DONATE:
        if t.hands[seat]:
            order_donation(t, seat)
            pend(t, nxt, "DN", 0, seat)
    elif kind == GAMBLE:
        pend(t, nxt, "GM", 0, seat)
    elif kind == EXTRA and t.options.extra == "all_swap":
        pass_all_hands(t)


def order_donation(t: Table, donor: int) -> None:
    """EM10: the donor's hand face down, in an order shuffled from the seed."""
    s = t.s
    t.donate_order = shuffled(t.hands[donor], "emojical", s.seed, "hand", t.hand, "donate", t.reshuffles, len(t.pile))


def pass_all_hands(t: Table) -> None:
    """EM15 `all_swap`: every hand goes to the left neighbour; owed calls are cleared."""
    n = t.n
    t.hands = [t.hands[(i - 1) % n] for i in range(n)]
    t.must_call = []
    t.say("swap_all", "Every player passes their whole hand to the left")


def pend(t: Table, target: int, kind: str, cards: int, source: int) -> None:
    """Make `target` answer a `kind` action, or suffer it at once when it has no real choice (C6, C12)."""
    t.pending = _new(Pending, (target, kind, cards, source))
    t.turn = target
    if kind == "T2" or kind == "T4":
        t.say("hit", f"{p(target)} must answer a {NAMES[kind]} hit of {cards} cards", target, count=cards, hit=kind)
    else:
        t.say("hit", f"{p(target)} must answer the {NAMES[kind]}", target, hit=kind)
    hand = t.hands[target]
    block = blocker(t.pending, t.top)
    if block is not None and block in hand:
        return
    if kind in ROLLS:
        if ROLLS[kind].isdisjoint(hand):
            take_hit(t, target)
    elif kind == "SK":
        suffer_skip(t, target)
    elif kind == "SW":
        swap_hands(t, target)
    elif kind == "DN" and t.options.donate == "random":
        donate(t, target, 0)


def take_hit(t: Table, seat: int) -> None:
    pending = t.pending
    assert pending is not None
    t.punish_owing(seat)
    got = t.take(seat, pending.cards)
    t.pending = None
    t.turn = seat
    t.drawn = None
    t.say("take", f"{p(seat)} takes {got} cards", seat, count=got)
    t.settle_calls()


def suffer_skip(t: Table, seat: int) -> None:
    t.pending = None
    t.turn = t.left(seat)
    t.say("skip", f"{p(seat)} misses the turn", seat)


def swap_hands(t: Table, seat: int) -> None:
    """EM9: the Card swap's player and its target exchange hands; the target plays next."""
    pending = t.pending
    assert pending is not None
    other = pending.source
    t.hands[seat], t.hands[other] = t.hands[other], t.hands[seat]
    t.must_call = [s for s in t.must_call if s != seat and s != other]
    t.pending = None
    t.turn = seat
    t.say("swap", f"{p(other)} and {p(seat)} swap hands", other, target=seat)


def donate(t: Table, seat: int, index: int) -> None:
    """EM10: the recipient takes the card at `index` of the donor's face-down hand."""
    pending = t.pending
    order = t.donate_order
    assert pending is not None
    assert order is not None
    t.punish_owing(seat)
    donor = pending.source
    card = order[index]
    rest = remove_one(t.hands[donor], card)
    assert rest is not None  # the order is the donor's hand, which only penalty cards changed since
    t.hands[donor] = rest
    t.hands[seat] = (*t.hands[seat], card)
    t.pending = None
    t.donate_order = None
    t.say("donate", f"{p(seat)} takes a card from {p(donor)}'s hand", seat, source=donor)
    t.settle_calls()
    if not rest:
        end_round(t, donor)
        return
    # after a turned Donating the first player (the donor) takes the turn (settled point)
    t.turn = donor if t.pile.last().seat is None else seat


def close(state: State) -> Result:
    window = state.window
    if window is None:
        raise refuse("C5", "there is no window to close")
    t = Table(state)
    t.say("window", "The jump-in window closes", window.seat, (window.card,), open=False)
    resolve(t, window.seat, window.card, window.target)
    return t.result()


def late_mau(state: State, seat: int) -> Result:
    if seat not in state.must_call:
        raise refuse("EM16", "you owe no Mau call")
    t = Table(state)
    t.must_call.remove(seat)
    t.say("mau", f"{p(seat)} calls Mau", seat)
    return t.result()


def draw(state: State, seat: int) -> Result:
    if state.drawn is not None:
        raise refuse("EM4", "you have drawn already: play the card you drew or pass")
    if not can_draw(state, state.hands[seat]):
        raise refuse("EM4", "a card in your hand fits: you must play one")
    t = Table(state)
    t.punish_owing(seat)
    if t.take(seat, 1):
        t.drawn = t.hands[seat][-1]
        t.say("draw", f"{p(seat)} draws a card", seat, count=1)
    else:
        t.turn = t.left(seat)
        t.drawn = None
        t.say("draw", f"{p(seat)} finds no card to draw; the turn passes", seat, count=0)
    t.settle_calls()
    return t.result()


def pass_turn(state: State, seat: int) -> Result:
    if state.drawn is None:
        raise refuse("EM4", "you may pass only after drawing: play a card that fits or draw one")
    t = Table(state)
    t.turn = t.left(seat)
    t.drawn = None
    t.say("pass", f"{p(seat)} passes", seat)
    return t.result()


def answer(state: State, a: Action, seat: int, pending: Pending) -> Result:
    """The target's answer to a pending action (EM7-EM12, EM14)."""
    act = a.act
    kind = pending.kind
    if act == "play":
        rolls = ROLLS.get(kind)
        card = a.card or ""
        if rolls is None or card not in rolls:
            raise refuse(RULING[kind], wrong_answer(state, pending))
        if card not in state.hands[seat]:
            raise refuse("EM4", f"you do not hold the {CARDS[card].name}")
        return put_down(state, a, seat, "play")
    if act == "take":
        if kind not in ROLLS:
            raise refuse(RULING[kind], wrong_answer(state, pending))
        t = Table(state)
        take_hit(t, seat)
        return t.result()
    if act == "block":
        return block(state, a, seat, pending)
    if act == "accept":
        if kind not in ("SK", "SW") and not (kind == "DN" and state.options.donate == "random"):
            raise refuse(RULING[kind], wrong_answer(state, pending))
        t = Table(state)
        if kind == "SK":
            suffer_skip(t, seat)
        elif kind == "SW":
            swap_hands(t, seat)
        else:
            donate(t, seat, 0)
        return t.result()
    if act == "safe" or act == "gamble":
        if kind != "GM":
            raise refuse(RULING[kind], wrong_answer(state, pending))
        t = Table(state)
        t.punish_owing(seat)
        (gamble if act == "gamble" else safe)(t, seat)
        t.pending = None
        t.turn = seat
        t.drawn = None
        t.settle_calls()
        return t.result()
    if act == "donate_pick":
        if kind != "DN" or state.options.donate != "index":
            raise refuse(RULING[kind], wrong_answer(state, pending))
        order = state.donate_order or ()
        index = a.pick if a.pick is not None else -1
        if not 0 <= index < len(order):
            raise refuse("EM10", f"pick a card by its place in the donor's hand: 0 to {len(order) - 1}")
        t = Table(state)
        donate(t, seat, index)
        return t.result()
    raise refuse(RULING[kind], wrong_answer(state, pending))


def wrong_answer(state: State, pending: Pending) -> str:
    """What the target of `pending` may do, in words (for a refusal)."""
    kind = pending.kind
    if kind == "T2":
        return f"only a Take 2 can answer a Take 2 hit: play one, block it or take {pending.cards} cards"
    if kind == "T4":
        return f"only a Take 4 can answer a Take 4 hit: play one or take {pending.cards} cards"
    if kind == "SK":
        return "you are skipped: block it with a Blocking card of its colour, or accept"
    if kind == "SW":
        return "your hand is to be swapped: block it with a Blocking card of its colour, or accept"
    if kind == "DN":
        if state.options.donate == "index":
            return "you receive a donation: pick a face-down card (donate_pick) or block it"
        return "you receive a donation: block it or accept"
    return "you face a Gambling: play safe (take 4), gamble, or block it"


def safe(t: Table, seat: int) -> None:
    got = t.take(seat, 4)
    t.say("safe", f"{p(seat)} plays safe and takes {got} cards", seat, count=got)


def gamble(t: Table, seat: int) -> None:
    """EM11: the top card of the draw pile is turned for all: a smiley costs 8 cards, an action card 1."""
    if not t.draw:
        t.rebuild()
    if not t.draw:
        t.say("gamble", f"{p(seat)} gambles, but there is no card to turn", seat, count=0)
        return
    card = t.draw[0]
    count = 8 if KIND[card] == SMILEY else 1
    got = t.take(seat, count)
    t.say("gamble", f"{p(seat)} gambles and turns {{cards}}: takes {got} cards", seat, (card,), count=got)


def block(state: State, a: Action, seat: int, pending: Pending) -> Result:
    """EM12: a Blocking card of the action card's colour voids it; play goes on from the blocker's left."""
    if pending.kind == "T4":
        raise refuse("EM12", "a grey card cannot be blocked: play a Take 4 or take the cards")
    need = blocker(pending, state.top)
    card = a.card or ""
    if card != need:
        colour = COLOUR[state.top.card]
        raise refuse("EM12", f"only a {COLOUR_NAMES[colour or 'Y']} Blocking card blocks this {NAMES[pending.kind]}")
    rest = remove_one(state.hands[seat], card)
    if rest is None:
        raise refuse("EM4", f"you do not hold the {CARDS[card].name}")
    t = Table(state)
    t.punish_owing(seat)
    t.put(seat, card, COLOUR[card], rest)
    t.pending = None
    t.donate_order = None
    t.drawn = None
    t.say("block", f"{p(seat)} blocks the {NAMES[pending.kind]} with {{cards}}", seat, (card,), hit=pending.kind)
    if own_call(t, seat, rest, a):
        return end_round(t, seat)
    t.settle_calls()
    t.turn = t.left(seat)
    return t.result()


# --- the end of a round and the deal -----------------------------------------------------------------


def end_round(t: Table, winner: int) -> Result:
    """EM18-EM20: score the round; end the game or deal the next round."""
    points = tuple(0 if i == winner else hand_points(h) for i, h in enumerate(t.hands))
    gain = sum(points)
    t.last_hand = _new(LastHand, (winner, points))
    t.say("out", f"{p(winner)} has no cards left", winner)
    target = t.options.target
    if target == 0:
        totals = None
        over = True
    else:
        before = t.totals or (0,) * t.n
        totals = tuple(x + gain if i == winner else x for i, x in enumerate(before))
        over = totals[winner] >= target
    t.totals = totals
    t.say(
        "hand_over",
        f"{p(winner)} wins round {t.hand} and scores {gain} points",
        winner,
        hand=t.hand,
        points=points,
        totals=totals,
    )
    if over:
        t.over = True
        t.winners = (winner,)
        t.turn = None
        t.pending = None
        t.window = None
        t.must_call = []
        t.drawn = None
        t.donate_order = None
        t.say("game_over", f"The game is over: {p(winner)} wins", winner, winners=(winner,))
        return t.result()
    deal(t, t.hand + 1, t.left(t.dealer))
    return t.result()


def deal(t: Table, hand: int, dealer: int) -> None:
    """EM1, EM2: deal round `hand`, turn the top card and let it act on the first player."""
    n = t.n
    cards = shuffled(t.options.deck_cards(), "emojical", t.s.seed, "hand", hand)
    dealt = HAND_SIZE * n
    first = (dealer + 1) % n
    hands: list[Hand] = [()] * n
    for i in range(n):
        hands[(first + i) % n] = cards[i:dealt:n]
    turned = cards[dealt]
    colour = COLOUR[turned]
    t.hands = hands
    t.draw = cards[dealt + 1 :]
    t.pile = Pile((), (_new(PileEntry, (None, turned, colour)),))
    t.top = _new(Top, (turned, colour))
    t.pending = None
    t.window = None
    t.drawn = None
    t.must_call = []
    t.donate_order = None
    t.reshuffles = 0
    t.hand = hand
    t.dealer = dealer
    t.turn = first
    t.say("deal", f"Round {hand}: {p(dealer)} deals and turns {{cards}}", dealer, (turned,), hand=hand)
    kind = KIND[turned]
    if kind in (TAKE2, TAKE4):
        pend(t, first, kind, 2 if kind == TAKE2 else 4, dealer)
    elif kind == SKIP:
        pend(t, first, "SK", 0, dealer)
    elif kind == GAMBLE:
        pend(t, first, "GM", 0, dealer)
    elif kind == DONATE:
        order_donation(t, first)
        pend(t, (first + 1) % n, "DN", 0, first)
    elif kind == EXTRA and t.options.extra == "all_swap":
        pass_all_hands(t)


def new_game(options: Options, seats: int, seed: int | str) -> State:
    """A new game with its first round dealt by seat 0 (EM1)."""
    blank = _new(
        State,
        (
            options,
            ((),) * seats,
            (),
            Pile(),
            _new(Top, ("CP", None)),
            None,
            None,
            None,
            (),
            None,
            0,
            None if options.target == 0 else (0,) * seats,
            seed,
            1,
            False,
            None,
            None,
            0,
            None,
        ),
    )
    t = Table(blank)
    deal(t, 1, 0)
    return t.result()[0]


def fitting_cards(state: State, hand: Hand) -> list[str]:
    """The distinct codes of `hand` that fit the top (EM3), in hand order."""
    fit = fitting(state.top)
    return [c for c in dict.fromkeys(hand) if c in fit]
