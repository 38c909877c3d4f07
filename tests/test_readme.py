"""The README's set-up commands are what CI runs: they must never drift apart."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    return re.findall(r"```sh\n(.+?)\n```", text)


def test_readme_opens_with_the_two_setup_commands() -> None:
    play, tests = _commands()[:2]
    assert play.endswith("taikyoku play")
    assert "pytest" in tests and "[test]" in tests


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    tests = _commands()[1]
    ci_lines = (ROOT / ".ci" / "run").read_text().splitlines()
    assert tests in ci_lines
