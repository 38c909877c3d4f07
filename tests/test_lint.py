"""The code stays ruff clean everywhere and mypy --strict clean in `shared`, `server` and
`client` (pyproject settings)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINTED = ["shared", "server", "client", "tests", "benchmarks"]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=110
    )


def test_ruff_is_clean() -> None:
    result = _run("ruff", "check", "--no-cache", *LINTED)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_is_clean_on_shared_server_and_client() -> None:
    # pyproject's [tool.mypy] sets strict = true and packages = ["shared", "server", "client"]
    result = _run("mypy", "--no-incremental", "--cache-dir", "/dev/null")
    assert result.returncode == 0, result.stdout + result.stderr
