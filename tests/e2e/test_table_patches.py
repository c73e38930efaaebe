"""After a move the table socket sends only what changed (a patch); the page applies it to the table it
holds. Two players in real browsers: each page, patched move after move, is exactly the table a fresh
one would be, and a page that missed a patch asks for the whole table and is right again."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, WebSocketRoute, expect

from games.models import Game
from tests.e2e.test_table import live_part, logged_in, open_table
from tests.support.servers import LiveServer
from tests.support.table_play import seeded_table
from tests.support.tables import simple_move

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

# What a page shows, root attributes in any order and clocks stopped; motion is off, so no
# animation class is caught.
SNAPSHOT = """id => {
  const el = document.getElementById(id).cloneNode(true);
  el.querySelectorAll("[data-countdown]").forEach((clock) => { clock.textContent = ""; });
  return [Object.fromEntries(Array.from(el.attributes, (a) => [a.name, a.value])), el.innerHTML];
}"""


@pytest.fixture
def duel(alice: Any, bob: Any) -> Game:
    return seeded_table("patches-e2e-1", alice, bob)


@pytest.fixture
def web(browser: Any) -> Iterator[Any]:
    from django.db import connections

    yield browser
    connections.close_all()


def send_frame(page: Page, frame: dict[str, Any]) -> None:
    page.evaluate(
        "frame => document.dispatchEvent(new CustomEvent('table:send', { detail: frame, cancelable: true }))", frame
    )


def move_from_its_page(pages: dict[int, Page], game: Game, number: int) -> int:
    """The seat to act sends a move over its page's socket; both pages then show the new seq."""
    game.refresh_from_db()
    action = simple_move(game)
    frame = {"type": "move", "action": action, "expected_seq": game.seq, "client_move_id": f"patch-{number}"}
    send_frame(pages[action["seat"]], frame)
    for page in pages.values():
        expect(live_part(page, game)).to_have_attribute("data-seq", str(game.seq + 1))
    return game.seq + 1


def whole_again(page: Page, game: Game) -> Any:
    """The page's table as the server sends it whole (a resync), once swapped in."""
    page.evaluate("id => { document.getElementById(id).dataset.old = '1'; }", f"table-{game.pk}")
    send_frame(page, {"type": "resync"})
    expect(live_part(page, game)).not_to_have_attribute("data-old", "1")
    return page.evaluate(SNAPSHOT, f"table-{game.pk}")


def test_it_keeps_each_patched_page_equal_to_the_whole_table(live_site: LiveServer, duel: Game, web: Any) -> None:
    pages = {
        seat: logged_in(web, live_site, name, reduced_motion="reduce") for seat, name in ((0, "alice"), (1, "bob"))
    }
    patches: list[str] = []
    pages[1].on("websocket", lambda socket: socket.on("framereceived", lambda frame: patches.append(str(frame))))
    for page in pages.values():
        open_table(page, live_site, duel)
    for number in range(8):
        move_from_its_page(pages, duel, number)
        for page in pages.values():
            patched = page.evaluate(SNAPSHOT, f"table-{duel.pk}")
            assert patched == whole_again(page, duel)
    assert sum(json.loads(frame).get("type") == "patch" for frame in patches) >= 6
    for page in pages.values():
        assert page.evaluate("window.sameDocument") is True  # never reloaded


def test_it_asks_for_the_whole_table_when_a_patch_was_missed(live_site: LiveServer, duel: Game, web: Any) -> None:
    dropped: list[str] = []

    def drop_one_patch(socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()

        def from_server(message: str | bytes) -> None:
            if not dropped and json.loads(message).get("type") == "patch":
                dropped.append(str(message))  # lost on the way: the next patch does not fit the page
                return
            socket.send(message)

        server.on_message(from_server)

    pages = {
        seat: logged_in(web, live_site, name, reduced_motion="reduce") for seat, name in ((0, "alice"), (1, "bob"))
    }
    pages[1].route_web_socket("**/ws/games/**", drop_one_patch)
    for page in pages.values():
        open_table(page, live_site, duel)
    move_from_its_page(pages, duel, 1)  # a table fresh from its deal goes whole; the next moves are patched
    duel.refresh_from_db()
    before = duel.seq
    move_id = "second"
    action = simple_move(duel)
    send_frame(
        pages[action["seat"]], {"type": "move", "action": action, "expected_seq": before, "client_move_id": move_id}
    )
    expect(live_part(pages[0], duel)).to_have_attribute("data-seq", str(before + 1))
    for _ in range(50):
        if dropped:
            break
        pages[1].wait_for_timeout(100)
    assert len(dropped) == 1
    expect(live_part(pages[1], duel)).to_have_attribute("data-seq", str(before))  # bob's page missed it

    seq = move_from_its_page(pages, duel, 3)  # the next patch does not fit bob's page: it asks for the whole table
    assert seq == before + 2
    assert pages[1].evaluate(SNAPSHOT, f"table-{duel.pk}") == whole_again(pages[1], duel)
    assert pages[1].evaluate("window.sameDocument") is True
