"""Redis restarts under a running site: the worker, beat, daphne and the table's sockets carry on.

Everything talks to a redis-server of this test's own (never the shared one): daphne, a real Celery
worker with its beat, both as subprocesses, and the table is driven through them only, as players
would, so that every task goes through that Redis.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from kombu.transport import redis as kombu_redis
from redis.exceptions import ConnectionError as RedisConnectionError
from websockets.sync.client import ClientConnection

from ddmau_site import services
from games.models import Game, Move, Seat, SentMail
from tests.support.live import Browser, receive, table_socket
from tests.support.mail import kept_mail_to
from tests.support.servers import LiveServer, celery_worker_process, daphne_server
from tests.support.tables import make_table, simple_move
from tests.tasks.helpers import DAY, fresh, move_deadline, timeout_moves, wait_for_table, wait_until

HUMAN, BOT = 0, 1


class OwnRedis:
    """A redis-server on a free port that keeps its data (as a production Redis does) across restarts."""

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.server = services.start_embedded_redis(workdir, keep_data=True)

    @property
    def url(self) -> str:
        return self.server.url

    def restart(self) -> None:
        self.server.stop()
        time.sleep(1)  # down for a moment: every client notices
        self.server = services.start_embedded_redis(self.workdir, keep_data=True, port=self.server.port)


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[OwnRedis]:
    redis = OwnRedis(tmp_path / "redis")
    try:
        yield redis
    finally:
        redis.server.stop()


@pytest.fixture
def site(transactional_db: Any, tmp_path: Path, own_redis: OwnRedis) -> Iterator[LiveServer]:
    """daphne, and a worker with beat, all on `own_redis`; mail kept in the live server's folder."""
    mail_dir = tmp_path / "mail"
    mail_dir.mkdir()
    env = {"REDIS_URL": own_redis.url, "DEV_MAIL_DIR": str(mail_dir), "EMAIL_BACKEND": "ddmau_site.mail.DevMailBackend"}
    with (
        daphne_server(mail_dir, REDIS_URL=own_redis.url) as live,
        celery_worker_process(tmp_path, beat="1", **env) as worker,
    ):
        yield live
        assert worker.poll() is None, f"the worker exited:\n{(tmp_path / 'worker.log').read_text()[-4000:]}"


def turn_mails(live: LiveServer, user: Any) -> list[str]:
    return [subject for subject, _ in kept_mail_to(live.mail_dir, user.email) if "your turn" in subject.lower()]


def play_my_turn(browser: Browser, game: Game) -> Game:
    """The human ends their turn through the site (draws, then passes when nothing else is left)."""
    for _ in range(6):
        game = fresh(game)
        if game.turn != HUMAN:
            return game
        assert browser.post_move(game, simple_move(game)) == 200
    raise AssertionError("the turn never passed on")


def wait_for_human(game: Game, what: str) -> Game:
    return wait_for_table(game, lambda g: g.turn == HUMAN and g.moves.filter(seq=g.seq).exists(), what, timeout=40)


def newest_table(socket: ClientConnection, seq: int) -> dict[str, Any]:
    """The socket's messages until one shows the table at `seq`."""
    while True:
        message = receive(socket, timeout=20)
        if message["type"] == "table" and message["seq"] >= seq:
            return message


def start_through_the_site(browser: Browser, game: Game) -> Game:
    """Started through daphne (its tasks go to own_redis); the table once it is Alice's turn."""
    browser.get(game.get_absolute_url())
    assert browser.post(f"/games/{game.pk}/start/", {}) == 200
    game = wait_for_table(game, lambda g: g.status == Game.Status.PLAYING, "the start")
    return wait_for_human(game, "the bot's first turn") if game.turn == BOT else game


@pytest.mark.slow
@pytest.mark.postgres
def test_it_plays_on_after_redis_restarts_under_a_running_worker(
    site: LiveServer, own_redis: OwnRedis, alice: Any, carol: Any
) -> None:
    browser = Browser(site, alice)
    # Alice and a bot, turn by turn: her turns are mailed to her.
    game = start_through_the_site(browser, make_table(alice, seats=2, bots=1, move_seconds=DAY, start=False))
    wait_until(lambda: len(turn_mails(site, alice)) == 1, "Alice's first turn mail")
    # Alice and a bot, live: the worker holds the countdown of her turn, unacknowledged, when Redis goes.
    live = start_through_the_site(browser, make_table(alice, seats=2, bots=1, move_seconds=30, start=False))
    time.sleep(1)

    with table_socket(site, game, carol) as watching:
        assert newest_table(watching, game.seq)["seq"] == game.seq

        own_redis.restart()

        # A move through daphne: the worker plans the bot's turn, the bot plays, Alice is mailed.
        game = play_my_turn(browser, game)
        game = wait_for_human(game, "the bot's turn after the restart")
        wait_until(lambda: len(turn_mails(site, alice)) == 2, "Alice's turn mail after the restart")

        # Alice lets her time run out: beat's sweep finds it, the worker plays her turn once.
        game = move_deadline(game, -1)
        game = wait_for_table(game, lambda g: len(timeout_moves(g)) > 0, "the timeout", timeout=30)
        game = wait_for_human(game, "the bot's turn after the timeout")
        wait_until(lambda: len(turn_mails(site, alice)) == 3, "Alice's turn mail after the timeout")
        # The live table's countdown went with the restart: the sweep plays her turn when it is due.
        live = move_deadline(live, 1)
        live = wait_for_table(live, lambda g: len(timeout_moves(g)) > 0, "the live table's timeout", timeout=30)
        live = wait_for_human(live, "the bot's turn at the live table")

        # The socket that watched through the restart is still open and shows the table as it stands:
        # pushes reach it again once its process has subscribed anew, and the page's minutely "here"
        # makes good any published while Redis was away.
        watching.send(json.dumps({"type": "here"}))
        assert newest_table(watching, game.seq)["seq"] >= game.seq
    with table_socket(site, game, carol) as again:
        assert newest_table(again, game.seq)["seq"] == game.seq

    time.sleep(3)  # a few beats more: nothing is played or mailed twice
    game = fresh(game)
    assert game.turn == HUMAN
    assert game.status == Game.Status.PLAYING
    assert game.rebuild_position() == game.position
    seat = Seat.objects.get(game=game, index=HUMAN)
    assert seat.timeouts_in_a_row == 1
    assert {move.seat for move in timeout_moves(game)} == {HUMAN}
    assert len(turn_mails(site, alice)) == 3
    assert SentMail.objects.filter(game=game, user=alice, kind=SentMail.Kind.TURN).count() == 3
    assert fresh(live).seq == live.seq
    assert Seat.objects.get(game=live, index=HUMAN).timeouts_in_a_row == 1
    bot_turns = [move for move in game.moves.order_by("seq") if move.source == Move.Source.BOT]
    assert bot_turns
    assert {move.seat for move in bot_turns} == {BOT}


def test_it_makes_a_channel_cut_off_from_its_connection_raise_a_connection_error() -> None:
    """The crash of ddmau_site/broker.py: a channel closed after its transport was detached builds a
    connection pool from `connection.client`, None. Now that is an error Celery reconnects after."""
    cut_off = SimpleNamespace(connection=SimpleNamespace(client=None))
    with pytest.raises(RedisConnectionError) as raised:
        kombu_redis.Channel._connparams(cut_off)  # type: ignore[attr-defined]
    assert isinstance(raised.value, kombu_redis.Transport.connection_errors)
