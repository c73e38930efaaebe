"""From a game that ended a hand to leagues: the finished game's result, and the tournament's next step.

games announces every hand end (`games.signals.hand_ended`, sent after the commit of the move that
ended it); leagues.apps connects `hand_ended(game_id, seq)` here. A finished game becomes a `GameResult` for
leagues.actions.do_record_game_result; a tournament table goes to leagues.tournament_runner (DD MAU's
elimination) or leagues.round_runner (a tournament of rounds, every other game).

That call is one message, lost if the process dies between the commit and the hook, so a beat task
(`sweep`) delivers it again for whatever the rows show was missed. Both ends are idempotent: a game
is recorded once, and the runner settles each hand end once.

Places (R34, R35): in tournament mode the sides still in at the end come first, then the others
in reverse order of elimination (out in a later hand is better); within each, the lower total is
better, and equal standing shares a place. In team play a team is one side (R36).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from django.db.models import Exists, OuterRef
from django.utils import timezone

from games import engine
from games.models import Game
from leagues import round_runner, tournament_runner
from leagues.actions import Refused, do_record_game_result
from leagues.models import GameRecord, eliminates
from leagues.placings import shared_places
from leagues.results import GameResult, ResultEntry

log = logging.getLogger(__name__)

STILL_IN = 1_000_000  # sorts after every hand number: out in no hand at all
# How far back the sweep looks for a finished game without its result: a lost hook is caught within
# seconds, so an older one is a fault for a person to look at, not for a retry every few seconds.
RECORD_WINDOW = timedelta(days=2)


def hand_ended(game_id: int, seq: int) -> None:
    """The hook games calls; also safe to call twice (a result is recorded once)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return
    if game.status == Game.Status.FINISHED and (game.position or {}).get("over"):
        record_finished_game(game)
    if game.tournament_id is not None:
        # A tournament's tables all play its game: one with an elimination (DD MAU's) eliminates, every
        # other game plays rounds.
        if eliminates(game.variant):
            tournament_runner.on_hand_end(game.tournament_id, game_id, seq)
        else:
            round_runner.on_hand_end(game.tournament_id, game_id, seq)


def sweep(now: datetime | None = None) -> int:
    """The hook again for each hand end it missed: tournament tables with a hand end the runner has not
    settled, and games finished lately whose result was never recorded. How many it delivered."""
    lost = list(dict.fromkeys(tournament_runner.unsettled_hand_ends() + unrecorded_games(now or timezone.now())))
    for game_id, seq in lost:
        try:
            hand_ended(game_id, seq)
        except Exception:  # one broken game must not hold up the others; it is tried again next time
            log.exception("table %s: the hand end at seq %s could not be settled", game_id, seq)
    if lost:
        log.info("sweep: delivered %s lost hand ends", len(lost))
    return len(lost)


def unrecorded_games(now: datetime) -> list[tuple[int, int]]:
    """(game, seq) of games finished within RECORD_WINDOW that have no GameRecord."""
    recorded = GameRecord.objects.filter(game_id=OuterRef("pk"))
    games = Game.objects.filter(status=Game.Status.FINISHED, finished__gte=now - RECORD_WINDOW)
    return list(games.filter(~Exists(recorded)).order_by("finished").values_list("pk", "seq"))


def record_finished_game(game: Game) -> None:
    try:
        do_record_game_result(build_result(game))
    except Refused as refusal:
        log.warning("%s: result not recorded: %s", game, refusal)


def build_result(game: Game) -> GameResult:
    position = game.dealt_position()
    rules = engine.rules_of(position)
    outcome = rules.outcome(position)
    if outcome is None:
        raise Refused(f"{game} is not over")
    teams: list[list[int]] | None = position.get("teams")
    team_index = {seat: index for index, team in enumerate(teams or []) for seat in team}
    totals = list(outcome.totals) if outcome.totals is not None else None
    if places_by_standing(rules) and totals is not None:
        out_in = elimination_hands(game) if position.get("mode") == "tournament" and position.get("out") else {}
        places = seat_places(totals, out_in, team_index)
    else:
        places = dict(enumerate(outcome.placings))
    entries = [
        ResultEntry(
            seat=seat.index,
            user_id=seat.user_id,
            bot_level=None if seat.user_id else (seat.bot or "greedy"),
            team=team_index.get(seat.index) if teams else None,
            final_total=totals[seat.index] if totals is not None else 0,
            place=places[seat.index],
        )
        for seat in game.seats.order_by("index")
    ]
    assert game.finished is not None
    return GameResult(
        game_id=game.pk,
        league_id=game.league_id,
        tournament_id=game.tournament_id,
        finished_at=game.finished,
        teams=bool(teams),
        entries=entries,
    )


def places_by_standing(rules: engine.Rules[Any, Any]) -> bool:
    """Does the game place its seats by R34-R36 (`seat_places`: out later or not at all, then the lower
    total, partners sharing a place), as a game that puts players out or plays partnerships does, rather
    than by its outcome's placings?"""
    return ("tournament" in rules.modes or bool(rules.team_sizes)) and not rules.higher_total_wins


def seat_places(totals: list[int], out_in: Mapping[int, int], team_index: Mapping[int, int]) -> dict[int, int]:
    """Each seat's place: sides ranked by (out later or not at all, lower total); partners share theirs."""
    side_of = {seat: team_index.get(seat, len(totals) + seat) for seat in range(len(totals))}
    standing: dict[int, tuple[int, int]] = {}
    for seat, side in side_of.items():
        standing[side] = (-out_in.get(seat, STILL_IN), totals[seat])
    side_places = shared_places(standing)
    return {seat: side_places[side] for seat, side in side_of.items()}


def elimination_hands(game: Game) -> dict[int, int]:
    """The hand in which each seat went out (R35), from the engine's events stored with the moves."""
    out_in: dict[int, int] = {}
    hand = 1
    for events in game.moves.order_by("seq").values_list("events", flat=True):
        for event in events or ():
            if event.get("kind") == "hand_over":  # a hand's eliminations come right after its scoring
                hand = (event.get("data") or {}).get("hand", hand)
            elif event.get("kind") == "eliminated" and event.get("seat") not in out_in:
                out_in[event["seat"]] = hand
    return out_in
