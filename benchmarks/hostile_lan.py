"""A hostile machine on the LAN against the server of two commits, measured in one run.

    python -m benchmarks.hostile_lan                       # this tree against de46d98
    python -m benchmarks.hostile_lan --commit HEAD --baseline de46d98 --seconds 30 \
        --record benchmarks/results.jsonl

Each commit's code is checked out once into /tmp/hostile-lan-<commit> (``git worktree
add``) and its server started from there (`python -m server serve` on 127.0.0.1, a
fresh database for every probe, discovery off), probed, and stopped. Every client
keeps under every per-address limit and comes from its own loopback address
(127.0.0.x). Printed, a line per probe and commit, with the load average beside it:

- memory: the server's RSS after ``--seconds`` of 20 clients that never read, each
  sending 20 requests a second (its message budget): ``watch`` of a match with 50 chat
  lines, or ``list`` of a lobby of 100 matches; and how many of the 20 it closed;
- bot: a player's level-5 bot reply alone, then beside one address keeping 256 matches
  against level 5 thinking (every bot move answered at once), waited for at most 60 s;
- descriptors: descriptors the server holds ``--seconds`` after 200 connections that
  upgrade and never say hello (their library answers pings), and how many are open;
- churn: the server's processor time a frame, with 1,000 waiting matches in memory, of
  20 clients each sending ``list`` 19 times a second, then of 20 looping ``watch``,
  ``leave``, ``list`` of a listed match at the same pace (each reading its answers).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from benchmarks.raw_client import RawClient
from benchmarks.results_file import append_result

ROOT = Path(__file__).resolve().parent.parent
NON_READERS = 20
HELLO_LESS = 200
CHURN_MATCHES = 1000
CHURNERS = 20
FLOOD_PLAYERS = 26
REPLY_WAIT = 60.0


def checkout(commit: str) -> Path:
    """The tree of ``commit`` (the working tree itself for "."), checked out once."""
    if commit == ".":
        return ROOT
    sha = subprocess.run(["git", "rev-parse", "--short", commit], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout.strip()
    tree = Path(tempfile.gettempdir()) / f"hostile-lan-{sha}"
    if not tree.exists():
        subprocess.run(["git", "worktree", "add", "--detach", str(tree), sha], cwd=ROOT,
                       check=True, capture_output=True)
    return tree


@contextlib.asynccontextmanager
async def server(tree: Path) -> AsyncIterator[tuple[str, int]]:
    """A server of ``tree`` on a free port with a fresh database: its URL and pid."""
    with tempfile.TemporaryDirectory() as tmp:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "server", "serve", "--host", "127.0.0.1", "--port", "0",
            "--no-discovery", "--db", str(Path(tmp) / "db.sqlite3"), cwd=tree,
            env={**os.environ, "PYTHONPATH": str(tree)}, stderr=subprocess.PIPE)
        assert process.stderr is not None
        drain: asyncio.Task[None] | None = None
        try:
            while True:
                line = (await asyncio.wait_for(process.stderr.readline(), 600)).decode()
                if not line:
                    raise RuntimeError(f"the server of {tree} did not start")
                if found := re.search(r"listening on ws://[\d.]+:(\d+)", line):
                    break
            drain = asyncio.create_task(_drain(process.stderr))
            yield f"ws://127.0.0.1:{found[1]}", process.pid
        finally:
            with contextlib.suppress(ProcessLookupError):
                process.terminate()
            await process.wait()
            if drain is not None:
                drain.cancel()


async def _drain(stream: asyncio.StreamReader) -> None:
    while await stream.readline():
        pass


def rss_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.findall(r"VmRSS:\s+(\d+) kB", status)[0]) / 1024


def cpu_seconds(pid: int) -> float:
    """The processor time (user and system) process ``pid`` has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def descriptors(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def load() -> str:
    return "load %.1f" % os.getloadavg()[0]


async def player(url: str, source: str, name: str) -> ClientConnection:
    """A welcomed websockets client from ``source``."""
    ws = await connect(url, max_size=None, sock=_socket_from(source, url))
    await ws.send(json.dumps({"type": "hello", "protocol": 1, "name": name, "token": None}))
    await ws.recv()
    return ws


def _socket_from(source: str, url: str) -> socket.socket:
    port = int(url.rsplit(":", 1)[1])
    return socket.create_connection(("127.0.0.1", port), source_address=(source, 0))


async def expect(ws: ClientConnection, kind: str, timeout: float = 60.0,
                 **fields: Any) -> dict[str, Any]:
    async with asyncio.timeout(timeout):
        while True:
            msg: dict[str, Any] = json.loads(await ws.recv())
            if msg["type"] == kind and all(msg.get(k) == v for k, v in fields.items()):
                return msg


# ---- memory under clients that do not read ------------------------------------------

Figures = dict[str, Any]


async def memory_probe(url: str, pid: int, request: str,
                       seconds: float) -> tuple[str, Figures]:
    """20 non-readers sending ``request`` ("watch" or "list") at their budget."""
    hosts = [await player(url, "127.0.0.5", f"Host{n}") for n in range(10)]
    codes = []
    for host in hosts:  # 100 open matches, the lobby's most
        for _ in range(10):
            await host.send(json.dumps({"type": "create", "game": "othello", "size": 8,
                                        "vs": "human"}))
            codes.append((await expect(host, "joined"))["match"])
    for host in hosts:  # 50 chat lines of 200 characters in the first match
        if host is not hosts[0]:
            await host.send(json.dumps({"type": "watch", "match": codes[0]}))
        for line in range(5):
            await host.send(json.dumps({"type": "chat", "match": codes[0],
                                        "text": f"{line} " + "x" * 196}))
    before = rss_mb(pid)
    readers = [await RawClient.open(url, f"127.0.0.{10 + n}") for n in range(NON_READERS)]
    for n, client in enumerate(readers):
        await client.send(type="hello", protocol=1, name=f"Sleepy{n}", token=None)
        await client.recv()
    closed = 0

    async def flood(client: RawClient) -> None:
        nonlocal closed
        try:
            while True:
                if request == "watch":
                    await client.send(type="watch", match=codes[0])
                else:
                    await client.send(type="list")
                await asyncio.sleep(1 / 20)
        except OSError:
            closed += 1

    tasks = [asyncio.create_task(flood(client)) for client in readers]
    await asyncio.sleep(seconds)
    after = rss_mb(pid)
    for task in tasks:
        task.cancel()
    for client in readers:
        client.close()
    for host in hosts:
        await host.close()
    return (f"RSS {before:.0f} -> {after:.0f} MB after {seconds:g} s of {NON_READERS} "
            f"clients sending {request} and never reading; {closed} of them closed "
            f"by the server"), {"rss_before_mb": round(before, 1),
                                "rss_after_mb": round(after, 1), "closed": closed}


# ---- a bot beside a flooding address ------------------------------------------------

async def reply_time(ws: ClientConnection, code: str,
                     state: dict[str, Any]) -> tuple[float, dict[str, Any]]:
    """Seconds from a move to the state with the bot's answer (REPLY_WAIT if none came),
    and that state."""
    ply = state["ply"]
    sent = time.perf_counter()
    await ws.send(json.dumps({"type": "move", "match": code, "move": state["legal"][0],
                              "ply": ply}))
    try:
        state = await expect(ws, "state", REPLY_WAIT, match=code, ply=ply + 2)
    except TimeoutError:
        return REPLY_WAIT, state
    return time.perf_counter() - sent, state


async def bot_probe(url: str) -> tuple[str, Figures]:
    victim = await player(url, "127.0.0.3", "Victim")
    await victim.send(json.dumps({"type": "create", "game": "othello", "size": 8,
                                  "vs": "bot", "seat": "first", "bot": {"level": 5}}))
    code = (await expect(victim, "joined"))["match"]
    state = await expect(victim, "state", match=code)
    alone = []
    for _ in range(3):
        seconds, state = await reply_time(victim, code, state)
        alone.append(seconds)
    flooders = [await player(url, "127.0.0.2", f"Flood{n}") for n in range(FLOOD_PLAYERS)]
    for ws in flooders:
        for _ in range(10):  # the address's cap, 256, stops the last few
            await ws.send(json.dumps({"type": "create", "game": "othello", "size": 8,
                                      "vs": "bot", "seat": "second", "bot": {"level": 5}}))
    answering = [asyncio.create_task(_answer_bots(ws)) for ws in flooders]
    await asyncio.sleep(10)  # the flood's searches are queued
    beside, _ = await reply_time(victim, code, state)
    for task in answering:
        task.cancel()
    for ws in [victim, *flooders]:
        await ws.close()
    said = ">= 60 (no answer)" if beside >= REPLY_WAIT else f"{beside:.1f}"
    median = statistics.median(alone)
    return (f"level-5 reply {median:.1f} s alone, {said} s beside one address with 256 "
            f"level-5 matches"), {"reply_alone_s": round(median, 2),
                                  "reply_beside_s": round(beside, 2),
                                  "answered": beside < REPLY_WAIT}


async def _answer_bots(ws: ClientConnection) -> None:
    with contextlib.suppress(Exception):
        while True:
            msg = json.loads(await ws.recv())
            if msg["type"] == "state" and msg["status"] == "playing" and msg["to_move"] == 1:
                await ws.send(json.dumps({"type": "move", "match": msg["match"],
                                          "move": msg["legal"][0], "ply": msg["ply"]}))


# ---- descriptors held by connections that never say hello ---------------------------

async def descriptor_probe(url: str, pid: int, seconds: float) -> tuple[str, Figures]:
    before = descriptors(pid)
    idle = [await connect(url, sock=_socket_from("127.0.0.40", url))
            for _ in range(HELLO_LESS)]
    await asyncio.sleep(seconds)
    held = descriptors(pid) - before
    still_open = sum(1 for ws in idle if ws.close_code is None)
    for ws in idle:
        with contextlib.suppress(Exception):
            await ws.close()
    return (f"{held} descriptors held by {HELLO_LESS} hello-less connections after "
            f"{seconds:g} s ({still_open} still open)"), {"descriptors_held": held,
                                                          "still_open": still_open}


# ---- what a loop of watch, leave and list costs the server --------------------------

async def churn_probe(url: str, pid: int, seconds: float) -> tuple[str, Figures]:
    """Processor time a frame: clients sending ``list`` alone, then clients looping
    ``watch``, ``leave`` and ``list``, with :data:`CHURN_MATCHES` matches listed."""
    hosts = [await player(url, f"127.0.1.{n // 25}", f"Host{n}")  # 250 an address
             for n in range(CHURN_MATCHES // 10)]
    codes = []
    for host in hosts:
        for _ in range(10):
            await host.send(json.dumps({"type": "create", "game": "othello", "size": 8,
                                        "vs": "human"}))
            codes.append((await expect(host, "joined"))["match"])
    figures: Figures = {}
    for loop in ("list", "watch_leave_list"):
        clients = [await player(url, f"127.0.2.{n}", f"Churn{n}") for n in range(CHURNERS)]
        frames = 0

        async def churn(ws: ClientConnection, code: str) -> None:
            nonlocal frames
            while True:
                began = time.perf_counter()
                if loop != "list":
                    await ws.send(json.dumps({"type": "watch", "match": code}))
                    await expect(ws, "state")
                    await ws.send(json.dumps({"type": "leave", "match": code}))
                    frames += 2
                await ws.send(json.dumps({"type": "list"}))
                await expect(ws, "lobby")
                frames += 1
                pace = (1 if loop == "list" else 3) / 19  # under the budget of 20 a second
                await asyncio.sleep(max(0.0, pace - (time.perf_counter() - began)))

        tasks = [asyncio.create_task(churn(ws, codes[n])) for n, ws in enumerate(clients)]
        await asyncio.sleep(2.0)
        cpu, counted, began = cpu_seconds(pid), frames, time.perf_counter()
        await asyncio.sleep(seconds)
        used, sent = cpu_seconds(pid) - cpu, frames - counted
        figures[f"{loop}_us_a_frame"] = round(1e6 * used / sent)
        figures[f"{loop}_frames_a_second"] = round(sent / (time.perf_counter() - began))
        for task in tasks:
            task.cancel()
        for ws in clients:
            await ws.close()
    for host in hosts:
        await host.close()
    return (f"{figures['list_us_a_frame']} us of the server's time a frame for list alone, "
            f"{figures['watch_leave_list_us_a_frame']} us for watch/leave/list "
            f"({CHURNERS} clients, {CHURN_MATCHES} matches)"), figures


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--commit", default=".", help='the code to probe (".": this tree)')
    parser.add_argument("--baseline", default="de46d98")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--probes", nargs="+", default=["watch", "list", "bot", "hello", "churn"],
                        choices=["watch", "list", "bot", "hello", "churn"])
    parser.add_argument("--record", type=Path, default=None, metavar="FILE",
                        help="append each line's figures to FILE as JSON "
                             "(benchmarks/results.jsonl is the project's)")
    args = parser.parse_args()
    trees = {args.baseline: checkout(args.baseline), args.commit: checkout(args.commit)}
    for probe in args.probes:
        for name, tree in trees.items():
            async with server(tree) as (url, pid):
                if probe in ("watch", "list"):
                    said, figures = await memory_probe(url, pid, probe, args.seconds)
                elif probe == "bot":
                    said, figures = await bot_probe(url)
                elif probe == "churn":
                    said, figures = await churn_probe(url, pid, args.seconds)
                else:
                    said, figures = await descriptor_probe(url, pid, args.seconds)
            print(f"{probe:6} {name:8} {said}  ({load()})", flush=True)
            if args.record is not None:
                record(args.record, tree, probe, args.seconds, figures)


def record(path: Path, tree: Path, probe: str, seconds: float, figures: Figures) -> None:
    """Append one probe's line to the results file ``path`` (``tree``: the probed code)."""
    append_result(path, "hostile_lan", {"probe": probe, "seconds": seconds, **figures},
                  tree=tree)


if __name__ == "__main__":
    asyncio.run(main())
