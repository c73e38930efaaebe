"""Show times in the signed-in player's own time zone."""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils import timezone


class TimezoneMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        zone = own_time_zone(request.user)
        if zone is not None:
            timezone.activate(zone)
        else:
            timezone.deactivate()
        return self.get_response(request)


def own_time_zone(user: Any) -> zoneinfo.ZoneInfo | None:
    """The time zone a signed-in player chose (their profile's); None for anyone else, who sees the
    site's. The pages (above) and the table sockets (games.consumers) show times in it."""
    profile = getattr(user, "profile", None) if user is not None and user.is_authenticated else None
    if profile is None:
        return None
    try:
        return zoneinfo.ZoneInfo(profile.time_zone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):  # a zone this machine's tz database lacks
        return None
