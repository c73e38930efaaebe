"""What every game the engine plays provides, and the registry of games by variant key.

A `Rules` object is one game with its house rule options applied. The public functions
(`engine.new_game`, `apply`, `legal_actions`, `view`) only ever talk to this interface, so a new
variant (VARIANTS.md: single-card plays, reaction windows, other decks) is a new subclass with
its own state type, registered under its key, and nothing in DD MAU changes.

Inside a game the rules are split into hooks (deck, hand size, dealer, matching, chaining, play
checks, effects, scoring, end of hand); see `ddmau.DDMau` for DD MAU's.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Generic, TypeVar

S = TypeVar("S")
A = TypeVar("A")


class Rules(ABC, Generic[S, A]):
    """One game's rules. `S` is its immutable state type, `A` its parsed action type."""

    key: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    # --- the boundary: positions and actions as dicts (NOTATION.md) ---
    @abstractmethod
    def read(self, position: Mapping[str, Any]) -> S: ...

    @abstractmethod
    def write(self, state: S) -> dict[str, Any]: ...

    @abstractmethod
    def read_action(self, state: S, action: Any) -> A: ...

    @abstractmethod
    def write_action(self, action: A) -> dict[str, Any]: ...

    # --- the game, state to state ---
    @abstractmethod
    def new_game(self, seats: int, *, seed: int | str, mode: str = "standard", teams: bool = False) -> S: ...

    @abstractmethod
    def step(self, state: S, action: A) -> S:
        """The state after a legal action; `IllegalAction` otherwise. Never changes `state`."""

    @abstractmethod
    def legal(self, state: S, seat: int) -> list[A]: ...

    @abstractmethod
    def view(self, position: Mapping[str, Any], seat: int | None) -> dict[str, Any]: ...

    # --- the deal ---
    @abstractmethod
    def deck(self) -> tuple[str, ...]: ...

    @abstractmethod
    def hand_size(self, players: int) -> int: ...


RulesFactory = Callable[[Mapping[str, Any] | None], Rules[Any, Any]]
_REGISTRY: dict[str, RulesFactory] = {}


def register(key: str, factory: RulesFactory) -> None:
    """Make a variant available to `get_rules` (and so to positions whose `variant` is `key`)."""
    _REGISTRY[key] = factory


def get_rules(variant: str = "ddmau", rules: Mapping[str, Any] | None = None) -> Rules[Any, Any]:
    """The rules of `variant` with the house rule options `rules`; ValueError for an unknown variant."""
    try:
        factory = _REGISTRY[variant]
    except (KeyError, TypeError):
        raise ValueError(f"unknown variant {variant!r}; known: {', '.join(sorted(_REGISTRY))}") from None
    return factory(rules)


def variants() -> list[str]:
    return sorted(_REGISTRY)
