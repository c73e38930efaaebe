"""`make run`'s runner on a bare machine: SQLite, an embedded Redis, daphne, a worker, beat; Ctrl-C stops all."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from http.cookiejar import CookieJar
from pathlib import Path

import pytest

from ddmau_site import services

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


class Runner:
    """`python -m ddmau_site.devserver` in its own session, as a terminal would run it."""

    def __init__(self, var_dir: Path, port: int, **env_changes: str) -> None:
        # What a developer's shell would have: none of the services or settings the test suite chose,
        # nor what Celery's test worker left in the environment.
        suite_only = {"DATABASE_URL", "REDIS_URL", "DEBUG", "DJANGO_SETTINGS_MODULE"}
        env = {
            key: value for key, value in os.environ.items() if key not in suite_only and not key.startswith("CELERY_")
        }
        env.update({"DDMAU_VAR_DIR": str(var_dir), "PORT": str(port), "DDMAU_DISABLE_RATE_LIMITS": "1"})
        env.update(env_changes)
        self.url = f"http://127.0.0.1:{port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "ddmau_site.devserver"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line)

    @property
    def output(self) -> str:
        return "".join(self.lines)

    def wait_for(self, text: str, timeout: float = 120) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.output:
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"never printed {text!r}:\n{self.output}")
            time.sleep(0.1)

    def ctrl_c(self) -> int:
        """What the terminal does on Ctrl-C: SIGINT to the foreground process group."""
        os.killpg(self.process.pid, signal.SIGINT)
        return self.process.wait(timeout=60)


def descendants(pid: int) -> set[int]:
    """Every process started, directly or not, by `pid` (read from /proc)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def alive(pids: set[int]) -> set[int]:
    return {pid for pid in pids if Path(f"/proc/{pid}").exists() and "zombie" not in _state(pid)}


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return "zombie"


@contextmanager
def running(var_dir: Path, port: int, **env_changes: str) -> Iterator[Runner]:
    runner = Runner(var_dir, port, **env_changes)
    try:
        yield runner
    finally:
        if runner.process.poll() is None:
            os.killpg(runner.process.pid, signal.SIGKILL)


def sign_up(site: str, username: str) -> None:
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
    form = opener.open(f"{site}/accounts/signup/").read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form)
    assert token
    password = "Penal-T-at-dawn-31"
    data = {"csrfmiddlewaretoken": token.group(1), "email": f"{username}@example.com", "username": username}
    data |= {"password1": password, "password2": password}
    request = urllib.request.Request(
        f"{site}/accounts/signup/",
        data=urllib.parse.urlencode(data).encode(),
        headers={"Referer": f"{site}/accounts/signup/"},
    )
    opener.open(request).read()


def status_of(url: str) -> int:
    try:
        with urllib.request.urlopen(url) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return error.code


def test_it_serves_the_site_prints_mail_and_leaves_nothing_running_after_ctrl_c(tmp_path: Path) -> None:
    port = services.free_port()
    with running(tmp_path, port) as runner:
        runner.wait_for("DD MAU Online is serving at")
        started = descendants(runner.process.pid)

        assert status_of(runner.url + "/") == 200
        assert "ana" in runner.output, "the demo logins are printed"
        sign_up(runner.url, "zoe")
        runner.wait_for("To: zoe@example.com")
        assert "/accounts/confirm-email/" in runner.output
        assert status_of(runner.url + "/dev/mail/") == 200

        assert runner.ctrl_c() == 0
    assert len(started) >= 4, "daphne, the worker, beat and Redis ran"
    assert alive(started) == set(), "every process the runner started has stopped"
    assert not services.answers("127.0.0.1", port)


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def test_it_starts_a_server_that_exits_again_and_keeps_serving(tmp_path: Path) -> None:
    with running(tmp_path, services.free_port()) as runner:
        runner.wait_for("DD MAU Online is serving at")
        worker = next(pid for pid in descendants(runner.process.pid) if " worker " in command_line(pid))

        os.killpg(worker, signal.SIGKILL)  # the worker dies (its pool with it)

        runner.wait_for("celery worker exited (code -9); starting it again in 1 s.", timeout=30)
        runner.wait_for("celery worker started again (1 restart(s) in the last minute).", timeout=30)
        assert runner.process.poll() is None
        assert status_of(runner.url + "/") == 200
        assert any(" worker " in command_line(pid) for pid in alive(descendants(runner.process.pid)))
        assert runner.ctrl_c() == 0


def test_it_keeps_the_players_of_the_first_run_on_a_second_run(tmp_path: Path) -> None:
    with running(tmp_path, services.free_port()) as first:
        first.wait_for("DD MAU Online is serving at")
        sign_up(first.url, "yara")
        first.ctrl_c()

    with running(tmp_path, services.free_port()) as second:
        second.wait_for("DD MAU Online is serving at")

        assert status_of(second.url + "/players/yara/") == 200
        second.ctrl_c()


def test_it_says_so_when_the_port_is_taken(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with running(tmp_path, port) as runner:
            assert runner.process.wait(timeout=30) == 2
            assert f"Port {port} is already in use" in runner.output


def test_it_says_so_when_redis_url_names_a_server_that_is_not_there(tmp_path: Path) -> None:
    nowhere = f"redis://127.0.0.1:{services.free_port()}/0"
    with running(tmp_path, services.free_port(), REDIS_URL=nowhere) as runner:
        assert runner.process.wait(timeout=30) == 2
        assert f"REDIS_URL is {nowhere}, but nothing answers there" in runner.output
