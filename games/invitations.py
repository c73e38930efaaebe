"""Inviting someone to an open table by username or email address: one mail per person and table.

The write follows games.actions: the game row locked, the checks, a SentMail row that records the
invitation (so each address is invited once per table, and the limits can be counted), and the
mail sent from the worker after the commit.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta
from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games import notifications
from games.actions import ActionRefused, check_open, locked_game
from games.models import Game, SentMail
from games.views import table_post_view

PER_TABLE = 20  # invitations a table may send in all
PER_DAY = 50  # invitations one player may send in a day, over all tables


def find_player(name_or_address: str) -> Any | None:
    """The player with that username, or with that verified email address."""
    users = get_user_model().objects.filter(is_active=True)
    by_email = Q(emailaddress__email__iexact=name_or_address, emailaddress__verified=True)
    return users.filter(Q(username__iexact=name_or_address) | by_email).select_related("profile").first()


def check_invite(game: Game, inviter: Any, to: str) -> Any | str:
    """The player to invite, or the address when it is nobody's; refused with the reason otherwise."""
    check_open(game)
    if game.seat_of(inviter) is None and game.creator_id != inviter.pk:
        raise ActionRefused("Only the players at this table can invite others to it.", "forbidden")
    if not to:
        raise ActionRefused("Whom shall we invite? Give a player's name or an email address.", "invite")
    player = find_player(to)
    if player is None:
        try:
            validate_email(to)
        except ValidationError:
            raise ActionRefused(f"No player is called “{to}”, and it is not an email address.", "invite") from None
        return to
    if game.seat_of(player) is not None:
        raise ActionRefused(f"{player.profile.name} already sits at this table.", "seated")
    if game.league_id is not None and not game.league_admits(player):
        raise ActionRefused(f"{player.profile.name} is not a member of {game.league}, whose table this is.", "league")
    return player


def do_invite(game_id: int, inviter: Any, to: str) -> str:
    """Mail an invitation to the table; returns whom it went to, as the inviter should read it."""
    to = to.strip()
    with transaction.atomic():
        game = locked_game(game_id)
        target = check_invite(game, inviter, to)
        address = target if isinstance(target, str) else target.email
        if SentMail.objects.filter(game=game, kind=SentMail.Kind.INVITE).count() >= PER_TABLE:
            raise ActionRefused(f"This table has sent its {PER_TABLE} invitations.", "invite_limit")
        since = timezone.now() - timedelta(days=1)
        if SentMail.objects.filter(user=inviter, kind=SentMail.Kind.INVITE, created__gte=since).count() >= PER_DAY:
            raise ActionRefused(f"You have sent {PER_DAY} invitations today; please wait a day.", "invite_limit")
        told = target if isinstance(target, str) else target.profile.name
        key = hashlib.sha1(address.lower().encode()).hexdigest()  # fits the key; says nothing of the address
        # Once per table, whoever asks: the game row lock makes the check and the write one step.
        if SentMail.objects.filter(game=game, kind=SentMail.Kind.INVITE, key=key).exists():
            raise ActionRefused(f"{told} has already been invited to this table.", "invited")
        SentMail.objects.create(user=inviter, game=game, kind=SentMail.Kind.INVITE, key=key)
        notifications.send_invitation(game, target, inviter)
    return told


def _invite(request: Any, game: Game) -> object:
    told = do_invite(game.pk, request.user, request.POST.get("to", ""))
    messages.success(request, f"Invitation sent to {told}.")
    return told


# A POST like join and leave: a refusal becomes a message, and the player lands back at the table.
invite = table_post_view(_invite)
