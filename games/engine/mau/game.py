"""`mau` as a `Rules` object: the deal (MA1-MA2), the boundary, and the site's questions.

State-level API: `Mau.step(state, action)` and `Mau.legal(state, seat)` on `state.State` and
`state.Action`; `read`/`write`/`read_action`/`write_action` convert at the boundary.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, ClassVar

from ..events import Event
from ..rules import CardFace, Option, Rules
from ..shuffle import shuffled
from ..view import view_of
from . import convert
from .cards import SUIT, deck
from .legal import legal_actions
from .moves import step
from .notation import card_face, describe_action, format_action
from .options import DEFAULT_OPTIONS, OPTION_SPECS, Options
from .state import Action, State

MIN_PLAYERS = 2
MAX_PLAYERS = 10


class Mau(Rules[State, Action]):
    """The campus game of calls and SPAM. One instance per set of house rule options (`for_options`)."""

    key: ClassVar[str] = "mau"
    title: ClassVar[str] = "Mau"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    higher_total_wins: ClassVar[bool] = False
    option_specs: ClassVar[tuple[Option, ...]] = OPTION_SPECS
    # `play` and `draw` too: in a Joker's window its player's neighbours take the turn with them (MA8)
    out_of_turn_acts: ClassVar[frozenset[str]] = frozenset(("spam", "penalty", "play", "draw"))

    def __init__(self, options: Options = DEFAULT_OPTIONS) -> None:
        self.opts = options

    @staticmethod
    @lru_cache(maxsize=64)
    def for_options(options: Options) -> Mau:
        return Mau(options)

    # --- boundary ---
    def read(self, position: Mapping[str, Any]) -> State:
        return convert.read_state(position)

    def write(self, state: State) -> dict[str, Any]:
        return convert.write_state(state)

    def read_action(self, state: State, action: Any) -> Action:
        return convert.read_action(action, len(state.hands))

    def write_action(self, action: Action) -> dict[str, Any]:
        return convert.write_action(action)

    def remembered(self, position: dict[str, Any], state: State, before: State) -> tuple[State, dict[str, Any]] | None:
        return convert.remembered(position, state, before)

    # the dict path's own fast paths, as methods themselves (a call less on every action)
    apply_dict = convert.apply_dict
    legal_dicts = convert.legal_dicts

    def view(self, position: Mapping[str, Any], seat: int | None, *, shared: bool = False) -> dict[str, Any]:
        """C10, C11: other hands as counts, the draw as its length, no seed until the game is over,
        a drawn card as `true` for everyone but the drawer (the engine's private keys hold no cards)."""
        seen = view_of(position, seat, shared=shared)
        if position.get("over") and "seed" in position:
            seen["seed"] = position["seed"]
        if position.get("drawn") is not None and (seat is None or seat != position.get("turn")):
            seen["drawn"] = True
        return seen

    def card(self, code: str) -> CardFace:
        return card_face(code)

    def notation(self, action: Mapping[str, Any]) -> str:
        return format_action(action)

    def describe(self, action: Mapping[str, Any]) -> str:
        return describe_action(action)

    def opens_window(self, events: Sequence[Event]) -> bool:
        """A `joker` or `final` window opened (a `window` event that does not close one)."""
        return any(ev.kind == "window" and not ev.get("closed") for ev in events)

    def option_values(self) -> dict[str, Any]:
        return self.opts.values()

    def seat_counts(self) -> tuple[int, ...]:
        """MA1: 2 to 10 players, as many as the deal leaves cards to draw for."""
        return tuple(n for n in range(MIN_PLAYERS, MAX_PLAYERS + 1) if self.opts.fits_table(n))

    # --- the deal (MA1, MA2) ---
    def new_game(self, seats: int, *, seed: int | str, **options: Any) -> State:
        if options:
            raise ValueError(f"house rules come with get_rules('mau', rules), not as {sorted(options)}")
        if not isinstance(seats, int) or isinstance(seats, bool) or not MIN_PLAYERS <= seats <= MAX_PLAYERS:
            raise ValueError("MA1: mau is for 2 to 10 players")
        if not isinstance(seed, int | str) or isinstance(seed, bool):
            raise ValueError("the seed must be a whole number or a string")
        opts = self.opts
        if not opts.fits_table(seats):
            raise ValueError(
                f"MA1: {opts.hand_size} cards each for {seats} players leaves no draw pile from {opts.deck_size} cards"
            )
        return deal(opts, seats, seed)

    # --- acting (a state carries its own house rules, read from its position) ---
    def step(self, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        return step(state.options, state, action)

    def legal(self, state: State, seat: int | None) -> list[Action]:
        return legal_actions(state.options, state, seat)


def deal(opts: Options, seats: int, seed: int | str, dealer: int = 0, hand: int = 1) -> State:
    """MA1-MA2: `hand_size` cards each, one at a time from the dealer's left; the next card is
    turned up, and the dealer must `start` with it."""
    cards = shuffled(deck(opts.decks), "mau", seed, "hand", hand)
    size = opts.hand_size
    dealt = seats * size
    hands = tuple(cards[(seat - dealer - 1) % seats : dealt : seats] for seat in range(seats))
    turned = cards[dealt]
    color = SUIT[turned]
    return State(
        options=opts,
        hands=hands,
        draw=cards[dealt + 1 :],
        pile=({"seat": dealer, "cards": [turned], "color": color},),
        top=turned,
        color=color,
        pending=None,
        turn=dealer,
        direction=1,
        drawn=None,
        started=False,
        window=None,
        run=1,
        skips=0,
        extra=0,
        offences=(),
        slow=None,
        dealer=dealer,
        seed=seed,
        hand=hand,
        over=False,
        winners=None,
        last_hand=None,
        reshuffles=0,
        penalised=(),
        held=None,
    )


def factory(rules: Mapping[str, Any] | None) -> Mau:
    """The rules with the house rule options `rules` (ValueError for an unknown or bad one); one
    instance per set of options."""
    return Mau.for_options(Options.from_rules(rules))
