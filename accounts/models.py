"""A player's profile: how they are shown and how they want to be told about their games."""

from __future__ import annotations

import zoneinfo

from django.conf import settings
from django.db import models
from django.urls import reverse


def time_zone_choices() -> list[tuple[str, str]]:
    return [(name, name.replace("_", " ")) for name in sorted(zoneinfo.available_timezones())]


class Profile(models.Model):
    class TurnMail(models.TextChoices):
        EVERY_TURN = "every", "Every turn"
        DAILY_DIGEST = "digest", "A daily digest"
        NONE = "none", "No turn emails"

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    display_name = models.CharField(max_length=40, blank=True, help_text="Shown at the table; your username if empty.")
    time_zone = models.CharField(max_length=64, default="UTC", choices=time_zone_choices)
    turn_mail = models.CharField(max_length=10, choices=TurnMail.choices, default=TurnMail.EVERY_TURN)
    reminders = models.BooleanField(default=True, help_text="Remind me when most of my move time is gone.")
    result_mail = models.BooleanField(default=True, help_text="Tell me hand and game results.")
    is_bot = models.BooleanField(default=False)
    timeouts = models.PositiveIntegerField(default=0, help_text="Turns played for this player by the clock.")
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("accounts:player", args=[self.user.get_username()])

    @property
    def name(self) -> str:
        return self.display_name or self.user.get_username()
