"""One run's line in the results file (benchmarks/results.jsonl): what ``--record`` writes.

A line holds the benchmark's name, the measured checkout's commit (``+dirty`` with
changes not committed, the results file itself aside), the command, the date (UTC, when
the line was written), the machine's load average then (1, 5 and 15 minutes) and the
run's figures.
"""

from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def checkout_commit(tree: Path = ROOT, results: Path | None = None) -> str:
    """``tree``'s short commit, ``+dirty`` when tracked files changed (``results`` aside)."""
    def git(*words: str) -> str:
        done = subprocess.run(["git", "-C", str(tree), *words], capture_output=True,
                              text=True, timeout=30)
        return done.stdout.strip() if done.returncode == 0 else ""

    spared = []
    if results is not None and results.resolve().is_relative_to(tree):
        spared = [f":!{results.resolve().relative_to(tree)}"]
    dirty = git("status", "--porcelain", "--untracked-files=no", "--", ".", *spared)
    return (git("rev-parse", "--short=7", "HEAD") or "unknown") + ("+dirty" if dirty else "")


def append_result(path: Path, benchmark: str, figures: dict[str, Any],
                  tree: Path = ROOT) -> None:
    """Append one run's line to the results file ``path``; its commit is ``tree``'s, the
    checkout measured (this one unless the benchmark runs another's code)."""
    line = {"benchmark": benchmark, "commit": checkout_commit(tree, results=path),
            "command": f"python -m benchmarks.{benchmark} " + " ".join(sys.argv[1:]),
            "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "load": [round(x, 2) for x in os.getloadavg()], **figures}
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps(line) + "\n")
