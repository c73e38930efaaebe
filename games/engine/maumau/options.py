"""The house rule options of classic Mau-Mau (VARIANTS.md: `deck`, `mode`, `target`, `jack_on_jack`).

A position's `rules` holds only the options that differ from the defaults; `Options.from_rules`
reads such a dict (ValueError naming the option for anything unknown or out of range) and
`to_rules` writes it back the same way. Read options are cached by their contents.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..rules import Option
from .cards import DECK_SIZES

MODES: tuple[str, ...] = ("solo", "points")
KEYS: tuple[str, ...] = ("deck", "mode", "target", "jack_on_jack")
# MM15: the score that ends the point game, by the number of players
DEFAULT_TARGETS: Mapping[int, int] = {2: 10, 3: 17, 4: 25}
MAX_TARGET = 1000

OPTION_SPECS: tuple[Option, ...] = (
    Option(
        "deck",
        "choice",
        32,
        "Deck",
        "Play with the short pack of 32 cards (Seven to Ace) or the full pack of 52 (Two to Ace).",
        choices=DECK_SIZES,
    ),
    Option(
        "mode",
        "choice",
        "solo",
        "Game",
        "In a solo game the first hand decides; in a point game hands go on until a score reaches the target.",
        choices=MODES,
    ),
    Option(
        "target",
        "int",
        None,
        "Target score",
        "The score that wins a point game; left empty it is 10 for two players, 17 for three and 25 for four.",
        minimum=1,
        maximum=MAX_TARGET,
    ),
    Option(
        "jack_on_jack",
        "bool",
        False,
        "Jack on Jack",
        "Allow a Jack to be laid on another Jack, which otherwise must be followed by the wished suit.",
    ),
)


@dataclass(frozen=True, slots=True)
class Options:
    deck: int = 32
    mode: str = "solo"
    target: int | None = None  # None: DEFAULT_TARGETS by the number of seats
    jack_on_jack: bool = False

    @property
    def points(self) -> bool:
        return self.mode == "points"

    def target_for(self, seats: int) -> int:
        if self.target is not None:
            return self.target
        return DEFAULT_TARGETS.get(seats, 25)

    def values(self) -> dict[str, Any]:
        """Every option's value, defaults included."""
        return {"deck": self.deck, "mode": self.mode, "target": self.target, "jack_on_jack": self.jack_on_jack}

    def to_rules(self) -> dict[str, Any]:
        """The options that differ from the defaults (a new dict each time)."""
        if self is DEFAULT_OPTIONS:
            return {}
        return {k: v for k, v in self.values().items() if v != _DEFAULT_VALUES[k]}

    @classmethod
    def from_rules(cls, rules: Mapping[str, Any] | None) -> Options:
        if not rules:
            if rules is None or isinstance(rules, Mapping):
                return DEFAULT_OPTIONS
            raise ValueError("the house rules must be an object of options")
        if not isinstance(rules, Mapping):
            raise ValueError("the house rules must be an object of options")
        try:
            # the type too: 1 == True and 32.0 == 32 must not share a cached reading
            key: Any = tuple(sorted((k, type(v), v) for k, v in rules.items()))
            cached = _READ.get(key)
        except TypeError:  # an unhashable or unorderable value: read it without the cache
            key, cached = None, None
        if cached is not None:
            return cached
        options = _read(rules)
        if key is not None and len(_READ) < 256:
            _READ[key] = options
        return options


def _read(rules: Mapping[str, Any]) -> Options:
    unknown = [str(k) for k in rules if k not in KEYS]
    if unknown:
        raise ValueError(f"unknown house rule option(s) for maumau: {', '.join(sorted(unknown))}")
    deck = rules.get("deck", 32)
    if not _is_int(deck) or deck not in DECK_SIZES:
        raise ValueError(f"deck must be 32 or 52, not {deck!r}")
    mode = rules.get("mode", "solo")
    if mode not in MODES:
        raise ValueError(f"mode must be 'solo' or 'points', not {mode!r}")
    target = rules.get("target")
    if target is not None and (not _is_int(target) or not 1 <= target <= MAX_TARGET):
        raise ValueError(f"target must be a whole number from 1 to {MAX_TARGET}, not {target!r}")
    jack_on_jack = rules.get("jack_on_jack", False)
    if not isinstance(jack_on_jack, bool):
        raise ValueError(f"jack_on_jack must be true or false, not {jack_on_jack!r}")
    options = Options(deck, mode, target, jack_on_jack)
    return DEFAULT_OPTIONS if options == DEFAULT_OPTIONS else options


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


DEFAULT_OPTIONS = Options()
_DEFAULT_VALUES = DEFAULT_OPTIONS.values()
_READ: dict[Any, Options] = {}
