"""Classic Mau-Mau as a `Rules` object: the boundary (`convert`), the flow (`moves`), the move
list (`legal`), the faces and words (`notation`) and what each seat may see (C10, C11)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, ClassVar

from ..events import Event
from ..rules import CardFace, Option, Rules
from ..view import view_of
from . import convert, moves
from .cards import CODES, JACKS
from .legal import legal_actions
from .notation import card_face, describe, notation
from .options import DEFAULT_OPTIONS, OPTION_SPECS, Options
from .state import Action, Pile, State

_NO_SEED = frozenset({"seed"})


class MauMau(Rules[State, Action]):
    """Classic Mau-Mau with one set of house rule options (`for_options` caches one per set)."""

    key: ClassVar[str] = "maumau"
    title: ClassVar[str] = "Mau-Mau"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    higher_total_wins: ClassVar[bool] = True  # MM15: the winner of a hand scores
    option_specs: ClassVar[tuple[Option, ...]] = OPTION_SPECS
    out_of_turn_acts: ClassVar[frozenset[str]] = frozenset({"mau", "catch"})

    def __init__(self, options: Options = DEFAULT_OPTIONS) -> None:
        self.opts = options

    @staticmethod
    @lru_cache(maxsize=64)
    def for_options(options: Options) -> MauMau:
        return MauMau(options)

    # --- boundary ---
    def read(self, position: Mapping[str, Any]) -> State:
        return convert.state_from_dict(position)

    def write(self, state: State) -> dict[str, Any]:
        return convert.state_to_dict(state)

    def read_action(self, state: State, action: Any) -> Action:
        return convert.action_from_dict(action, state)

    def write_action(self, action: Action) -> dict[str, Any]:
        return convert.action_to_dict(action)

    def remembered(self, position: dict[str, Any], state: State, before: State) -> tuple[State, dict[str, Any]] | None:
        return convert.remembered(position, state, before)

    # --- the game ---
    def new_game(self, seats: int, *, seed: int | str, **options: Any) -> State:
        if options:
            raise ValueError(f"maumau takes its house rules through get_rules, not {sorted(options)}")
        if type(seats) is not int or not self.min_players <= seats <= self.max_players:
            raise ValueError("MM1: maumau is for 2 to 4 players")
        if not isinstance(seed, int | str) or isinstance(seed, bool):
            raise ValueError("the seed must be a whole number or a string")
        blank = State(
            options=self.opts,
            hands=((),) * seats,
            draw=(),
            pile=Pile(),
            top="",
            color="",
            pending=None,
            turn=None,
            drawn=None,
            must_call=(),
            caught=(),
            emptied=(),
            dealer=0,
            totals=(0,) * seats if self.opts.points else None,
            seed=seed,
            hand=1,
            over=False,
            winners=None,
            last_hand=None,
            reshuffles=0,
        )
        return moves.deal(blank, 0, 1)[0]  # MM2: seat 0 deals the first hand

    def step(self, state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
        return moves.step(state, action)

    def legal(self, state: State, seat: int | None) -> list[Action]:
        return legal_actions(state, seat)

    def view(self, position: Mapping[str, Any], seat: int | None, *, shared: bool = False) -> dict[str, Any]:
        seen = view_of(position, seat, frozenset() if position.get("over") else _NO_SEED, shared=shared)
        drawn = seen.get("drawn")
        if drawn is not None and (seat is None or seat != position.get("turn")):
            seen["drawn"] = True  # C10: only the drawer sees the card
        return seen

    def card(self, code: str) -> CardFace:
        if code not in CODES[self.opts.deck]:
            raise KeyError(code)
        return card_face(code)

    def notation(self, action: Mapping[str, Any]) -> str:
        return notation(action)

    def describe(self, action: Mapping[str, Any]) -> str:
        return describe(action)

    def option_values(self) -> dict[str, Any]:
        return self.opts.values()

    def normalize_action(self, action: Mapping[str, Any]) -> dict[str, Any]:
        """The action as stored: `mau` only when true, `color` only with a Jack (elsewhere it is
        ignored); `IllegalAction` for one that cannot be read."""
        parsed = convert.read_action(action, self.max_players, self.opts.deck)
        if parsed.color is not None and parsed.card not in JACKS:
            parsed = parsed._replace(color=None)
        return convert.action_to_dict(parsed)

    def seat_counts(self) -> tuple[int, ...]:
        return (2, 3, 4)


def factory(rules: Mapping[str, Any] | None) -> MauMau:
    """The rules with the house rule options `rules` (ValueError for an unknown option or bad value)."""
    return MauMau.for_options(Options.from_rules(rules))


__all__ = ["MauMau", "factory"]
