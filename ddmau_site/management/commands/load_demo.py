"""Demo data for `make run`: an admin, four players, bot players; safe to run again."""

from __future__ import annotations

from typing import Any

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from games.models import BOT_MARK
from leagues.demo import ensure_demo_league

DEMO_PASSWORD = "ddmau-demo"
ADMIN = ("admin", "Admin")
PLAYERS = [("ana", "Ana"), ("ben", "Ben"), ("cleo", "Cleo"), ("dev", "Dev")]
# Bot accounts carry the bot mark, as bots at a table do ("🤖 Bolt"): no one takes them for a person.
BOTS = [("bot-greedy", f"{BOT_MARK} Greedy"), ("bot-random", f"{BOT_MARK} Random")]


class Command(BaseCommand):
    help = "Create the demo admin, players and bots. Idempotent."

    def handle(self, *args: Any, **options: Any) -> None:
        with transaction.atomic():
            self._person(*ADMIN, staff=True)
            for username, name in PLAYERS:
                self._person(username, name)
            for username, name in BOTS:
                self._person(username, name, bot=True)
            league = ensure_demo_league()
        self.stdout.write(f"Demo logins (password for all: {DEMO_PASSWORD})")
        self.stdout.write(f"  admin (staff): {ADMIN[0]} / {ADMIN[0]}@example.com")
        for username, _ in PLAYERS:
            self.stdout.write(f"  player: {username} / {username}@example.com")
        self.stdout.write(f"Demo league: {league.name} (owner ana; members ana, ben, cleo, dev)")

    def _person(self, username: str, name: str, *, staff: bool = False, bot: bool = False) -> Any:
        user_model = get_user_model()
        user, created = user_model.objects.get_or_create(
            username=username,
            defaults={"email": f"{username}@example.com", "is_staff": staff, "is_superuser": staff},
        )
        if created:
            if bot:
                user.set_unusable_password()
            else:
                user.set_password(DEMO_PASSWORD)
            user.save()
            EmailAddress.objects.get_or_create(
                user=user, email=user.email, defaults={"verified": True, "primary": True}
            )
            user.profile.display_name = name
            user.profile.is_bot = bot
            user.profile.save()
        elif bot and user.profile.display_name != name:  # a bot named before it carried the mark
            user.profile.display_name = name
            user.profile.save(update_fields=["display_name"])
        return user
