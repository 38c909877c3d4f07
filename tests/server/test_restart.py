"""Persistence: a server killed with SIGKILL comes back with every unfinished match;
players resume with their tokens and see the same board; bot seats think again."""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from server.store.recent_moves import BOTH
from tests import ROOT
from tests.server.server_process import At, ServerProcess
from tests.waiting import until


def _stat(pid: int | str) -> tuple[str, int] | None:
    """(state, parent pid) of a process from Linux's /proc; None once it has ended."""
    try:
        state, ppid = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[:2]
    except OSError:
        return None
    return (state, int(ppid)) if state != "Z" else None  # a zombie has ended


def children(pid: int) -> list[int]:
    """The running processes whose parent is ``pid``."""
    return [int(p.name) for p in Path("/proc").glob("[0-9]*")
            if (_stat(p.name) or ("", 0))[1] == pid]


async def until_gone(pids: list[int], timeout: float = 15.0) -> list[int]:
    """Wait for the processes to end; those still running after ``timeout``."""
    with contextlib.suppress(AssertionError):
        await until(lambda: all(_stat(pid) is None for pid in pids), "the processes to end",
                    timeout)
    return [pid for pid in pids if _stat(pid) is not None]


async def test_sigkill_and_restart_resumes_every_match(tmp_path, connect) -> None:
    db = tmp_path / "kill.sqlite3"
    first = ServerProcess(db, tmp_path / "first.log")
    try:
        at = At(await first.port())
        taro, hana = await connect(at, name="Taro"), await connect(at, name="Hana")
        code = (await taro.create(game="othello", size=6, vs="human"))["match"]
        await hana.send(type="join", match=code)
        state = await hana.expect("state", match=code)
        for _ in range(4):  # a few moves, each seen by both before the kill
            mover = taro if state["to_move"] == 0 else hana
            await mover.send(type="move", match=code, move=state["legal"][-1], ply=state["ply"])
            state = await taro.expect("state", match=code, ply=state["ply"] + 1)
            await hana.expect("state", match=code, ply=state["ply"])
        bot_state = await taro.create(game="tictactoe", vs="bot", bot={"level": 3})
        await taro.send(type="move", match=bot_state["match"], move=4, ply=0)
        bot_state = await taro.expect("state", match=bot_state["match"], ply=2)  # it replied
        seen_by_hana = state
        helpers = children(first.proc.pid)  # the bot worker (and its resource tracker)
    finally:
        assert await first.stop(signal.SIGKILL) == -signal.SIGKILL
    assert helpers, "the bot's move should have started a worker process"
    assert await until_gone(helpers) == []  # no orphaned bot worker outlives the server

    second = ServerProcess(db, tmp_path / "second.log")
    try:
        at = At(await second.port())
        assert "2 unfinished matches restored" in second.log.read_text()
        taro2 = await connect(at, name="Taro", token=taro.token)
        hana2 = await connect(at, name="Hana", token=hana.token)
        assert (taro2.player, hana2.player) == (taro.player, hana.player)
        for peer, seat in ((taro2, 0), (hana2, 1)):
            await peer.expect("joined", match=code, seat=seat)
            resumed = await peer.expect("state", match=code)
            assert resumed["board"] == seen_by_hana["board"]
            assert resumed["moves"] == seen_by_hana["moves"]
            assert resumed["to_move"] == seen_by_hana["to_move"]
        await taro2.expect("joined", match=bot_state["match"])
        resumed = await taro2.expect("state", match=bot_state["match"])
        assert resumed["board"] == bot_state["board"] and resumed["status"] == "playing"
        final = await taro2.play_out(resumed, 0)
        assert final["result"]["winner"] in (1, None)
    finally:
        assert await second.stop(signal.SIGTERM) == 0  # a clean stop on SIGTERM
    assert "stopping" in second.log.read_text()


def slow_think(*args: object) -> int:
    """A bot that would think for a minute (runs in a worker process)."""
    time.sleep(60)
    return 0


async def test_a_bot_that_was_thinking_thinks_again_after_a_restart(make_server,
                                                                    connect) -> None:
    server = await make_server()
    server.bots.thinker = slow_think
    peer = await connect(server)
    state = await peer.create(game="tictactoe", vs="bot", seat="second", bot={"level": 1})
    await asyncio.sleep(0.3)  # the bot is thinking (slowly) now
    started = time.monotonic()
    await server.close()  # stops the worker mid-search instead of waiting a minute
    assert time.monotonic() - started < 10

    again = await make_server()  # the same database
    back = await connect(again, token=peer.token)
    await back.expect("joined", match=state["match"])
    resumed = await back.expect("state", match=state["match"])
    assert resumed["ply"] == 0 and resumed["to_move"] == 0
    moved = await back.expect("state", match=state["match"], ply=1)
    assert moved["to_move"] == 1 and moved["legal"]


def test_python_dash_m_server_records_lists_nothing_without_a_database(tmp_path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "server", "records", "--db", str(tmp_path / "none.sqlite3")],
        capture_output=True, text=True, timeout=60,
        cwd=ROOT,
    )
    assert done.returncode == 1 and "no database at" in done.stderr


async def test_every_state_a_player_sees_is_already_stored(game_server, connect) -> None:
    """Moves are committed before the `state` that shows them is sent."""
    peer = await connect(game_server)
    state = await peer.create(game="othello", size=4, vs="bot", bot={"level": 1})
    code = state["match"]
    with sqlite3.connect(game_server.config.db) as db:
        while state["status"] != "over":
            stored = [m for (m,) in db.execute(
                f"SELECT move FROM {BOTH} WHERE match = ? ORDER BY ply", (code,))]
            seen = state["moves"]  # the bot may already have moved on since
            assert ["pass" if m == -1 else m for m in stored][:len(seen)] == seen
            if state["to_move"] == 0 and state["legal"]:
                await peer.send(type="move", match=code, move=state["legal"][0],
                                ply=state["ply"])
            state = await peer.expect("state", match=code)
        status, result = db.execute("SELECT status, result FROM matches WHERE code = ?",
                                    (code,)).fetchone()
    assert status == "over" and json.loads(result) == state["result"]


async def test_a_corrupt_stored_match_is_skipped_not_fatal(make_server, connect,
                                                          caplog) -> None:
    server = await make_server()
    peer = await connect(server)
    bad = (await peer.create(game="tictactoe", vs="human"))["match"]
    good = (await peer.create(game="tictactoe", vs="human"))["match"]
    await server.close()
    with sqlite3.connect(server.config.db) as db:  # two moves on one square
        db.executemany("INSERT INTO moves (match, ply, move, played) VALUES (?, ?, 4, 0)",
                       [(bad, 0), (bad, 1)])
    again = await make_server()
    assert good in again.runner.matches and bad not in again.runner.matches
    assert f"match {bad} cannot be restored" in caplog.text
