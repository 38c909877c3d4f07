"""A failed start touches nothing: a taken port or a database another server holds
leaves every stored match as it was, and no bot of the failed server ever moves. A
start does not wait for the bot workers: they start while the server serves."""

from __future__ import annotations

import asyncio
import gc
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from server.room.effects import SaveMatch, SaveMoves, SavePlayer, StoreFault
from server.room.match import Match, Seat
from server.shell.app import YOUNG_COLLECTION, GameServer
from server.shell.bot_pool import BotRunner
from server.store.database import DatabaseInUseError, Store, UnusableDatabaseError
from server.store.file_lock import FileLock
from server.store.recent_moves import BOTH
from shared.games import new_game
from tests import ROOT
from tests.conftest import ConnectPeer, server_config
from tests.server.shell.test_bot_pool import held_start
from tests.waiting import until


def stored_moves(db: Path) -> list[tuple[str, int, int]]:
    with sqlite3.connect(db) as conn:
        return list(conn.execute(f"SELECT match, ply, move FROM {BOTH} ORDER BY match, ply"))


def bot_to_move(db: Path) -> str:
    """A stored, unfinished tic-tac-toe match where a level-1 bot is to move."""
    store = Store(db)
    match = Match("BOTNOW", new_game("tictactoe"), [Seat.bot(1), Seat("human", "a", "p_a")],
                  created=time.time())
    store.save(SaveMatch(match))
    store.close()
    return match.code


async def test_a_taken_port_fails_the_start_before_any_bot_moves(tmp_path) -> None:
    db = tmp_path / "taikyoku.sqlite3"
    code = bot_to_move(db)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        server = GameServer(server_config(tmp_path, port=port, bot_seconds=0.05))
        with pytest.raises(OSError):
            await server.start()
        assert server.store is None and server.runner is not None
        # what a bot's move would start with: the room asking for a search (it keeps the
        # ask, and the failed start's close() has already awaited any search it began)
        assert server.runner.room.thinking == {}
        assert not server.runner.matches  # nothing was even restored
    assert stored_moves(db) == []

    again = GameServer(server_config(tmp_path, bot_seconds=0.05))  # the lock was let go
    await again.start()
    try:
        assert again.runner is not None and code in again.runner.matches
        await until(lambda: stored_moves(db), "the bot's move, once a start succeeds")
        assert [(m, ply) for m, ply, _ in stored_moves(db)] == [(code, 0)]
    finally:
        await again.close()


async def test_a_second_server_on_the_same_database_refuses_clearly(make_server,
                                                                    connect, tmp_path) -> None:
    first = await make_server()
    peer, other = await connect(first), await connect(first)
    state = await peer.create(game="tictactoe", vs="human", seat="first")
    await other.send(type="join", match=state["match"])
    await peer.expect("state", match=state["match"], status="playing")
    before = stored_moves(first.config.db)

    second = GameServer(server_config(tmp_path))  # same database, a free port
    with pytest.raises(DatabaseInUseError, match="in use by another taikyoku server"):
        await second.start()
    assert second.runner is None and second.store is None

    await peer.send(type="move", match=state["match"], move=4, ply=0)  # the first goes on
    moved = await peer.expect("state", match=state["match"], ply=1)
    assert moved["board"][4] == "X"
    assert stored_moves(first.config.db) == before + [(state["match"], 0, 4)]

    await first.close()
    third = await make_server()  # once the first is closed the database is free again
    assert state["match"] in third.runner.matches


def test_reading_records_while_a_server_runs_is_allowed(tmp_path) -> None:
    """The lock keeps out servers only: a read-only Store (`taikyoku records`) still
    reads, and sees what the server commits while it is open."""
    db = tmp_path / "taikyoku.sqlite3"
    code = bot_to_move(db)
    owner = Store(db, exclusive=True)
    try:
        with pytest.raises(DatabaseInUseError):
            Store(db, exclusive=True)
        reader = Store(db, readonly=True)
        assert [(r.code, r.moves) for r in reader.records()] == [(code, [])]
        owner.save(SaveMoves(code, 0, (4,), None, None))
        record = reader.record(code)
        assert record is not None and record.moves == [4]
        reader.close()
    finally:
        owner.close()


def test_a_read_only_store_writes_nothing(tmp_path) -> None:
    db = tmp_path / "taikyoku.sqlite3"
    code = bot_to_move(db)
    reader = Store(db, readonly=True)
    with pytest.raises(StoreFault, match="readonly"):
        reader.save(SavePlayer("p_b", "hash", "b"))
    assert [r.code for r in reader.records()] == [code]
    reader.close()


def test_a_failed_open_lets_go_of_the_lock(tmp_path) -> None:
    """Even while the error (and so the half-made Store) is still referenced, the lock
    is free: a server fixing its --db can start again in the same process."""
    db = tmp_path / "taikyoku.sqlite3"
    db.write_text("not a database\n")
    with pytest.raises(UnusableDatabaseError,
                       match=r"is not a taikyoku database \(file is not a database\)") as failed:
        Store(db, exclusive=True)
    db.unlink()
    bot_to_move(db)
    store = Store(db, exclusive=True)
    assert failed.value is not None
    store.close()


def test_another_programs_database_gets_no_tables_added(tmp_path) -> None:
    db = tmp_path / "notes.sqlite3"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE notes (text TEXT)")
    for readonly in (False, True):
        with pytest.raises(UnusableDatabaseError, match="it has no players table"):
            Store(db, exclusive=not readonly, readonly=readonly)
    with sqlite3.connect(db) as conn:
        assert list(conn.execute("SELECT name FROM sqlite_master")) == [("notes",)]
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    lock = FileLock(str(db))
    assert lock.take() is None  # nor was the lock kept by the refusal
    lock.release()


def test_serve_on_a_database_in_use_exits_with_a_clear_message(tmp_path) -> None:
    db = tmp_path / "taikyoku.sqlite3"
    owner = Store(db, exclusive=True)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "server", "serve", "--host", "127.0.0.1", "--port", "0",
             "--db", str(db), "--no-discovery"],
            capture_output=True, text=True, timeout=60,
            cwd=ROOT,
        )
    finally:
        owner.close()
    assert done.returncode == 1
    assert "cannot start" in done.stderr and "in use by another taikyoku server" in done.stderr


async def test_a_damaged_stored_match_does_not_stop_the_start(tmp_path, caplog) -> None:
    db = tmp_path / "taikyoku.sqlite3"
    store = Store(db)
    for code in ("BROKEN", "INTACT"):
        store.save(SaveMatch(Match(code, new_game("tictactoe"),
                                   [Seat("human", "a", "p_a"), Seat("human", "b", "p_b")],
                                   created=time.time())))
    store.close()
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE matches SET seats = 'oops' WHERE code = 'BROKEN'")
    server = GameServer(server_config(tmp_path))
    await server.start()
    try:
        assert server.runner is not None and list(server.runner.matches) == ["INTACT"]
        assert "match BROKEN is damaged" in caplog.text
    finally:
        await server.close()


async def test_a_running_server_collects_young_garbage_less_often_until_it_closes(
        tmp_path) -> None:
    """The collector's pace is the server's while it serves (app.py, YOUNG_COLLECTION),
    and the process's own again once it closed."""
    before = gc.get_threshold()
    server = GameServer(server_config(tmp_path))
    await server.start()
    try:
        assert gc.get_threshold() == (YOUNG_COLLECTION, *before[1:]) != before
    finally:
        await server.close()
    assert gc.get_threshold() == before


async def test_servers_overlapping_in_one_process_leave_its_own_pace_behind(tmp_path) -> None:
    """Two servers whose lives overlap (as tests run them): once both closed, in either
    order, the process collects at its own pace again."""
    before = gc.get_threshold()
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
    first = GameServer(server_config(tmp_path / "a"))
    second = GameServer(server_config(tmp_path / "b"))
    await first.start()
    await second.start()
    await first.close()
    await second.close()
    assert gc.get_threshold() == before



async def test_the_server_serves_while_its_bot_workers_start(
        tmp_path, monkeypatch, connect: ConnectPeer) -> None:
    """The workers' start (spawned and loading the engine: seconds on a loaded machine)
    delays no connection: held, the server starts, welcomes a player and opens a match
    against the bot, whose first move comes once a worker runs, not given up meanwhile."""
    hold = tmp_path / "go"
    monkeypatch.setenv("TAIKYOKU_TEST_HOLD", str(hold))
    server = GameServer(server_config(tmp_path, warm_bots=True, bot_seconds=0.1))
    server.bots = BotRunner(1, 0.1, slack=0.5, starter=held_start)
    try:
        await asyncio.wait_for(server.start(), 20)  # not waiting for the workers
        await until(lambda: any(tmp_path.glob("*.starting")), "a worker starting")
        peer = await connect(server, name="Taro")
        state = await peer.create(game="tictactoe", vs="bot", seat="second")
        assert state["ply"] == 0
        await asyncio.sleep(1.0)  # past the bot's deadline, had it counted the start
        hold.touch()
        moved = await peer.expect("state", match=state["match"], ply=1, timeout=60)
        assert moved["ply"] == 1
    finally:
        hold.touch()
        await server.close()
