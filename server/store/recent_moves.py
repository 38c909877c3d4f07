"""Where a move is stored: first in ``recent_moves``, in the order moves come, then filed
under the ``(match, ply)`` key of ``moves`` once its match has ended.

Why two tables: a group commit holds one move of each of dozens of matches. Under the
``(match, ply)`` key each of those rows lands on its match's own page, so a commit wrote
about one 4 KB page a move to the write-ahead log, and checkpointed as many back into
the database (with their ``fdatasync``) a thousand pages later. Appended in the order
they come, a group's rows share one or two pages. The moves of :data:`FILE_AFTER`
finished matches are filed together, inside the transaction of a group, so a finished
match's moves stay in ``recent_moves`` for a while: every reader reads both
(:attr:`RecentMoves.source`, :meth:`RecentMoves.of_matches`). A clean close files every
row, so a stopped server leaves its moves where an older taikyoku reads them, and so
does opening a database (the rows a killed server left).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

MoveRow = tuple[str, int, int, float]
"""A row of either table: match, ply, move, when it was stored."""

FILE_AFTER = 32
"""Finished matches whose moves are filed together (about 2,000 rows of 8x8 Othello):
filing scans ``recent_moves``, so once a match would cost a scan for sixty rows."""

BOTH = ("(SELECT match, ply, move, played FROM moves "
        "UNION ALL SELECT match, ply, move, played FROM recent_moves)")
"""Every stored move, wherever it is (SQLite pushes a reader's WHERE into both halves)."""


class RecentMoves:
    """The moves' two tables, for a :class:`~server.store.database.Store`: which finished
    matches have moves not filed yet, and the statements that write and read them.

    The store says when its transaction commits or rolls back (:meth:`settled`): a match
    that ended in a refused group did not end, and moves filed in one stay unfiled."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db
        present = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' "
                             "AND name = 'recent_moves'").fetchone() is not None
        self.source = BOTH if present else "moves"
        """What a reader selects moves from (``moves`` alone in a database an older
        server wrote and a read-only store leaves as it is)."""
        self._tables = ("moves", "recent_moves") if present else ("moves",)
        self._ended: list[str] = []
        """Matches ended in committed transactions, their moves not filed yet."""
        self._ending: list[str] = []
        """Matches ended in the open transaction."""
        self._filing = False

    def of_matches(self, columns: str, where: str) -> str:
        """A query of ``columns`` of the moves of the matches ``where`` picks, from both
        tables: each joined to ``matches`` on its own, so that SQLite may look a match's
        moves up by the key (a restart reads a few matches of many)."""
        return " UNION ALL ".join(
            f"SELECT {columns} FROM {table} AS moves JOIN matches "
            f"ON matches.code = moves.match {where}" for table in self._tables)

    def insert(self, rows: Sequence[MoveRow]) -> None:
        if rows:
            self._db.executemany("INSERT INTO recent_moves (match, ply, move, played) "
                                 "VALUES (?, ?, ?, ?)", rows)

    def ended(self, code: str) -> None:
        """Match ``code`` ends in the open transaction: its moves may be filed."""
        self._ending.append(code)

    def before_commit(self) -> None:
        """File the moves of :data:`FILE_AFTER` finished matches, once that many wait."""
        due = self._ended + self._ending
        if len(due) >= FILE_AFTER:
            self._file(due)
            self._filing = True

    def settled(self, committed: bool) -> None:
        """The open transaction committed (or was rolled back: nothing it did stands)."""
        if committed:
            self._ended = [] if self._filing else self._ended + self._ending
        self._ending, self._filing = [], False

    def _file(self, codes: Sequence[str]) -> None:
        """Move the rows of ``codes`` under the key, in the open transaction."""
        marks = ", ".join("?" * len(codes))
        _file_rows(self._db, f"WHERE match IN ({marks})", codes)

    def take_back(self, code: str, ply: int) -> None:
        """Delete the moves of ``code`` from ``ply`` on, in either table."""
        for table in ("moves", "recent_moves"):
            self._db.execute(f"DELETE FROM {table} WHERE match = ? AND ply >= ?", (code, ply))


def _file_rows(db: sqlite3.Connection, where: str, args: Sequence[str] = ()) -> None:
    """Move the rows of ``recent_moves`` that ``where`` picks under the key, in the open
    transaction. A ply found in both tables (only a database edited by hand has one)
    keeps its later row, so a bad row never refuses every group after it."""
    db.execute("INSERT OR REPLACE INTO moves (match, ply, move, played) SELECT "
               f"match, ply, move, played FROM recent_moves {where} ORDER BY rowid", args)
    db.execute(f"DELETE FROM recent_moves {where}", args)


def file_every_move(db: sqlite3.Connection) -> None:
    """Move every row of ``recent_moves`` under the key, in a transaction of its own."""
    db.execute("BEGIN IMMEDIATE")
    _file_rows(db, "")
    db.execute("COMMIT")
