"""Bots as tournament entrants: staff enter a bot before the start, as a player would register.

A bot entrant is a bot account (Profile.is_bot, no password, no email) like the demo's: the runner
seats it as any player and lets the bot play its seat (leagues.tournament_runner.stood_in_for), and
no mail is ever sent to it. The site keeps a pool of these accounts, "🤖 Bolt", "🤖 Cog", ...,
reused across tournaments; each enters a tournament at most once.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games.models import BOT_MARK, BOT_NAMES
from leagues.actions import Refused, active_entrants, check_staff, record_admin_action
from leagues.models import Entrant, Tournament

MAX_ROUNDS = 50  # "🤖 Bolt 50": far more bots than any tournament holds


def _candidates() -> Iterator[tuple[str, str]]:
    """(username, display name) of the bot accounts, in the order they are used."""
    for round_number in range(1, MAX_ROUNDS + 1):
        for base in BOT_NAMES:
            if round_number == 1:
                yield f"bot-{base.lower()}", f"{BOT_MARK} {base}"
            else:
                yield f"bot-{base.lower()}-{round_number}", f"{BOT_MARK} {base} {round_number}"


def bot_account(tournament: Tournament) -> Any:
    """A bot account with no entry (even a withdrawn one) in `tournament`, made if need be."""
    users = get_user_model()
    entered = set(tournament.entrants.filter(user__isnull=False).values_list("user_id", flat=True))
    for username, display in _candidates():
        user = users.objects.filter(username__iexact=username).select_related("profile").first()
        if user is None:
            user = users.objects.create_user(username=username, email="")  # no password: nobody logs in
            user.profile.display_name = display
            user.profile.is_bot = True
            user.profile.save(update_fields=["display_name", "is_bot"])
            return user
        if user.profile.is_bot and user.pk not in entered:
            return user
        # a person chose this username first, or this bot is entered already: the next one
    raise Refused("No bot account is free for this tournament.")


def _check_before_start(tournament: Tournament) -> None:
    if tournament.status not in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION):
        raise Refused(f"{tournament} has started: entrants can no longer change.")


@transaction.atomic
def do_enter_bot(staff: Any, tournament_id: int) -> Entrant:
    """Staff enter a bot, before the start; it takes a place like any entrant."""
    check_staff(staff)
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    _check_before_start(tournament)
    if tournament.kind != Tournament.Kind.INDIVIDUAL:
        raise Refused("Bots enter tournaments of individual players only: a partnership needs two people.")
    if active_entrants(tournament).count() >= tournament.max_entrants:
        raise Refused(f"{tournament} is full ({tournament.max_entrants} entrants).")
    bot = bot_account(tournament)
    entrant = Entrant.objects.create(tournament=tournament, user=bot, registered=timezone.now(), registered_by=staff)
    record_admin_action(tournament, staff, "add bot", entrant=bot.profile.name)
    return entrant


@transaction.atomic
def do_remove_bot(staff: Any, tournament_id: int, entrant_id: int) -> Entrant:
    """Staff take a bot they entered out again, before the start."""
    check_staff(staff)
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    _check_before_start(tournament)
    entrant = (
        active_entrants(tournament).filter(pk=entrant_id, user__profile__is_bot=True).select_related("user__profile")
    ).first()
    if entrant is None:
        raise Refused("No such bot among the entrants.")
    entrant.withdrawn = timezone.now()
    entrant.save(update_fields=["withdrawn"])
    record_admin_action(tournament, staff, "remove bot", entrant=entrant.name)
    return entrant
