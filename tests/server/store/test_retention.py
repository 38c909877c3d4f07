"""The store is bounded over time: the retention rule forgets finished matches of
players who have not come back (by the server every hour, or `taikyoku records prune`),
and the log says when the database grows past a size or its disk runs low."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

from server.cli import records_main
from server.store.database import Store
from server.store.retention import DAY
from server.store.upkeep import Upkeep


def age(db: Path, days: float, players: tuple[str, ...] | None = None) -> None:
    """Move everything stored (or only ``players``' last hello) ``days`` into the past."""
    shift = days * DAY
    with sqlite3.connect(db) as conn:
        if players is None:
            conn.execute("UPDATE matches SET created = created - ?, ended = ended - ?",
                         (shift, shift))
            conn.execute("UPDATE players SET created = created - ?, seen = seen - ?",
                         (shift, shift))
        else:
            conn.executemany("UPDATE players SET seen = seen - ? WHERE id = ?",
                             [(shift, player) for player in players])


def rows(db: Path, table: str) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])


async def finished_and_unfinished(make_server, connect):
    """Taro and Hana each finished a match against the bot (with moves and a chat line);
    Yuki's match waits. The players, and the server, closed."""
    server = await make_server()
    taro, hana, yuki = [await connect(server, name=n) for n in ("Taro", "Hana", "Yuki")]
    codes = {}
    for peer in (taro, hana):
        state = await peer.create(game="tictactoe", vs="bot", bot={"level": 1})
        await peer.send(type="chat", match=state["match"], text="gg")
        await peer.play_out(state, 0)
        codes[peer] = state["match"]
    codes[yuki] = (await yuki.create(game="tictactoe", vs="human"))["match"]
    for peer in (taro, hana, yuki):
        await peer.close()
    await server.close()
    return server.config.db, taro, hana, yuki, codes


async def test_a_server_forgets_the_matches_of_players_who_did_not_come_back(
        make_server, connect) -> None:
    db, taro, hana, yuki, codes = await finished_and_unfinished(make_server, connect)
    age(db, 40)
    server = await make_server()  # no rule: Taro comes back, which the store notes
    await connect(server, name="Taro", token=taro.token)
    await server.close()

    server = await make_server(forget_after_days=30)  # runs the rule as it opens the store
    kept = {r.code for r in server.store.records()}
    assert kept == {codes[taro], codes[yuki]}  # Hana's is gone (Yuki's was called off
    # by the restart before, so it ended just now)
    again = await connect(server, name="Hana", token=hana.token)
    assert again.player != hana.player  # no match seats her: she was forgotten too
    back = await connect(server, name="Taro", token=taro.token)
    assert back.player == taro.player


async def test_records_prune_deletes_the_same_and_says_what(make_server, connect,
                                                            capsys) -> None:
    db, taro, hana, yuki, codes = await finished_and_unfinished(make_server, connect)
    age(db, 10)
    age(db, -8, players=(taro.player,))  # Taro said hello 2 days ago
    assert records_main(["prune", "--older-than", "30", "--db", str(db)]) == 0
    assert "deleted 0 finished matches and 0 players" in capsys.readouterr().out
    assert records_main(["prune", "--older-than", "7", "--db", str(db)]) == 0
    assert "deleted 1 finished matches and 1 players away 7 days" in capsys.readouterr().out
    store = Store(db, readonly=True)
    assert {r.code for r in store.records()} == {codes[taro], codes[yuki]}  # Yuki's waits
    store.close()
    assert rows(db, "chat") == 1 and rows(db, "players") == 2  # Hana's line went with it


def test_records_prune_needs_a_database(tmp_path: Path, capsys) -> None:
    assert records_main(["prune", "--older-than", "7", "--db", str(tmp_path / "no")]) == 1
    assert "no database at" in capsys.readouterr().err


def test_the_log_says_when_the_database_grows_or_its_disk_runs_low(tmp_path: Path,
                                                                   caplog) -> None:
    caplog.set_level(logging.INFO, "taikyoku.server")
    db = tmp_path / "games.sqlite3"
    store = Store(db, exclusive=True, upkeep=Upkeep(warn_bytes=1, disk_warn_bytes=1 << 60))
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 2
    assert "past 0 MB (--store-warn-mb)" in warnings[0]
    assert "MB free, under" in warnings[1] and "storage_unavailable" in warnings[1]
    store.close()
    quiet = Store(tmp_path / "other.sqlite3", exclusive=True, upkeep=Upkeep())
    assert len(caplog.records) == 2  # a small database on a roomy disk says nothing
    quiet.close()
