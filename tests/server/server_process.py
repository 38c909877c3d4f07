"""A real server in a subprocess (`python -m server serve`), for tests that kill it,
restart it or fill its disk, and what the `connect` fixture needs to reach it."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from tests import ROOT
from tests.waiting import until

LISTENING = re.compile(r"listening on ws://127\.0\.0\.1:(\d+)")


class ServerProcess:
    """`python -m server serve` in a subprocess, its log in a file; ``env`` adds to the
    environment it inherits (``TAIKYOKU_GAMES``, say)."""

    def __init__(self, db: Path, log: Path, env: Mapping[str, str] | None = None) -> None:
        self.log = log
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "server", "serve", "--host", "127.0.0.1", "--port", "0",
             "--db", str(db), "--no-discovery", "--grace", "30", "--bot-seconds", "0.2",
             "--bot-workers", "1"],
            stdout=subprocess.DEVNULL, stderr=log.open("w"),
            cwd=ROOT, env={**os.environ, **(env or {})},
        )

    async def port(self, timeout: float = 30.0) -> int:
        """The port the server says it listens on (it fails if the server exits first)."""
        await until(lambda: LISTENING.search(self.log.read_text()) or self.proc.poll() is not None,
                    "the server to say where it listens", timeout)
        found = LISTENING.search(self.log.read_text())
        assert found, f"the server did not say where it listens:\n{self.log.read_text()}"
        return int(found[1])

    async def stop(self, sig: int) -> int:
        """Signal the server; its exit status (waited for without blocking our clients)."""
        self.proc.send_signal(sig)
        return await asyncio.to_thread(self.proc.wait, 30)


class At:
    """Just enough of a GameServer for the `connect` fixture: a URL."""

    def __init__(self, port: int) -> None:
        self.url = f"ws://127.0.0.1:{port}"
