"""Two players chat at a live table in real browsers (one on a phone), and one mutes the other.

Messages travel over the table's WebSocket and appear without a reload; a mute hides the muted
player's later messages for the muter, and still does after a reload.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db import connections
from playwright.sync_api import Page, expect

from games.models import Game
from tests.e2e.test_table import PHONE, logged_in, open_table
from tests.support.servers import LiveServer
from tests.support.tables import make_table

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

SCREENS = Path(__file__).resolve().parents[2] / "test-screens"


# The table is made before the browser starts (see tests/e2e/test_table.py).
@pytest.fixture
def chat_table(alice: Any, bob: Any) -> Game:
    return make_table(alice, bob)


@pytest.fixture
def chat_web(browser: Any) -> Iterator[Any]:
    yield browser
    connections.close_all()


def chat_lines(page: Page) -> Any:
    return page.locator("[data-chat-lines]")


def write(page: Page, text: str) -> None:
    box = page.get_by_label("Message to the players")
    box.fill(text)
    box.press("Enter")
    expect(box).to_have_value("")


def test_it_lets_two_players_chat_live_and_one_mute_the_other(
    live_site: LiveServer, chat_table: Game, chat_web: Any
) -> None:
    game = chat_table
    alice = logged_in(chat_web, live_site, "alice")
    bob = logged_in(chat_web, live_site, "bob", **PHONE)
    for page in (alice, bob):
        open_table(page, live_site, game)
        expect(page.locator("[data-chat]")).to_contain_text("No messages yet.")

    write(alice, "Hello <b>Bob</b>")
    expect(chat_lines(bob)).to_contain_text("Hello <b>Bob</b>")  # as text, not markup
    expect(chat_lines(bob).locator("b.chat-author")).to_have_text(["Alice"])
    expect(chat_lines(alice)).to_contain_text("Hello <b>Bob</b>")

    bob.get_by_role("button", name="Good game!").click()  # a quick phrase
    expect(chat_lines(alice).locator('[data-author="bob"]')).to_contain_text("Good game!")
    expect(chat_lines(bob).locator('[data-author="bob"]')).to_contain_text("Good game!")
    SCREENS.mkdir(exist_ok=True)
    bob.screenshot(path=SCREENS / "chat-phone.png", full_page=True)
    alice.screenshot(path=SCREENS / "chat-desktop.png", full_page=True)

    alice.get_by_role("button", name="Mute Bob").first.click()
    expect(alice.locator("[data-chat-status]")).to_contain_text("Muted bob")
    expect(chat_lines(alice).locator('[data-author="bob"]')).to_have_count(0)
    expect(alice.get_by_role("button", name="Unmute bob")).to_be_visible()

    write(bob, "Can you hear me?")
    expect(chat_lines(bob)).to_contain_text("Can you hear me?")
    write(alice, "Quiet here")
    expect(chat_lines(bob)).to_contain_text("Quiet here")
    expect(chat_lines(alice)).to_contain_text("Quiet here")
    expect(chat_lines(alice)).not_to_contain_text("Can you hear me?")
    for page in (alice, bob):
        assert page.evaluate("window.sameDocument") is True  # all of it without a reload

    alice.reload()
    expect(alice.locator("[data-conn]")).to_have_attribute("data-state", "live")
    expect(chat_lines(alice)).to_contain_text("Quiet here")
    expect(chat_lines(alice).locator('[data-author="bob"]')).to_have_count(0)
    write(bob, "Still muted?")
    expect(chat_lines(bob)).to_contain_text("Still muted?")
    write(alice, "Bye")
    expect(chat_lines(alice)).to_contain_text("Bye")
    expect(chat_lines(alice)).not_to_contain_text("Still muted?")
    assert alice.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert bob.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_it_shows_a_page_that_lost_its_connection_what_was_said_meanwhile(
    live_site: LiveServer, chat_table: Game, chat_web: Any
) -> None:
    game = chat_table
    alice = logged_in(chat_web, live_site, "alice")
    bob = logged_in(chat_web, live_site, "bob")
    for page in (alice, bob):
        open_table(page, live_site, game)

    bob.context.set_offline(True)
    expect(bob.locator("[data-conn]")).not_to_have_attribute("data-state", "live")
    write(alice, "Are you still there?")
    expect(chat_lines(alice)).to_contain_text("Are you still there?")
    expect(chat_lines(bob)).not_to_contain_text("Are you still there?")

    bob.context.set_offline(False)
    expect(bob.locator("[data-conn]")).to_have_attribute("data-state", "live", timeout=20000)
    expect(chat_lines(bob)).to_contain_text("Are you still there?")
    expect(chat_lines(bob).get_by_text("Are you still there?")).to_have_count(1)
    assert bob.evaluate("window.sameDocument") is True  # no reload
