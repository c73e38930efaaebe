"""emojical's house rule options as one frozen, hashable object, and their form descriptions.

A position's `rules` holds only the options that differ from the defaults; `Options.from_rules`
reads it (ValueError naming the option and why) and `Options.to_rules` writes it back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from ..rules import Option
from .cards import CARDS, CATEGORY_TOTALS, build_deck, table_copies

EXTRA_MODES: tuple[str, ...] = ("colour", "all_swap", "remove")
DONATE_MODES: tuple[str, ...] = ("index", "random")
TABLE_DECK: tuple[tuple[str, int], ...] = tuple(table_copies().items())
MAX_TARGET = 100_000

OPTION_SPECS: tuple[Option, ...] = (
    Option(
        "target",
        "int",
        500,
        "Points to win",
        "The first player whose total reaches this many points wins; 0 plays a single round without points.",
        minimum=0,
        maximum=MAX_TARGET,
    ),
    Option(
        "extra",
        "choice",
        "colour",
        "Extra card",
        "What the extra card does: name a colour, pass every hand to the left and then name a colour, "
        "or leave the pack.",
        choices=EXTRA_MODES,
    ),
    Option(
        "donate",
        "choice",
        "index",
        "Donating",
        "Whether the receiver of a donation picks a face-down card or the engine picks one at random.",
        choices=DONATE_MODES,
    ),
    Option(
        "jump_in",
        "bool",
        True,
        "Jump-in",
        "Anyone holding the very same card as the one just put down may throw it on at once, out of turn.",
    ),
    Option(
        "self_jump",
        "bool",
        False,
        "Jump on your own card",
        "Lets a player jump in on the card they just put down themselves.",
    ),
    Option(
        "draw_when_able",
        "bool",
        False,
        "Draw at will",
        "Lets a player draw a card even when one in hand would fit.",
    ),
    Option(
        "emoji_deck",
        "mapping",
        dict(TABLE_DECK),
        "Card split",
        "Copies of each card code, for a printed deck whose split differs; the category totals must stay "
        "64 smiley, 36 colour action, 8 grey and 1 extra card.",
    ),
)
KEYS: frozenset[str] = frozenset(o.key for o in OPTION_SPECS)


@dataclass(frozen=True, slots=True)
class Options:
    """`deck` is the copies per code (every code, in CARDS order), so that equal options compare equal."""

    target: int = 500
    extra: str = "colour"
    donate: str = "index"
    jump_in: bool = True
    self_jump: bool = False
    draw_when_able: bool = False
    deck: tuple[tuple[str, int], ...] = TABLE_DECK

    @classmethod
    def from_rules(cls, rules: Mapping[str, Any] | None) -> Options:
        """Read a `rules` dict; ValueError for an unknown option or a bad value."""
        if not rules:
            return DEFAULT_OPTIONS
        if not isinstance(rules, Mapping):
            raise ValueError("rules must be an object of house rule options")
        try:
            key = tuple(
                sorted((k, tuple(sorted(v.items())) if isinstance(v, Mapping) else v) for k, v in rules.items())
            )
            return _READ[key]
        except (TypeError, AttributeError):
            key = None  # not hashable or not sortable: read it without the cache
        except KeyError:
            pass
        options = cls._read(rules)
        if key is not None and len(_READ) < 256:
            _READ[key] = options
        return options

    @classmethod
    def _read(cls, rules: Mapping[str, Any]) -> Options:
        unknown = [str(k) for k in rules if k not in KEYS]
        if unknown:
            raise ValueError(f"unknown house rule option(s) for emojical: {', '.join(sorted(unknown))}")
        d = DEFAULT_OPTIONS
        target = rules.get("target", d.target)
        if not isinstance(target, int) or isinstance(target, bool) or not 0 <= target <= MAX_TARGET:
            raise ValueError(f"target must be a whole number from 0 to {MAX_TARGET}")
        extra = rules.get("extra", d.extra)
        if extra not in EXTRA_MODES:
            raise ValueError(f"extra must be one of {', '.join(EXTRA_MODES)}")
        donate = rules.get("donate", d.donate)
        if donate not in DONATE_MODES:
            raise ValueError(f"donate must be one of {', '.join(DONATE_MODES)}")
        flags = {}
        for key in ("jump_in", "self_jump", "draw_when_able"):
            value = rules.get(key, getattr(d, key))
            if not isinstance(value, bool):
                raise ValueError(f"{key} must be true or false")
            flags[key] = value
        deck = read_deck(rules.get("emoji_deck"))
        return cls(target, str(extra), str(donate), flags["jump_in"], flags["self_jump"], flags["draw_when_able"], deck)

    def to_rules(self) -> dict[str, Any]:
        """The options that differ from the defaults, as a position's `rules` (a new dict each time)."""
        if self is DEFAULT_OPTIONS:
            return {}
        written = _WRITTEN.get(self)
        if written is None:
            written = self._differing()
            if len(_WRITTEN) < 256:
                _WRITTEN[self] = written
        return {k: dict(v) if isinstance(v, dict) else v for k, v in written.items()}

    def _differing(self) -> dict[str, Any]:
        rules: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value != getattr(DEFAULT_OPTIONS, f.name):
                if f.name == "deck":
                    rules["emoji_deck"] = dict(value)
                else:
                    rules[f.name] = value
        return rules

    def as_dict(self) -> dict[str, Any]:
        """Every option's value, defaults included."""
        return {
            "target": self.target,
            "extra": self.extra,
            "donate": self.donate,
            "jump_in": self.jump_in,
            "self_jump": self.self_jump,
            "draw_when_able": self.draw_when_able,
            "emoji_deck": dict(self.deck),
        }

    def deck_cards(self) -> tuple[str, ...]:
        """The deck these options play with, in its fixed order."""
        return _deck_of(self.deck, self.extra != "remove")


_DECKS: dict[tuple[tuple[tuple[str, int], ...], bool], tuple[str, ...]] = {}


def _deck_of(copies: tuple[tuple[str, int], ...], with_extra: bool) -> tuple[str, ...]:
    key = (copies, with_extra)
    deck = _DECKS.get(key)
    if deck is None:
        deck = _DECKS[key] = build_deck(dict(copies), with_extra)
    return deck


def read_deck(value: Any) -> tuple[tuple[str, int], ...]:
    """`emoji_deck`: codes whose copies differ from the table, merged onto it; the category totals
    must still be 64 smiley, 36 colour action, 8 grey and 1 extra."""
    if value is None:
        return TABLE_DECK
    if not isinstance(value, Mapping):
        raise ValueError("emoji_deck must be an object of copies per card code")
    copies = dict(TABLE_DECK)
    for code, count in value.items():
        if code not in CARDS:
            raise ValueError(f"emoji_deck: {code!r} is not an emojical card code")
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= 64:
            raise ValueError(f"emoji_deck: copies of {code} must be a whole number from 0 to 64")
        copies[code] = count
    totals = dict.fromkeys(CATEGORY_TOTALS, 0)
    for code, count in copies.items():
        totals[CARDS[code].category] += count
    for category, want in CATEGORY_TOTALS.items():
        if totals[category] != want:
            raise ValueError(f"emoji_deck: the {category} cards must add up to {want}, not {totals[category]}")
    return tuple(copies.items())


DEFAULT_OPTIONS = Options()
_READ: dict[Any, Options] = {}
_WRITTEN: dict[Options, dict[str, Any]] = {}  # to_rules of the option sets met, copied out
