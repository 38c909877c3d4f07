"""The retention rule: what the store forgets of players who do not come back.

A finished match is deleted (with its moves and chat) once it ended more than the
retention period ago and none of its people has said hello since that long ago; a
player is deleted once they have not said hello for as long and no stored match seats
them (their token is then unknown: coming back, they get a new identity, as with a
wiped database). Unfinished matches are never deleted: they end by themselves
(docs/hosting.md). `taikyoku serve --forget-after DAYS` runs it hourly, `taikyoku
records prune` by hand.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass

DAY = 24 * 3600.0


@dataclass(frozen=True)
class Forgotten:
    """What one run of the rule deleted."""

    matches: int
    players: int


def forget(db: sqlite3.Connection, days: float, now: float) -> Forgotten:
    """Delete, in the open transaction of ``db``, what the rule says ``days`` after which
    at ``now`` (UNIX seconds)."""
    cutoff = now - days * DAY
    back = {player for (player,) in db.execute(
        "SELECT id FROM players WHERE COALESCE(seen, created) >= ?", (cutoff,))}
    gone = [(code,) for code, seats in db.execute(
        "SELECT code, seats FROM matches WHERE status = 'over' AND ended < ?", (cutoff,))
        if not _people(seats) & back]
    for table, column in (("moves", "match"), ("recent_moves", "match"), ("chat", "match"),
                          ("matches", "code")):
        db.executemany(f"DELETE FROM {table} WHERE {column} = ?", gone)
    seated: set[str] = set()
    for (seats,) in db.execute("SELECT seats FROM matches"):
        seated |= _people(seats)
    away = [(player,) for (player,) in db.execute(
        "SELECT id FROM players WHERE COALESCE(seen, created) < ?", (cutoff,))
        if player not in seated]
    db.executemany("DELETE FROM players WHERE id = ?", away)
    return Forgotten(matches=len(gone), players=len(away))


def _people(seats: str) -> set[str]:
    """The player ids seated in a stored ``seats`` column (bots have none)."""
    return {str(seat["player"]) for seat in json.loads(seats)
            if seat is not None and seat.get("player") is not None}
