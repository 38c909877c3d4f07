"""One server per database, by the file itself: a second server reaching it through a
symlink or a hard link is refused as clearly as one given the same path, and a lock that
cannot be taken for another reason says that reason."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from server.store.database import DatabaseInUseError, Store
from tests import ROOT


def links_to(db: Path, tmp_path: Path) -> list[Path]:
    """A symlink and a hard link to ``db``, each in a directory of its own."""
    (tmp_path / "sym").mkdir()
    (tmp_path / "hard").mkdir()
    symlink, hard = tmp_path / "sym" / "games.sqlite3", tmp_path / "hard" / "games.sqlite3"
    symlink.symlink_to(db)
    os.link(db, hard)
    return [symlink, hard]


def serve(db: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "server", "serve", "--host", "127.0.0.1", "--port", "0",
         "--db", str(db), "--no-discovery"],
        capture_output=True, text=True, timeout=120, cwd=ROOT)


def test_a_server_in_another_process_is_refused_through_a_symlink_or_a_hard_link(
        tmp_path: Path) -> None:
    db = tmp_path / "taikyoku.sqlite3"
    owner = Store(db, exclusive=True)
    try:
        refusals = [serve(link) for link in links_to(db, tmp_path)]
    finally:
        owner.close()
    for done in refusals:
        assert done.returncode == 1, done.stderr
        assert "cannot start" in done.stderr
        assert "in use by another taikyoku server" in done.stderr
    assert f"(the file {db.resolve()})" in refusals[0].stderr  # what the symlink names


def test_in_one_process_too(tmp_path: Path) -> None:
    db = tmp_path / "taikyoku.sqlite3"
    owner = Store(db, exclusive=True)
    try:
        for link in links_to(db, tmp_path):
            with pytest.raises(DatabaseInUseError, match="in use by another taikyoku server"):
                Store(link, exclusive=True)
    finally:
        owner.close()
    for path in (tmp_path / "sym" / "games.sqlite3", db):  # the lock goes with the store
        Store(path, exclusive=True).close()


@pytest.mark.parametrize(("make", "says"), [
    (lambda at: (at / "loop").symlink_to(at / "loop"), "Too many levels of symbolic links"),
    (lambda at: (at / "loop").symlink_to(at / "gone" / "db.sqlite3"),
     "No such file or directory"),
])
def test_a_lock_that_cannot_be_taken_says_why(tmp_path: Path, make, says: str) -> None:
    make(tmp_path)
    with pytest.raises(DatabaseInUseError) as refused:
        Store(tmp_path / "loop", exclusive=True)
    message = str(refused.value)
    assert says in message and "not another server holding it" in message
    assert "in use" not in message
