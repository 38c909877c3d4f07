"""The ladder's checkpoint (one JSON line a finished game) and the figures read from it.

A record holds the run's ``setup`` (board size, seconds a move, opening plies and what
each player is: a level at the checkout's commit, or an old commit's id), the pair and
game number, who sat where, the opening, the winner, the final discs and every move with
the empties before it and the seconds it took. A run appends each game as it finishes
(flushed and synced), so a run that is stopped loses at most the games being played,
and the same command resumes it: games already in the file are not played again. A file
holding games of another setup is refused rather than mixed in. A line cut short by a
crash is skipped with a warning.
"""

from __future__ import annotations

import json
import math
import os
import statistics
from pathlib import Path
from typing import Any

Record = dict[str, Any]
"""One finished game (see the module docstring)."""

MIDGAME_EMPTIES = 20
"""Moves with more empties than this are "midgame": no expert here solves them exactly in
0.5 s (20 empties take about a second), so this is where a search decides its own time."""


def load(path: Path, setup: dict[str, Any]) -> list[Record]:
    """The games of ``setup`` already in ``path`` (none if it does not exist); ValueError
    if it holds games of another setup."""
    if not path.exists():
        return []
    records = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            print(f"{path}:{number}: skipping a line that is not a whole record", flush=True)
            continue
        if record.get("setup") != setup:
            raise ValueError(f"{path} holds games of another setup ({record.get('setup')}), "
                             f"not of {setup}: resume with the same options, or use another "
                             "--out")
        records.append(record)
    return records


def append(path: Path, record: Record) -> None:
    """Add one finished game to ``path`` durably (on a line of its own even after a line
    cut short by a crash)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a+b") as file:
        file.seek(0, os.SEEK_END)
        start = b""
        if file.tell():
            file.seek(-1, os.SEEK_END)
            start = b"" if file.read(1) == b"\n" else b"\n"
        file.write(start + json.dumps(record).encode() + b"\n")
        file.flush()
        os.fsync(file.fileno())


def winner(record: Record) -> str | None:
    """The player who won one game, None for a draw."""
    seat = record["winner"]
    return None if seat is None else str(record[("black", "white")[seat]])


def score(strong: str, weak: str, records: list[Record]) -> dict[str, Any]:
    """``strong``'s games, wins, losses, draws, share of the points with one standard
    error, and mean disc margin (what ``--record`` writes and :func:`score_line` prints)."""
    winners = [winner(r) for r in records]
    wins, losses = winners.count(strong), winners.count(weak)
    points = [1.0 if w == strong else 0.0 if w == weak else 0.5 for w in winners]
    error = statistics.stdev(points) / math.sqrt(len(points)) if len(points) > 1 else 0.0
    return {"games": len(records), "wins": wins, "losses": losses,
            "draws": len(records) - wins - losses, "share": round(statistics.mean(points), 3),
            "share_stderr": round(error, 3),
            "mean_margin": round(statistics.mean(margin(strong, r) for r in records), 1)}


def score_line(strong: str, weak: str, records: list[Record]) -> str:
    """Wins, losses, draws and ``strong``'s share of the points (one standard error)."""
    s = score(strong, weak, records)
    return (f"{name(strong)} v {name(weak)}: {s['games']} games, {s['wins']} wins, "
            f"{s['losses']} losses, {s['draws']} draws -> {name(strong)} scores "
            f"{s['share']:.1%} of the points (+- {s['share_stderr']:.1%}), mean disc margin "
            f"{s['mean_margin']:+.1f}")


def margin(player: str, record: Record) -> int:
    """``player``'s final disc margin in one game."""
    black, white = record["discs"]
    return int(black - white if record["black"] == player else white - black)


def times(player: str, records: list[Record]) -> dict[str, Any]:
    """``player``'s moves, mean seconds a move overall and in the midgame (None without
    one) with the midgame's moves, and its longest; empty when it made no move."""
    seats = [(r, seat) for r in records for seat, who in enumerate((r["black"], r["white"]))
             if who == player]
    spent = [(empties, seconds) for r, seat in seats
             for mover, empties, seconds, _ in r["moves"] if mover == seat]
    if not spent:
        return {}
    midgame = [seconds for empties, seconds in spent if empties > MIDGAME_EMPTIES]
    return {"moves": len(spent), "move_s": round(statistics.mean(s for _, s in spent), 3),
            "midgame_moves": len(midgame),
            "midgame_move_s": round(statistics.mean(midgame), 3) if midgame else None,
            "longest_s": round(max(seconds for _, seconds in spent), 3)}


def time_line(player: str, records: list[Record]) -> str:
    """``player``'s mean time a move overall and in the midgame, and its longest."""
    t = times(player, records)
    if not t:
        return f"{name(player)}: no moves"
    middle = "-" if t["midgame_move_s"] is None else f"{t['midgame_move_s']:.3f} s"
    return (f"{name(player)}: {t['move_s']:.3f} s a move overall ({t['moves']} moves), "
            f"{middle} in the midgame (> {MIDGAME_EMPTIES} empties, {t['midgame_moves']} "
            f"moves), longest {t['longest_s']:.3f} s")


def name(player: str) -> str:
    """How results name a player."""
    return f"the expert of {player}" if ":" in player else f"level {player}"
