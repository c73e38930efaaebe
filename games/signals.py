"""What games announce to the rest of the site, so that games never imports leagues.

`hand_ended` is sent after the commit of every move that ends a hand (and so of the one that ends
the game), with `game_id` and `seq` (the game's seq just after that move). Receivers must be safe to
call twice: the beat sweep (leagues) sends the same announcement again for any whose receiver did
not finish, since a process may die between the commit and the send.
"""

from __future__ import annotations

import logging

from django.dispatch import Signal

log = logging.getLogger(__name__)

hand_ended = Signal()


def announce_hand_end(sender: type, game_id: int, seq: int) -> None:
    """Send `hand_ended`; a receiver that fails is logged and does not stop the others (the sweep
    tries again)."""
    for receiver, result in hand_ended.send_robust(sender, game_id=game_id, seq=seq):
        if isinstance(result, Exception):
            log.error("table %s: %s failed on the hand end at seq %s", game_id, receiver, seq, exc_info=result)


# Questions games asks the rest of the site without importing it; leagues answers (leagues.apps).
# `clock_stopped` (game_id, tournament_id): a receiver returns True when the table's clock must not run
# (its tournament's staff paused it). `partners_wanted` (user, league_id): receivers return the user
# ids of the player's registered partners, so a partnership table seats them opposite (R36).
clock_stopped = Signal()
partners_wanted = Signal()


def is_clock_stopped(tournament_id: int | None) -> bool:
    if tournament_id is None:
        return False
    answers: list[object] = [answer for _, answer in clock_stopped.send(None, tournament_id=tournament_id)]
    return any(answer is True for answer in answers)


def partners_of(user: object, league_id: int | None) -> set[int]:
    found: set[int] = set()
    for _, answer in partners_wanted.send(None, user=user, league_id=league_id):
        if isinstance(answer, set | frozenset | list | tuple):
            found.update(int(member) for member in answer)
    return found
