"""Moves in two tables (server/store/recent_moves.py): appended in the order they come,
filed under their match's key once FILE_AFTER matches ended, and read from both by
every reader all along; a refused group files nothing; a database from before the
second table is read, migrated and restored exactly, also with rows in both."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from server.room.effects import SaveMatch, SaveMoves, SaveResult, SaveTakeback, StoreFault
from server.room.match import Match, Seat
from server.store.database import Store
from server.store.recent_moves import FILE_AFTER
from shared.games import new_game
from shared.protocol import Result

WON = Result(0, "resign", [2, 2])


def new_match(code: str) -> Match:
    return Match(code, new_game("othello", 8), [Seat("human", "a", "p_a"),
                                                Seat("human", "b", "p_b")], created=1.0)


def rows(path: Path, table: str) -> list[tuple[str, int, int]]:
    """``table``'s rows as SQLite keeps them (``recent_moves`` in the order they came)."""
    with sqlite3.connect(path) as db:
        return list(db.execute(f"SELECT match, ply, move FROM {table} ORDER BY rowid"))


def moves_of(store: Store) -> dict[str, list[int]]:
    return {record.code: record.moves for record in store.records()}


def batch_with_first_moves(path: Path, played: tuple[int, ...]) -> tuple[Store, list[str]]:
    """A store with a batch of :data:`FILE_AFTER` matches, each with ``played`` stored."""
    store = Store(path, exclusive=True)
    codes = [f"M{i:05d}" for i in range(FILE_AFTER)]
    store.save_group([SaveMatch(new_match(code)) for code in codes])
    store.save_group([SaveMoves(code, 0, played, None, None) for code in codes])
    return store, codes


def test_moves_come_in_order_and_are_filed_once_enough_matches_ended(
        tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    store = Store(path, exclusive=True)
    codes = [f"M{i:05d}" for i in range(FILE_AFTER + 1)]
    store.save_group([SaveMatch(new_match(code)) for code in codes])
    store.save_group([SaveMoves(code, 0, (19, 18), None, None) for code in reversed(codes)])
    assert rows(path, "recent_moves") == [
        (code, ply, move) for code in reversed(codes) for ply, move in ((0, 19), (1, 18))]
    assert rows(path, "moves") == []
    for code in codes[:FILE_AFTER - 1]:  # one short of a batch: nothing filed yet
        store.save(SaveMoves(code, 2, (17,), None, WON))
    assert rows(path, "moves") == []
    assert moves_of(store) == {code: [19, 18, 17] for code in codes[:FILE_AFTER - 1]} | {
        code: [19, 18] for code in codes[FILE_AFTER - 1:]}
    store.save(SaveResult(codes[FILE_AFTER - 1], WON, None))  # the batch is full
    filed = codes[:FILE_AFTER]
    assert sorted(rows(path, "moves")) == sorted(
        (code, ply, move) for code in filed for ply, move in enumerate(
            [19, 18, 17] if code != filed[-1] else [19, 18]))
    assert rows(path, "recent_moves") == [(codes[-1], 0, 19), (codes[-1], 1, 18)]
    assert moves_of(store)[filed[0]] == [19, 18, 17]
    assert [m.code for m in store.unfinished()] == [codes[-1]]
    statements: list[str] = []
    store._db.set_trace_callback(statements.append)
    store.save(SaveMoves(codes[-1], 2, (17,), None, None))  # filed ones are not again
    assert not [s for s in statements if "INTO moves" in s], statements
    store.close()


def test_a_refused_group_ends_no_match_and_files_nothing(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    store, codes = batch_with_first_moves(path, (19,))
    store.save_group([SaveResult(code, WON, None) for code in codes[:-1]])
    with pytest.raises(StoreFault):  # the last match's end, refused with its group
        store.save_group([SaveResult(codes[-1], WON, None), SaveMatch(new_match(codes[0]))])
    assert rows(path, "moves") == [] and len(rows(path, "recent_moves")) == FILE_AFTER
    assert [m.code for m in store.unfinished()] == [codes[-1]]
    store.save(SaveMoves(codes[-1], 1, (18,), None, None))  # still one short of a batch
    assert rows(path, "moves") == []
    store.save(SaveResult(codes[-1], WON, None))  # it ends for good: all filed
    assert rows(path, "recent_moves") == []
    assert moves_of(store) == {code: [19] for code in codes[:-1]} | {codes[-1]: [19, 18]}
    store.close()


def test_a_clean_close_files_every_move_and_an_open_files_those_a_kill_left(
        tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    store = Store(path, exclusive=True)
    store.save(SaveMatch(new_match("LIVE01")))
    store.save(SaveMoves("LIVE01", 0, (19,), None, None))
    store.close()
    assert rows(path, "moves") == [("LIVE01", 0, 19)] and rows(path, "recent_moves") == []
    killed = Store(path)
    killed.save(SaveMoves("LIVE01", 1, (18,), None, None))
    killed._db.close()  # as a killed server leaves it: no close of the store's own
    assert rows(path, "recent_moves") == [("LIVE01", 1, 18)]
    reader = Store(path, readonly=True)  # `taikyoku records` reads both, changes nothing
    assert moves_of(reader) == {"LIVE01": [19, 18]}
    reader.close()
    assert rows(path, "recent_moves") == [("LIVE01", 1, 18)]
    again = Store(path, exclusive=True)
    assert rows(path, "moves") == [("LIVE01", 0, 19), ("LIVE01", 1, 18)]
    (match,) = again.unfinished()
    assert match.moves == [19, 18]
    again.close()


def test_a_database_from_before_the_second_table_is_migrated_and_restored_exactly(
        tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    store = Store(path)
    store.save(SaveMatch(new_match("OLDONE")))
    store.save(SaveMoves("OLDONE", 0, (19, 18), None, None))
    store.close()
    with sqlite3.connect(path) as db:  # as a server of 16aeeaf (one table of moves)
        db.execute("DROP TABLE recent_moves")  # left it
    reader = Store(path, readonly=True)
    assert moves_of(reader) == {"OLDONE": [19, 18]}
    reader.close()

    store = Store(path, exclusive=True)  # adds the table, restores the match
    (match,) = store.unfinished()
    assert match.moves == [19, 18]
    store.save(SaveMoves("OLDONE", 2, (17, 20), None, None))
    assert rows(path, "moves") == [("OLDONE", 0, 19), ("OLDONE", 1, 18)]
    assert rows(path, "recent_moves") == [("OLDONE", 2, 17), ("OLDONE", 3, 20)]
    (match,) = store.unfinished()  # a restore reads both tables, in ply order
    assert match.moves == [19, 18, 17, 20]
    assert match.moved == max(row[0] for row in store._db.execute(
        "SELECT played FROM recent_moves"))
    assert store.record("OLDONE").moves == [19, 18, 17, 20]  # type: ignore[union-attr]
    store.save(SaveTakeback("OLDONE", 1, (1, 0), None))  # back across both tables
    assert store.record("OLDONE").moves == [19]  # type: ignore[union-attr]
    assert rows(path, "recent_moves") == []
    store.close()


def test_a_ply_stored_twice_by_hand_does_not_refuse_the_groups_after_it(
        tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    store, codes = batch_with_first_moves(path, (19,))
    store._db.execute("INSERT INTO moves VALUES (?, 0, 37, 0.0)", (codes[0],))  # by hand
    store.save_group([SaveResult(code, WON, None) for code in codes])  # files them all
    assert rows(path, "recent_moves") == []
    assert moves_of(store)[codes[0]] == [19]  # the later row stands
    store.close()


def test_a_full_disk_refuses_the_group_that_files_and_it_files_later(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    played = list(range(60))  # a long game's worth of rows (the store checks no rules)
    store, codes = batch_with_first_moves(path, tuple(played))
    store.save_group([SaveResult(code, WON, None) for code in codes[:-1]])
    db = store._db
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages}")  # the disk is full: no page more
    last = SaveResult(codes[-1], WON, None)
    with pytest.raises(StoreFault, match="full"):
        store.save(last)  # the batch is full: filing needs pages under the moves' key
    assert rows(path, "moves") == [] and len(rows(path, "recent_moves")) == 60 * FILE_AFTER
    assert [r.code for r in store.records(only_unfinished=True)] == [codes[-1]]
    db.execute(f"PRAGMA max_page_count = {pages * 100}")  # space again
    store.save(last)
    assert rows(path, "recent_moves") == [] and len(rows(path, "moves")) == 60 * FILE_AFTER
    assert moves_of(store) == {code: played for code in codes}
    store.close()
