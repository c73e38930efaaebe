"""How each game looks at the table: one presenter per game, beside the others.

The generic table (games.rendering: seats, clocks, the log, windows, the action bar) is written
once; what a game's felt and hand look like, and how its events and cards read, is its
presenter's (`games/presenters/<variant>.py`) with its templates (`templates/games/variants/<variant>/`).
A presenter reads only the viewer's `TableState` (the engine's view and legal actions) and the
engine's description of the game (card faces, action words): it never re-derives a rule.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.presenters.base import Presenter


@cache
def presenter_for(variant: str) -> Presenter:
    """The presenter of `variant` (DD MAU's for an unknown one: positions without a variant are DD MAU)."""
    try:
        module = importlib.import_module(f"games.presenters.{variant}")
    except ModuleNotFoundError:
        module = importlib.import_module("games.presenters.ddmau")
    presenter: Presenter = module.PRESENTER
    return presenter
