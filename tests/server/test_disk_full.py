"""A real full disk under a real server: the database on a 1 MiB tmpfs, filled mid-game.

Moves, a new player's hello and a bot match are refused with storage_unavailable while
the disk is full (nobody sees a move the store does not hold); the server goes on
serving (list, a resume by token); once space is back the same requests go through;
then the server is killed with SIGKILL and started again, and every match is exactly
what its players last saw. Mounting needs root: CI runs as root; elsewhere this skips
saying why.
"""

from __future__ import annotations

import errno
import os
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.server_process import At, ServerProcess

SHOWN = ("match", "ply", "board", "moves", "to_move", "status", "result", "legal")
"""What a player sees of a match (the clocks aside: none here)."""


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 1 MiB tmpfs mounted for the test, unmounted after it."""
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root (CI runs as root)")
    disk = tmp_path / "disk"
    disk.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m,mode=0700", "tmpfs",
                           str(disk)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"this machine does not let root mount a tmpfs: {done.stderr.strip()}")
    try:
        yield disk
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


def fill(disk: Path) -> Path:
    """Write a file until the disk is full (ENOSPC); the file."""
    filler = disk / "filler"
    with filler.open("wb", buffering=0) as f:
        with pytest.raises(OSError) as err:
            while True:
                f.write(b"\0" * 4096)
    assert err.value.errno == errno.ENOSPC
    return filler


def shown(state: dict[str, Any]) -> dict[str, Any]:
    return {key: state[key] for key in SHOWN} | {
        "players": [(p["seat"], p["name"], p["kind"]) for p in state["players"]]}


async def nothing_comes(peer: Any, seconds: float = 0.5) -> None:
    with pytest.raises(TimeoutError):
        await peer.recv(timeout=seconds)


async def test_a_full_disk_refuses_changes_then_the_game_goes_on_and_survives_a_kill(
        small_disk: Path, tmp_path: Path, connect) -> None:
    db = small_disk / "taikyoku.sqlite3"
    events: list[str] = []
    server = ServerProcess(db, tmp_path / "first.log")
    try:
        at = At(await server.port(timeout=180))
        taro, hana = await connect(at, name="Taro"), await connect(at, name="Hana")
        people = (await taro.create(game="othello", size=6, vs="human", seat="first"))["match"]
        await hana.send(type="join", match=people)
        state = await hana.expect("state", match=people, status="playing")
        await taro.expect("state", match=people, status="playing")
        for mover, other in ((taro, hana), (hana, taro)):
            await mover.send(type="move", match=people, move=state["legal"][0],
                             ply=state["ply"])
            state = await mover.expect("state", match=people, ply=state["ply"] + 1)
            assert await other.expect("state", match=people, ply=state["ply"]) == state
        yuki = await connect(at, name="Yuki")
        vs_bot = (await yuki.create(game="tictactoe", vs="bot", bot={"level": 1},
                                    seat="first"))["match"]
        await yuki.send(type="move", match=vs_bot, move=4, ply=0)
        bot_state = await yuki.expect("state", match=vs_bot, ply=2)  # the bot replied

        filler = fill(small_disk)
        events.append(f"disk full: {filler.stat().st_size // 1024} KiB of filler")
        move = {"type": "move", "match": people, "move": state["legal"][0], "ply": state["ply"]}
        await taro.send(**move)
        refused = await taro.expect_error("storage_unavailable", ref="move", match=people,
                                          retry=True)
        events.append(f"taro's move: {refused['code']}: {refused['message']}")
        await nothing_comes(hana)  # the opponent is shown nothing
        await yuki.send(type="move", match=vs_bot, move=bot_state["legal"][0], ply=2)
        await yuki.expect_error("storage_unavailable", ref="move", match=vs_bot, retry=True)
        newcomer = await connect(at, hello=False)
        await newcomer.send(type="hello", protocol=1, name="New", token=None)
        refused = await newcomer.expect_error("storage_unavailable", ref="hello", retry=True)
        events.append(f"a new player's hello: {refused['code']} (the connection stays open)")
        assert (await taro.request(type="list"))["type"] == "lobby"  # the server serves
        again = await connect(at, name="Taro", token=taro.token)  # a resume reads only
        await again.expect("joined", match=people)
        assert shown(await again.expect("state", match=people)) == shown(state)
        events.append("list and a resume by token: answered")

        filler.unlink()
        events.append("space freed")
        await taro.send(**move)  # the same move, now stored
        state = await hana.expect("state", match=people, ply=state["ply"] + 1)
        assert await taro.expect("state", match=people, ply=state["ply"]) == state
        await yuki.send(type="move", match=vs_bot, move=bot_state["legal"][0], ply=2)
        bot_state = await yuki.expect("state", match=vs_bot, ply=4)  # and the bot replied
        assert (await newcomer.request(type="hello", protocol=1, name="New",
                                       token=None))["type"] == "welcome"
        events.append(f"the same requests again: stored and shown (ply {state['ply']}, "
                      f"the bot match at ply {bot_state['ply']}); the new player welcomed")
        last_seen = {(taro.token, people): state, (hana.token, people): state,
                     (yuki.token, vs_bot): bot_state}
    finally:
        assert await server.stop(signal.SIGKILL) == -signal.SIGKILL
    events.append("server killed with SIGKILL")

    server = ServerProcess(db, tmp_path / "second.log")
    try:
        at = At(await server.port(timeout=180))
        assert "2 unfinished matches restored" in server.log.read_text()
        for (token, code), seen in last_seen.items():
            back = await connect(at, token=token)
            await back.expect("joined", match=code)
            assert shown(await back.expect("state", match=code)) == shown(seen)
        events.append("restarted: every match exactly as its players last saw it")
    finally:
        assert await server.stop(signal.SIGTERM) == 0
    print("\n".join(events))
