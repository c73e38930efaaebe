"""A finished game, step by step with every hand visible, and its JSON record.

Only for games whose hands are final (Game.is_replayable: finished, or a tournament table merged
between hands): the replay holds every hand and the seed. The replay page template
(templates/games/replay.html) receives `replay` (a Replay) and `selected_hand` (a hand number).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.urls import reverse

from games.engine import record as records
from games.models import Game, seed_digest


@dataclass(frozen=True)
class ReplayStep:
    seq: int  # the move's seq; 0 for the deal of the first hand
    seat: int | None
    notation: str  # "2: LM G7 G8 G9"; "" for the deal
    line: str  # the public line shown during play
    events: tuple[Mapping[str, Any], ...]  # the engine's public events of the move
    position: Mapping[str, Any]  # the whole position after the step, every hand visible
    ends_hand: bool


@dataclass(frozen=True)
class ReplayHand:
    number: int
    deal: Mapping[str, Any]  # the position as the hand was dealt
    steps: tuple[ReplayStep, ...]
    result: Mapping[str, Any] | None  # the engine's last_hand once the hand was scored


@dataclass(frozen=True)
class Replay:
    game_id: int
    variant: str
    seat_names: tuple[str, ...]
    seed: str
    seed_hash: str
    seed_matches: bool  # sha256(seed) equals the hash shown since the table was created
    hands: tuple[ReplayHand, ...]
    final: Mapping[str, Any]
    winners: tuple[int, ...]
    table_url: str
    record_url: str

    def hand(self, number: int) -> ReplayHand | None:
        return next((hand for hand in self.hands if hand.number == number), None)


def game_record(game: Game) -> dict[str, Any]:
    """The JSON record (games.engine.record format) with the table's facts alongside."""
    moves = list(game.moves.order_by("seq").values_list("action", flat=True))
    record = records.new_record(game.initial_position(), moves)
    record["table"] = {
        "id": game.pk,
        "seats": [seat.name for seat in game.seats.select_related("user__profile").order_by("index")],
        "seed": game.revealed_seed,
        "seed_hash": game.seed_hash,
        "started": game.started.isoformat() if game.started else None,
        "finished": game.finished.isoformat() if game.finished else None,
    }
    return record


def build_replay(game: Game) -> Replay:
    if not game.is_replayable:
        raise ValueError("only a game whose hands are final has a replay")
    moves = list(game.moves.order_by("seq"))
    record = records.new_record(game.initial_position(), [move.action for move in moves])
    positions = records.replay(record)
    hands: list[ReplayHand] = []
    deal = positions[0]
    steps: list[ReplayStep] = []
    for move, before, after in zip(moves, positions[:-1], positions[1:], strict=True):
        if move.events:
            ends_hand = any(event.get("kind") == "hand_over" for event in move.events) or bool(after.get("over"))
        else:  # a move stored before moves kept their events
            ends_hand = after.get("hand") != before.get("hand") or bool(after.get("over"))
        events = tuple(move.events or ())
        steps.append(ReplayStep(move.seq, move.seat, move.notation, move.public_line, events, after, ends_hand))
        if ends_hand:
            hands.append(ReplayHand(before.get("hand", len(hands) + 1), deal, tuple(steps), after.get("last_hand")))
            deal, steps = after, []
    if steps:
        hands.append(ReplayHand(deal.get("hand", len(hands) + 1), deal, tuple(steps), None))
    final = positions[-1]
    return Replay(
        game_id=game.pk,
        variant=game.variant,
        seat_names=tuple(seat.name for seat in game.seats.select_related("user__profile").order_by("index")),
        seed=game.seed,
        seed_hash=game.seed_hash,
        seed_matches=seed_digest(game.seed) == game.seed_hash,
        hands=tuple(hands),
        final=final,
        winners=tuple(final.get("winners") or ()),
        table_url=game.get_absolute_url(),
        record_url=reverse("games:record", args=[game.pk]),
    )
