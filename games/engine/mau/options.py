"""The house rule options of `mau` (VARIANTS.md, "House rule options") as one frozen object.

A position's `rules` holds only the options that differ from the defaults; `Options.from_rules`
reads it (cached by contents) and `Options.to_rules` writes it back the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from ..rules import Option
from .cards import ONE_DECK

OPTION_SPECS: tuple[Option, ...] = (
    Option(
        "decks",
        "int",
        2,
        "Decks",
        "How many full decks (52 cards and 2 Jokers each) are shuffled together; SPAM needs two or more.",
        minimum=1,
        maximum=4,
    ),
    Option(
        "hand_size",
        "int",
        7,
        "Cards dealt",
        "How many cards each player starts with; the deal must leave cards to draw.",
        minimum=1,
        maximum=20,
    ),
    Option(
        "two_again",
        "bool",
        False,
        "Twos play again",
        "A player who puts down a Two must take another turn straight away, and SPAM steals those turns.",
    ),
    Option(
        "strict_calls",
        "bool",
        False,
        "Strict calls",
        "A call that is not true (say, 'spade' on a heart) can be penalised like a missing one.",
    ),
    Option(
        "slow_s",
        "int",
        0,
        "Slow play (seconds)",
        "After this many idle seconds a player may be penalised for taking too long; 0 turns it off.",
        minimum=0,
        maximum=600,
    ),
)
_SPECS = {spec.key: spec for spec in OPTION_SPECS}


@dataclass(frozen=True, slots=True)
class Options:
    decks: int = 2
    hand_size: int = 7
    two_again: bool = False
    strict_calls: bool = False
    slow_s: int = 0

    @classmethod
    def from_rules(cls, rules: Mapping[str, Any] | None) -> Options:
        """Read a `rules` dict; ValueError naming the option for an unknown key or a bad value."""
        if not rules:
            if rules is None or type(rules) is dict or isinstance(rules, Mapping):
                return DEFAULT_OPTIONS
            raise ValueError("rules must be an object of house rule options")
        if not isinstance(rules, Mapping):
            raise ValueError("rules must be an object of house rule options")
        try:
            # the type is part of the key: True == 1, but `decks: true` is no number of decks
            key = frozenset((k, type(v), v) for k, v in rules.items())
            cached = _READ.get(key)
        except TypeError:  # an unhashable value: certainly a bad one, `_read` says which
            key, cached = None, None
        if cached is not None:
            return cached
        options = cls._read(rules)
        if key is not None and len(_READ) < 256:
            _READ[key] = options
        return options

    @classmethod
    def _read(cls, rules: Mapping[str, Any]) -> Options:
        unknown = sorted(str(k) for k in rules if k not in _SPECS)
        if unknown:
            raise ValueError(f"unknown house rule option(s) for mau: {', '.join(unknown)}; known: {', '.join(_SPECS)}")
        values: dict[str, Any] = {}
        for spec in OPTION_SPECS:
            value = rules.get(spec.key, spec.default)
            if spec.kind == "bool":
                if not isinstance(value, bool):
                    raise ValueError(f"{spec.key} must be true or false, not {value!r}")
            else:
                low, high = spec.minimum, spec.maximum
                if not isinstance(value, int) or isinstance(value, bool):
                    raise ValueError(f"{spec.key} must be a whole number, not {value!r}")
                if (low is not None and value < low) or (high is not None and value > high):
                    raise ValueError(f"{spec.key} must be from {low} to {high}, not {value}")
            values[spec.key] = value
        return cls(**values)

    def to_rules(self) -> dict[str, Any]:
        """The options that differ from the defaults (a new dict each time)."""
        if self is DEFAULT_OPTIONS:
            return {}
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != getattr(DEFAULT_OPTIONS, f.name)
        }

    def values(self) -> dict[str, Any]:
        """Every option's value, defaults included."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @property
    def deck_size(self) -> int:
        return len(ONE_DECK) * self.decks

    def fits_table(self, seats: int) -> bool:
        """Does a deal to `seats` leave the turned card and at least one card to draw (MA1)?"""
        return seats * self.hand_size + 2 <= self.deck_size


DEFAULT_OPTIONS = Options()
_READ: dict[frozenset[tuple[Any, type, Any]], Options] = {}
