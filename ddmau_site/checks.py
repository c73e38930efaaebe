"""`manage.py check` and `makemigrations --check`, against the same services the tests choose."""

from __future__ import annotations

import os
import subprocess
import sys

from ddmau_site import services


def main() -> int:
    env = dict(os.environ)
    if not env.get("DATABASE_URL"):
        url = services.local_postgres_url("ddmau")
        if url:
            env["DATABASE_URL"] = url
    manage = [sys.executable, "manage.py"]
    for args in (["check", "--fail-level", "WARNING"], ["makemigrations", "--check", "--dry-run"]):
        print("$ manage.py", " ".join(args), flush=True)
        result = subprocess.run([*manage, *args], env=env)
        if result.returncode != 0:
            return result.returncode
    return 0


if __name__ == "__main__":
    sys.exit(main())
