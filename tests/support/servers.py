"""Real servers for tests: daphne and a Celery worker as subprocesses sharing the test database."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.db import connection

from ddmau_site import services

ROOT = Path(__file__).resolve().parents[2]


def database_url_for_subprocesses() -> str:
    """The URL of the database pytest-django created, for processes started by a test."""
    db = connection.settings_dict
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{db['NAME']}"
    user = db.get("USER") or "postgres"
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    host = db.get("HOST") or "127.0.0.1"
    port = db.get("PORT") or 5432
    return f"postgres://{user}{password}@{host}:{port}/{db['NAME']}"


def site_env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        {
            "DATABASE_URL": database_url_for_subprocesses(),
            "REDIS_URL": settings.REDIS_URL,
            "DJANGO_SETTINGS_MODULE": os.environ.get("DJANGO_SETTINGS_MODULE", "ddmau_site.settings"),
            "PYTHONUNBUFFERED": "1",
        }
    )
    env.update(extra)
    return env


@dataclass
class LiveServer:
    url: str
    mail_dir: Path
    process: subprocess.Popen[bytes]

    @property
    def ws_url(self) -> str:
        return self.url.replace("http://", "ws://", 1)


@contextmanager
def daphne_server(mail_dir: Path, **extra_env: str) -> Iterator[LiveServer]:
    port = services.free_port()
    url = f"http://127.0.0.1:{port}"
    env = site_env(
        SITE_URL=url,
        DEV_MAIL_DIR=str(mail_dir),
        EMAIL_BACKEND="ddmau_site.mail.DevMailBackend",
        **extra_env,
    )
    log = open(mail_dir.parent / f"daphne-{port}.log", "wb")  # noqa: SIM115
    process = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "ddmau_site.asgi:application"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        _wait_until_answering(port, process, log.name)
        yield LiveServer(url=url, mail_dir=mail_dir, process=process)
    finally:
        _stop(process)
        log.close()
        wait_for_other_sessions_to_end()


@contextmanager
def celery_worker_process(log_dir: Path | None = None, **extra_env: str) -> Iterator[subprocess.Popen[bytes]]:
    """A real `celery worker` (and, with beat="1" in extra_env, its beat) against the test database.

    With `log_dir`, its output goes to worker.log there, and beat keeps its schedule file there too
    (not in the working tree)."""
    args = [sys.executable, "-m", "celery", "-A", "ddmau_site", "worker", "--pool=solo", "--loglevel=INFO"]
    if extra_env.pop("beat", "") == "1":
        args.append("--beat")
        if log_dir is not None:
            args += ["--schedule", str(log_dir / "celerybeat-schedule")]
    log = open(log_dir / "worker.log", "wb") if log_dir is not None else None  # noqa: SIM115
    process = subprocess.Popen(args, cwd=ROOT, env=site_env(**extra_env), stdout=log, stderr=subprocess.STDOUT)
    try:
        yield process
    finally:
        _stop(process)
        if log is not None:
            log.close()
        wait_for_other_sessions_to_end()


def wait_for_other_sessions_to_end(timeout: float = 10) -> None:
    """PostgreSQL ends a stopped server's sessions a moment after it exits; the test database can
    only be flushed or dropped once they are gone."""
    if connection.vendor != "postgresql":
        return
    deadline = time.monotonic() + timeout
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
            row = cursor.fetchone()
            if not row or row[0] == 0:
                return
            time.sleep(0.05)


def _wait_until_answering(port: int, process: subprocess.Popen[bytes], log_name: str) -> None:
    deadline = time.monotonic() + 30
    while not services.answers("127.0.0.1", port, timeout=0.2):
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"daphne did not start; see {log_name}:\n{Path(log_name).read_text()[-3000:]}")
        time.sleep(0.1)


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
