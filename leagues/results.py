"""What games reports about a finished game: the only thing leagues needs to know about it.

games calls `leagues.actions.do_record_game_result(GameResult(...))` once a game is over; leagues
never reads games' tables to compute standings or ratings, so the two apps stay apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class ResultEntry:
    """One seat at the end of a game.

    `user_id` for a person, `bot_level` for a bot (exactly one of the two). `team` is the index of
    the seat's team in team play (R36), else None. `final_total` is the seat's running total at the
    end; in team play both partners carry their team's total (NOTATION.md `totals`). `place` is 1 for
    the winner; equal totals share a place (R34), a whole team shares its place.
    """

    seat: int
    user_id: int | None
    bot_level: str | None
    team: int | None
    final_total: int
    place: int


@dataclass(frozen=True)
class GameResult:
    game_id: int
    league_id: int | None
    tournament_id: int | None
    finished_at: datetime
    teams: bool
    entries: list[ResultEntry]
