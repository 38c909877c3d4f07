"""Real SQLite faults on a real file: a write the database refuses (full, read-only,
locked) is rolled back whole and raised as StoreFault, the connection stays usable, and
the same write goes through once the fault is gone."""

from __future__ import annotations

import logging
import sqlite3
import time
from pathlib import Path

import pytest

from server.room.effects import SaveChat, SaveMatch, SaveMoves, SavePlayer, StoreFault
from server.room.match import Match, Seat
from server.store.database import BUSY_TIMEOUT, Store
from shared.games import new_game
from shared.protocol import ChatLine, Result


def stored_match(path: Path) -> tuple[Store, str]:
    store = Store(path)
    match = Match("FAULT1", new_game("othello", 8), [Seat("human", "a", "p_a"),
                                                     Seat("human", "b", "p_b")], created=0.0)
    store.save(SaveMatch(match))
    return store, match.code


def test_a_full_database_refuses_a_change_whole_and_takes_it_later(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    store, code = stored_match(tmp_path / "db.sqlite3")
    db = store._db
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages}")  # the disk is full: no page more
    with caplog.at_level(logging.WARNING, logger="taikyoku.server"):
        with pytest.raises(StoreFault, match="full"):
            for seq in range(1, 400):  # each line is kept; the pages run out
                line = SaveChat(code, ChatLine(match=code, seq=seq, time=0.0, seat=0,
                                               player="p_a", name="a", text="x" * 200))
                store.save(line)
        assert not db.in_transaction  # rolled back: nothing half-written stays open
        with pytest.raises(StoreFault):
            store.save(line)  # asked again while still full
        assert db.execute("SELECT MAX(seq), COUNT(*) FROM chat").fetchone() == (seq - 1,
                                                                                  seq - 1)
        assert caplog.text.count("refuses writes") == 1  # said once, not per write
        db.execute(f"PRAGMA max_page_count = {pages * 100}")  # space again
        store.save(line)  # the same change goes through
        store.save(SaveMoves(code, 0, (19, 18), None, Result(0, "discs", [3, 1])))
        assert "takes writes again" in caplog.text
    record = store.record(code)
    assert record is not None and record.moves == [19, 18] and record.status == "over"
    store.close()
    again = Store(tmp_path / "db.sqlite3")  # what was committed is on disk
    assert again.record(code).moves == [19, 18]  # type: ignore[union-attr]
    assert again._db.execute("SELECT MAX(seq) FROM chat").fetchone() == (seq,)
    again.close()


def test_a_read_only_database_refuses_and_recovers(tmp_path: Path) -> None:
    store, code = stored_match(tmp_path / "db.sqlite3")
    store._db.execute("PRAGMA query_only = ON")
    with pytest.raises(StoreFault, match="readonly"):
        store.save(SavePlayer("p_c", "hash-c", "c"))
    assert store.find_player("hash-c") is None
    store._db.execute("PRAGMA query_only = OFF")
    store.save(SavePlayer("p_c", "hash-c", "c"))
    assert store.find_player("hash-c") == ("p_c", "c")
    store.close()


def test_a_database_locked_by_another_program_refuses_soon_and_recovers(
        tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    store, code = stored_match(path)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    started = time.monotonic()
    with pytest.raises(StoreFault, match="locked"):
        store.save(SaveMoves(code, 0, (19,), None, None))
    assert time.monotonic() - started < BUSY_TIMEOUT + 2  # the loop is not held for long
    other.execute("ROLLBACK")
    other.close()
    store.save(SaveMoves(code, 0, (19,), None, None))
    assert store.record(code).moves == [19]  # type: ignore[union-attr]
    store.close()


def test_a_database_that_cannot_be_read_is_a_store_fault(tmp_path: Path) -> None:
    store, code = stored_match(tmp_path / "db.sqlite3")
    store._db.close()  # reads fail as they would after an I/O error
    with pytest.raises(StoreFault):
        store.find_player("hash")
    with pytest.raises(StoreFault):
        store.has_match(code)
