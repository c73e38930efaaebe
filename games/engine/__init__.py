"""The rules engine of every game the site plays: pure Python, no Django.

The core (this package's own modules) is variant-neutral: the `Rules` protocol and registry
(`rules`), events (`events`), refusals (`errors`), the shuffle (`shuffle`), the seat view (`view`),
game records (`record`), bots and the arena (`bots`), and this facade. Each game is a package of
its own that registers itself: `ddmau` (RULINGS.md), `maumau`, `mau`, `dansk`, `emojical`
(VARIANTS.md). Every call dispatches on the position's `variant` (a position without one is DD MAU).

Public API (positions and actions are JSON-shaped dicts, NOTATION.md and VARIANTS.md):
- `new_game(seats, *, seed, variant="ddmau", rules=None, **options) -> position`
  (DD MAU's options: `mode`, `teams`)
- `apply(position, action) -> position` (raises `IllegalAction`, whose `.ruling` is e.g. "R12", "MM7")
- `step_position(position, action) -> (position, events)`: the same, with the public events
- `legal_actions(position, seat) -> list[action]`: everything `seat` may do now, out-of-turn acts
  included; `legal_actions(position, None)`: the server's own acts (closing a reaction window)
- `view(position, seat | None)`: what that seat (or a spectator) may see
- `rules_of(position)`, `get_rules(variant, rules)`, `variants()`, `card_info(variant, code)`
- `remember_positions(count)`: how many positions `apply` wrote are kept to be read again without
  reading them (4; a server showing many tables keeps a round of moves' worth)

DD MAU's fast state-level API for bots and benchmarks: `read(position) -> State`, `write(state)`,
`step(state, action) -> State`, `legal(state, seat)`, with `State` and `Action` immutable NamedTuples.
Seeds must be unguessable (e.g. `secrets.token_hex(16)`): anyone who can guess a seed can replay
the shuffle and see every hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# DD MAU, the site's first game, keeps its names here for the code written before the others came.
from .ddmau.cards import CARDS, COLOURS, CardInfo, card_points
from .ddmau.convert import state_from_dict, state_to_dict
from .ddmau.game import DDMAU, DDMau
from .ddmau.options import Options
from .ddmau.state import Action, State
from .errors import IllegalAction
from .events import Event
from .rules import CardFace, Option, Outcome, Rules, get_rules, remember_positions, variants

__all__ = [
    "CARDS",
    "COLOURS",
    "DDMAU",
    "Action",
    "CardFace",
    "CardInfo",
    "DDMau",
    "Event",
    "IllegalAction",
    "Option",
    "Options",
    "Outcome",
    "Rules",
    "State",
    "apply",
    "card_info",
    "card_points",
    "get_rules",
    "legal",
    "legal_actions",
    "new_game",
    "read",
    "remember_positions",
    "rules_of",
    "step",
    "step_position",
    "variants",
    "view",
    "write",
]


def new_game(
    seats: int,
    *,
    seed: int | str,
    variant: str = "ddmau",
    rules: Mapping[str, Any] | None = None,
    **options: Any,
) -> dict[str, Any]:
    """A new game of `variant`, its first hand dealt. ValueError for bad settings."""
    game = get_rules(variant, rules)
    return game.write(game.new_game(seats, seed=seed, **options))


def rules_of(position: Mapping[str, Any]) -> Rules[Any, Any]:
    """The rules a position is played by: its `variant` with its house rule options."""
    if type(position) is not dict and not isinstance(position, Mapping):
        raise ValueError("a position is an object")
    variant = position.get("variant", "ddmau")
    rules = position.get("rules")
    if variant == "ddmau" and not rules:
        return DDMAU
    return get_rules(variant, rules)


def step_position(position: Mapping[str, Any], action: Any) -> tuple[dict[str, Any], tuple[Event, ...]]:
    """The position after `action` and the public events of it; `IllegalAction` if the rules refuse
    it. `position` is not changed."""
    return rules_of(position).apply_dict(position, action)


def apply(position: Mapping[str, Any], action: Any) -> dict[str, Any]:
    """The position after `action`; `IllegalAction` if the rules refuse it. `position` is not changed."""
    return rules_of(position).apply_dict(position, action)[0]


def legal_actions(position: Mapping[str, Any], seat: int | None) -> list[dict[str, Any]]:
    """Every action `seat` may take now, one per outcome, out-of-turn acts included; None: the server's.
    A seat that is not at the table (not an int from 0 to the number of seats less 1) may do nothing."""
    rules = rules_of(position)
    if seat is not None and (
        (type(seat) is not int and (not isinstance(seat, int) or isinstance(seat, bool)))
        or not 0 <= seat < len(position.get("hands") or ())
    ):
        return []
    return rules.legal_dicts(position, seat)


def view(position: Mapping[str, Any], seat: int | None, *, shared: bool = False) -> dict[str, Any]:
    """What `seat` may see (None: a spectator): no other hand, no draw pile, no seed. A fresh copy,
    the caller's own; `shared`: only its dict and hands are, the rest is the position's own, for a
    reader that changes nothing in it (cheaper: nothing is copied)."""
    return rules_of(position).view(position, seat, shared=shared)


def card_info(variant_or_code: str, code: str | None = None) -> Any:
    """`card_info(variant, code)`: the game's `CardFace` for a code; `card_info(code)`: DD MAU's
    `CardInfo` (kind, colour, number, points, name). KeyError for an unknown code."""
    if code is None:
        return CARDS[variant_or_code]
    return get_rules(variant_or_code).card(code)


def read(position: Mapping[str, Any]) -> State:
    """A DD MAU position as a `State`; ValueError if it is not one."""
    if position.get("variant", "ddmau") != "ddmau":
        raise ValueError(f"unknown variant {position.get('variant')!r}")
    return state_from_dict(position)


def write(state: State) -> dict[str, Any]:
    return state_to_dict(state)


def step(state: State, action: Action) -> State:
    """DD MAU's state-level `apply` (the action must be a well-typed `Action`)."""
    return DDMAU.advance(state, action)


def legal(state: State, seat: int) -> list[Action]:
    return DDMAU.legal(state, seat)
