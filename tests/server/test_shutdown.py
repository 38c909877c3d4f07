"""`taikyoku serve` stops promptly on SIGTERM and says so in its log, even with a peer
that no longer reads (its close would otherwise wait for close_timeout)."""

from __future__ import annotations

import asyncio
import re
import signal
import subprocess
import sys
from pathlib import Path

from benchmarks.raw_client import RawClient
from server.config import ServerConfig


async def _line_with(process: asyncio.subprocess.Process, text: str) -> str:
    assert process.stderr is not None
    while True:
        line = (await asyncio.wait_for(process.stderr.readline(), 60)).decode()
        assert line, f"the server ended before saying {text!r}"
        if text in line:
            return line


async def test_sigterm_stops_the_server_promptly_and_logs_it(tmp_path: Path) -> None:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "server", "serve", "--host", "127.0.0.1", "--port", "0",
        "--no-discovery", "--db", str(tmp_path / "db.sqlite3"),
        stderr=subprocess.PIPE)
    try:
        port = int(re.findall(r":(\d+) ", await _line_with(process, "listening on"))[0])
        sleepy = await RawClient.open(f"ws://127.0.0.1:{port}", "127.0.0.2")
        await sleepy.send(type="hello", protocol=1, name="Sleepy", token=None)
        await sleepy.recv()  # then it reads nothing more, its close frame neither
        process.send_signal(signal.SIGTERM)
        await _line_with(process, "SIGTERM received: stopping")
        stopped = await _line_with(process, "stopped in")
        assert await asyncio.wait_for(process.wait(), 60) == 0
    finally:
        if process.returncode is None:
            process.kill()
    seconds = float(re.findall(r"stopped in ([\d.]+) s", stopped)[0])
    # It did not wait for the silent peer's closing handshake to time out.
    assert seconds < ServerConfig().close_timeout, stopped
    sleepy.close()
