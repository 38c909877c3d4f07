"""A database written by an older server keeps working: its matches are read (also
read-only, by `taikyoku records`) and restored, and the first server to open it drops
the column it no longer writes."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from server.room.effects import SaveMatch, SaveMoves
from server.room.match import Match, Seat
from server.store.database import Store
from shared.games import new_game

OLD_SCHEMA = """
CREATE TABLE players (id TEXT PRIMARY KEY, token_hash TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE matches (code TEXT PRIMARY KEY, game TEXT NOT NULL, size INTEGER NOT NULL,
    start_board TEXT NOT NULL, start_to_move INTEGER NOT NULL, seats TEXT NOT NULL,
    status TEXT NOT NULL, result TEXT, created REAL NOT NULL, ended REAL, rematch_of TEXT);
CREATE TABLE moves (match TEXT NOT NULL REFERENCES matches(code), ply INTEGER NOT NULL,
    move INTEGER NOT NULL, played REAL NOT NULL, PRIMARY KEY (match, ply));
"""
"""The schema as servers wrote it until matches.rematch_of was dropped."""


def old_database(path: Path) -> None:
    """A database as an older server left it: a finished match and its unfinished
    rematch (which names the first in rematch_of)."""
    seats = json.dumps([{"kind": "human", "name": "a", "player": "p_a", "level": None},
                        {"kind": "human", "name": "b", "player": "p_b", "level": None}])
    db = sqlite3.connect(path)
    db.executescript(OLD_SCHEMA)
    db.execute("INSERT INTO players VALUES ('p_a', 'hash', 'a', 1.0)")
    db.execute("INSERT INTO matches VALUES ('FIRST1', 'tictactoe', 3, '.........', 0, ?, "
               "'over', ?, 1.0, 2.0, NULL)",
               (seats, json.dumps({"winner": 0, "reason": "resign", "score": [1, 1]})))
    db.execute("INSERT INTO matches VALUES ('AGAIN1', 'tictactoe', 3, '.........', 0, ?, "
               "'playing', NULL, 3.0, NULL, 'FIRST1')", (seats,))
    db.executemany("INSERT INTO moves VALUES (?, ?, ?, 4.0)",
                   [("FIRST1", 0, 4), ("FIRST1", 1, 0), ("AGAIN1", 0, 8)])
    db.commit()
    db.close()


def columns(path: Path) -> set[str]:
    with sqlite3.connect(path) as db:
        return {row[1] for row in db.execute("PRAGMA table_info(matches)")}


def test_an_old_database_is_read_then_migrated_by_the_server(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old_database(path)
    reader = Store(path, readonly=True)  # `taikyoku records` on a file an old server wrote
    assert [(r.code, r.moves) for r in reader.records()] == [("FIRST1", [4, 0]),
                                                             ("AGAIN1", [8])]
    reader.close()
    assert "rematch_of" in columns(path)  # a reader changes nothing

    store = Store(path, exclusive=True)
    assert "rematch_of" not in columns(path)
    (match,) = store.unfinished()
    assert (match.code, match.moves, match.status) == ("AGAIN1", [8], "playing")
    assert store.find_player("hash") == ("p_a", "a")
    added = Match("NEW123", new_game("tictactoe"), [Seat("human", "a", "p_a"), None],
                  created=time.time())
    store.save(SaveMatch(added))
    store.save(SaveMoves(added.code, 0, (4,), None, None))
    store.close()

    again = Store(path, exclusive=True)  # a migrated database opens as it is
    assert [(r.code, r.moves) for r in again.records()] == [
        ("FIRST1", [4, 0]), ("AGAIN1", [8]), ("NEW123", [4])]
    assert again.has_match("FIRST1") and not again.has_match("NOSUCH")
    again.close()


def test_a_sqlite_too_old_to_drop_a_column_leaves_it(tmp_path: Path, monkeypatch) -> None:
    """SQLite drops columns from 3.35 on: an older library leaves the unread column, and
    the server opens and uses the database all the same."""
    monkeypatch.setattr(sqlite3, "sqlite_version_info", (3, 34, 1))
    path = tmp_path / "old.sqlite3"
    old_database(path)
    store = Store(path, exclusive=True)
    assert "rematch_of" in columns(path) and "takebacks" in columns(path)
    (match,) = store.unfinished()
    store.save(SaveMoves(match.code, 2, (4,), None, None))
    store.close()
    again = Store(path, exclusive=True)
    assert [(r.code, r.moves) for r in again.records()] == [("FIRST1", [4, 0]),
                                                            ("AGAIN1", [8, 4])]
    again.close()
