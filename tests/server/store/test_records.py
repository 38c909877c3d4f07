"""`taikyoku records`: every match is kept; listed, and printed as text, GGF and JSON."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest

from server.cli import records_main
from server.store.database import Record
from server.store.records import format_ggf, format_text, list_line
from shared.games import PASS, new_game
from shared.games.othello import parse_record
from shared.protocol import Result


async def _played(make_server, connect):
    """A finished Othello 4x4 game vs a bot and a called-off tic-tac-toe; (db, codes)."""
    server = await make_server()
    peer = await connect(server, name="Taro")
    othello = await peer.play_out(
        await peer.create(game="othello", size=4, vs="bot", bot={"level": 2}), 0)
    ttt = await peer.create(game="tictactoe", vs="human")
    await peer.send(type="resign", match=ttt["match"])
    await peer.expect("state", match=ttt["match"], status="over")
    await server.close()
    return server.config.db, othello, ttt


async def test_records_list_and_print(make_server, connect, capsys) -> None:
    db, othello, ttt = await _played(make_server, connect)
    assert records_main(["--db", str(db)]) == 0
    listing = capsys.readouterr().out.splitlines()
    assert len(listing) == 2
    assert listing[0].startswith(othello["match"]) and "Taro vs greedy" in listing[0]
    assert f"{len(othello['moves'])} moves" in listing[0]
    assert re.search(r"  (Taro won|greedy won|Draw)\. Black \d+, White \d+ discs\.$", listing[0])
    # called off before a move: no winner, and no draw either (the clients' words)
    assert listing[1].startswith(ttt["match"])
    assert listing[1].endswith("  No winner. The match was called off.")

    assert records_main(["--db", str(db), othello["match"].lower()]) == 0
    text = capsys.readouterr().out
    notation = found(r"^record  (\S+)$", text)
    moves = [PASS if m == "pass" else m for m in othello["moves"]]
    assert parse_record(notation, 4) == moves
    assert json.loads(found(r"^moves   (.+)$", text)) == othello["moves"]
    assert othello["board"][:4] == text.splitlines()[-4].replace(" ", "")

    assert records_main(["--db", str(db), othello["match"], "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["moves"] == othello["moves"] and data["result"] == othello["result"]
    assert data["record"] == notation and data["start"]["board"] == new_game("othello", 4).board

    assert records_main(["--db", str(db), othello["match"], "--format", "ggf"]) == 0
    ggf = capsys.readouterr().out.strip()
    assert ggf.startswith("(;GM[Othello]") and ggf.endswith(";)")
    assert "TY[4]" in ggf and "BO[4 -----O*--*O----- *]" in ggf
    squares = re.findall(r"[BW]\[([A-Z]\d|PA)\]", ggf)
    assert parse_record("".join(squares).lower(), 4) == moves
    b, w = othello["result"]["score"]
    assert f"RE[{b - w:+d}.000]" in ggf


async def test_records_errors(make_server, connect, capsys, tmp_path) -> None:
    db, othello, ttt = await _played(make_server, connect)
    assert records_main(["--db", str(db), "NOSUCH"]) == 1
    assert "no match 'NOSUCH'" in capsys.readouterr().err
    assert records_main(["--db", str(db), ttt["match"], "--format", "ggf"]) == 2
    assert "GGF is a format for Othello-like games; match" in capsys.readouterr().err
    assert records_main(["--db", str(tmp_path / "missing.sqlite3")]) == 1
    assert "no database at" in capsys.readouterr().err
    assert records_main(["--db", str(db), ttt["match"], "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["moves"] == [] and "record" not in data


def _tables(db) -> list[str]:
    with sqlite3.connect(db) as conn:
        return [name for (name,) in conn.execute("SELECT name FROM sqlite_master ORDER BY name")]


def _another_programs_database(path):
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    return path


@pytest.mark.parametrize(("make", "why"), [
    (lambda path: path.write_text("hello\n"), "(file is not a database)"),
    (lambda path: path.write_bytes(b""), "(it has no tables)"),
    (_another_programs_database, "(it has no players table)"),
])
def test_records_of_a_file_that_is_not_a_taikyoku_database(make, why, tmp_path,
                                                           capsys) -> None:
    """One clear line, and the file is only read: records never adds its tables to it."""
    db = tmp_path / "other.db"
    make(db)
    before = db.read_bytes()
    assert records_main(["--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert err == f"taikyoku records: {db} is not a taikyoku database {why}\n"
    assert db.read_bytes() == before



def found(pattern: str, text: str) -> str:
    """The first group of ``pattern``'s first match in ``text`` (lines matched one by one)."""
    match = re.search(pattern, text, re.M)
    assert match is not None, (pattern, text)
    return match[1]

def test_records_refuses_a_table_of_the_same_name_with_other_columns(tmp_path,
                                                                     capsys) -> None:
    db = tmp_path / "other.db"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE players (id, token_hash, name, created)")
        conn.execute("CREATE TABLE matches (code TEXT, game TEXT)")
        conn.execute("CREATE TABLE moves (match, ply, move, played)")
    assert records_main(["--db", str(db)]) == 1
    assert "its matches table lacks created, ended" in capsys.readouterr().err
    assert _tables(db) == ["matches", "moves", "players"]


@pytest.mark.parametrize(("column", "value", "why"), [
    ("seats", "not json", "Expecting value"),
    ("seats", '[{"kind": "human"}]', "'name'"),
    ("seats", '[null]', "1 seats, not 2"),
    ("seats", "7", "not iterable"),
    ("result", '{"winner": 0, "reason": "luck", "score": [1, 0]}', "Invalid enum value 'luck'"),
    ("size", "big", "invalid literal"),
])
async def test_a_damaged_record_is_left_out_and_named(column, value, why, make_server,
                                                      connect, capsys, caplog) -> None:
    """A row edited by hand: the list shows the others and warns; printing it says why."""
    db, othello, ttt = await _played(make_server, connect)
    with sqlite3.connect(db) as conn:
        conn.execute(f"UPDATE matches SET {column} = ? WHERE code = ?", (value, ttt["match"]))
    assert records_main(["--db", str(db)]) == 0
    listing = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in listing] == [othello["match"]]
    assert f"match {ttt['match']} is damaged (" in caplog.text and why in caplog.text
    assert records_main(["--db", str(db), ttt["match"]]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"taikyoku records: match {ttt['match']} is damaged (") and why in err


async def test_a_damaged_move_is_named(make_server, connect, capsys) -> None:
    db, othello, _ = await _played(make_server, connect)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE moves SET move = 'f5' WHERE match = ? AND ply = 0",
                     (othello["match"],))
    assert records_main(["--db", str(db), othello["match"]]) == 1
    assert "moves are not all whole numbers: ['f5'," in capsys.readouterr().err


def test_ggf_results_of_resignations_and_abandons() -> None:
    start = new_game("othello", 8).board

    def result_of(winner, reason, score):
        record = Record("ABCDEF", "othello", 8, start, 0, [None, None], "over",
                        Result(winner, reason, score), 0.0, None, [])
        return found(r"RE\[([^]]*)\]", format_ggf(record))

    assert result_of(0, "resign", [2, 2]) == "+1.000:r"
    assert result_of(1, "resign", [10, 4]) == "-6.000:r"
    assert result_of(None, "abandon", [2, 2]) == "+0.000:t"
    assert result_of(None, "discs", [32, 32]) == "+0.000"
    # a flag fell: the winner on time, whatever the discs said (GGF's ":t" is a timeout)
    assert result_of(1, "time", [20, 9]) == "-11.000:t"
    assert result_of(0, "time", [2, 2]) == "+1.000:t"
    assert result_of(1, "left", [5, 3]) == "-2.000:r"


def test_a_record_of_a_game_no_longer_plugged_in_is_still_listed() -> None:
    """Its words went with its plug-in: the result is told plainly, and one such record
    does not stop the listing (it raised KeyError for the game's side names). Printing
    it whole says the game is unknown (records_main: exit status 2)."""
    record = Record("ABCDEF", "gomoku", 9, "." * 81, 0, [None, None], "over",
                    Result(1, "line", [5, 4]), 0.0, None, [])
    assert list_line(record).endswith("  O won (line, 5-4).")
    with pytest.raises(ValueError, match="unknown game 'gomoku'"):
        format_text(record)
