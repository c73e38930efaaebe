"""Danish Mau Mau's house rule options (VARIANTS.md, marked *house rule option*) as one frozen object.

A position's `rules` holds only the options that differ from the defaults; `Options.from_rules`
reads it (ValueError for an unknown option or a bad value) and `Options.to_rules` writes it back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.engine.rules import Option

FIRST_CARD = ("apply", "redraw")
MAU_CATCH = ("auto", "catch")
MAX_ROUNDS = 20

OPTION_SPECS: tuple[Option, ...] = (
    Option(
        "rounds",
        "int",
        3,
        "Rounds",
        "How many rounds the game lasts; after the last one the lowest total wins.",
        minimum=1,
        maximum=MAX_ROUNDS,
    ),
    Option(
        "first_card",
        "choice",
        "apply",
        "Turned special card",
        "apply: a special card turned to start the pile acts on the first player; "
        "redraw: it goes under the draw pile and the next card is turned until a number card shows.",
        choices=FIRST_CARD,
    ),
    Option(
        "draw_when_able",
        "bool",
        False,
        "Draw when able",
        "Let a player draw a card instead of playing even when a card in hand fits.",
    ),
    Option(
        "mau_catch",
        "choice",
        "auto",
        "Forgotten Mau",
        "auto: forgetting Mau costs a card at once; "
        "catch: it costs a card only if another player catches it before the next player acts.",
        choices=MAU_CATCH,
    ),
)
KEYS = tuple(spec.key for spec in OPTION_SPECS)


@dataclass(frozen=True, slots=True)
class Options:
    rounds: int = 3
    first_card: str = "apply"
    draw_when_able: bool = False
    mau_catch: str = "auto"

    @property
    def catch(self) -> bool:
        return self.mau_catch == "catch"

    @classmethod
    def from_rules(cls, rules: Mapping[str, Any] | None) -> Options:
        """Read a `rules` dict; ValueError naming the option for anything unknown or out of range."""
        if not rules:
            return DEFAULT_OPTIONS
        if not isinstance(rules, Mapping):
            raise ValueError("rules must be an object of house rule options")
        try:
            # the type is part of the key: True == 1, but `rounds: true` must be refused
            key = tuple(sorted((k, type(v).__name__, v) for k, v in rules.items()))
            cached = _READ.get(key)
        except TypeError:  # an unhashable value: read it (and refuse it) without the cache
            key, cached = None, None
        if cached is not None:
            return cached
        options = cls._read(rules)
        if key is not None and len(_READ) < 256:
            _READ[key] = options
        return options

    @classmethod
    def _read(cls, rules: Mapping[str, Any]) -> Options:
        unknown = [str(k) for k in rules if k not in KEYS]
        if unknown:
            raise ValueError(f"unknown house rule option(s) for dansk: {', '.join(sorted(unknown))}")
        rounds = rules.get("rounds", DEFAULT_OPTIONS.rounds)
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= MAX_ROUNDS:
            raise ValueError(f"rounds must be a whole number from 1 to {MAX_ROUNDS}, not {rounds!r}")
        first = rules.get("first_card", DEFAULT_OPTIONS.first_card)
        if first not in FIRST_CARD:
            raise ValueError(f"first_card must be 'apply' or 'redraw', not {first!r}")
        able = rules.get("draw_when_able", DEFAULT_OPTIONS.draw_when_able)
        if not isinstance(able, bool):
            raise ValueError(f"draw_when_able must be true or false, not {able!r}")
        catch = rules.get("mau_catch", DEFAULT_OPTIONS.mau_catch)
        if catch not in MAU_CATCH:
            raise ValueError(f"mau_catch must be 'auto' or 'catch', not {catch!r}")
        return cls(rounds, str(first), able, str(catch))

    def to_rules(self) -> dict[str, Any]:
        """The options that differ from the defaults (a new dict each time)."""
        if self is DEFAULT_OPTIONS:
            return {}
        return {key: getattr(self, key) for key in KEYS if getattr(self, key) != getattr(DEFAULT_OPTIONS, key)}

    def values(self) -> dict[str, Any]:
        return {key: getattr(self, key) for key in KEYS}


DEFAULT_OPTIONS = Options()
_READ: dict[Any, Options] = {}
