"""The extra game of the tests, plugged in the one way a game is: ``TAIKYOKU_GAMES``
names its module in the environment of a server process and of the client's process.
This test process never registers it (its shared.games was imported before), so a
client draws and plays it only from what its own registry and the server say: the
window, the terminal and the page, with no file outside tests/ naming it.

The test modules read its entry (``GAME``) straight from its module, to know what the
clients should draw (its name, size and look), not to register it. Loaded as a plugin
by tests/conftest.py, for its fixture ``plugged_server``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from shared.games import GAMES, PLUGINS_VARIABLE
from tests.client.client_support import ENGINE_LIMIT
from tests.games.blocks import GAME
from tests.server.server_process import ServerProcess

MODULE = "tests.games.blocks"
"""The module of the extra game, as ``TAIKYOKU_GAMES`` names it."""

TIMEOUT = 300.0
"""Seconds a test that plays the game may take (pytest.mark.timeout): the server warms
its engine before it listens (ENGINE_LIMIT, a compile when the cache is stale), then the
game, a client starting and the bot's moves, on a loaded machine."""



@pytest.fixture
def plugged_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    """The port of `python -m server serve` with the extra game plugged in; every
    process this test starts after it (a client) gets the same ``TAIKYOKU_GAMES``."""
    assert GAME.name not in GAMES  # this process does not know the game
    monkeypatch.setenv(PLUGINS_VARIABLE, MODULE)
    server = ServerProcess(tmp_path / "games.sqlite3", tmp_path / "server.log")
    try:  # waited for in a thread of its own: a browser test's thread runs Playwright's loop
        with ThreadPoolExecutor(1) as waiting:
            port = waiting.submit(asyncio.run, server.port(ENGINE_LIMIT)).result()
        yield port
    finally:
        server.proc.terminate()
        server.proc.wait(30)
