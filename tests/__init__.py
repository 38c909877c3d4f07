"""The test suite, one package mirroring the code: tests/client/..., tests/shared/...,
tests/server/... . Test modules import their support modules by full name
(``from tests.client.client_support import ...``), so two test modules may share a
basename in different folders."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The repository's root, for tests that read docs/ or run the package in a subprocess."""

OUTPUT = ROOT / "tests" / "output"
"""Where screenshots go for a person to look at (ignored by git)."""
