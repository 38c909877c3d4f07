"""How much of its time a move the expert uses: mean seconds a move, midgame and overall.

    python -m benchmarks.move_time --seconds 0.5 --games 4 [--opponent 5] [--workers 2]

Plays ``--games`` games of level 5 against ``--opponent`` (default: itself, so every move
is the expert's) from the ladder's random openings (:mod:`benchmarks.ladder`, same pool
and warm-up) and prints level 5's mean time a move over all its moves and over the
midgame ones (more than ``ladder_log.MIDGAME_EMPTIES`` empties, beyond any exact solve
at these times), its longest move, and the mean per band of ten empties. The opponent
may be any ladder player, e.g. ``commit:a22c4a9`` to time the old expert the same way.
The games go to a temporary file unless ``--out`` is given (then a rerun resumes).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from benchmarks import ladder, ladder_log


def bands(player: str, records: list[ladder_log.Record]) -> str:
    """``player``'s mean seconds a move per band of ten empties, most empties first."""
    spent: dict[int, list[float]] = {}
    for record in records:
        for mover, empties, seconds, _ in record["moves"]:
            if record[("black", "white")[mover]] == player:
                spent.setdefault((empties - 1) // 10, []).append(seconds)
    return ", ".join(f"{10 * band + 1}-{10 * band + 10}: {statistics.mean(times):.3f} s"
                     for band, times in sorted(spent.items(), reverse=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.5, help="level 5's time a move")
    parser.add_argument("--games", type=int, default=4, help="games (even)")
    parser.add_argument("--size", type=int, default=8, choices=(4, 6, 8))
    parser.add_argument("--opening", type=int, default=4, help="random opening plies")
    parser.add_argument("--opponent", default="5", help="a ladder player (default: 5 itself)")
    parser.add_argument("--workers", type=int, default=2, help="0: play in this process")
    parser.add_argument("--out", type=Path, help="games file (default: a temporary one)")
    args = parser.parse_args()
    if args.games < 2 or args.games % 2 or args.workers < 0 or not args.seconds > 0:
        parser.error("--games must be even and >= 2, --workers >= 0, --seconds > 0")
    if args.opponent != "5":
        try:
            ladder.parse_pairs(f"5:{args.opponent}")
        except ValueError as err:
            parser.error(str(err))
    with tempfile.TemporaryDirectory() as scratch:
        out = args.out or Path(scratch, "games.jsonl")
        try:
            records, ok = ladder.run([("5", args.opponent)], args.games, args.size,
                                     args.seconds, args.opening, args.workers, out)
        except ValueError as err:
            sys.exit(f"move_time: {err}")
    players = ["5"] if args.opponent == "5" else ["5", args.opponent]
    for player in players:
        print(f"{ladder_log.time_line(player, records)} (at {args.seconds} s a move)")
        print(f"  by empties: {bands(player, records)}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
