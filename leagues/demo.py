"""Demo data for `make run`: a public league owned by ana with ana, ben, cleo and dev as members."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction

from leagues.models import League, Membership

DEMO_LEAGUE = "Friday Night Mau"
DEMO_OWNER = "ana"
DEMO_MEMBERS = ("ana", "ben", "cleo", "dev")


@transaction.atomic
def ensure_demo_league() -> League:
    """Create the demo league once; running it again only adds missing members."""
    users = {u.username: u for u in get_user_model().objects.filter(username__in=DEMO_MEMBERS)}
    league, _ = League.objects.get_or_create(
        name=DEMO_LEAGUE,
        defaults={"owner": users[DEMO_OWNER], "description": "The demo league: four friends, one table, every week."},
    )
    for username in DEMO_MEMBERS:
        role = Membership.Role.OWNER if username == DEMO_OWNER else Membership.Role.MEMBER
        Membership.objects.get_or_create(league=league, user=users[username], defaults={"role": role})
    return league
