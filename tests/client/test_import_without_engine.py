"""The clients start without the engine: naming the bot levels (shared.ai.levels,
BOT_NAMES) does not import numba or compile anything; the kernel loads with the first
search in the process (the embedded server's workers warm it up in their own). Each
check runs in a fresh interpreter, since this test process has long loaded numba."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests import ROOT

NUMBA_FREE = [
    "import client.tui",
    "import client.tui.terminal",
    "import client.gui",
    "import client.gui.play, client.gui.app",
    "import client.bot.cli",
    "import server.shell.page; server.shell.page.catalogue()",
    "import shared.ai, shared.ai.levels",
]


def _loads_numba(code: str) -> bool:
    done = subprocess.run(
        [sys.executable, "-c", f"{code}\nimport sys; print('numba' in sys.modules)"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
        env=dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1"),
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1] == "True"


@pytest.mark.parametrize("code", NUMBA_FREE)
def test_importing_a_client_does_not_load_the_engine(code: str) -> None:
    assert not _loads_numba(code)


def test_the_check_sees_the_engine_when_a_search_runs() -> None:
    """The same check reports numba once an expert move is chosen in the process."""
    assert _loads_numba(
        "from shared.ai import choose_move\n"
        "from shared.games import new_game\n"
        "choose_move(new_game('othello', size=4), level=5, seconds=0.05, seed=1)"
    )
