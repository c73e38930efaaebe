"""Inviting someone to an open table by username or email address: one mail per person and table.

The write follows games.actions: the game row locked, the checks, a SentMail row that records the
invitation (so each name and each address is invited once per table, and the limits can be
counted), and the mail sent from the worker after the commit.

An invitation by name and one by address are told apart (`player_key`, `address_key`): were they
one, inviting Bob and then bob@example.com would answer "already invited" and tell the inviter whose
address that is. So each is answered for what the inviter typed, and the person is mailed once
however many ways they are named (`reached`).
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
from django.utils import timezone

from games import notifications
from games.actions import ActionRefused, check_open, locked_game
from games.models import Game, SentMail
from games.views import table_post_view

PER_TABLE = 20  # invitations a table may send in all
PER_DAY = 50  # invitations one player may send in a day, over all tables


def player_named(name: str) -> Any | None:
    return get_user_model().objects.filter(is_active=True, username__iexact=name).select_related("profile").first()


def player_at_address(address: str) -> Any | None:
    users = get_user_model().objects.filter(is_active=True)
    mine = users.filter(emailaddress__email__iexact=address, emailaddress__verified=True)
    return mine.select_related("profile").first()


def player_key(player: Any) -> str:
    """The SentMail key of an invitation by name (a hash: the key fits 40 characters)."""
    return hashlib.sha1(f"user:{player.pk}".encode()).hexdigest()


def address_key(address: str) -> str:
    """The SentMail key of an invitation by address: the key every invitation had before names and
    addresses were told apart, so rows of tables still open keep counting. No name key can equal
    one: an address holds an "@", "user:<pk>" none."""
    return hashlib.sha1(address.lower().encode()).hexdigest()


def reached(game: Game, player: Any) -> bool:
    """Whether an invitation to the table has already gone to `player`: by name, or by an address
    that is theirs (a mail to a player goes to their address whichever way they were named)."""
    addresses = {player.email, *player.emailaddress_set.filter(verified=True).values_list("email", flat=True)}
    keys = {player_key(player), *(address_key(address) for address in addresses if address)}
    return SentMail.objects.filter(game=game, kind=SentMail.Kind.INVITE, key__in=keys).exists()


def check_invite(game: Game, inviter: Any, to: str) -> tuple[Any | None, str, str]:
    """(the player, or None for an address nobody has; the address to mail; how the inviter names them).

    An address is answered with the address, whoever owns it, seated or not: as at sign-up, the site
    does not tell which addresses belong to players (do_invite mails no one who sits there already).
    """
    check_open(game)
    if game.seat_of(inviter) is None and game.creator_id != inviter.pk:
        raise ActionRefused("Only the players at this table can invite others to it.", "forbidden")
    if not to:
        raise ActionRefused("Whom shall we invite? Give a player's name or an email address.", "invite")
    if "@" in to:
        try:
            validate_email(to)
        except ValidationError:
            raise ActionRefused(f"“{to}” is not an email address.", "invite") from None
        if game.league_id is not None:
            raise ActionRefused("Only the league's members sit here: invite them by their player name.", "league")
        return player_at_address(to), to, to
    player = player_named(to)
    if player is None:
        raise ActionRefused(f"No player is called “{to}”. To invite someone new, give their email address.", "invite")
    if game.seat_of(player) is not None:
        raise ActionRefused(f"{player.profile.name} already sits at this table.", "seated")
    if game.league_id is not None and not game.league_admits(player):
        raise ActionRefused(f"{player.profile.name} is not a member of {game.league}, whose table this is.", "league")
    return player, player.email, player.profile.name


def do_invite(game_id: int, inviter: Any, to: str) -> str:
    """Mail an invitation to the table; returns whom it went to, as the inviter should read it."""
    to = to.strip()
    with transaction.atomic():
        game = locked_game(game_id)
        player, address, told = check_invite(game, inviter, to)
        if SentMail.objects.filter(game=game, kind=SentMail.Kind.INVITE).count() >= PER_TABLE:
            raise ActionRefused(f"This table has sent its {PER_TABLE} invitations.", "invite_limit")
        since = timezone.now() - timedelta(days=1)
        if SentMail.objects.filter(user=inviter, kind=SentMail.Kind.INVITE, created__gte=since).count() >= PER_DAY:
            raise ActionRefused(f"You have sent {PER_DAY} invitations today; please wait a day.", "invite_limit")
        key = address_key(address) if "@" in to else player_key(player)
        # Once per table, whoever asks: the game row lock makes the check and the write one step.
        if SentMail.objects.filter(game=game, kind=SentMail.Kind.INVITE, key=key).exists():
            raise ActionRefused(f"{told} has already been invited to this table.", "invited")
        # Whoever holds the address and sits here already, or was invited another way, needs no
        # (second) mail; the inviter is told the same as for anyone.
        mail = player is None or (game.seat_of(player) is None and not reached(game, player))
        SentMail.objects.create(user=inviter, game=game, kind=SentMail.Kind.INVITE, key=key)
        if mail:
            notifications.send_invitation(game, player if player is not None else address, inviter)
    return told


def _invite(request: Any, game: Game) -> object:
    told = do_invite(game.pk, request.user, request.POST.get("to", ""))
    messages.success(request, f"Invitation sent to {told}.")
    return told


# A POST like join and leave: a refusal becomes a message, and the player lands back at the table.
invite = table_post_view(_invite)
