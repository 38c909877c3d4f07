"""The results of a `taikyoku bot` run: each game's outcome, won/drawn/lost per seat,
as a table for people or a JSON object (:meth:`Summary.to_dict`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypedDict

from client.bot.seat import GameResult
from shared.ai import BOT_NAMES
from shared.games import get_game
from shared.words import DEFAULT_LANGUAGE, game_label, get_words

if TYPE_CHECKING:
    from client.bot.settings import Settings


class Record(TypedDict):
    """Wins, draws, losses and averages over some games (``avg_margin``: discs, Othello)."""

    games: int
    wins: int
    draws: int
    losses: int
    avg_margin: float | None
    moves: int
    avg_move_ms: float | None


class Unfinished(TypedDict):
    """A game that did not finish (``match`` None: never started) and why."""

    match: str | None
    reason: str


class Report(Record):
    """A whole run (`taikyoku bot --json`): the total (``games`` counts the unfinished
    too, ``finished`` does not), each seat's record, and what was played."""

    finished: int
    unfinished: list[Unfinished]
    as_first: Record
    as_second: Record
    game: str
    size: int
    mode: str
    level: int
    opponent: str
    elapsed_seconds: float


@dataclass
class Summary:
    """The results of a run, from our bot's side (seat 0's side for --watch)."""

    settings: Settings
    results: list[GameResult] = field(default_factory=list)
    not_played: list[str] = field(default_factory=list)
    elapsed: float = 0.0

    @property
    def finished(self) -> list[GameResult]:
        return [r for r in self.results if r.finished]

    @property
    def unfinished(self) -> list[Unfinished]:
        lost = [Unfinished(match=r.match, reason=r.reason) for r in self.results
                if not r.finished]
        return lost + [Unfinished(match=None, reason=why) for why in self.not_played]

    def record(self, results: list[GameResult]) -> Record:
        """Wins, draws, losses and averages over some games (the disc margin: Othello)."""
        done = [r for r in results if r.finished]
        moves = sum(r.moves for r in results)
        think = sum(r.think_seconds for r in results)
        return {
            "games": len(done),
            "wins": sum(r.outcome == "win" for r in done),
            "draws": sum(r.outcome == "draw" for r in done),
            "losses": sum(r.outcome == "loss" for r in done),
            "avg_margin": (round(sum(r.margin for r in done) / len(done), 2)
                           if done and get_game(self.settings.game).scored else None),
            "moves": moves,
            "avg_move_ms": round(1000 * think / moves, 2) if moves else None,
        }

    def to_dict(self) -> Report:
        s = self.settings
        total = self.record(self.results)
        return {
            **total,  # its "games" (the finished ones) is replaced: every game counts
            "games": len(self.results) + len(self.not_played),
            "finished": total["games"],
            "unfinished": self.unfinished,
            "as_first": self.record([r for r in self.results if r.seat == 0]),
            "as_second": self.record([r for r in self.results if r.seat == 1]),
            "game": s.game,
            "size": self.size,
            "mode": s.mode,
            "level": s.level,
            "opponent": s.opponent,
            "elapsed_seconds": round(self.elapsed, 2),
        }

    @property
    def size(self) -> int:
        return self.settings.size or get_game(self.settings.game).default_size

    def table(self) -> str:
        """The summary for people: one row per seat and a total."""
        s, data = self.settings, self.to_dict()
        who = f"level {s.level} ({BOT_NAMES[s.level]})" if s.mode != "watch" else "seat 0 (X)"
        lines = [
            f"{game_label(get_words(DEFAULT_LANGUAGE), s.game, self.size)}: {who} "
            f"vs {s.opponent}; {data['games']} "
            f"game{'s' if data['games'] != 1 else ''} in {data['elapsed_seconds']:.1f} s",
            f"{'':10}{'games':>6}{'wins':>6}{'draws':>7}{'losses':>8}{'margin':>8}"
            f"{'ms/move':>9}",
        ]
        rows: tuple[tuple[str, Record, int], ...] = (
            ("as first", data["as_first"], data["as_first"]["games"]),
            ("as second", data["as_second"], data["as_second"]["games"]),
            ("total", data, data["finished"]))
        for label, row, games in rows:
            margin = "-" if row["avg_margin"] is None else f"{row['avg_margin']:+.1f}"
            ms = "-" if row["avg_move_ms"] is None else f"{row['avg_move_ms']:.1f}"
            lines.append(f"{label:<10}{games:>6}{row['wins']:>6}{row['draws']:>7}"
                         f"{row['losses']:>8}{margin:>8}{ms:>9}")
        unfinished = data["unfinished"]
        lines.append(f"unfinished: {len(unfinished)}")
        lines += [f"  {u['match'] or '(not started)'}: {u['reason']}" for u in unfinished]
        return "\n".join(lines)
