"""Tables set up for a race: a dealt position with chosen cards moved into chosen hands.

Cards only move between hands and the draw pile, so every position keeps its whole deck; the
engine is left to judge everything that follows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games import actions, engine
from games.models import Game

Position = dict[str, Any]


def give(position: Position, seat: int, code: str) -> Position:
    """`seat` gets a copy of `code` from the draw pile, giving back a card of its own that differs."""
    draw = list(position["draw"])
    hand = list(position["hands"][seat])
    at = draw.index(code)
    back = next(i for i, card in enumerate(hand) if card != code)
    draw[at], hand[back] = hand[back], draw[at]
    hands = [list(h) for h in position["hands"]]
    hands[seat] = hand
    return {**position, "draw": draw, "hands": hands}


def seed_where(variant: str, seats: int, rules: Mapping[str, Any], wanted: Callable[[Position], bool]) -> str:
    for n in range(500):
        if wanted(engine.new_game(seats, seed=f"race-{n}", variant=variant, rules=dict(rules))):
            return f"race-{n}"
    raise AssertionError("no seed gives such a deal")


def table_at(creator: Any, others: list[Any], variant: str, rules: Mapping[str, Any], seed: str) -> Game:
    """A started table of `variant` dealt from `seed` (its seats in the order given)."""
    from games.models import seed_digest

    game = actions.do_create_game(
        creator, seat_count=1 + len(others), move_seconds=60, variant=variant, rules=dict(rules)
    )
    for player in others:
        actions.do_join(game.pk, player)
    Game.objects.filter(pk=game.pk).update(seed=seed, seed_hash=seed_digest(seed))
    actions.do_start(game.pk, creator)
    game.refresh_from_db()
    return game


def set_position(game: Game, position: Position) -> Game:
    Game.objects.filter(pk=game.pk).update(position=position)
    game.refresh_from_db()
    return game
