"""Named players for tests: the same people across the suite, with verified email addresses."""

from __future__ import annotations

from typing import Any

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.test import Client

PASSWORD = "mau-mau-2026!"

PERSONAS = {
    "alice": "Alice",
    "bob": "Bob",
    "carol": "Carol",
    "dave": "Dave",
    "erin": "Erin",
    "frank": "Frank",
}


def make_player(username: str, *, staff: bool = False, **profile: Any) -> Any:
    """A verified player who can log in with PASSWORD; display name from PERSONAS."""
    user_model = get_user_model()
    user = user_model.objects.create_user(
        username=username,
        email=f"{username}@example.com",
        password=PASSWORD,
        is_staff=staff,
        is_superuser=staff,
    )
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    profile.setdefault("display_name", PERSONAS.get(username, username.title()))
    for field, value in profile.items():
        setattr(user.profile, field, value)
    user.profile.save()
    return user


def signed_in(user: Any) -> Client:
    """A browser-less client logged in as `user`."""
    client = Client()
    client.force_login(user)
    return client
