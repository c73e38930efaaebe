"""Playing a table of any game through the web layer, as its players would, with the hidden-card scan.

The players' choices come from the game's greedy bot (it sees only their view and legal actions),
and they send them as a browser would: POSTs to the move endpoint. Out-of-turn acts are offered to
every seat after each move; reaction windows are closed by the server's own close
(games.windows.do_close_window), as the worker would at their deadline.
"""

from __future__ import annotations

import html
import re
import uuid
from collections import Counter
from collections.abc import Iterable, Mapping
from datetime import timedelta
from typing import Any

from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import engine, windows
from games.engine.bots import get_bot
from games.models import Game

RANDOM_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,}")


def hidden_codes(game: Game, seat: int | None) -> set[str]:
    """Codes every copy of which lies where `seat` may not look (other hands, the draw pile) and that
    nobody has ever shown: naming one of them could only come from a leak."""
    game.refresh_from_db()
    position = game.position
    assert position is not None
    everywhere: Counter[str] = Counter()
    hidden: Counter[str] = Counter()
    for index, hand in enumerate(position["hands"]):
        everywhere.update(hand)
        if index != seat:
            hidden.update(hand)
    everywhere.update(position["draw"])
    hidden.update(position["draw"])
    shown: set[str] = set()
    for play in position.get("pile") or ():
        everywhere.update(play.get("cards") or ())
        shown.update(play.get("cards") or ())
    for action in game.moves.values_list("action", flat=True):
        shown.update(action.get("cards") or ())
    for events in game.moves.values_list("events", flat=True):
        for event in events or ():
            shown.update(event.get("cards") or ())
    return {code for code, count in hidden.items() if count == everywhere[code]} - shown


def leaked_codes(text: str, codes: Iterable[str], variant: str, *, names: bool) -> set[str]:
    """The codes of `codes` that `text` names, by code or (with `names`) by the card's name. A name
    inside a longer card's name ("colour preference" in "Take 4 + colour preference") is not that card."""
    plain = RANDOM_TOKEN.sub(" ", html.unescape(text))
    every_name = {engine.card_info(variant, code).name.lower() for code in _deck(variant)}
    found = set()
    for code in codes:
        if re.search(rf"(?<![A-Za-z0-9]){re.escape(code)}(?![A-Za-z0-9])", plain):
            found.add(code)
            continue
        if not names:
            continue
        name = engine.card_info(variant, code).name.lower()
        rest = plain.lower()
        for longer in every_name:
            if name in longer and longer != name:
                rest = rest.replace(longer, " ")
        if re.search(rf"\b{re.escape(name)}\b", rest):
            found.add(code)
    return found


def _deck(variant: str) -> set[str]:
    position = engine.new_game(2, seed="deck", variant=variant)
    codes = set(position["draw"]) | {code for hand in position["hands"] for code in hand}
    return codes | {code for play in position.get("pile") or () for code in play.get("cards") or ()}


def post_move(client: Client, game: Game, action: Mapping[str, Any]) -> Any:
    sent = {key: value for key, value in action.items() if key != "seat"}
    import json

    return client.post(
        reverse("games:move", args=[game.pk]),
        {"action": json.dumps(sent), "expected_seq": game.seq, "client_move_id": uuid.uuid4().hex},
        HTTP_HX_REQUEST="true",
    )


def scan_views(game: Game, clients: Mapping[int | None, Client]) -> None:
    """Every viewer's fragment and whole page name no card hidden from them."""
    page = reverse("games:table", args=[game.pk])
    for seat, client in clients.items():
        assert_hides(game, seat, client.get(page, HTTP_HX_REQUEST="true").content.decode())
        # The whole page holds the game's help, which names cards in general: codes only there.
        assert_hides(game, seat, client.get(page).content.decode(), names=False)


def assert_hides(game: Game, seat: int | None, text: str, *, names: bool = True) -> None:
    found = leaked_codes(text, hidden_codes(game, seat), game.variant, names=names)
    assert not found, (seat, found, [engine.card_info(game.variant, c).name for c in found])


def play_through_the_web(game: Game, clients: Mapping[int, Client], watcher: Client, limit: int = 3000) -> Game:
    """The seated players (clients by seat) play the game to its end over HTTP; every 7th move every
    viewer's fragment and page (and the watcher's) are scanned for hidden cards, and every answer to a
    move is scanned for the mover."""
    bots = {seat: get_bot("greedy", seed=seat, variant=game.variant) for seat in clients}
    for step in range(limit):
        game.refresh_from_db()
        if game.status != Game.Status.PLAYING:
            return game
        position = game.position
        assert position is not None
        rules = engine.rules_of(position)
        if step % 7 == 0:
            viewers: dict[int | None, Client] = {None: watcher}
            viewers.update(clients.items())
            scan_views(game, viewers)
        waiting = rules.to_act(position)
        action = None
        for seat in clients:
            if seat in waiting:
                continue
            legal = rules.legal_dicts(position, seat)
            if any(a["act"] in rules.out_of_turn_acts for a in legal):
                action = bots[seat].react(rules.view(position, seat), legal)
                if action is not None:
                    break
        if action is None and rules.window(position) is not None:
            assert windows.do_close_window(game.pk, game.seq, timezone.now() + timedelta(hours=1)) is not None
            continue
        if action is None:
            seat = waiting[0]
            action = bots[seat].choose(rules.view(position, seat), rules.legal_dicts(position, seat))
        response = post_move(clients[action["seat"]], game, action)
        assert response.status_code == 200, response.content.decode()[:500]
        game.refresh_from_db()
        assert_hides(game, action["seat"], response.content.decode())  # the mover's answer, too
    raise AssertionError(f"the game did not end within {limit} moves")


def next_move(game: Game) -> tuple[int, dict[str, Any]] | None:
    """The seat to act and its greedy bot's choice; None while only the server may act (a window)."""
    position = game.position
    assert position is not None
    rules = engine.rules_of(position)
    waiting = rules.to_act(position)
    if not waiting:
        return None
    seat = waiting[0]
    bot = get_bot("greedy", seed=seat, variant=game.variant)
    return seat, bot.choose(rules.view(position, seat), rules.legal_dicts(position, seat))


def two_player_table(creator: Any, other: Any, variant: str, move_seconds: int = 600) -> Game:
    """A started table of `variant`: `creator` in seat 0, `other` in seat 1."""
    from games import actions

    game = actions.do_create_game(creator, seat_count=2, move_seconds=move_seconds, variant=variant)
    actions.do_join(game.pk, other)
    return actions.do_start(game.pk, creator)
