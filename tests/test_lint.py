"""The code stays ruff clean everywhere and mypy --strict clean in `shared`, `server`,
`client`, `training` and `tests` (pyproject settings: a test's parameters may go
unannotated, its body is checked)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINTED = ["shared", "server", "client", "tests", "benchmarks"]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m args`` in the project; the timeout only stops a hung tool (mypy on
    everything takes ~40 s quiet and timed out at 110 s on a machine at load 10)."""
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


def test_ruff_is_clean() -> None:
    result = _run("ruff", "check", "--no-cache", *LINTED)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_is_clean_on_the_packages_and_the_tests() -> None:
    # pyproject's [tool.mypy]: strict = true, packages = shared, server, client, training,
    # tests
    result = _run("mypy", "--no-incremental", "--cache-dir", "/dev/null")
    assert result.returncode == 0, result.stdout + result.stderr
