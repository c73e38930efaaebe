"""One-click unsubscribe from game mail: a signed token names the player and what to turn off.

The link in a mail (GET) shows a confirmation page with a button; the button, and a mail client's
RFC 8058 one-click request (POST "List-Unsubscribe=One-Click", sent without cookies), turn the mail
off. The signature is the authority, so the POST needs neither a login nor a CSRF token.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from accounts.models import Profile

SALT = "accounts.unsubscribe"


@dataclass(frozen=True)
class Scope:
    label: str  # "turn emails and reminders"
    changes: dict[str, Any]  # Profile fields set on unsubscribing


SCOPES = {
    "turns": Scope("turn emails, reminders and digests", {"turn_mail": Profile.TurnMail.NONE, "reminders": False}),
    "results": Scope("hand and game results", {"result_mail": False}),
}


def make_token(user: Any, scope: str) -> str:
    if scope not in SCOPES:
        raise ValueError(f"unknown unsubscribe scope {scope!r}")
    return signing.dumps({"u": user.pk, "s": scope}, salt=SALT)


def unsubscribe_url(user: Any, scope: str) -> str:
    return f"{settings.SITE_URL}{reverse('accounts:unsubscribe', args=[make_token(user, scope)])}"


def read_token(token: str) -> tuple[Any, str] | None:
    """(user, scope) the token was made for; None if it was not made here or the player is gone."""
    try:
        data = signing.loads(token, salt=SALT)
    except signing.BadSignature:
        return None
    if not isinstance(data, dict) or data.get("s") not in SCOPES or not isinstance(data.get("u"), int):
        return None
    user = get_user_model().objects.filter(pk=data["u"], is_active=True).select_related("profile").first()
    return (user, data["s"]) if user is not None else None


def do_unsubscribe(user: Any, scope: str) -> None:
    Profile.objects.filter(user=user).update(**SCOPES[scope].changes)


@csrf_exempt  # the signed token authorises the request; one-click POSTs come without cookies
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    found = read_token(token)
    if found is None:
        return render(request, "accounts/unsubscribe_invalid.html", status=404)
    user, scope = found
    context = {"person": user, "what": SCOPES[scope].label}
    if request.method == "POST":
        do_unsubscribe(user, scope)
        return render(request, "accounts/unsubscribe_done.html", context)
    return render(request, "accounts/unsubscribe.html", context)
