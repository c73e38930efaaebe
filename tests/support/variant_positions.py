"""Hand-crafted positions of the four Mau-Mau games, for tests that need a given situation at once.

The engine deals from a chosen seed; then only the hands change: the cards a hand should hold are
taken from the dealt hands or the draw pile, and what the dealt hands held but no longer do goes
under the draw pile. Every other key (the turned card, the turn, the engine's own keys) stays as the
engine wrote it, and the deck stays whole (checked), so the engine judges everything that follows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from games import engine
from games.models import Game
from tests.support.table_play import seeded_table

Position = dict[str, Any]


def deck_of(position: Mapping[str, Any]) -> Counter[str]:
    """Every card of the position: hands, draw pile and discard pile."""
    cards: Counter[str] = Counter(position["draw"])
    for hand in position["hands"]:
        cards.update(hand)
    for play in position.get("pile") or ():
        cards.update(play.get("cards") or ())
    return cards


def with_hands(position: Mapping[str, Any], hands: Sequence[Sequence[str]]) -> Position:
    """The position with these hands; the cards they need come from the dealt hands first, then the
    draw pile (the rest of it keeps its order); cards left over from the dealt hands go under it."""
    assert len(hands) == len(position["hands"]), "one hand per seat"
    wanted = Counter(code for hand in hands for code in hand)
    dealt = Counter(code for hand in position["hands"] for code in hand)
    draw = list(position["draw"])
    for code, count in (wanted - dealt).items():
        for _ in range(count):
            assert code in draw, f"{code}: no such card left in the deck"
            draw.remove(code)
    left = dealt - wanted
    for hand in position["hands"]:
        for code in hand:
            if left[code] > 0:
                draw.append(code)
                left[code] -= 1
    crafted = {**position, "hands": [list(hand) for hand in hands], "draw": draw}
    assert deck_of(crafted) == deck_of(position), "a crafted position keeps the whole deck"
    assert set(crafted) == set(position)
    return crafted


def crafted_table(
    variant: str,
    seed: str,
    hands: Sequence[Sequence[str]],
    creator: Any,
    *others: Any,
    rules: Mapping[str, Any] | None = None,
) -> Game:
    """A started table of `variant` dealt from `seed`, its hands then set to `hands` (by seat)."""
    game = seeded_table(seed, creator, *others, variant=variant, rules=dict(rules or {}))
    assert game.position is not None
    crafted = with_hands(game.position, hands)
    engine.rules_of(crafted).to_act(crafted)  # the engine reads it
    Game.objects.filter(pk=game.pk).update(position=crafted)
    game.refresh_from_db()
    return game
