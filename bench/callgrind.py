"""A bench script's inner part run under valgrind's callgrind, for figures in instructions
(bench/instructions.py, bench/engine_instructions.py): valgrind's counts do not depend on the
machine's load, so two commits compare from two checkouts run at once."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

COLLECTED = re.compile(r"Collected : (\d+)")


def require_valgrind() -> None:
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")


def counted(arguments: list[str], tally: re.Pattern[str]) -> tuple[int, int]:
    """The instructions of `python arguments...` under callgrind, with PYTHONHASHSEED=0 (a string's
    hash moves dicts' layouts, and so the counts), and the number its output gives by `tally`."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, *arguments]
    done = subprocess.run(command, env=dict(os.environ, PYTHONHASHSEED="0"), capture_output=True, text=True)
    instructions, count = COLLECTED.search(done.stderr), tally.search(done.stdout)
    if done.returncode or instructions is None or count is None:
        raise SystemExit(f"the inner run failed ({done.returncode}):\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return int(instructions.group(1)), int(count.group(1))
