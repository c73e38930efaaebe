"""Driving real tables to the positions a test needs: chosen seeds, simple strategies, moves via do_move."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from games import actions, engine
from games.engine.ddmau.cards import CARDS
from games.models import Game, seed_digest
from tests.support.tables import make_table, player_at

Position = dict[str, Any]
Action = dict[str, Any]
Chooser = Callable[[Position, list[Action]], Action]


def seed_where(wanted: Callable[[Position], bool], seats: int = 2, rules: dict[str, Any] | None = None) -> str:
    """The first seed whose deal satisfies `wanted` (the engine deals; we only pick the seed)."""
    for n in range(2000):
        if wanted(engine.new_game(seats, seed=f"h7-{n}", rules=rules)):
            return f"h7-{n}"
    raise AssertionError("no seed in 2000 gives such a deal")


def seeded_table(seed: str, creator: Any, *others: Any, **options: Any) -> Game:
    game = make_table(creator, *others, start=False, **options)
    Game.objects.filter(pk=game.pk).update(seed=seed, seed_hash=seed_digest(seed))
    actions.do_start(game.pk, creator)
    game.refresh_from_db()
    return game


def to_act(position: Position) -> int:
    """The seat the game waits for (the target of a pending hit, else the turn)."""
    pending = position.get("pending")
    return int(pending["target"] if pending else position["turn"])


def position_of(game: Game) -> Position:
    game.refresh_from_db()
    assert game.position is not None
    return dict(game.position)


def shed(position: Position, options: list[Action]) -> Action:
    """Play as many cards as possible, calling DD MAU; else take, draw or pass."""
    plays = [action for action in options if action["act"] == "play"]
    if plays:
        return max(plays, key=lambda action: (len(action["cards"]), bool(action.get("ddmau"))))
    found: Action = next(action for act in ("take", "draw", "pass") for action in options if action["act"] == act)
    return found


def forgetful(position: Position, options: list[Action]) -> Action:
    """Like `shed`, but never calls DD MAU when a play leaves one card."""
    action = shed(position, options)
    return {**action, "ddmau": False} if action["act"] == "play" else action


def advance(game: Game, until: Callable[[Position], bool], choose: Chooser = shed, limit: int = 600) -> Position:
    """The seats play `choose`'s moves through the action layer until the position satisfies `until`."""
    for _ in range(limit):
        position = position_of(game)
        if until(position):
            return position
        seat = to_act(position)
        action = choose(position, engine.legal_actions(position, seat))
        result = actions.do_move(game.pk, player_at(game, seat), action, game.seq, uuid.uuid4().hex)
        assert result.ok, result.message
    raise AssertionError(f"the position sought did not come within {limit} moves")


def played_out(position: Position, choose: Chooser = shed, limit: int = 2000) -> tuple[Position, int]:
    """The end of the game the seats would reach playing `choose` (engine only), and the moves it takes."""
    for moves in range(limit):
        if position.get("over"):
            return position, moves
        seat = to_act(position)
        position = engine.apply(position, choose(position, engine.legal_actions(position, seat)))
    raise AssertionError(f"the game did not end within {limit} moves")


def hand_multipliers(position: Position, hands: int | None = None, choose: Chooser = shed) -> list[int]:
    """Each hand's multiplier (DD MAU's Shadow Masters, R30) in the game the seats would play out
    from `position` playing `choose` (engine only), in order; only the first `hands` when given."""
    found: list[int] = []
    for _ in range(5000):
        if position.get("over") or len(found) == hands:
            return found
        hand = position.get("hand")
        position = engine.apply(position, choose(position, engine.legal_actions(position, to_act(position))))
        if position.get("hand") != hand or position.get("over"):
            found.append(int(position["last_hand"].get("multiplier") or 1))
    raise AssertionError("the game did not end within 5000 moves")


def penal_t_alone(position: Position) -> str | None:
    """A Penal T the seat to act may play on its own, when nobody is hit yet."""
    if position.get("pending"):
        return None
    for action in engine.legal_actions(position, position["turn"]):
        cards = action.get("cards") or []
        if action["act"] == "play" and len(cards) == 1 and CARDS[cards[0]].kind == "T":
            return str(cards[0])
    return None


def hit_meets_a_master_mau(position: Position) -> bool:
    """A deal where the seat to play holds a Just Take Two and the other a Master Mau: R25's hit
    then waits for its target, who may take it or block it."""
    hitter, target = position["turn"], 1 - position["turn"]
    return "JT" in position["hands"][hitter] and "MM" in position["hands"][target]


def hits(position: Position, options: list[Action]) -> Action:
    """Play a Just Take Two alone when possible; else as `shed`."""
    hitting = [action for action in options if action["act"] == "play" and action["cards"] == ["JT"]]
    return hitting[0] if hitting else shed(position, options)


def pending_hit_table(creator: Any, other: Any) -> tuple[Game, Position]:
    """A two-seat table where a hit waits for its target (R25), and the position there."""
    game = seeded_table(seed_where(hit_meets_a_master_mau), creator, other)
    return game, advance(game, lambda position: position["pending"] is not None, hits)
