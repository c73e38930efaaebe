"""What a username may be: it is the player's name at every table, in links and in mail."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator, RegexValidator

USERNAME_MAX_LENGTH = 30


def not_a_bot_name(value: str) -> None:
    """Bot players are named bot-…; a person must not pass for one."""
    if value.lower().startswith("bot-") or value.lower().endswith("-bot"):
        raise ValidationError("Names starting with “bot-” or ending in “-bot” are kept for bot players.", code="bot")


# No "@": login accepts a username or an email address and tells them apart by it.
USERNAME_VALIDATORS = [
    RegexValidator(
        r"^[A-Za-z0-9_-]+\Z",
        "Use only letters, digits, “-” and “_” (no spaces): this is your name at the table.",
        code="invalid",
    ),
    MaxLengthValidator(USERNAME_MAX_LENGTH),
    not_a_bot_name,
]
