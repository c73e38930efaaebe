"""Danish Mau Mau (VARIANTS.md DK1-DK15 and the settled points) as a `Rules` object.

The turn flow: `step` checks who may act (DK5, DK8, DK12, DK15) and hands over to `play`, `draw`,
`take` or `catch`. A play goes through `effect` (DK6-DK11), which the deal (`start_round`) also
uses for the turned card (DK3). A last card ends the round (`end_round`: DK13-DK15) and deals the
next one. `_Table` carries the moving cards of one action and rebuilds the draw pile (C4).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, ClassVar

from games.engine.errors import refuse
from games.engine.events import Event, event, p
from games.engine.rules import CardFace, Option, Rules
from games.engine.shuffle import shuffled
from games.engine.view import HIDDEN_KEYS, view_of

from . import convert
from .cards import (
    CARDS,
    CHANGE,
    CODES,
    COLOUR_NAMES,
    COLOUR_OF,
    DECK,
    DRAW2,
    DRAW4,
    FACES,
    HAND_SIZE,
    KIND,
    NUMBER,
    POINTS,
    REVERSE,
    STOP,
)
from .moves import answers, legal_actions
from .notation import describe_action, format_action
from .options import DEFAULT_OPTIONS, OPTION_SPECS, Options
from .state import Action, Hand, LastHand, Pending, Pile, PileEntry, State, Top

VARIANT = "dansk"
DRAW2_HIT = 2
DRAW4_HIT = 4
NO_HIDDEN: frozenset[str] = frozenset()


# NamedTuples built with `tuple.__new__` skip their Python-level `__new__` (and `_replace`, which
# costs several times more): `step` builds a state and a few events per action, so this is most of
# its time saved. Every field must be given, in order.
_new = tuple.__new__


def _count(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _ev(kind: str, text: str, seat: int | None = None, data: tuple[tuple[str, Any], ...] = ()) -> Event:
    """`events.event` without keyword arguments, for the events of every action."""
    return _new(Event, (kind, text, seat, (), data))


def _moved(
    s: State,
    table: _Table,
    top: Top | None,
    pending: Pending | None,
    turn: int | None,
    direction: int,
    must_call: tuple[int, ...],
) -> State:
    """`s` after an action that moved cards (`table`) and the turn; `drawn` is cleared (DK5, C10)."""
    return _new(
        State,
        (
            s.options,
            tuple(table.hands),
            table.draw,
            table.pile,
            top,
            pending,
            turn,
            direction,
            None,
            must_call,
            s.dealer,
            s.totals,
            s.seed,
            s.hand,
            s.over,
            s.winners,
            s.last_hand,
            table.reshuffles,
        ),
    )


class _Table:
    """The cards that move during one action: hands, draw pile, discard pile, and the events."""

    __slots__ = ("draw", "events", "hand", "hands", "pile", "reshuffles", "seed")

    def __init__(self, state: State, events: list[Event]) -> None:
        self.hands = list(state.hands)
        self.draw = state.draw
        self.pile = state.pile
        self.reshuffles = state.reshuffles
        self.seed = state.seed
        self.hand = state.hand
        self.events = events

    def take(self, seat: int, count: int) -> int:
        """`seat` draws `count` cards, rebuilding the draw pile when it runs out (C4); what cannot
        be drawn at all lapses. Returns how many were drawn."""
        draw = self.draw
        if len(draw) >= count:
            got = draw[:count]
            self.draw = draw[count:]
        else:
            got = draw
            self.draw = ()
            self._rebuild()
            need = count - len(got)
            got, self.draw = got + self.draw[:need], self.draw[need:]
        if not CODES.issuperset(got):  # `read` leaves the hidden piles to be checked as they are drawn
            raise ValueError(f"not a dansk position: unknown card code drawn: {sorted(set(got) - CODES)}")
        self.hands[seat] = self.hands[seat] + got
        return len(got)

    def _rebuild(self) -> None:
        """C4: the discard pile but its top card, shuffled from the seed, is the new draw pile."""
        entries = self.pile.entries
        if len(entries) < 2:
            return
        self.reshuffles += 1
        cards = [entry.card for entry in entries[:-1]]
        self.draw = shuffled(cards, VARIANT, self.seed, "hand", self.hand, "reshuffle", self.reshuffles)
        self.pile = Pile(entries[-1:])
        self.events.append(
            event(
                "reshuffle",
                f"The discard pile is shuffled into a new draw pile of {len(cards)} cards",
                count=len(cards),
            )
        )


def next_seat(seat: int, direction: int, seats: int) -> int:
    return (seat + direction) % seats


def effect(
    table: _Table, state: State, seat: int, card: str, direction: int, hit: int
) -> tuple[int, int, Pending | None]:
    """DK6-DK11: what `card`, put down by `seat` (or turned for the dealer `seat`, DK3), does to the
    next player. `hit` is the live Draw 2 total it answers (0 for none). Returns the seat to act,
    the direction and the live hit."""
    n = len(table.hands)
    kind = KIND[card]
    events = table.events
    if kind in (NUMBER, CHANGE):
        return next_seat(seat, direction, n), direction, None
    if kind == REVERSE:
        direction = -direction
        events.append(_ev("reverse", "Play changes direction", seat, (("direction", direction),)))
        return next_seat(seat, direction, n), direction, None
    target = next_seat(seat, direction, n)
    if kind == STOP:
        events.append(_ev("skip", f"{p(target)} is stopped and skipped", target))
        return next_seat(target, direction, n), direction, None
    if kind == DRAW4:
        got = table.take(target, DRAW4_HIT)
        events.append(_ev("take", f"{p(target)} picks up {_count(got)} and misses the turn", target, (("count", got),)))
        return next_seat(target, direction, n), direction, None
    total = hit + DRAW2_HIT  # DK8
    if any(KIND[c] == DRAW2 for c in table.hands[target]):
        text = f"{p(target)} must take {total} cards or answer with a Draw 2"
        events.append(_ev("hit", text, target, (("count", total),)))
        return target, direction, _new(Pending, (target, DRAW2, total))
    # C6, C12: with no Draw 2 to answer, the target takes at once
    got = table.take(target, total)
    text = f"{p(target)} has no Draw 2, picks up {_count(got)} and misses the turn"
    events.append(_ev("take", text, target, (("count", got),)))
    return next_seat(target, direction, n), direction, None


class Dansk(Rules[State, Action]):
    """Danish Mau Mau with one set of house rule options (`for_options` caches one per set)."""

    key: ClassVar[str] = VARIANT
    title: ClassVar[str] = "Danish Mau Mau"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 10
    higher_total_wins: ClassVar[bool] = False
    option_specs: ClassVar[tuple[Option, ...]] = OPTION_SPECS
    out_of_turn_acts: ClassVar[frozenset[str]] = frozenset({"catch"})

    def __init__(self, options: Options = DEFAULT_OPTIONS) -> None:
        self.settings = options

    @staticmethod
    @lru_cache(maxsize=64)
    def for_options(options: Options) -> Dansk:
        return Dansk(options)

    # --- the boundary ---
    def read(self, position: Mapping[str, Any]) -> State:
        return convert.state_from_dict(position)

    def write(self, state: State) -> dict[str, Any]:
        return convert.state_to_dict(state)

    def read_action(self, state: State, action: Any) -> Action:
        return convert.action_from_dict(action, len(state.hands))

    def write_action(self, action: Action) -> dict[str, Any]:
        return convert.action_to_dict(action)

    def remembered(self, position: dict[str, Any], state: State, before: State) -> tuple[State, dict[str, Any]] | None:
        return convert.remembered(position, state, before)

    # the dict path's fast paths (convert.py): the functions are the methods themselves, a call less
    apply_dict = convert.apply_dict
    legal_dicts = convert.legal_dicts

    def view(self, position: Mapping[str, Any], seat: int | None, *, shared: bool = False) -> dict[str, Any]:
        """C10, C11: other hands as counts, the draw pile as its length, the seed once the game is over."""
        seen = view_of(position, seat, NO_HIDDEN if position.get("over") else HIDDEN_KEYS, shared=shared)
        drawn = seen.get("drawn")
        if drawn is not None and (seat is None or seat != position.get("turn")):
            seen["drawn"] = True
        return seen

    def card(self, code: str) -> CardFace:
        return FACES[code]

    def notation(self, action: Mapping[str, Any]) -> str:
        return format_action(action)

    def describe(self, action: Mapping[str, Any]) -> str:
        return describe_action(action)

    def option_values(self) -> dict[str, Any]:
        return self.settings.values()

    def options(self) -> dict[str, Any]:
        """Every house rule option's value (defaults included); as `option_values`."""
        return self.settings.values()

    def legal(self, state: State, seat: int | None) -> list[Action]:
        return legal_actions(state, seat)

    # --- the deal (DK1-DK3) ---
    def new_game(self, seats: int, *, seed: int | str, **options: Any) -> State:
        if not isinstance(seats, int) or isinstance(seats, bool) or not 2 <= seats <= 10:
            raise ValueError("DK1: Danish Mau Mau is for 2 to 10 players")
        if not isinstance(seed, int | str) or isinstance(seed, bool):
            raise ValueError("the seed must be a whole number or a string")
        settings = self.settings
        if options:
            settings = Options.from_rules({**settings.to_rules(), **options})
        state, _ = start_round(settings, seats, 0, 1, seed, (0,) * seats, None)
        return state

    # --- acting ---
    def step(self, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        if state.over:
            raise refuse("DK15", "the game is over: the agreed rounds have been played")
        act = action.act
        if act == "catch":
            return catch(state, action)
        seat = action.seat
        pending = state.pending
        to_act = state.turn if pending is None else pending.target
        if seat is None or seat != to_act:
            raise refuse("DK5", f"it is not your turn: seat {to_act} is to act")
        if act == "play":
            return play(state, action, seat)
        if act == "draw":
            return draw(state, seat)
        if act == "take":
            return take(state, seat)
        raise refuse("C7", f"unknown act {act!r}: play, draw, take or catch")


def play(state: State, action: Action, seat: int) -> tuple[State, tuple[Event, ...]]:
    card = action.card or ""
    hand = state.hands[seat]
    if card not in hand:
        raise refuse("DK5", f"you do not hold a {CARDS[card].name}" if card in CARDS else "you do not hold that card")
    pending = state.pending
    if card not in answers(state):
        if pending is not None:
            raise refuse("DK8", f"only a Draw 2 can answer a Draw 2 hit: play one or take {pending.cards} cards")
        raise refuse("DK4", f"a {CARDS[card].name} does not fit on the {_top_words(state.top)}")
    i = hand.index(card)
    rest = hand[:i] + hand[i + 1 :]
    color = COLOUR_OF[card] if card != CHANGE else action.color
    if color is None and card == CHANGE and rest:
        raise refuse("DK11", "a Colour change names the colour to follow: give `color` G, B, R or Y")
    events = [_new(Event, ("play", f"{p(seat)} plays {{cards}}", seat, (card,), ()))]
    if card == CHANGE and color is not None:
        events.append(_ev("color", f"{p(seat)} names {COLOUR_NAMES[color]}", seat, (("color", color),)))
    table = _Table(state, events)
    table.hands[seat] = rest
    table.pile = state.pile.push(_new(PileEntry, (seat, card, color)))
    top: Top = _new(Top, (card, color))
    if not rest:
        return end_round(state, table, seat, top)
    must_call: tuple[int, ...] = ()
    if len(rest) == 1:
        if action.mau:
            events.append(_ev("mau", f"{p(seat)} says Mau", seat))
        elif state.options.mau_catch == "catch":
            must_call = (seat,)
            events.append(_ev("no_mau", f"{p(seat)} holds one card and did not say Mau", seat))
        else:  # DK12 and "penalty cards first": before the card's effect
            got = table.take(seat, 1)
            text = f"{p(seat)} did not say Mau and draws a penalty card"
            events.append(_ev("penalty", text, seat, (("count", got),)))
    turn, direction, hit = effect(table, state, seat, card, state.direction, 0 if pending is None else pending.cards)
    return _moved(state, table, top, hit, turn, direction, must_call), tuple(events)


def _top_words(top: Top | None) -> str:
    if top is None or top.card is None:
        return "empty pile"
    name = CARDS[top.card].name
    if top.card == CHANGE and top.color is not None:
        return f"{name} (colour {COLOUR_NAMES[top.color]})"
    return name


def draw(state: State, seat: int) -> tuple[State, tuple[Event, ...]]:
    if state.pending is not None:
        raise refuse("DK8", f"a Draw 2 hit is live: take {state.pending.cards} cards or answer with a Draw 2")
    if not state.options.draw_when_able:
        ok = answers(state)
        for card in state.hands[seat]:
            if card in ok:
                raise refuse("DK5", f"you hold a card that fits ({CARDS[card].name}): you must play one")
    events: list[Event] = []
    table = _Table(state, events)
    got = table.take(seat, 1)
    text = f"{p(seat)} draws a card" if got else f"{p(seat)} finds no card to draw"
    events.append(_ev("draw", text, seat, (("count", got),)))
    # DK5: the turn passes at once, so no drawn card stays playable (C10: `drawn` stays null)
    turn = next_seat(seat, state.direction, len(state.hands))
    return _moved(state, table, state.top, None, turn, state.direction, ()), tuple(events)


def take(state: State, seat: int) -> tuple[State, tuple[Event, ...]]:
    pending = state.pending
    if pending is None:
        raise refuse("DK8", "there is no Draw 2 hit for you to take")
    events: list[Event] = []
    table = _Table(state, events)
    got = table.take(seat, pending.cards)
    events.append(_ev("take", f"{p(seat)} picks up {_count(got)} and misses the turn", seat, (("count", got),)))
    turn = next_seat(seat, state.direction, len(state.hands))
    return _moved(state, table, state.top, None, turn, state.direction, ()), tuple(events)


def catch(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """DK12 with `mau_catch: catch`: another seat catches a missed Mau; the caught seat draws 1."""
    if state.options.mau_catch != "catch":
        raise refuse("DK12", "at this table a forgotten Mau costs its card at once: there is nothing to catch")
    seat, target = action.seat, action.target
    if target is None or seat is None:
        raise refuse("C3", "a catch needs the catching seat and the seat caught")
    if target == seat:
        raise refuse("DK12", "you cannot catch yourself")
    if target not in state.must_call:
        raise refuse("DK12", f"seat {target} has no missed Mau to catch")
    events: list[Event] = []
    table = _Table(state, events)
    got = table.take(target, 1)
    text = f"{p(seat)} catches {p(target)} without Mau: {p(target)} draws a penalty card"
    events.append(_ev("caught", text, seat, (("target", target), ("count", got))))
    must_call = tuple(s for s in state.must_call if s != target)
    after = _moved(state, table, state.top, state.pending, state.turn, state.direction, must_call)
    return after._replace(drawn=state.drawn), tuple(events)


# --- rounds (DK2, DK3, DK13-DK15) ---
def end_round(state: State, table: _Table, seat: int, top: Top) -> tuple[State, tuple[Event, ...]]:
    """DK13-DK15: the last card's effect is void (a live Draw 2 total lapses); score, then deal or end."""
    events = table.events
    hands = table.hands
    n = len(hands)
    events.append(event("out", f"{p(seat)} lays the last card and wins round {state.hand}", seat, hand=state.hand))
    points = tuple(0 if i == seat else sum([POINTS[c] for c in hands[i]]) for i in range(n))
    totals = tuple(a + b for a, b in zip(state.totals, points, strict=True))
    events.append(
        event(
            "hand_over",
            f"Round {state.hand} is over: {p(seat)} scores 0, the others the points left in their hands",
            seat,
            hand=state.hand,
            points=points,
            totals=totals,
        )
    )
    last = LastHand(seat, points)
    if state.hand >= state.options.rounds:
        best = min(totals)
        winners = tuple(i for i in range(n) if totals[i] == best)
        names = " and ".join(p(w) for w in winners)
        events.append(
            event("game_over", f"The game is over: {names} won with {best} points", winners=winners, totals=totals)
        )
        ended = state._replace(
            hands=tuple(hands),
            draw=table.draw,
            pile=table.pile,
            reshuffles=table.reshuffles,
            top=top,
            pending=None,
            turn=None,
            drawn=None,
            must_call=(),
            totals=totals,
            over=True,
            winners=winners,
            last_hand=last,
        )
        return ended, tuple(events)
    dealer = (state.dealer + 1) % n  # DK2: the deal passes to the left
    new, dealt = start_round(state.options, n, dealer, state.hand + 1, state.seed, totals, last)
    return new, (*events, *dealt)


def start_round(
    options: Options,
    seats: int,
    dealer: int,
    hand: int,
    seed: int | str,
    totals: tuple[int, ...],
    last: LastHand | None,
) -> tuple[State, tuple[Event, ...]]:
    """DK2, DK3: deal round `hand`, turn up the first card and let it act as the dealer's play."""
    deck = shuffled(DECK, VARIANT, seed, "hand", hand)
    dealt = HAND_SIZE * seats
    hands: list[Hand] = [()] * seats
    for r in range(seats):  # one card at a time, from the dealer's left
        hands[(dealer + 1 + r) % seats] = deck[r:dealt:seats]
    rest = deck[dealt:]
    events: list[Event] = [event("deal", f"{p(dealer)} deals round {hand}", dealer, hand=hand)]
    turned, draw_pile = rest[0], rest[1:]
    if options.first_card == "redraw":
        while KIND[turned] != NUMBER:  # settled: a Colour change counts as special too
            events.append(
                event("redraw", "{cards} is turned, put under the draw pile, and the next card turned", cards=(turned,))
            )
            draw_pile = (*draw_pile, turned)
            turned, draw_pile = draw_pile[0], draw_pile[1:]
    color = COLOUR_OF[turned]  # None for a Colour change: any card may follow (DK3)
    events.append(event("turn_up", "{cards} is turned up to start the discard pile", cards=(turned,)))
    state = State(
        options=options,
        hands=tuple(hands),
        draw=draw_pile,
        pile=Pile((PileEntry(dealer, turned, color),)),
        top=Top(turned, color),
        pending=None,
        turn=None,
        direction=1,
        drawn=None,
        must_call=(),
        dealer=dealer,
        totals=totals,
        seed=seed,
        hand=hand,
        over=False,
        winners=None,
        last_hand=last,
        reshuffles=0,
    )
    table = _Table(state, events)
    turn, direction, hit = effect(table, state, dealer, turned, 1, 0)
    state = state._replace(hands=tuple(table.hands), draw=table.draw, turn=turn, direction=direction, pending=hit)
    return state, tuple(events)


DANSK = Dansk()


def factory(rules: Mapping[str, Any] | None) -> Dansk:
    """The rules with the house rule options `rules` (ValueError for a bad one); one instance per set."""
    return Dansk.for_options(Options.from_rules(rules))
