"""Tournament emails, each as plain text and HTML, in the reader's time zone.

Registration is confirmed at once; the running tournament's mails (your table, you are out, the
result) go through the worker with retries (games.tasks.send_email). Bot accounts get no mail.
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone

from games import emails as game_emails
from games import tasks
from leagues.models import Entrant, Tournament, TournamentTable


def entrant_people(entrant: Entrant) -> list[Any]:
    """The people an entry covers: the player, or both partners."""
    if entrant.partnership is not None:
        return [member.user for member in entrant.partnership.members.select_related("user__profile")]
    return [entrant.user] if entrant.user is not None else []


def _readers(people: Iterable[Any]) -> list[Any]:
    return [person for person in people if person is not None and person.email and not person.profile.is_bot]


def _url(path: str) -> str:
    return f"{settings.SITE_URL}{path}"


def _mail(person: Any, subject: str, template: str, context: dict[str, Any]) -> game_emails.Mail:
    zone = person.profile.time_zone
    full = {"zone": zone, "person": person, **context}
    with timezone.override(zoneinfo.ZoneInfo(zone)):
        text = render_to_string(f"{template}.txt", full)
        html = render_to_string(f"{template}.html", full)
    return game_emails.Mail(
        to=person.email, subject=f"{settings.ACCOUNT_EMAIL_SUBJECT_PREFIX}{subject}", text=text, html=html
    )


def _queue(mails: Iterable[game_emails.Mail]) -> int:
    sent = 0
    for mail in mails:
        tasks.send_email.delay(mail.payload())
        sent += 1
    return sent


def send_registration_confirmed(entrant_id: int) -> int:
    """Tell everyone the entry covers (the player, or both partners) that they are in; returns mails sent."""
    entrant = Entrant.objects.select_related("tournament", "partnership", "user__profile").get(pk=entrant_id)
    tournament = entrant.tournament
    context = {"entrant": entrant, "tournament": tournament, "url": _url(tournament.get_absolute_url())}
    return sum(
        game_emails.send(
            _mail(person, f"Registered: {tournament.name}", "leagues/email/registration_confirmed", context)
        )
        for person in _readers(entrant_people(entrant))
    )


def send_table_assigned(table_id: int, *, first: bool) -> int:
    """Everyone drawn to a table: the tournament started (`first`) or their table changed, with the link."""
    table = TournamentTable.objects.select_related("tournament", "game").get(pk=table_id)
    tournament = table.tournament
    seats = list(table.game.seats.select_related("user__profile").order_by("index"))
    context = {
        "tournament": tournament,
        "table": table,
        "first": first,
        "players": [seat.name for seat in seats],
        "table_url": _url(table.game.get_absolute_url()),
        "url": _url(tournament.get_absolute_url()),
    }
    subject = f"{tournament.name} has started: your table" if first else f"{tournament.name}: your new table"
    readers = _readers(seat.user for seat in seats)
    return _queue(_mail(person, subject, "leagues/email/table_assigned", context) for person in readers)


def send_eliminated(entrant_id: int) -> int:
    entrant = Entrant.objects.select_related("tournament", "partnership", "user__profile").get(pk=entrant_id)
    tournament = entrant.tournament
    context = {
        "tournament": tournament,
        "entrant": entrant,
        "still_in": tournament.entrants.filter(withdrawn__isnull=True, eliminated__isnull=True).count(),
        "url": _url(tournament.get_absolute_url()),
    }
    subject = f"{tournament.name}: you finished in place {entrant.placing}"
    return _queue(
        _mail(person, subject, "leagues/email/eliminated", context) for person in _readers(entrant_people(entrant))
    )


def send_result(tournament_id: int) -> int:
    """Every entrant: the winner and their own place."""
    tournament = Tournament.objects.get(pk=tournament_id)
    entrants = list(
        tournament.entrants.filter(withdrawn__isnull=True)
        .select_related("partnership", "user__profile")
        .order_by("placing", "pk")
    )
    winners = [entrant for entrant in entrants if entrant.placing == 1]
    mails = []
    for entrant in entrants:
        context = {
            "tournament": tournament,
            "entrant": entrant,
            "winners": winners,
            "entrants": len(entrants),
            "url": _url(tournament.get_absolute_url()),
        }
        subject = f"{tournament.name}: {' and '.join(w.name for w in winners) or 'nobody'} won"
        mails += [
            _mail(person, subject, "leagues/email/result", context) for person in _readers(entrant_people(entrant))
        ]
    return _queue(mails)
