"""DD MAU (RULINGS.md R1-R50): the 80-card game of Penal Ts, Skips, Link Master runs and the 505
safety net. Modules: `cards` (the deck), `options` (house rules), `state` (types), `convert` (the
dict boundary), `game` (the `Rules` object: hooks and turn flow, with events), `plays` (what one
play may hold), `moves` (legal actions), `notation`, `presentation` (card faces, button words),
`preview` (what a play will do, in words, from the player's view), `bots`.
"""

from __future__ import annotations

from ..rules import register
from .game import DDMAU, DDMau
from .options import Options

register(DDMau.key, lambda rules: DDMau.for_options(Options.from_rules(rules)) if rules else DDMAU)

__all__ = ["DDMAU", "DDMau", "Options"]
