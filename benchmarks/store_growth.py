"""Store growth: matches one address stores by looping create + resign, this tree's
server against another's (a baseline checkout), in the same run.

    git worktree add /tmp/base-room de46d98
    python -m benchmarks.store_growth --baseline /tmp/base-room --seconds 60

For each source tree: a GameServer from that tree (its own code first on ``PYTHONPATH``;
this environment's packages) in a process of its own, on 127.0.0.1, port 0, a fresh
database, the defaults `taikyoku serve` has (loopback limited like any address, as a
program on the LAN would be). Then ``--connections`` websocket connections from this
process, one new player each, each looping `create` (tic-tac-toe against nobody) and
`resign` as fast as the server answers; a refusal with ``retry_after`` is waited out, as
a well-behaved bot would (docs/bots.md). Printed per tree: the matches the database
holds at the end, its size (with the write-ahead log), the bytes per match, and the
refusals by code.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parent.parent


SERVE = """
import asyncio, sys
from pathlib import Path
from server.shell.app import GameServer, ServerConfig

async def main(db, port_file):
    config = ServerConfig(host="127.0.0.1", port=0, db=db, discovery=False, warm_bots=False)
    async with GameServer(config) as server:
        Path(port_file).write_text(str(server.port))
        await server.serve_forever()

asyncio.run(main(sys.argv[1], sys.argv[2]))
"""
"""A server with the tree's default limits (as `taikyoku serve` has them), its bot workers
not started: no bot plays here, and a first start would compile the engine for minutes
on a busy machine."""


async def start_server(tree: Path, db: Path) -> tuple[subprocess.Popen[str], int]:
    """A server from ``tree`` on ``db`` (its log in ``db``.log); the process and its port,
    once it listens."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    log, port_file = Path(f"{db}.log"), Path(f"{db}.port")
    with log.open("w") as sink:
        server = subprocess.Popen([sys.executable, "-c", SERVE, str(db), str(port_file)],
                                  cwd=tree, env=env, stderr=sink, text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the server in {tree} stopped: {log.read_text()}")
        if port_file.exists() and port_file.read_text():
            return server, int(port_file.read_text())
        await asyncio.sleep(0.2)
    server.kill()
    raise RuntimeError(f"the server in {tree} did not start within 120 s")


async def loop_create_resign(url: str, until: float, refusals: Counter[str]) -> int:
    """One connection's loop until ``until``: how many matches it opened."""
    opened = 0
    async with connect(url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": 1, "name": "loop"}))
        await _next(ws, "welcome", refusals, until)
        while time.monotonic() < until:
            await ws.send(json.dumps({"type": "create", "game": "tictactoe", "vs": "human"}))
            joined = await _next(ws, "joined", refusals, until)
            if joined is None:
                continue
            opened += 1
            await ws.send(json.dumps({"type": "resign", "match": joined["match"]}))
            await _next(ws, "over", refusals, until)
    return opened


async def _next(ws: ClientConnection, want: str, refusals: Counter[str],
                until: float) -> dict[str, object] | None:
    """The next frame of kind ``want`` ("over": a finished state); None after a refusal
    (waited out when it says when to retry, within the run's time)."""
    while True:
        remaining = until - time.monotonic()
        try:
            msg = json.loads(await asyncio.wait_for(ws.recv(), max(remaining, 0) + 5))
        except TimeoutError:
            return None
        kind = msg["type"]
        if kind == "error":
            refusals[msg["code"]] += 1
            wait = msg.get("retry_after")
            await asyncio.sleep(min(wait if wait is not None else 1.0,
                                    max(0.0, until - time.monotonic())))
            return None
        if kind == want or (want == "over" and kind == "state" and msg["status"] == "over"):
            return dict(msg)


@dataclass(frozen=True)
class Growth:
    """One tree's run."""

    commit: str
    stored: int
    bytes: int
    refusals: dict[str, int]
    load: float

    def line(self, seconds: float, connections: int) -> str:
        per_match = round(self.bytes / self.stored) if self.stored else 0
        return (f"{self.commit:>14}  {self.stored:>7} matches stored in {seconds:g} s by "
                f"{connections} connections from one address, {self.bytes / 1e6:.1f} MB "
                f"({per_match} bytes a match), refused {self.refusals or 'never'}; "
                f"load average {self.load:.1f}")


async def measure(tree: Path, seconds: float, connections: int) -> Growth:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "taikyoku.sqlite3"
        server, port = await start_server(tree, db)
        try:
            refusals: Counter[str] = Counter()
            until = time.monotonic() + seconds
            opened = await asyncio.gather(*(
                loop_create_resign(f"ws://127.0.0.1:{port}", until, refusals)
                for _ in range(connections)))
        finally:
            server.terminate()
            server.wait(30)
        with sqlite3.connect(db) as conn:
            stored = conn.execute("SELECT COUNT(*) FROM matches").fetchone()[0]
        size = sum(p.stat().st_size for p in Path(tmp).glob("taikyoku.sqlite3*")
                   if p.suffix not in (".log", ".port"))
    assert stored >= sum(opened)  # every match a connection was told of is stored
    return Growth(_commit(tree), stored, size, dict(refusals), os.getloadavg()[0])


def _commit(tree: Path) -> str:
    done = subprocess.run(["git", "-C", str(tree), "rev-parse", "--short", "HEAD"],
                          capture_output=True, text=True)
    dirty = subprocess.run(["git", "-C", str(tree), "status", "--porcelain", "--", "server",
                            "shared"], capture_output=True, text=True).stdout.strip()
    return done.stdout.strip() + ("+changes" if dirty else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", type=Path, help="another source tree to measure first")
    parser.add_argument("--tree", type=Path, default=ROOT, help="the tree measured")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--connections", type=int, default=20)
    args = parser.parse_args()
    trees = ([args.baseline] if args.baseline else []) + [args.tree]
    for tree in trees:
        growth = asyncio.run(measure(tree.resolve(), args.seconds, args.connections))
        print(growth.line(args.seconds, args.connections), flush=True)


if __name__ == "__main__":
    main()
