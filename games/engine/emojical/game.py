"""emojical Mau-Mau as a `Rules` object: the boundary, the views, and the flow of `flow.py`.

State-level API (no dicts): `step(state, action)` and `legal(state, seat)` on `state.State` and
`state.Action`; `read`/`write`/`read_action`/`write_action` convert at the boundary.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, ClassVar

from ..events import Event
from ..rules import CardFace, Option, Rules
from ..view import view_of
from . import convert, flow, moves, notation
from .options import DEFAULT_OPTIONS, OPTION_SPECS, Options
from .state import Action, State

HIDDEN = frozenset({"seed"})
HIDDEN_WHEN_OVER: frozenset[str] = frozenset()


class Emojical(Rules[State, Action]):
    """emojical Mau-Mau with one set of house rule options (`for_options` caches them)."""

    key: ClassVar[str] = "emojical"
    title: ClassVar[str] = "emojical Mau-Mau"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 10
    higher_total_wins: ClassVar[bool] = True
    option_specs: ClassVar[tuple[Option, ...]] = OPTION_SPECS
    out_of_turn_acts: ClassVar[frozenset[str]] = frozenset({"jump_in", "mau"})

    def __init__(self, options: Options = DEFAULT_OPTIONS) -> None:
        self.house = options

    @staticmethod
    @lru_cache(maxsize=64)
    def for_options(options: Options) -> Emojical:
        return Emojical(options)

    # --- boundary ---
    def read(self, position: Mapping[str, Any]) -> State:
        state = convert.state_from_dict(position)
        if "rules" not in position and self.house is not DEFAULT_OPTIONS:
            state = state._replace(options=self.house)
        return state

    def write(self, state: State) -> dict[str, Any]:
        return convert.state_to_dict(state)

    def read_action(self, state: State, action: Any) -> Action:
        return convert.action_from_dict(action, len(state.hands))

    def write_action(self, action: Action) -> dict[str, Any]:
        return convert.action_to_dict(action)

    def remembered(self, position: dict[str, Any], state: State, before: State) -> tuple[State, dict[str, Any]] | None:
        return convert.remembered(position, state, before)

    # --- the game ---
    def new_game(self, seats: int, *, seed: int | str, **options: Any) -> State:
        if options:
            raise ValueError(f"house rules come through get_rules: unexpected {', '.join(sorted(options))}")
        if not isinstance(seats, int) or isinstance(seats, bool) or not 2 <= seats <= 10:
            raise ValueError("EM1: emojical is for 2 to 10 players")
        if not isinstance(seed, int | str) or isinstance(seed, bool):
            raise ValueError("the seed must be a whole number or a string")
        return flow.new_game(self.house, seats, seed)

    def step(self, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        return flow.step(state, action)

    def advance(self, state: State, action: Action) -> State:
        """`step` without the events, for bots and benchmarks."""
        return flow.step(state, action)[0]

    def legal(self, state: State, seat: int | None) -> list[Action]:
        return moves.legal(state, seat)

    def view(self, position: Mapping[str, Any], seat: int | None, *, shared: bool = False) -> dict[str, Any]:
        """C10, C11: other hands as counts, the draw pile and the donate order as lengths, no seed
        before the end, and a drawn card as `true` to everyone but the drawer."""
        seen = view_of(position, seat, HIDDEN_WHEN_OVER if position.get("over") else HIDDEN, shared=shared)
        order = position.get("donate_order")
        seen["donate_order"] = None if order is None else len(order)
        if seen.get("drawn") is not None and (seat is None or seat != position.get("turn")):
            seen["drawn"] = True
        return seen

    # --- faces and words ---
    def card(self, code: str) -> CardFace:
        return notation.card_face(code)

    def notation(self, action: Mapping[str, Any]) -> str:
        return notation.notation(action)

    def describe(self, action: Mapping[str, Any]) -> str:
        return notation.describe(action)

    def opens_window(self, events: Sequence[Event]) -> bool:
        """A `jump` window opened (EM5): its `window` event says `open`."""
        return any(ev.kind == "window" and ev.get("open") is True for ev in events)

    def options(self) -> dict[str, Any]:
        return self.house.as_dict()


def factory(rules: Mapping[str, Any] | None) -> Emojical:
    """The rules with house rule options `rules` applied; ValueError for a bad option."""
    return Emojical.for_options(Options.from_rules(rules))
