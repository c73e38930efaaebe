"""Who may watch a table: the same rule for the page, its fragments, replays and the WebSocket."""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

from games.models import Game

INVITES_SESSION_KEY = "ddmau_invites"


def remember_invite(session: MutableMapping[str, Any], game: Game, token: str | None) -> None:
    """Keep the table in the session once its invite link was opened, so later visits need no token."""
    if token and game.is_private and token == game.invite_token:
        invited = set(session.get(INVITES_SESSION_KEY, []))
        if game.pk not in invited:
            session[INVITES_SESSION_KEY] = sorted(invited | {game.pk})


def may_watch(game: Game, user: Any, session: MutableMapping[str, Any] | None) -> bool:
    """Anyone may watch a public table, signed in or not (seeing no hand, as every spectator); a
    private one needs a signed-in player with a seat, its invite, or membership of its league."""
    if not game.is_private:
        return True
    if user is None or not user.is_authenticated:
        return False
    if game.creator_id == user.pk:
        return True
    if game.league_id is not None and game.league_admits(user):
        return True
    if session is not None and game.pk in session.get(INVITES_SESSION_KEY, []):
        return True
    return game.seats.filter(user_id=user.pk).exists()
