"""The DD MAU rules engine: pure Python, no Django. RULINGS.md is the contract, NOTATION.md the format.

Public API (positions and actions are JSON-shaped dicts, NOTATION.md):
- `new_game(seats, *, seed, rules=None, mode="standard", teams=False) -> position`
- `apply(position, action) -> position` (raises `IllegalAction`, whose `.ruling` is e.g. "R12")
- `legal_actions(position, seat) -> list[action]` (one per outcome; canonical form in `moves.py`)
- `view(position, seat | None) -> position as that seat (or a spectator) may see it`
- cards: `card_info(code)` (kind, colour, number, points, display name), `card_points(code)`, `CARDS`
- rules: `get_rules(variant, rules)`, `variants()`, `DDMAU` (DD MAU with default house rules)

Fast state-level API for bots and benchmarks (no dict round trips): `read(position) -> State`,
`write(state) -> position`, `step(state, action: Action) -> State`, `legal(state, seat) ->
list[Action]`, with `State` and `Action` immutable NamedTuples (`state.py`).

Modules: `cards` (the deck), `options` (house rules), `state` (types), `convert` (dict boundary),
`rules` (the `Rules` interface every variant implements, and the registry), `ddmau` (DD MAU's
hooks and turn flow), `plays` (what one play may hold), `moves` (legal actions), `shuffle`
(deterministic, verifiable shuffles: see its docstring), `view` (hidden information).
Seeds must be unguessable (e.g. `secrets.token_hex(16)`): anyone who can guess a seed can
replay the shuffle and see every hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import CARDS, COLOURS, CardInfo, card_info, card_points
from .convert import action_from_dict, action_to_dict, state_from_dict, state_to_dict
from .ddmau import DDMAU, DDMau
from .errors import IllegalAction
from .options import Options
from .rules import Rules, get_rules, variants
from .state import Action, State
from .unread_pile import PileNeeded
from .view import view_of

__all__ = [
    "CARDS",
    "COLOURS",
    "DDMAU",
    "Action",
    "CardInfo",
    "DDMau",
    "IllegalAction",
    "Options",
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
    "step",
    "variants",
    "view",
    "write",
]


def new_game(
    seats: int,
    *,
    seed: int | str,
    rules: Mapping[str, Any] | None = None,
    mode: str = "standard",
    teams: bool = False,
) -> dict[str, Any]:
    """A new game: R4's deal-off chose the dealer, the first hand is dealt. ValueError for bad settings."""
    game = DDMau(Options.from_rules(rules)) if rules else DDMAU
    return state_to_dict(game.new_game(seats, seed=seed, mode=mode, teams=teams))


def apply(position: Mapping[str, Any], action: Mapping[str, Any]) -> dict[str, Any]:
    """The position after `action`; `IllegalAction` if the rules refuse it. `position` is not changed."""
    state = _read(position, unread_pile=True)  # see unread_pile.py
    parsed = action_from_dict(action, len(state.hands))
    try:
        after = DDMAU.step(state, parsed)
    except PileNeeded:
        after = DDMAU.step(read(position), parsed)
    return state_to_dict(after)


def legal_actions(position: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
    """Every action `seat` may take now, one per outcome (see `moves.py` for the canonical order)."""
    try:
        actions = DDMAU.legal(_read(position, unread_pile=True), seat)  # see unread_pile.py
    except PileNeeded:
        actions = DDMAU.legal(read(position), seat)
    return [action_to_dict(a) for a in actions]


def view(position: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """What `seat` may see (None: a spectator): no other hand, no draw pile, no seed."""
    return view_of(position, seat)


def read(position: Mapping[str, Any]) -> State:
    """A position as a `State`; ValueError if it is not a DD MAU position."""
    return _read(position, unread_pile=False)


def _read(position: Mapping[str, Any], *, unread_pile: bool) -> State:
    if position.get("variant", "ddmau") != "ddmau":
        raise ValueError(f"unknown variant {position.get('variant')!r}")
    return state_from_dict(position, unread_pile=unread_pile)


def write(state: State) -> dict[str, Any]:
    return state_to_dict(state)


def step(state: State, action: Action) -> State:
    """State-level `apply` (the action must be a well-typed `Action`)."""
    return DDMAU.step(state, action)


def legal(state: State, seat: int) -> list[Action]:
    return DDMAU.legal(state, seat)
