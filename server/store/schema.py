"""The database's tables: what a new database gets, how an older one is brought up to
date, and what a reader selects from one that was not (server/store/database.py uses them)."""

from __future__ import annotations

import sqlite3

SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    id TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    created REAL NOT NULL,
    seen REAL
);
CREATE TABLE IF NOT EXISTS matches (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    size INTEGER NOT NULL,
    start_board TEXT NOT NULL,
    start_to_move INTEGER NOT NULL,
    seats TEXT NOT NULL,
    status TEXT NOT NULL,
    result TEXT,
    created REAL NOT NULL,
    ended REAL,
    hints INTEGER NOT NULL DEFAULT 0,
    clock TEXT,
    remaining TEXT,
    takebacks TEXT NOT NULL DEFAULT '[0, 0]',
    unlisted INTEGER NOT NULL DEFAULT 0,
    spectator_chat INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS moves (
    match TEXT NOT NULL REFERENCES matches(code),
    ply INTEGER NOT NULL,
    move INTEGER NOT NULL,
    played REAL NOT NULL,
    PRIMARY KEY (match, ply)
);
CREATE TABLE IF NOT EXISTS recent_moves (
    match TEXT NOT NULL,
    ply INTEGER NOT NULL,
    move INTEGER NOT NULL,
    played REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS chat (
    match TEXT NOT NULL REFERENCES matches(code),
    seq INTEGER NOT NULL,
    line TEXT NOT NULL,
    PRIMARY KEY (match, seq)
);
"""
FEATURE_COLUMNS = {
    "hints": "INTEGER NOT NULL DEFAULT 0",
    "clock": "TEXT",
    "remaining": "TEXT",
    "takebacks": "TEXT NOT NULL DEFAULT '[0, 0]'",
    "unlisted": "INTEGER NOT NULL DEFAULT 0",
    "spectator_chat": "INTEGER NOT NULL DEFAULT 1",
}
"""Columns of ``matches`` added with the optional features (hints allowed, the time
control, the clocks as of the last move, each seat's takebacks, kept out of the lobby,
spectators' chat allowed): a server adds them to
an older database, and a reader of one finds their defaults."""
FEATURE_DEFAULTS = {"hints": "0", "clock": "NULL", "remaining": "NULL", "takebacks": "'[0, 0]'",
                    "unlisted": "0", "spectator_chat": "1"}
DROP_COLUMN_SINCE = (3, 35, 0)
"""The first SQLite with ``ALTER TABLE ... DROP COLUMN``."""
MATCH_COLUMNS = ("code, game, size, start_board, start_to_move, seats, status, result, "
                 "created, ended")

TABLES = {
    "players": {"id", "token_hash", "name", "created"},
    "matches": {"code", "game", "size", "start_board", "start_to_move", "seats", "status",
                "result", "created", "ended"},
    "moves": {"match", "ply", "move", "played"},
}
"""The columns the store reads and writes, table by table (``recent_moves``, which a
server adds to an older database, aside: server/store/recent_moves.py)."""
PLAYER_COLUMNS = {"seen": "REAL"}
"""Columns of ``players`` added since the first schema: when a player last said hello
(null: not since this column came; their ``created`` stands in)."""


def schema_problem(db: sqlite3.Connection, allow_empty: bool) -> str | None:
    """Why ``db`` is not a taikyoku database, or None if it is (or is empty and may
    become one): another program's tables must never get ours added to them."""
    tables = {name for (name,) in db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")}
    if not tables:
        return None if allow_empty else "it has no tables"
    for table, columns in TABLES.items():
        if table not in tables:
            return f"it has no {table} table"
        missing = columns - {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
        if missing:
            return f"its {table} table lacks {', '.join(sorted(missing))}"
    return None


def migrate(db: sqlite3.Connection) -> None:
    """Bring a database written by an older taikyoku to this schema, keeping its data.

    Older servers wrote ``matches.rematch_of`` and never read it: the column goes, where
    SQLite can drop a column (3.35 on; an older library leaves it, unread and nullable).
    Columns added since (the features', when a player was last seen) are added.
    A read-only store (`taikyoku records`) leaves an old file as it is and reads it.
    """
    columns = {row[1] for row in db.execute("PRAGMA table_info(matches)")}
    if "rematch_of" in columns and sqlite3.sqlite_version_info >= DROP_COLUMN_SINCE:
        db.execute("ALTER TABLE matches DROP COLUMN rematch_of")
    for name, kind in FEATURE_COLUMNS.items():
        if name not in columns:
            db.execute(f"ALTER TABLE matches ADD COLUMN {name} {kind}")
    player_columns = {row[1] for row in db.execute("PRAGMA table_info(players)")}
    for name, kind in PLAYER_COLUMNS.items():
        if name not in player_columns:
            db.execute(f"ALTER TABLE players ADD COLUMN {name} {kind}")


def select_columns(db: sqlite3.Connection) -> str:
    """What to select from ``matches``: the feature columns of an older database (read
    only) that lacks them come as their defaults."""
    present = {row[1] for row in db.execute("PRAGMA table_info(matches)")}
    extras = [name if name in present else f"{FEATURE_DEFAULTS[name]} AS {name}"
              for name in FEATURE_COLUMNS]
    return ", ".join([MATCH_COLUMNS, *extras])
