"""Out-of-turn acts race over real sockets (VARIANTS.md C6): the server takes them in the order
they arrive; every sender gets an answer; an act that is no longer legal when its turn comes is
refused at no cost ("too late"); everyone sees the result."""

from __future__ import annotations

import json
import threading
from contextlib import ExitStack
from typing import Any

import pytest

from games import actions, engine
from games.models import Game
from tests.support.crafted import give, seed_where, set_position, table_at
from tests.support.live import receive, table_socket
from tests.support.servers import LiveServer

pytestmark = pytest.mark.slow


def race(live: LiveServer, game: Game, racers: dict[Any, dict[str, Any]]) -> dict[Any, list[dict[str, Any]]]:
    """Each racer's socket sends its act at the same moment; what each socket then received."""
    heard: dict[Any, list[dict[str, Any]]] = {user: [] for user in racers}
    with ExitStack() as stack:
        sockets = {user: stack.enter_context(table_socket(live, game, user)) for user in racers}
        for socket in sockets.values():
            receive(socket)  # the table on connect
        go = threading.Barrier(len(racers))

        def send(user: Any, action: dict[str, Any]) -> None:
            go.wait()
            message = {"type": "move", "action": action, "expected_seq": game.seq, "client_move_id": f"race-{user.pk}"}
            sockets[user].send(json.dumps(message))

        threads = [threading.Thread(target=send, args=(user, action)) for user, action in racers.items()]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for user, socket in sockets.items():
            while True:
                try:
                    heard[user].append(receive(socket, timeout=1.5))
                except TimeoutError:
                    break
    return heard


def check_outcome(
    game: Game, before: dict[str, Any], racers: dict[Any, dict[str, Any]], heard: dict[Any, list[dict[str, Any]]]
) -> None:
    """The acts were played in the order they arrived, each still legal then; a refused one cost its
    sender nothing and said why; every racer heard the table as it ended."""
    game.refresh_from_db()
    assert game.position is not None
    played = list(game.moves.filter(seq__gt=before["seq"]).order_by("seq").values_list("seat", flat=True))
    assert played, "the first act to arrive is played"
    for user, action in racers.items():
        messages = heard[user]
        assert messages, "every sender gets an answer"
        refusals = [m for m in messages if m["type"] == "refused"]
        if action["seat"] in played:
            assert not refusals
        else:
            assert refusals
            assert "Too late" in refusals[0]["message"] or "moved on" in refusals[0]["message"]
            assert sorted(game.position["hands"][action["seat"]]) == sorted(before["hands"][action["seat"]])
        assert any(m.get("seq") == game.seq for m in messages)


def test_it_plays_two_spams_of_the_same_card_in_the_order_they_arrive(
    live_site: LiveServer, alice: Any, bob: Any, carol: Any
) -> None:
    rules = {"decks": 3}

    def plain_top(position: dict[str, Any]) -> bool:
        card = position["top"]["card"]
        return card[0] in "CDHS" and card[1:] in ("2", "3", "4", "5", "6", "9", "10", "Q", "K")

    game = table_at(alice, [bob, carol], "mau", rules, seed_where("mau", 3, rules, plain_top))
    position = game.dealt_position()
    start = engine.legal_actions(position, position["turn"])[0]
    assert actions.do_move(game.pk, game.seats.get(index=start["seat"]).user, start, game.seq).ok
    game.refresh_from_db()
    position = game.dealt_position()
    top = position["top"]["card"]
    position = give(give(position, 1, top), 2, top)
    game = set_position(game, position)
    spams = {}
    for user in (bob, carol):
        seat = game.seats.get(user=user).index
        spam = next(a for a in engine.legal_actions(position, seat) if a["act"] == "spam")
        spams[user] = spam
    before = {"seq": game.seq, "hands": position["hands"]}
    check_outcome(game, before, spams, race(live_site, game, spams))


def test_it_takes_the_first_jump_in_and_refuses_a_late_one_at_no_cost(
    live_site: LiveServer, alice: Any, bob: Any, carol: Any
) -> None:
    deck = dict(engine.get_rules("emojical").option_specs[-1].default)
    deck["Y1"], deck["Y2"] = 3, 1  # three identical cards, so that two players can race to jump in
    rules = {"emoji_deck": deck, "target": 0}

    def plain(position: dict[str, Any]) -> bool:
        top = position["top"]["card"]
        return position["pending"] is None and top[0] == "Y" and top[1:].isdigit() and top != "Y1"

    game = table_at(alice, [bob, carol], "emojical", rules, seed_where("emojical", 3, rules, plain))
    position = game.dealt_position()
    mover = position["turn"]
    others = [seat for seat in range(3) if seat != mover]
    for seat in (mover, *others):
        if "Y1" not in position["hands"][seat]:
            position = give(position, seat, "Y1")
    game = set_position(game, position)
    play = next(a for a in engine.legal_actions(position, mover) if a["act"] == "play" and a["cards"] == ["Y1"])
    assert actions.do_move(game.pk, game.seats.get(index=mover).user, play, game.seq).ok
    game.refresh_from_db()
    position = game.dealt_position()
    assert engine.rules_of(position).window(position) is not None
    jumps = {}
    for seat in others:
        jump = next(a for a in engine.legal_actions(position, seat) if a["act"] == "jump_in")
        jumps[game.seats.get(index=seat).user] = jump
    before = {"seq": game.seq, "hands": position["hands"]}
    check_outcome(game, before, jumps, race(live_site, game, jumps))
