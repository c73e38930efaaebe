"""Branded error pages, as production serves them (DEBUG off): a 404 in the site's frame and a
500 that needs nothing but Django's empty context."""

from __future__ import annotations

from typing import Any

import pytest
from django.template.loader import get_template
from django.test import Client

from tests.support.personas import signed_in

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def production(settings: Any) -> None:
    settings.DEBUG = False


def test_it_shows_a_branded_404_with_the_site_nav_and_ways_back(client: Client, alice: Any) -> None:
    for visitor in (client, signed_in(alice)):
        response = visitor.get("/no-such-page/")
        page = response.content.decode()
        assert response.status_code == 404
        assert "<h1>No card here</h1>" in page
        assert "css/site.css" in page
        assert 'aria-label="Main"' in page
        assert 'href="/games/watch/"' in page
    assert "Alice" in page  # signed in: the usual header
    assert client.get("/games/999999/", follow=True).status_code == 200  # a visitor is asked to log in first
    assert signed_in(alice).get("/games/999999/").status_code == 404


@pytest.mark.urls("tests.web.error_urls")
def test_it_shows_a_branded_500_when_a_page_fails() -> None:
    response = Client(raise_request_exception=False).get("/boom/")
    page = response.content.decode()
    assert response.status_code == 500
    assert "The deck slipped" in page
    assert "css/site.css" in page
    assert "Traceback" not in page
    assert "a bug" not in page


def test_it_renders_the_500_page_from_an_empty_context() -> None:
    page = get_template("500.html").render()  # as django.views.defaults.server_error does
    assert "DD MAU <span>Online</span>" in page
    assert 'href="/"' in page
