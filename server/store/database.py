"""SQLite persistence: players (token hashes only), matches, every move and chat.

The room proposes each change before it changes anything in memory, and the shell
hands the changes of one event-loop turn to :meth:`Store.save_group`: committed in one
transaction (group commit), or rolled back and refused with
:class:`~server.room.effects.StoreFault` (disk full, I/O error, locked, read-only), the
connection usable again for the next group. So a move a client has seen is on disk, and
one the store refused was never played. WAL mode keeps each commit cheap and makes it
survive a killed process; a group's moves are appended to one small table and filed
under their match's key later (recent_moves.py), so a commit writes a page or two of
them, not one a match.
"""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Literal, Sequence

import msgspec
import platformdirs

from server.room.clock import MatchClock
from server.room.effects import (
    RenamePlayer,
    SaveChat,
    SaveClock,
    SaveMatch,
    SaveMoves,
    SavePlayer,
    SaveResult,
    SaveSeats,
    SaveTakeback,
    StoreChange,
    StoreFault,
)
from server.room.match import Match, Seat
from server.store.file_lock import FileLock
from server.store.recent_moves import MoveRow, RecentMoves, file_every_move
from server.store.retention import Forgotten, forget
from server.store.schema import SCHEMA, migrate, schema_problem, select_columns
from server.store.upkeep import CHECK_EVERY, FORGET_EVERY, SizeWatch, Upkeep
from shared.games import new_game
from shared.protocol import CHAT_HISTORY_LINES, ChatLine, Clock, Reason, Result

log = logging.getLogger("taikyoku.server")

BUSY_TIMEOUT = 0.2
"""Seconds a write waits for a lock another program holds on the database before it is
refused (the event loop waits with it)."""

def _move_rows(code: str, first_ply: int, moves: Sequence[int]) -> list[MoveRow]:
    now = time.time()
    return [(code, first_ply + i, move, now) for i, move in enumerate(moves)]


UNFINISHED = "WHERE status != 'over'"


def default_db_path() -> Path:
    """Where the server keeps its database unless told otherwise (the user's data dir)."""
    return Path(platformdirs.user_data_dir("taikyoku")) / "taikyoku.sqlite3"


@dataclass(frozen=True)
class Record:
    """A stored game, as the `records` command shows it."""

    code: str
    game: str
    size: int
    start_board: str
    start_to_move: int
    seats: list[Seat | None]
    status: str
    result: Result | None
    created: float
    ended: float | None
    moves: list[int]
    hints: bool = False
    clock: Clock | None = None
    remaining: tuple[float, float] | None = None
    """The clocks as last stored: after the last move, or when the server stopped."""
    takebacks: tuple[int, int] = (0, 0)
    """How many takebacks each seat made (the moves are the line that stands)."""
    unlisted: bool = False
    spectator_chat: bool = True


class DatabaseInUseError(OSError):
    """Another server already has this database open, or its lock cannot be taken (the
    message says which)."""


class DamagedRecordError(ValueError):
    """A stored match whose row cannot be read back (a database edited by hand)."""


class UnusableDatabaseError(OSError):
    """The file cannot be used as a taikyoku database (not SQLite, another program's
    SQLite database, unreadable): refused before anything is written to it."""


class Store:
    """The server's database. ``path`` ":memory:" keeps everything in memory (tests).

    With ``exclusive`` (a server), a second exclusive Store of the same file, in this
    process or another, refuses to open with :class:`DatabaseInUseError` before reading
    or writing anything: two servers would both play the same bot seats.

    With ``readonly`` (`taikyoku records`) the file is only read, never created or
    changed, and it must already hold taikyoku's tables. A file that is not SQLite, or
    holds another program's tables, raises :class:`UnusableDatabaseError`.

    ``upkeep`` (a server's) has it watch its size and its disk, and run the retention
    rule every hour (upkeep.py), after its writes.
    """

    def __init__(self, path: str | Path | None = None, exclusive: bool = False,
                 readonly: bool = False, upkeep: Upkeep | None = None) -> None:
        if path is None:
            path = default_db_path()
        self.path = str(path)
        memory = self.path == ":memory:"
        if not memory and not readonly:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = self._locked() if exclusive and not memory else None
        self.fault: str | None = None
        """Why the last write failed, until one succeeds again (logged once each way)."""
        try:
            self._db = self._open(readonly)
        except BaseException:  # a failed open holds nothing: the lock goes too
            if self._lock is not None:
                self._lock.release()
            raise
        self._columns = select_columns(self._db)
        self._moves = RecentMoves(self._db)
        self._readonly = readonly
        self._upkeep = upkeep
        self._watch = SizeWatch(self.path, upkeep) if upkeep and not memory else None
        self._next_look = self._next_forget = 0.0
        self._look_after()

    def _locked(self) -> FileLock:
        """The lock that says a server owns this database, taken or
        :class:`DatabaseInUseError` saying why not."""
        lock = FileLock(self.path)
        why = lock.take()
        if why is not None:
            raise DatabaseInUseError(why)
        return lock

    def _open(self, readonly: bool) -> sqlite3.Connection:
        """Connect, check the tables are taikyoku's, and (unless read-only) set up WAL
        and create the tables of a new database."""
        try:
            if readonly:
                uri = f"{Path(self.path).resolve().as_uri()}?mode=ro"
                db = sqlite3.connect(uri, uri=True, isolation_level=None)
            else:
                db = sqlite3.connect(self.path, isolation_level=None, timeout=BUSY_TIMEOUT)
        except sqlite3.Error as err:
            raise UnusableDatabaseError(f"cannot open the database {self.path} ({err})") from None
        try:
            problem = schema_problem(db, allow_empty=not readonly)
            if problem is None and not readonly:
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=NORMAL")
                db.executescript(SCHEMA)
                migrate(db)
                file_every_move(db)  # those a killed server left
        except sqlite3.OperationalError as err:  # locked, a read-only file, ...
            db.close()
            raise UnusableDatabaseError(f"cannot use the database {self.path} ({err})") from None
        except sqlite3.Error as err:  # "file is not a database", "disk image is malformed"
            problem = str(err)
        except BaseException:
            db.close()
            raise
        if problem is not None:
            db.close()
            raise UnusableDatabaseError(f"{self.path} is not a taikyoku database ({problem})")
        return db

    def close(self) -> None:
        """Close the database, every move filed under its match's key first (refused:
        they stay where the next server reads them too)."""
        if not self._readonly:
            try:
                file_every_move(self._db)
            except sqlite3.Error as err:
                self._rollback()
                log.warning("the moves of %s stay in recent_moves (%s)", self.path, err)
        self._db.close()
        if self._lock is not None:
            self._lock.release()

    def save(self, change: StoreChange) -> None:
        """Store ``change`` in one transaction (see :meth:`save_group`)."""
        self.save_group([change])

    def save_group(self, changes: Sequence[StoreChange]) -> None:
        """Store ``changes`` in one transaction, in order, committed when this returns;
        otherwise rolled back and :class:`StoreFault` (nothing of any of them stored)."""
        with self._writing():
            rows: list[MoveRow] = []
            for change in changes:
                if type(change) is not SaveMoves and rows:
                    self._moves.insert(rows)
                    rows = []
                self._write(change, rows)
            self._moves.insert(rows)

    def _write(self, change: StoreChange, rows: list[MoveRow]) -> None:
        """The statements of one change, inside the open transaction; a move's row goes
        to ``rows``, inserted with its neighbours in one statement (a group holds a move
        of each of dozens of matches, and one ``executemany`` a move cost as much as the
        rows it wrote)."""
        match change:  # a move first: by far the most frequent
            case SaveMoves(code, ply, moves, remaining, result):
                rows += _move_rows(code, ply, moves)
                self._save_clock(code, remaining)
                if result is not None:
                    self._finish(code, result)
            case SavePlayer(player, token_hash, name):
                now = time.time()
                self._db.execute("INSERT INTO players (id, token_hash, name, created, seen) "
                                 "VALUES (?, ?, ?, ?, ?)", (player, token_hash, name, now, now))
            case RenamePlayer(player, name):
                self._db.execute("UPDATE players SET name = ? WHERE id = ?", (name, player))
            case SaveMatch(match):
                self._add_match(match)
            case SaveSeats(code, seats, status):
                self._db.execute("UPDATE matches SET seats = ?, status = ? WHERE code = ?",
                                 (_seats_json(seats), status, code))
            case SaveResult(code, result, remaining):
                self._finish(code, result)
                self._save_clock(code, remaining)
            case SaveTakeback(code, ply, takebacks, remaining):
                self._moves.take_back(code, ply)
                self._db.execute("UPDATE matches SET takebacks = ? WHERE code = ?",
                                 (json.dumps(takebacks), code))
                self._save_clock(code, remaining)
            case SaveClock(code, remaining):
                self._save_clock(code, remaining)
            case SaveChat(code, line):
                self._add_chat(code, line)

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """One transaction: committed, or rolled back (the connection usable again) and
        StoreFault. The first failure and the first success after it are logged."""
        try:
            self._db.execute("BEGIN IMMEDIATE")
            yield
            self._moves.before_commit()
            self._db.execute("COMMIT")
        except sqlite3.Error as err:
            self._moves.settled(committed=False)
            self._rollback()
            if self.fault is None:
                log.error("the database %s refuses writes (%s): changes are refused with "
                          "storage_unavailable until it takes them again", self.path, err)
            self.fault = str(err)
            raise StoreFault(str(err)) from err
        self._moves.settled(committed=True)
        if self.fault is not None:
            log.warning("the database %s takes writes again", self.path)
            self.fault = None
        self._look_after()

    def _look_after(self) -> None:
        """A server's upkeep, when it is due: a look at the size and the disk (each
        CHECK_EVERY seconds), the retention rule (each FORGET_EVERY)."""
        if self._upkeep is None:
            return
        now = time.time()
        if self._watch is not None and now >= self._next_look:
            self._next_look = now + CHECK_EVERY
            self._watch.look()
        days = self._upkeep.forget_after_days
        if days is not None and now >= self._next_forget:
            self._next_forget = now + FORGET_EVERY
            try:
                self.forget(days, now)
            except StoreFault as err:  # logged by _writing; tried again in an hour
                log.warning("the retention rule could not run (%s)", err)

    def forget(self, days: float, now: float | None = None) -> Forgotten:
        """Run the retention rule (retention.py) for ``days`` as of ``now``, in one
        transaction; what it deleted (StoreFault: nothing)."""
        with self._writing():
            forgotten = forget(self._db, days, time.time() if now is None else now)
        if forgotten.matches or forgotten.players:
            log.info("forgot %d finished matches and %d players away over %g days",
                     forgotten.matches, forgotten.players, days)
        return forgotten

    def _rollback(self) -> None:
        """Undo the open transaction, if SQLite has not already (it may after an I/O
        error); a rollback that fails leaves nothing that a later BEGIN would keep."""
        if self._db.in_transaction:
            try:
                self._db.execute("ROLLBACK")
            except sqlite3.Error as err:
                log.warning("rollback failed (%s)", err)

    # ---- players ------------------------------------------------------------------

    def find_player(self, token_hash: str) -> tuple[str, str] | None:
        """(player id, name) of the player holding this token hash, or None (StoreFault
        when the database cannot be read). A player found has come back: noted as
        seen now, for the retention rule, when the database takes the write (a resume
        never waits on it, nor is refused for it)."""
        with _reading():
            row = self._db.execute(
                "SELECT id, name FROM players WHERE token_hash = ?", (token_hash,)
            ).fetchone()
        if row is None:
            return None
        with contextlib.suppress(sqlite3.Error):
            self._db.execute("UPDATE players SET seen = ? WHERE id = ?", (time.time(), row[0]))
        return (row[0], row[1])

    # ---- matches ------------------------------------------------------------------

    def _add_match(self, match: Match) -> None:
        """A new match with the moves it already has (a forced opening pass)."""
        self._db.execute(
            "INSERT INTO matches (code, game, size, start_board, start_to_move, seats, "
            "status, created, hints, clock, remaining, unlisted, spectator_chat) VALUES "
            "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                match.code, match.game, match.size, match.start.board,
                match.start.to_move, _seats_json(match.seats), match.status,
                match.created, match.hints,
                msgspec.json.encode(match.clock.control).decode() if match.clock else None,
                json.dumps(match.clock.remaining) if match.clock else None,
                match.unlisted, match.spectator_chat,
            ),
        )
        self._add_moves(match.code, 0, match.moves)
        if match.result is not None:
            self._finish(match.code, match.result)

    def _add_moves(self, code: str, first_ply: int, moves: Sequence[int]) -> None:
        self._moves.insert(_move_rows(code, first_ply, moves))

    def _save_clock(self, code: str, remaining: tuple[float, float] | None) -> None:
        if remaining is not None:
            self._db.execute("UPDATE matches SET remaining = ? WHERE code = ?",
                             (json.dumps(list(remaining)), code))

    def _add_chat(self, code: str, line: ChatLine) -> None:
        """Keep a chat line of match ``code``, and only its last CHAT_HISTORY_LINES."""
        self._db.execute("INSERT INTO chat (match, seq, line) VALUES (?, ?, ?)",
                         (code, line.seq, msgspec.json.encode(line).decode()))
        self._db.execute("DELETE FROM chat WHERE match = ? AND seq <= ?",
                         (code, line.seq - CHAT_HISTORY_LINES))

    def _chat_of(self, match: Match) -> None:
        """Give a restored ``match`` its stored chat lines."""
        for (line,) in self._db.execute(
                "SELECT line FROM chat WHERE match = ? ORDER BY seq", (match.code,)):
            match.chat.append(msgspec.json.decode(line, type=ChatLine))
        match.chat_seq = match.chat[-1].seq if match.chat else 0

    def _finish(self, code: str, result: Result) -> None:
        self._moves.ended(code)
        self._db.execute(
            "UPDATE matches SET status = 'over', result = ?, ended = ? WHERE code = ?",
            (json.dumps({"winner": result.winner, "reason": result.reason,
                         "score": result.score}), time.time(), code),
        )

    def unfinished(self) -> list[Match]:
        """Every match that has not ended, rebuilt with its moves (for a restart).

        A record the rules refuse (a database edited by hand) is skipped with a
        warning rather than stopping the server.
        """
        matches = []
        moved = dict(self._db.execute(  # when each last moved: how long it has waited
            "SELECT match, MAX(played) FROM ("
            f"{self._moves.of_matches('match, played', UNFINISHED)}) GROUP BY match").fetchall())
        for record in self.records(only_unfinished=True):
            try:
                matches.append(_match_of(record))
                matches[-1].moved = moved.get(record.code)
                self._chat_of(matches[-1])
            except ValueError as err:
                log.warning("match %s cannot be restored and stays stored only: %s",
                            record.code, err)
        return matches

    def records(self, only_unfinished: bool = False) -> list[Record]:
        """Stored matches, oldest first; a damaged one is left out with a warning."""
        where = UNFINISHED if only_unfinished else ""
        rows = self._db.execute(
            f"SELECT {self._columns} FROM matches {where} ORDER BY created, code"
        ).fetchall()
        moves: dict[str, list[int]] = {}
        for code, _, move in self._db.execute(
            f"{self._moves.of_matches('match, ply, move', where)} ORDER BY match, ply"
        ):
            moves.setdefault(code, []).append(move)
        records = []
        for row in rows:
            try:
                records.append(_record_of(row, moves.get(row[0], [])))
            except DamagedRecordError as err:
                log.warning("%s and is left out", err)
        return records

    def has_match(self, code: str) -> bool:
        """Whether a match with this code is stored (finished or not); StoreFault when
        the database cannot be read."""
        with _reading():
            row = self._db.execute("SELECT 1 FROM matches WHERE code = ?", (code,)).fetchone()
        return row is not None

    def record(self, code: str) -> Record | None:
        """The stored match ``code``, or None; :class:`DamagedRecordError` if unreadable."""
        row = self._db.execute(
            f"SELECT {self._columns} FROM matches WHERE code = ?", (code,)
        ).fetchone()
        if row is None:
            return None
        moves = [m for (m,) in self._db.execute(
            f"SELECT move FROM {self._moves.source} WHERE match = ? ORDER BY ply", (code,))]
        return _record_of(row, moves)


@contextmanager
def _reading() -> Iterator[None]:
    """A read the room waits on: a database that cannot be read is a StoreFault."""
    try:
        yield
    except sqlite3.Error as err:
        raise StoreFault(str(err)) from err


def _seats_json(seats: Sequence[Seat | None]) -> str:
    return json.dumps([s.to_json() if s is not None else None for s in seats])


def _record_of(row: tuple[object, ...], moves: Sequence[object]) -> Record:
    """Decode a matches row and its moves; anything the store never writes (a row
    edited by hand) raises :class:`DamagedRecordError` naming the match."""
    (code, game, size, board, to_move, seats, status, result, created, ended,
     hints, clock, remaining, takebacks, unlisted, spectator_chat) = row
    try:
        seat_list = [Seat.from_json(s) if s else None for s in json.loads(str(seats))]
        if len(seat_list) != 2:
            raise ValueError(f"{len(seat_list)} seats, not 2")
        whole_moves = [move for move in moves if isinstance(move, int)]
        if len(whole_moves) != len(moves):
            raise ValueError(f"moves are not all whole numbers: {list(moves)}")
        return Record(
            code=str(code), game=str(game), size=int(str(size)), start_board=str(board),
            start_to_move=int(str(to_move)), seats=seat_list, status=str(status),
            result=_result_of(str(result)) if result else None,
            created=float(str(created)),
            ended=float(str(ended)) if ended is not None else None,
            moves=whole_moves,
            hints=bool(hints),
            clock=msgspec.json.decode(str(clock), type=Clock) if clock else None,
            remaining=msgspec.json.decode(str(remaining), type=tuple[float, float])
            if remaining else None,
            takebacks=msgspec.json.decode(str(takebacks), type=tuple[int, int]),
            unlisted=bool(unlisted), spectator_chat=bool(spectator_chat),
        )
    except (ValueError, KeyError, TypeError, AttributeError, msgspec.ValidationError) as err:
        raise DamagedRecordError(f"match {code} is damaged ({err})") from None


def _match_of(record: Record) -> Match:
    start = new_game(record.game, record.size, record.start_board, record.start_to_move)
    match = Match(record.code, start, record.seats, moves=list(record.moves),
                  created=record.created, hints=record.hints,
                  takebacks=list(record.takebacks), unlisted=record.unlisted,
                  spectator_chat=record.spectator_chat)
    match.result = record.result
    if record.clock is not None:
        match.clock = MatchClock.of(record.clock)
        if record.remaining is not None:
            match.clock.remaining = list(record.remaining)
    return match


class _StoredResult(msgspec.Struct):
    """A result as the store writes it. Unlike a client, which keeps a reason a newer
    server added, the store knows every reason it writes: any other is damage."""

    winner: Literal[0, 1] | None
    reason: Reason
    score: list[int]


def _result_of(text: str) -> Result:
    stored = msgspec.json.decode(text, type=_StoredResult)
    return Result(stored.winner, stored.reason, stored.score)
