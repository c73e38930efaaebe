"""House rule options (RULINGS.md, marked *house rule option*) as one frozen object.

A position's `rules` holds only the options that differ from the defaults; `Options.from_rules`
reads it and `Options.to_rules` writes it back the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..rules import Option
from .cards import DECK_MASTER, STANDARD_COPIES

SHADOW_DOUBLES = ("hand", "total")


@dataclass(frozen=True, slots=True)
class Options:
    """`deck`: copies of each colourless power card (R2), "standard" by default.
    `shadow_doubles`: "hand" multiplies the others' hand points (R30), "total" their running totals.
    `target`, `net_low`, `net_reset`: the end of the game and the safety net (R31): a total from
    net_low to target inclusive becomes net_reset; the net must lie below the target
    (net_reset < net_low <= target), or it could never catch anyone."""

    deck: tuple[tuple[str, int], ...] = tuple(STANDARD_COPIES.items())
    shadow_doubles: str = "hand"
    target: int = 505
    net_low: int = 500
    net_reset: int = 350

    @classmethod
    def from_rules(cls, rules: Mapping[str, Any] | None) -> Options:
        """Read a `rules` dict; ValueError for an unknown key or a value out of range."""
        if not rules:
            return DEFAULT_OPTIONS
        try:
            key = tuple(
                sorted((k, tuple(sorted(v.items())) if isinstance(v, Mapping) else v) for k, v in rules.items())
            )
            return _READ[key]
        except (TypeError, AttributeError):
            key = None  # not hashable: read it without the cache
        except KeyError:
            pass
        options = cls._read(rules)
        if key is not None and len(_READ) < 256:
            _READ[key] = options
        return options

    @classmethod
    def _read(cls, rules: Mapping[str, Any]) -> Options:
        if not isinstance(rules, Mapping):
            raise ValueError("rules must be an object of house rule options")
        unknown = set(rules) - {"deck", "shadow_doubles", "target", "net_low", "net_reset"}
        if unknown:
            raise ValueError(f"unknown house rule option(s): {', '.join(sorted(map(str, unknown)))}")
        deck = _read_deck(rules.get("deck", "standard"))
        doubles = rules.get("shadow_doubles", "hand")
        if doubles not in SHADOW_DOUBLES:
            raise ValueError("shadow_doubles must be 'hand' or 'total'")
        numbers = {key: rules.get(key, getattr(DEFAULT_OPTIONS, key)) for key in ("target", "net_low", "net_reset")}
        for key, value in numbers.items():
            if not isinstance(value, int) or isinstance(value, bool) or not 0 < value < 100_000:
                raise ValueError(f"{key} must be a positive whole number")
        if not numbers["net_reset"] < numbers["net_low"]:
            raise ValueError("the safety net needs net_reset below net_low")
        if numbers["net_low"] > numbers["target"]:
            raise ValueError(
                f"the safety net starts at net_low {numbers['net_low']}, above the target {numbers['target']}: "
                "no total could ever land in it (R31); set net_low at or below the target"
            )
        return cls(deck, doubles, numbers["target"], numbers["net_low"], numbers["net_reset"])

    def to_rules(self) -> dict[str, Any]:
        """The options that differ from the defaults, as a position's `rules` (a new dict each time)."""
        if self is DEFAULT_OPTIONS:
            return {}  # every position written by `apply` has these, and they take no working out
        rules: dict[str, Any] = {}
        if dict(self.deck) != dict(STANDARD_COPIES):
            rules["deck"] = dict(self.deck)
        for key in ("shadow_doubles", "target", "net_low", "net_reset"):
            if getattr(self, key) != getattr(DEFAULT_OPTIONS, key):
                rules[key] = getattr(self, key)
        return rules


def _read_deck(value: Any) -> tuple[tuple[str, int], ...]:
    if value == "standard":
        return tuple(STANDARD_COPIES.items())
    if not isinstance(value, Mapping):
        raise ValueError("deck must be 'standard' or an object of copies per colourless power card")
    copies = dict(STANDARD_COPIES)
    for kind, count in value.items():
        if kind not in STANDARD_COPIES:
            raise ValueError(f"deck: {kind!r} is not a colourless power card (JT, SM, LM, DM, MM)")
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= 8:
            raise ValueError(f"deck: copies of {kind} must be 0 to 8")
        copies[kind] = count
    if copies[DECK_MASTER] < 1:
        raise ValueError("deck: at least one Deck Master is needed to choose the dealer (R4)")
    return tuple(copies.items())


DEFAULT_OPTIONS = Options()
_READ: dict[Any, Options] = {}  # rules dicts already read, by their contents


OPTION_SPECS: tuple[Option, ...] = (
    Option(
        "target",
        "int",
        DEFAULT_OPTIONS.target,
        "Target",
        "The game ends when someone's total passes this; the lowest total then wins.",
        minimum=1,
        maximum=99_999,
    ),
    Option(
        "net_low",
        "int",
        DEFAULT_OPTIONS.net_low,
        "Safety net from",
        "A total that lands from here up to the target falls back to the safety net.",
        minimum=1,
        maximum=99_999,
    ),
    Option(
        "net_reset",
        "int",
        DEFAULT_OPTIONS.net_reset,
        "Safety net to",
        "Where a total caught by the safety net goes back to; it must be below the net's start.",
        minimum=1,
        maximum=99_999,
    ),
    Option(
        "shadow_doubles",
        "choice",
        DEFAULT_OPTIONS.shadow_doubles,
        "Shadow Master doubles",
        "What a Shadow Master in the final play doubles: the others' hand points, or their running totals.",
        choices=SHADOW_DOUBLES,
    ),
    Option(
        "deck",
        "mapping",
        "standard",
        "Power card mix",
        "How many of each colourless power card the deck holds (0 to 8 each, at least one Deck Master).",
    ),
)
