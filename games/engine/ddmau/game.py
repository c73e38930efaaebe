"""DD MAU (RULINGS.md R1-R50) as a `Rules` object.

`step` returns the new state and the public events of the action (`..events`): the play, who
picks up how many and misses the turn, who is skipped, reversals, reshuffles, the hand's scoring.

The hooks, in the order a game meets them: `deck`, `hand_size`, `first_dealer` (R4), `deal`
(R3, R5, R48), the play checker (`plays.PlayChecker`: R7-R16, R38-R42), `targets` (R21, R44),
`play_effects` (R18-R24), the turn acts (R17, R25, R27, R45-R47), `score_hand` (R28-R30, R36,
R48), `settle` (R31, R34, R35) and `next_dealer` (R33, R49).

State-level API (no dicts): `DDMAU.step(state, action)` and `DDMAU.legal(state, seat)` with
`state.State` and `state.Action`; `DDMAU.read`/`write` convert at the boundary.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, ClassVar

from ..errors import refuse
from ..events import Event, event, p
from ..rules import CardFace, Option, Rules
from ..shuffle import position_seed, shuffled
from ..view import view_of
from . import convert
from .cards import (
    COLOUR_NAMES,
    DECK_MASTER,
    JUST_TAKE_TWO,
    MASTER_MAU,
    OTHER_WAY,
    POINTS,
    SHADOW_MASTER,
    standard_deck,
)
from .moves import legal_actions
from .notation import format_action, normalize_action
from .options import DEFAULT_OPTIONS, OPTION_SPECS, Options
from .plays import HITS, PlayChecker, PlayFacts, visible_in_entry
from .presentation import card_face, describe_action
from .state import MAX_DRAWS, MAX_SEATS, Action, Hand, LastHand, Pending, PileEntry, State, Top

MODES = ("standard", "tournament")
# builds a NamedTuple without its Python-level `__new__`: every field given, in order
_new = tuple.__new__
TEAMS: Mapping[int, tuple[tuple[int, ...], ...]] = {4: ((0, 2), (1, 3)), 6: ((0, 3), (1, 4), (2, 5))}
DRAWS_A_CARD = "draws a card"  # a draw's words after the player's name
# the events that are the same every time for a seat (events are immutable): a draw of one card, a
# pass, and the start of a play's words; made once rather than on every action
_DRAW_EVENTS = tuple(event("draw", f"{p(seat)} {DRAWS_A_CARD}", seat, count=1) for seat in range(MAX_SEATS))
_PASS_EVENTS = tuple(event("pass", f"{p(seat)} passes", seat) for seat in range(MAX_SEATS))
_PLAYS_WORDS = tuple(f"{p(seat)} plays {{cards}}" for seat in range(MAX_SEATS))


def remove_cards(hand: Hand, cards: tuple[str, ...]) -> Hand | None:
    """`hand` without `cards` (as multisets), or None if the hand does not hold them all."""
    if len(cards) == 1:
        try:
            i = hand.index(cards[0])
        except ValueError:
            return None
        return hand[:i] + hand[i + 1 :]
    rest = list(hand)
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            return None
    return tuple(rest)


def advance(seat: int, direction: int, steps: int, seats: int, skip: tuple[int, ...] | frozenset[int]) -> int:
    """The seat `steps` places on from `seat` in `direction`, passing over the seats in `skip` (R44)."""
    if len(skip) >= seats:
        return seat  # nobody left to move to (the game is over)
    for _ in range(steps):
        seat = (seat + direction) % seats
        while seat in skip:
            seat = (seat + direction) % seats
    return seat


class _Table:
    """The moving parts of a state during one action: hands, draw and pile, and the reshuffle counter."""

    __slots__ = ("draw", "events", "hands", "pile", "reshuffles", "state", "top_is_empty")

    def __init__(
        self, state: State, hands: tuple[Hand, ...], pile: tuple[PileEntry, ...], top_is_empty: bool | None = None
    ) -> None:
        self.state = state
        self.hands = hands  # a tuple: most plays pick up nothing, and the state takes it as it is
        self.draw = state.draw
        self.pile = pile
        self.reshuffles = state.reshuffles
        self.events: list[Event] = []
        # R49 looks at the top after the action that needs the cards
        self.top_is_empty = state.top is None if top_is_empty is None else top_is_empty

    def take(self, seat: int, count: int) -> int:
        """`seat` picks up `count` cards one by one, rebuilding the draw pile when it runs out (R32);
        what cannot be drawn at all is not drawn (R47). Returns how many it got."""
        if count <= 0:
            return 0
        if len(self.draw) < count:
            got = self.draw
            self.draw = ()
            self._reshuffle()
            need = count - len(got)
            got, self.draw = got + self.draw[:need], self.draw[need:]
        else:
            got, self.draw = self.draw[:count], self.draw[count:]
        hands = self.hands
        self.hands = (*hands[:seat], hands[seat] + got, *hands[seat + 1 :])
        return len(got)

    def pick_up(self, seat: int, count: int, words: str, kind: str = "take") -> None:
        """`take` with its event: `words` follows the player's name ("picks up 4 and misses the turn")."""
        got = self.take(seat, count)
        self.events.append(event(kind, f"{p(seat)} {words}", seat, count=got))

    def _reshuffle(self) -> None:
        keep_from = reshuffle_point(self.pile, self.top_is_empty)
        cards = [c for entry in self.pile[:keep_from] for c in entry.cards]
        if not cards:
            return
        self.reshuffles += 1
        s = self.state
        seed = s.seed if s.seed is not None else seed_of(s)
        self.draw = self.draw + shuffled(cards, seed, "hand", s.hand, "reshuffle", self.reshuffles)
        self.pile = self.pile[keep_from:]
        self.events.append(event("reshuffle", "The discard pile is shuffled into a new draw pile", count=len(cards)))


def reshuffle_point(pile: tuple[PileEntry, ...], top_is_empty: bool) -> int:
    """R49: the index of the first pile entry a reshuffle keeps (the play holding the effective top)."""
    if top_is_empty:
        return len(pile)
    for i in range(len(pile) - 1, -1, -1):
        if visible_in_entry(pile[i]) is not None:
            return i
    return len(pile)


def seed_of(s: State) -> str:
    """A stand-in seed for a hand-built position without one (see `shuffle`)."""
    return position_seed(s.hands, s.draw, [e.cards for e in s.pile], s.totals, s.hand, s.dealer)


class DDMau(Rules[State, Action]):
    """DD MAU. One instance per set of house rule options (`for_options`)."""

    key: ClassVar[str] = "ddmau"
    title: ClassVar[str] = "DD MAU"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = MAX_SEATS
    higher_total_wins: ClassVar[bool] = False
    option_specs: ClassVar[tuple[Option, ...]] = OPTION_SPECS
    out_of_turn_acts: ClassVar[frozenset[str]] = frozenset({"catch"})
    modes: ClassVar[tuple[str, ...]] = MODES
    team_sizes: ClassVar[Mapping[int, tuple[tuple[int, ...], ...]]] = TEAMS

    def __init__(self, options: Options = DEFAULT_OPTIONS, checker: PlayChecker | None = None) -> None:
        self.options = options
        self.checker = checker or PlayChecker()

    @staticmethod
    @lru_cache(maxsize=64)
    def for_options(options: Options) -> DDMau:
        return DDMau(options)

    # --- boundary ---
    def read(self, position: Mapping[str, Any]) -> State:
        return convert.state_from_dict(position)

    def write(self, state: State) -> dict[str, Any]:
        return convert.state_to_dict(state)

    def read_action(self, state: State, action: Any) -> Action:
        return convert.action_from_dict(action, len(state.hands))

    def write_action(self, action: Action) -> dict[str, Any]:
        return convert.action_to_dict(action)

    def view(self, position: Mapping[str, Any], seat: int | None, *, shared: bool = False) -> dict[str, Any]:
        return view_of(position, seat, shared=shared)

    def legal(self, state: State, seat: int | None) -> list[Action]:
        if seat is None:
            return []  # DD MAU has no reaction windows: the server never acts
        return legal_actions(self._rules_of(state), state, seat)

    def card(self, code: str) -> CardFace:
        return card_face(code)

    def notation(self, action: Mapping[str, Any]) -> str:
        return format_action(action)

    def normalize_action(self, action: Mapping[str, Any]) -> dict[str, Any]:
        return normalize_action(action)  # only the keys NOTATION.md knows

    def describe(self, action: Mapping[str, Any]) -> str:
        return describe_action(action)

    def option_values(self) -> dict[str, Any]:
        o = self.options
        return {
            "deck": dict(o.deck),
            "shadow_doubles": o.shadow_doubles,
            "target": o.target,
            "net_low": o.net_low,
            "net_reset": o.net_reset,
        }

    # --- what a table may be ---
    def house_rules(self, rules: Mapping[str, Any]) -> dict[str, Any]:
        try:
            return Options.from_rules(rules).to_rules()
        except ValueError as error:
            raise ValueError(f"R31: {error}") from None  # the house rules of R30-R31

    def table_options(self, *, mode: str, teams: bool) -> dict[str, Any]:
        return {"mode": mode, "teams": teams}  # R35, R36

    def seats_refusal(self, low: int, high: int) -> str:
        return f"R3: a table has {low} to {high} seats"

    def partnership_refusal(self, seats: int) -> str | None:
        return None if seats in TEAMS else "R36: partnerships need 4 or 6 seats"

    # --- out of turn (R27) ---
    def may_react(self, position: Mapping[str, Any]) -> bool:
        """The only out-of-turn act is the catch of a missed call: is there one to catch?"""
        return position.get("must_call") is not None

    def races(self, act: str) -> bool:
        """A catch is made on the view that showed the missed call: made on an older one, it is
        stale rather than a race."""
        return False

    # --- what a position shows (the site's presenter asks rather than working it out) ---
    def effective_top(self, position: Mapping[str, Any]) -> Top | None:
        """R7, R8, R16: the effective top of a position or a view: the card, its current colour,
        the kind it counts as (a Master Mau's declaration, read from the pile) and its number."""
        return convert.read_top(position)

    def draws_left(self, position: Mapping[str, Any]) -> int:
        """R17: how many more cards the seat on turn may draw this turn."""
        return max(0, MAX_DRAWS - int(position.get("draws") or 0))

    def safety_nets(
        self,
        last_hand: Mapping[str, Any],
        totals_before: Sequence[int] = (),
        teams: Sequence[Sequence[int]] | None = None,
        out: Sequence[int] = (),
    ) -> tuple[int, ...]:
        """R31: the seats whose total fell back into the safety net when the hand `last_hand` (a
        position's `last_hand`) was scored: as the hand recorded them (`nets`), else, for a position
        written before hands recorded them, scored again on `totals_before` (the totals before the
        hand; without them, none is known). `teams` and `out`: the position's partnerships and the
        seats out of the game."""
        recorded = last_hand.get("nets")
        if recorded is not None:
            return tuple(recorded)
        if not totals_before:
            return ()
        points = list(last_hand.get("points") or ())
        multiplier = int(last_hand.get("multiplier") or 1)
        partners = None if not teams else tuple(tuple(team) for team in teams)
        gains = self.gains(totals_before, points, int(last_hand["out"]), multiplier, partners, tuple(out))
        return tuple(
            seat
            for seat, gain in enumerate(gains)
            if seat not in out
            and seat < len(totals_before)
            and self.safety_net(totals_before[seat] + gain) != totals_before[seat] + gain
        )

    # --- the dict boundary, with DD MAU's fast paths (see unread_pile.py): convert's functions are
    # the methods themselves (they take the rules first), a call less on every `apply` and
    # `legal_actions` ---
    apply_dict = convert.apply_dict
    legal_dicts = convert.legal_dicts

    # --- the deal (R1-R5, R48) ---
    def deck(self) -> tuple[str, ...]:
        return standard_deck(dict(self.options.deck))

    def hand_size(self, players: int) -> int:
        return 9 if players == 2 else 7 if players <= 7 else 5

    def first_dealer(self, seats: int, seed: int | str) -> tuple[int, Hand]:
        """R4: deal face up from seat 0 until a Deck Master shows; the dealer and the cards shown."""
        deck = shuffled(self.deck(), seed, "dealoff")
        at = deck.index(DECK_MASTER)
        return at % seats, deck[: at + 1]

    def deal(
        self, seats: int, dealer: int, hand: int, seed: int | str, out: tuple[int, ...]
    ) -> tuple[tuple[Hand, ...], Hand, int]:
        """The deal of hand `hand`: the hands, the draw pile and the seat that leads (R5, R48)."""
        active = [advance(dealer, 1, i, seats, out) for i in range(1, seats - len(out) + 1)]
        size = self.hand_size(len(active))
        deck = shuffled(self.deck(), seed, "hand", hand)
        hands: list[Hand] = [()] * seats
        dealt = size * len(active)
        for r, seat in enumerate(active):
            hands[seat] = deck[r : dealt : len(active)]
        return tuple(hands), deck[dealt:], active[0]

    def new_game(  # type: ignore[override]  # DD MAU's own options: mode (R35) and teams (R36)
        self, seats: int, *, seed: int | str, mode: str = "standard", teams: bool = False
    ) -> State:
        if not isinstance(seats, int) or isinstance(seats, bool) or not 2 <= seats <= MAX_SEATS:
            raise ValueError("R3: DD MAU is for 2 to 10 players")
        if not isinstance(seed, int | str) or isinstance(seed, bool):
            raise ValueError("the seed must be a whole number or a string")
        if mode not in MODES:
            raise ValueError("mode must be 'standard' or 'tournament'")
        if teams and seats not in TEAMS:
            raise ValueError("R36: team play is for 4 or 6 players")
        dealer, dealoff = self.first_dealer(seats, seed)
        hands, draw, lead = self.deal(seats, dealer, 1, seed, ())
        return State(
            options=self.options,
            hands=hands,
            draw=draw,
            pile=(),
            top=None,
            streak=0,
            pending=None,
            turn=lead,
            direction=1,
            draws=0,
            must_call=None,
            blocked=None,
            dealer=dealer,
            totals=(0,) * seats,
            out=(),
            teams=TEAMS[seats] if teams else None,
            mode=mode,
            seed=seed,
            hand=1,
            over=False,
            winners=None,
            last_hand=None,
            reshuffles=0,
            dealoff=dealoff,
        )

    # --- acting ---
    def _rules_of(self, state: State) -> DDMau:
        if state.options is self.options or state.options == self.options:
            return self
        return DDMau.for_options(state.options)

    def step(self, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        rules = self._rules_of(state)
        if state.over:
            raise refuse("R50", "the game is over")
        seat = action.seat
        act = action.act
        if act == "catch":
            return rules.catch(state, action)
        if seat in state.out:
            raise refuse("R35", f"seat {seat} is out of the game")
        pending = state.pending
        to_act = state.turn if pending is None else pending.target
        if seat != to_act:
            raise refuse("R17", f"it is not your turn: seat {to_act} is to act")
        if pending is not None and act not in ("take", "block"):
            raise refuse("R25", "a pending hit must be taken or blocked first")
        if act == "play":
            return rules.play(state, action)
        if act == "draw":
            return rules.draw_card(state, seat)
        if act == "pass":
            return rules.pass_turn(state, seat)
        if act == "take":
            return rules.take(state, seat)
        if act == "block":
            return rules.block(state, seat)
        raise refuse("R17", f"unknown act {act!r}")

    def advance(self, state: State, action: Action) -> State:
        """`step` without the events, for bots and benchmarks."""
        return self.step(state, action)[0]

    def targets(self, state: State, seat: int, direction: int, skips: int, going_out: bool = False) -> int:
        """R21, R44 (R28 when going out): the seat a play with `skips` Skips lands on."""
        skip: tuple[int, ...] | frozenset[int] = state.out
        if going_out:
            skip = frozenset((*state.out, seat))
        return advance(seat, direction, skips + 1, len(state.hands), skip)

    def skipped(self, state: State, seat: int, direction: int, skips: int) -> list[Event]:
        """The events of the seats a play's Skips pass over (R21)."""
        return [
            event("skip", f"{p(s)} is skipped", s)
            for s in (advance(seat, direction, i, len(state.hands), state.out) for i in range(1, skips + 1))
        ]

    def next_seat(self, state: State, seat: int, direction: int | None = None) -> int:
        return advance(seat, state.direction if direction is None else direction, 1, len(state.hands), state.out)

    def check_play(self, state: State, action: Action) -> PlayFacts:
        hand = state.hands[action.seat]
        return self.checker.check(state.top, state.streak, len(hand), action.cards, action.mm, action.color)

    def play(self, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        seat = action.seat
        rest = remove_cards(state.hands[seat], action.cards)
        if rest is None:
            raise refuse("R17", "you do not hold all of those cards")
        facts = self.check_play(state, action)
        entry: PileEntry = _new(PileEntry, (seat, action.cards, action.mm, facts.color, False))
        hands = (*state.hands[:seat], rest, *state.hands[seat + 1 :])
        # `+` rather than unpacking: an unread pile (unread_pile.py) takes a play on top that way only
        table = _Table(state, hands, state.pile + (entry,), facts.top is None)  # noqa: RUF005
        table.events.append(play_event(seat, action, facts))
        if len(rest) == 1 and action.ddmau:
            table.events.append(event("call", f"{p(seat)} calls DD MAU", seat))
        if facts.going_out:
            return self.go_out(state, table, seat, facts, entry)
        return self.play_effects(state, table, seat, facts, bool(len(rest) == 1 and not action.ddmau))

    def play_effects(
        self, state: State, table: _Table, seat: int, facts: PlayFacts, missed_call: bool
    ) -> tuple[State, tuple[Event, ...]]:
        """R18-R24: where the turn goes, the direction, and the hit (picked up at once without a Master Mau, R25)."""
        body, skips = facts.body, facts.skips
        direction = state.direction
        effect = body[skips].kind if skips < len(body) else None
        pending = None
        events = table.events
        if skips:
            events.extend(self.skipped(state, seat, direction, skips))
        if effect == OTHER_WAY:
            flipped = direction if (len(body) - skips) % 2 == 0 else -direction
            turn = seat if skips == 0 else self.targets(state, seat, direction, skips)
            direction = flipped
            if flipped != state.direction:
                events.append(event("reverse", "Play turns around", seat))
        elif effect in HITS:
            target = self.targets(state, seat, direction, skips)
            count = 2 * facts.streak
            if MASTER_MAU in table.hands[target]:
                pending = Pending(target, effect or "", count)
                turn = target
                events.append(
                    event(
                        "hit",
                        f"{p(target)} is hit for {count} cards: block with a Master Mau or take them",
                        target,
                        count=count,
                    )
                )
            elif effect == JUST_TAKE_TWO:
                table.pick_up(target, count, f"picks up {count} and plays on")
                turn = target
            else:
                table.pick_up(target, count, f"picks up {count} and misses the turn")
                turn = self.next_seat(state, target)
        else:
            turn = self.targets(state, seat, direction, skips)
        # `state._replace(hands=..., draw=..., pile=..., top=..., streak=..., pending=..., turn=...,
        # direction=..., draws=0, must_call=..., blocked=None, reshuffles=...)`, built directly: a
        # `_replace` of twelve fields costs four times as much, on every play
        after: State = _new(
            State,
            (
                state[0],  # options
                table.hands,
                table.draw,
                table.pile,
                facts.top,
                facts.streak,
                pending,
                turn,
                direction,
                0,  # draws
                seat if missed_call else None,  # must_call
                None,  # blocked
                *state[12:22],  # dealer .. last_hand
                table.reshuffles,
                state[23],  # dealoff
            ),
        )
        return after, tuple(events)

    def draw_card(self, state: State, seat: int) -> tuple[State, tuple[Event, ...]]:
        if state.draws >= MAX_DRAWS:
            raise refuse("R17", "you have drawn three times this turn: play or pass")
        draw = state.draw
        if draw:
            # the card is there (most draws): what `_Table.pick_up` does below, without the table
            hands = state.hands
            after: State = _new(
                State,
                (
                    state[0],  # options
                    (*hands[:seat], hands[seat] + draw[:1], *hands[seat + 1 :]),
                    draw[1:],
                    *state[3:9],  # pile .. direction
                    state.draws + 1,
                    None,  # must_call
                    *state[11:],  # blocked .. dealoff
                ),
            )
            return after, (_DRAW_EVENTS[seat],)
        table = _Table(state, state.hands, state.pile)
        table.pick_up(seat, 1, DRAWS_A_CARD, "draw")
        # `state._replace(hands=..., draw=..., pile=..., draws=state.draws + 1, must_call=None,
        # reshuffles=...)`, built directly (see `play_effects`)
        after = _new(
            State,
            (
                state[0],  # options
                table.hands,
                table.draw,
                table.pile,
                *state[4:9],  # top .. direction
                state.draws + 1,
                None,  # must_call
                *state[11:22],  # blocked .. last_hand
                table.reshuffles,
                state[23],  # dealoff
            ),
        )
        return after, tuple(table.events)

    def can_draw(self, state: State) -> bool:
        """R47: is there any card left to draw, reshuffle included?"""
        if state.draw:
            return True
        keep_from = reshuffle_point(state.pile, state.top is None)
        return any(entry.cards for entry in state.pile[:keep_from])

    def pass_turn(self, state: State, seat: int) -> tuple[State, tuple[Event, ...]]:
        if state.draws < MAX_DRAWS and state.blocked != seat and self.can_draw(state):
            raise refuse("R17", "you may pass only after drawing three times (or after a block)")
        # `state._replace(turn=..., draws=0, must_call=None, blocked=None)`, built directly (see `play_effects`)
        after: State = _new(State, (*state[:7], self.next_seat(state, seat), state[8], 0, None, None, *state[12:]))
        return after, (_PASS_EVENTS[seat],)

    def take(self, state: State, seat: int) -> tuple[State, tuple[Event, ...]]:
        pending = state.pending
        if pending is None or pending.target != seat:
            raise refuse("R25", "there is no hit for you to take")
        table = _Table(state, state.hands, state.pile)
        plays_on = pending.kind == JUST_TAKE_TWO
        table.pick_up(
            seat, pending.cards, f"picks up {pending.cards}" + (" and plays on" if plays_on else " and misses the turn")
        )
        after = state._replace(
            hands=table.hands,
            draw=table.draw,
            pile=table.pile,
            reshuffles=table.reshuffles,
            pending=None,
            turn=seat if plays_on else self.next_seat(state, seat),
            draws=0,
            must_call=None,
            blocked=None,
        )
        return after, tuple(table.events)

    def block(self, state: State, seat: int) -> tuple[State, tuple[Event, ...]]:
        pending = state.pending
        if pending is None or pending.target != seat:
            raise refuse("R25", "there is no hit for you to block")
        rest = remove_cards(state.hands[seat], (MASTER_MAU,))
        if rest is None:
            raise refuse("R25", "you hold no Master Mau to block with")
        entry = PileEntry(seat, (MASTER_MAU,), (), None, True)
        hands = (*state.hands[:seat], rest, *state.hands[seat + 1 :])
        pile = state.pile + (entry,)  # noqa: RUF005 - as in `play`
        blocked = event("block", f"{p(seat)} blocks the hit with {{cards}}", seat, (MASTER_MAU,), count=pending.cards)
        if not rest:
            table = _Table(state, hands, pile)
            table.events.append(blocked)
            return self.end_hand(state, table, seat, entry)
        after = state._replace(
            hands=hands,
            pile=pile,
            streak=0,
            pending=None,
            turn=seat,
            draws=0,
            must_call=None,
            blocked=seat,
        )
        return after, (blocked,)

    def catch(self, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        """R27, R46: any other seat still in the game catches a missed DD MAU; the caught seat draws 1."""
        caught = state.must_call
        if caught is None:
            raise refuse("R27", "there is no missed DD MAU call to catch")
        if action.target != caught:
            raise refuse("R27", f"seat {action.target} cannot be caught: only seat {caught} missed the call")
        if action.seat == caught:
            raise refuse("R27", "you cannot catch yourself")
        if action.seat in state.out:
            raise refuse("R27", "only players still in the game may catch")
        table = _Table(state, state.hands, state.pile)
        table.events.append(
            event(
                "caught", f"{p(action.seat)} catches {p(caught)}, who did not call DD MAU", action.seat, target=caught
            )
        )
        table.pick_up(caught, 1, "draws 1 penalty card")
        after = state._replace(
            hands=table.hands, draw=table.draw, pile=table.pile, reshuffles=table.reshuffles, must_call=None
        )
        return after, tuple(table.events)

    # --- the end of a hand (R28-R35, R48, R49) ---
    def go_out(
        self, state: State, table: _Table, seat: int, facts: PlayFacts, entry: PileEntry
    ) -> tuple[State, tuple[Event, ...]]:
        """R28: the final play's hit is still picked up, by a target other than the player going out."""
        body = facts.body
        if body and body[-1].kind in HITS:
            target = self.targets(state, seat, state.direction, facts.skips, going_out=True)
            count = 2 * facts.streak
            table.pick_up(target, count, f"picks up {count}")
        return self.end_hand(state, table, seat, entry, facts.top)

    def multiplier(self, entry: PileEntry) -> int:
        """R30: 2 for each Shadow Master in the final play, a Master Mau declared Shadow Master included."""
        if entry.block:
            return 1
        shadows = entry.cards.count(SHADOW_MASTER) + entry.mm.count(SHADOW_MASTER)
        return int(2**shadows)

    def score_hand(
        self, state: State, hands: Sequence[Hand], seat: int, entry: PileEntry
    ) -> tuple[LastHand, list[int]]:
        """R29, R30, R36, R48: each player's points, and what each seat's total gains (team sums)."""
        mult = self.multiplier(entry)
        doubles_hand = self.options.shadow_doubles == "hand"
        points = []
        for i, hand in enumerate(hands):
            if i in state.out:
                points.append(0)
            elif i == seat:
                points.append(-sum(POINTS[c] for c in entry.cards))
            else:
                hp = sum(POINTS[c] for c in hand)
                points.append(hp * mult if doubles_hand else hp)
        return LastHand(seat, tuple(points), mult), self.gains(state.totals, points, seat, mult, state.teams, state.out)

    def gains(
        self,
        totals: Sequence[int],
        points: Sequence[int],
        seat: int,
        mult: int,
        teams: tuple[tuple[int, ...], ...] | None,
        out: tuple[int, ...],
    ) -> list[int]:
        """R30, R36: what each seat's total gains from a hand's `points`, `seat` having gone out:
        partners share their sum, and under shadow_doubles "total" the Shadow Master multiplier
        `mult` doubles the others' running totals (`totals`, before the hand)."""
        scores = list(points)
        if teams:
            for team in teams:
                total = sum(points[m] for m in team)
                for m in team:
                    scores[m] = total
        if self.options.shadow_doubles != "hand" and mult > 1:
            own = set(_team_of(teams, seat))
            for i, old in enumerate(totals):
                if i not in own and i not in out:
                    scores[i] = (old + scores[i]) * mult - old
        return scores

    def team_of(self, state: State, seat: int) -> tuple[int, ...]:
        return _team_of(state.teams, seat)

    def safety_net(self, total: int) -> int:
        """R31."""
        opts = self.options
        return opts.net_reset if opts.net_low <= total <= opts.target else total

    def settle(self, state: State, totals: list[int]) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
        """R31, R34, R35: the seats out after this hand, and the winners if the game is over."""
        target = self.options.target
        alive = [i for i in range(len(totals)) if i not in state.out]
        busted = [i for i in alive if totals[i] > target]
        if state.mode != "tournament":
            if not busted:
                return state.out, None
            best = min(totals[i] for i in alive)
            return state.out, tuple(i for i in alive if totals[i] == best)
        if not busted:
            return state.out, None
        out = tuple(sorted((*state.out, *busted)))
        left = [i for i in alive if i not in busted]
        sides = {self.team_of(state, i) for i in left}
        if len(sides) >= 2:
            return out, None
        if left:
            return out, tuple(left)
        best = min(totals[i] for i in busted)
        return out, tuple(i for i in busted if totals[i] == best)

    def next_dealer(
        self, state: State, hands: Sequence[Hand], seat: int, entry: PileEntry, out: tuple[int, ...]
    ) -> int:
        """R33, R49: who deals the next hand."""
        seats = len(hands)
        if DECK_MASTER in entry.cards and seat not in out:
            return seat
        for step in range(1, seats):
            i = (seat + state.direction * step) % seats
            if i not in out and DECK_MASTER in hands[i]:
                return i
        if state.dealer not in out:
            return state.dealer
        return advance(state.dealer, 1, 1, seats, out)

    def end_hand(
        self, state: State, table: _Table, seat: int, entry: PileEntry, top: Top | None = None
    ) -> tuple[State, tuple[Event, ...]]:
        """Score the hand, apply the safety net, end the game or deal the next hand (R29-R35, R48).
        `top`: the effective top after the final play (a block leaves the top as it was)."""
        hands = table.hands
        events = table.events
        last, gains = self.score_hand(state, hands, seat, entry)
        totals = list(state.totals)
        nets = []
        for i, gain in enumerate(gains):
            if i not in state.out:
                scored = totals[i] + gain
                totals[i] = self.safety_net(scored)
                if totals[i] != scored:
                    nets.append(i)
        last = last._replace(nets=tuple(nets))
        out, winners = self.settle(state, totals)
        events.append(
            event(
                "hand_over",
                f"{p(seat)} goes out and wins hand {state.hand}",
                seat,
                hand=state.hand,
                points=last.points,
                totals=tuple(totals),
                multiplier=last.multiplier,
                nets=tuple(nets),
            )
        )
        events.extend(
            event("net", f"{p(i)} lands in the safety net: back to {totals[i]}", i, total=totals[i]) for i in nets
        )
        events.extend(event("eliminated", f"{p(i)} is out of the game", i) for i in out if i not in state.out)
        dealer = self.next_dealer(state, hands, seat, entry, out)
        ended = state._replace(
            hands=tuple(hands),
            draw=table.draw,
            pile=table.pile,
            reshuffles=table.reshuffles,
            totals=tuple(totals),
            out=out,
            dealer=dealer,
            last_hand=last,
            pending=None,
            must_call=None,
            blocked=None,
            draws=0,
        )
        if winners is not None:
            names = " and ".join(p(w) for w in winners)
            events.append(
                event(
                    "game_over", f"The game is over: {names} {'wins' if len(winners) == 1 else 'win'}", winners=winners
                )
            )
            final_top = state.top if top is None else top
            return ended._replace(over=True, winners=winners, turn=None, top=final_top), tuple(events)
        seed = state.seed if state.seed is not None else seed_of(state)
        new_hands, draw, lead = self.deal(len(hands), dealer, state.hand + 1, seed, out)
        events.append(event("deal", f"Hand {state.hand + 1}: {p(dealer)} deals", dealer, hand=state.hand + 1))
        return ended._replace(
            hands=new_hands,
            draw=draw,
            pile=(),
            top=None,
            streak=0,
            turn=lead,
            direction=1,
            hand=state.hand + 1,
            reshuffles=0,
        ), tuple(events)


def _team_of(teams: tuple[tuple[int, ...], ...] | None, seat: int) -> tuple[int, ...]:
    for team in teams or ():
        if seat in team:
            return team
    return (seat,)


def play_event(seat: int, action: Action, facts: PlayFacts) -> Event:
    """The play itself, with the colour it names (R8, R16) in words."""
    words = _PLAYS_WORDS[seat]
    mm, color = action.mm, action.color
    if mm:
        words += " (Master Mau as " + ", ".join(mm) + ")"
    if color is not None:
        words += f" and names {COLOUR_NAMES[color]}"
    # `event("play", words, seat, action.cards, mm=mm, color=color)`, built directly: one per play
    built: Event = _new(Event, ("play", words, seat, action.cards, (("mm", mm), ("color", color))))
    return built


DDMAU = DDMau()

__all__ = ["DDMAU", "DDMau"]
