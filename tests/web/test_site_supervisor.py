"""`make run` keeps its servers running: one that exits is started again after a growing pause, with
a line saying so, and the runner gives up only on a server that keeps exiting."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from ddmau_site import devserver, services

QUITS = [sys.executable, "-c", "raise SystemExit(3)"]


@pytest.fixture
def servers() -> Iterator[devserver.Servers]:
    servers = devserver.Servers()
    yield servers
    for child in [*servers.children, *([servers.redis_child] if servers.redis_child else [])]:
        if child.process.poll() is None:
            child.process.kill()
        child.process.wait()


def test_it_starts_a_server_that_exits_again_after_a_doubling_pause_and_gives_up_after_five_a_minute(
    servers: devserver.Servers,
) -> None:
    said: list[str] = []
    servers.start("celery worker", QUITS, dict(os.environ))
    child = servers.children[0]
    now = 1000.0
    pauses = []
    for restart in range(devserver.MAX_RESTARTS_PER_MINUTE):
        child.process.wait()
        assert servers.supervise(said.append, now) is None
        assert said[-1].startswith("celery worker exited (code 3); starting it again in ")
        pauses.append(child.restart_at - now if child.restart_at else None)
        exited = child.process
        assert servers.supervise(said.append, now + 0.5) is None
        assert child.process is exited  # still pausing
        now = child.restart_at or now
        assert servers.supervise(said.append, now) is None
        assert child.process is not exited
        assert said[-1] == f"celery worker started again ({restart + 1} restart(s) in the last minute)."
    assert pauses == [1, 2, 4, 8, 16]

    child.process.wait()
    assert servers.supervise(said.append, now) == "celery worker"  # the sixth exit within the minute
    # A minute later the count starts again.
    assert servers.supervise(said.append, now + devserver.RESTART_WINDOW_SECONDS + 20) is None
    assert said[-1].endswith("starting it again in 1 s.")


def test_it_starts_the_embedded_redis_again_on_its_port(servers: devserver.Servers, tmp_path: Path) -> None:
    redis = servers.start_redis(tmp_path / "redis")
    redis.process.kill()
    redis.process.wait()
    said: list[str] = []

    assert servers.supervise(said.append, 0.0) is None
    assert servers.supervise(said.append, 1.0) is None

    assert said[-1] == "redis started again (1 restart(s) in the last minute)."
    assert servers.redis is redis
    assert redis.process.poll() is None
    assert services.answers("127.0.0.1", redis.port)
