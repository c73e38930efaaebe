"""A Content-Security-Policy on every kind of page, strict enough to stop injected script, and pages
that live with it: no inline script, style or event handler anywhere."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.http import HttpRequest, HttpResponse
from django.test import Client, override_settings
from django.urls import include, path

from games.models import Game
from tests.support.leagues import make_league
from tests.support.personas import signed_in
from tests.support.tables import SHORT_GAME, make_table, play_to_the_end

HTMX = {"HX-Request": "true"}
INLINE = [
    re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*application/(?:ld\+)?json)[^>]*>", re.I),  # inline script
    re.compile(r"<style[\s>]", re.I),
    re.compile(r"\sstyle\s*=", re.I),
    re.compile(r"\son[a-z]+\s*=", re.I),  # onclick=, onload=...
    re.compile(r"\shx-on", re.I),
    re.compile(r"javascript:", re.I),
]


def boom(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug")


# This module is a URLconf too: the site's URLs and one that fails, for the 500 page.
urlpatterns = [path("boom/", boom), path("", include("ddmau_site.urls"))]


def policy_of(response: Any) -> dict[str, list[str]]:
    header = response.headers.get("Content-Security-Policy", "")
    directives = [part.split() for part in header.split(";") if part.strip()]
    return {name: values for name, *values in directives}


@pytest.fixture
def pages(alice: Any, bob: Any, staff_sam: Any) -> list[tuple[str, Client, str, dict[str, str]]]:
    """(kind of page, browser, address, headers) for each kind of page the site serves."""
    league = make_league(alice, members=[bob])
    table = make_table(alice, bob)
    finished: Game = play_to_the_end(make_table(alice, bob, rules=SHORT_GAME))
    visitor, player, staff = Client(), signed_in(alice), signed_in(staff_sam)
    return [
        ("home", visitor, "/", {}),
        ("login", visitor, "/accounts/login/", {}),
        ("sign-up", visitor, "/accounts/signup/", {}),
        ("password reset", visitor, "/accounts/password/reset/", {}),
        ("not found", visitor, "/no/such/page/", {}),
        ("server error", Client(raise_request_exception=False), "/boom/", {}),
        ("health", visitor, "/health/", {}),
        ("lobby", player, "/games/", {}),
        ("lobby fragment", player, "/games/", HTMX),
        ("new table", player, "/games/new/", {}),
        ("table", player, table.get_absolute_url(), {}),
        ("table fragment", player, table.get_absolute_url(), HTMX),
        ("finished table", player, finished.get_absolute_url(), {}),
        ("replay", player, f"{finished.get_absolute_url()}replay/", {}),
        ("game record", player, f"{finished.get_absolute_url()}record.json", {}),
        ("profile", player, "/me/", {}),
        ("player page", player, "/players/bob/", {}),
        ("leagues", player, "/leagues/", {}),
        ("league", player, league.get_absolute_url(), {}),
        ("tournaments", player, "/leagues/tournaments/", {}),
        ("admin", staff, "/admin/", {}),
        ("admin list", staff, "/admin/games/game/", {}),
    ]


@override_settings(ROOT_URLCONF=__name__)
def test_it_sends_a_strict_content_security_policy_on_every_kind_of_page_and_inlines_nothing(
    pages: list[tuple[str, Client, str, dict[str, str]]],
) -> None:
    for kind, client, url, headers in pages:
        response = client.get(url, headers=headers)
        assert response.status_code in (200, 404, 500), (kind, response.status_code)
        policy = policy_of(response)
        assert policy, f"{kind}: no Content-Security-Policy"
        for directive in ("default-src", "script-src", "style-src"):
            assert policy[directive] == ["'self'"], (kind, directive, policy.get(directive))
        assert policy["object-src"] == policy["base-uri"] == policy["frame-ancestors"] == ["'none'"], kind
        assert "'unsafe-inline'" not in str(policy), kind
        assert "'unsafe-eval'" not in str(policy), kind
        # ...and the page lives with it: nothing inline that the policy would refuse.
        if "html" in response.headers.get("Content-Type", ""):
            page = response.content.decode()
            for pattern in INLINE:
                found = pattern.search(page)
                assert found is None, f"{kind} ({url}): {page[max(0, found.start() - 80) : found.end() + 80]!r}"
    # htmx is told not to add its own inline style, nor to evaluate anything.
    home = pages[0][1].get("/").content.decode()
    assert '"includeIndicatorStyles": false' in home
    assert '"allowEval": false' in home
