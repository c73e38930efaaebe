"""Deterministic shuffles, so that a published seed lets anyone check every deal (R4, R32).

Each shuffle seeds its own `random.Random` with a string built from the game's seed and what is
being shuffled, joined by "|":
- the deal-off for the first dealer (R4): ``ddmau|<seed>|dealoff``;
- the deal of hand h (1, 2, ...): ``ddmau|<seed>|hand|<h>``;
- the n-th rebuilt draw pile of hand h (R32, n from 1): ``ddmau|<seed>|hand|<h>|reshuffle|<n>``.
A string seed is hashed by SHA-512 inside `random.Random` (stable across Python versions), and the
cards shuffled are taken in a fixed order: the deck in `cards.standard_deck` order, a reshuffle in
pile order. An int seed and its decimal string give the same game.
A hand-built position without a seed gets one derived from its own contents (`position_seed`).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable


def shuffled(cards: Iterable[str], *parts: object) -> tuple[str, ...]:
    """`cards` in the order the shuffle named by `parts` gives them."""
    deck = list(cards)
    random.Random("|".join(["ddmau", *map(str, parts)])).shuffle(deck)
    return tuple(deck)


def position_seed(*contents: object) -> str:
    """A seed for a position that has none: a hash of what it holds, so replays agree."""
    return "position:" + hashlib.sha256(repr(contents).encode()).hexdigest()[:32]
