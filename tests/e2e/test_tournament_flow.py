"""A newcomer, in a real browser against a live daphne server: signs up, joins a league, registers for
a tournament, and sees it start (the staff start it from their page in another browser)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from leagues import actions
from leagues.models import League, Tournament
from tests.support.leagues import make_league, make_tournament
from tests.support.mail import confirmation_link, kept_mail_to
from tests.support.personas import PASSWORD as PERSONA_PASSWORD
from tests.support.servers import LiveServer

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

PASSWORD = "Deck-Master-deals-9"


@pytest.fixture
def club_and_cup(alice: Any, bob: Any, carol: Any, staff_sam: Any) -> tuple[League, Tournament]:
    """A public league, and a tournament open for registration that Bob and Carol entered already."""
    league = make_league(alice, "Tuesday Club", members=[bob, carol])
    tournament = make_tournament(staff_sam, name="Autumn Cup", min_entrants=3, move_seconds=3600)
    for player in (bob, carol):
        actions.do_register(tournament.pk, player)
    return league, tournament


def sign_up_and_log_in(browser: Any, live: LiveServer, username: str) -> Page:
    page: Page = browser.new_page()
    page.goto(live.url + "/accounts/signup/")
    page.get_by_label("Email").fill(f"{username}@example.com")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password (again)").fill(PASSWORD)
    page.get_by_role("button", name="Sign Up").click()
    expect(page.get_by_role("heading", name="Verify Your Email Address")).to_be_visible()
    [(_, body)] = kept_mail_to(live.mail_dir, f"{username}@example.com")
    page.goto(confirmation_link(body))
    page.get_by_role("button", name="Confirm").click()
    expect(page.get_by_role("navigation", name="Main")).to_contain_text("Log out")
    return page


def staff_page(browser: Any, live: LiveServer) -> Page:
    page: Page = browser.new_context().new_page()
    page.goto(live.url + "/accounts/login/")
    page.get_by_label("Username or email").fill("sam")
    page.get_by_label("Password").fill(PERSONA_PASSWORD)
    page.get_by_role("button", name="Sign In").click()
    expect(page.get_by_role("navigation", name="Main")).to_contain_text("Log out")
    return page


def test_it_lets_a_newcomer_join_a_league_register_and_see_the_tournament_start(
    live_site: LiveServer, club_and_cup: tuple[League, Tournament], browser: Any
) -> None:
    # The fixtures come in this order so the data exists before the browser's event loop starts.
    erin = sign_up_and_log_in(browser, live_site, "erin")

    erin.get_by_role("navigation", name="Main").get_by_role("link", name="Leagues").click()
    erin.get_by_role("link", name="Tuesday Club").click()
    erin.get_by_role("button", name="Join").click()
    expect(erin.get_by_role("button", name="Leave")).to_be_visible()

    erin.get_by_role("navigation", name="Main").get_by_role("link", name="Tournaments").click()
    erin.get_by_role("link", name="Autumn Cup").click()
    erin.get_by_role("button", name="Register").click()
    expect(erin.get_by_text("You are registered for Autumn Cup.")).to_be_visible()
    erin.evaluate("window.sameDocument = true")  # gone if the page were reloaded

    sam = staff_page(browser, live_site)
    sam.goto(live_site.url + erin.url.removeprefix(live_site.url))
    sam.get_by_role("link", name="Run the tournament").click()
    sam.get_by_role("button", name="Start (3 entrants)").click()
    expect(sam.get_by_text("The tournament has started: the tables are drawn.")).to_be_visible()

    # Erin's page picks the start up by itself (htmx polls the live part) and links her table.
    my_table = (
        erin.get_by_role("status").filter(has_text="You play at").get_by_role("link", name=re.compile(r"Table \d"))
    )
    expect(my_table).to_be_visible(timeout=15_000)
    assert erin.evaluate("window.sameDocument") is True
    for name in ("Bob", "Carol", "erin"):
        expect(erin.locator("#tournament-live")).to_contain_text(name)
    my_table.click()
    expect(erin).to_have_url(re.compile(r"/games/\d+/$"))
    expect(erin.locator(".seats")).to_contain_text("erin")
