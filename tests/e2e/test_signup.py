"""A new player, in a real browser against a live daphne server: sign up, verify, log in."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.support.mail import confirmation_link, kept_mail_to
from tests.support.servers import LiveServer

pytestmark = pytest.mark.e2e

PASSWORD = "Skip-across-the-table-7"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def test_it_signs_up_confirms_the_mailed_link_and_logs_in(live_site: LiveServer, browser: Any) -> None:
    laptop = browser.new_context(timezone_id="Europe/Berlin").new_page()
    laptop.goto(live_site.url + "/")
    laptop.get_by_role("link", name="Sign up").click()
    laptop.get_by_label("Email").fill("erin@example.com")
    laptop.get_by_label("Username").fill("erin")
    laptop.get_by_label("Password", exact=True).fill(PASSWORD)
    laptop.get_by_label("Password (again)").fill(PASSWORD)
    laptop.get_by_role("button", name="Sign Up").click()
    expect(laptop.get_by_role("heading", name="Verify Your Email Address")).to_be_visible()

    # She reads the mail on her phone: another browser, with no session from the sign-up.
    [(subject, body)] = kept_mail_to(live_site.mail_dir, "erin@example.com")
    assert "Confirm" in subject
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(confirmation_link(body))
    expect(phone.get_by_text("erin@example.com")).to_be_visible()
    phone.get_by_role("button", name="Confirm").click()

    phone.goto(live_site.url + "/accounts/login/")
    phone.get_by_label("Username or email").fill("erin")
    phone.get_by_label("Password").fill(PASSWORD)
    phone.get_by_role("button", name="Sign In").click()

    expect(phone.get_by_role("heading", name="Your profile")).to_be_visible()
    expect(phone.locator("main")).to_contain_text("Signed in as erin (erin@example.com)")
    # The sign-up page sent the laptop's time zone along.
    expect(phone.locator("main")).to_contain_text("Times on this site are shown in Europe/Berlin")
    expect(phone.get_by_role("navigation", name="Main").get_by_role("link", name="erin")).to_be_visible()


def test_it_shows_sign_up_mistakes_next_to_the_field(live_site: LiveServer, browser: Any) -> None:
    page = browser.new_context(**PHONE).new_page()
    page.goto(live_site.url + "/accounts/signup/")
    page.get_by_label("Email").fill("frank@example.com")
    page.get_by_label("Username").fill("frank")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password (again)").fill(PASSWORD + "x")
    page.get_by_role("button", name="Sign Up").click()

    expect(page.get_by_text("You must type the same password each time.")).to_be_visible()
    expect(page.get_by_label("Username")).to_have_value("frank")
    assert kept_mail_to(live_site.mail_dir, "frank@example.com") == []
