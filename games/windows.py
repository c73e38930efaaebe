"""Reaction windows (VARIANTS.md C5): the server closes what the position holds open.

A move that opens a window stores its deadline on the game row (`Game.window_deadline`, set by
games.actions.advance). After the commit a task is scheduled for that moment (`close_window`);
the beat sweep (`windows_due`, every two seconds) finds any whose task was lost. `do_close_window`
locks the row and closes only if the table is still at the seq the window opened at and its time
has come, so a close delivered twice, or early, changes nothing.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from games import broadcast
from games.models import Game, Move

log = logging.getLogger(__name__)

# A task's timer may fire a little early (the clock of the host that scheduled it runs behind).
EARLY_WAKE = timedelta(seconds=2)


def after_window_opened(game: Game) -> None:
    """Once the move commits, schedule the close at the window's deadline."""
    from games import tasks

    game_id, seq, at = game.pk, game.seq, game.window_deadline
    if at is None:
        return
    transaction.on_commit(lambda: tasks.close_window.apply_async((game_id, seq), eta=at), robust=True)


def do_close_window(game_id: int, seq: int, now: datetime | None = None) -> Move | None:
    """Close the table's window if it is still open at `seq` and due; the move made, or None."""
    from games import actions, clock, engine, tasks

    now = now or timezone.now()
    with transaction.atomic():
        game = Game.objects.select_for_update(of=("self",)).filter(pk=game_id).first()
        if game is None or game.seq != seq or game.status != Game.Status.PLAYING or not game.position:
            return None
        due = game.window_deadline
        if due is None:
            return None
        if due > now:
            if due - now < EARLY_WAKE:
                transaction.on_commit(lambda: tasks.close_window.apply_async((game_id, seq), eta=due))
            return None
        before = game.position
        rules = engine.rules_of(before)
        close = next((a for a in rules.legal_dicts(before, None) if a.get("act") == "close"), None)
        if close is None:
            game.window_deadline = None  # the position holds no window: nothing to close
            game.save(update_fields=["window_deadline"])
            return None
        after, events = rules.apply_dict(before, close)
        move = actions.new_move(game, None, close, rules.notation(close), events, Move.Source.SERVER)
        actions.advance(game, rules, before, after, events, move)
        transaction.on_commit(lambda: broadcast.game_moved(move))
        clock.after_turn_change(game)
    return move


def windows_due(now: datetime | None = None) -> list[tuple[int, int]]:
    """(game id, seq) of every table whose reaction window is past its time."""
    due = Game.objects.filter(status=Game.Status.PLAYING, window_deadline__lte=now or timezone.now())
    return list(due.order_by("window_deadline").values_list("pk", "seq"))
