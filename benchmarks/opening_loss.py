"""What an opening book could buy: how much the expert's clock move loses in the opening.

    python -m benchmarks.opening_loss [--plies 4] [--positions 40] [--seconds 0.5]
        [--judge 22] [--workers 2] [--record benchmarks/results.jsonl]

A book's move is worth only what it saves over the search it replaces. On the first
``--positions`` of the clock ladder's openings (:func:`benchmarks.ladder.openings`:
seeded random openings of ``--plies`` moves, distinct up to symmetry; at 4 plies the
8x8 board has 60 such positions, and the ladder plays every one), level 5's search
chooses a move in ``--seconds`` as a game's first move would, then a fixed-depth search
to ``--judge`` plies scores every legal move (:func:`shared.ai.othello.analyse_to_depth`).
The loss of a position is the judge's best score less its score of the clock's move, in
discs. Prints the depth the clock's search completed, the mean loss, how many moves the
judge would change, and the judge's time: a book made of the judge's searches saves at
most the mean loss per book move (the judge shares the expert's evaluation, so it is
not the truth, only deeper).
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from benchmarks.ladder import openings
from benchmarks.results_file import append_result
from shared.games.othello import OthelloState


def judged(opening: list[int], seconds: float, judge: int) -> dict[str, Any]:
    """One position: the clock search's depth, its move's loss by the judge, the judge's
    seconds."""
    from shared.ai.kernel import warm_up
    from shared.ai.kernel.board import square_of
    from shared.ai.kernel.expert import appraise
    from shared.ai.othello import analyse_to_depth

    warm_up()  # compiled or loaded before the clock's search starts its time
    state = OthelloState.start(8)
    for move in opening:
        state = state.play(move)
    clock = appraise(state, seconds, every_exact=False, slack=0)
    scores = {square_of(bit, 8): score for bit, score in clock.scores.items()}
    chosen = max(scores, key=lambda move: scores[move])
    started = time.perf_counter()
    deep = {entry.move: entry.score for entry in analyse_to_depth(state, judge)}
    return {"depth": clock.depth, "loss": max(deep.values()) - deep[chosen],
            "judge_seconds": time.perf_counter() - started}


def measure(plies: int, positions: int, seconds: float, judge: int,
            workers: int) -> dict[str, Any]:
    """Print and return the figures over the first ``positions`` openings."""
    starts = openings(8, plies, positions)
    with ProcessPoolExecutor(max(1, workers)) as pool:
        rows = list(pool.map(judged, starts, [seconds] * positions, [judge] * positions))
    losses = [row["loss"] for row in rows]
    figures = {
        "plies": plies, "positions": positions, "seconds": seconds, "judge_depth": judge,
        "clock_depth_mean": round(statistics.mean(row["depth"] for row in rows), 2),
        "loss_mean": round(statistics.mean(losses), 3),
        "loss_max": round(max(losses), 2),
        "changed": sum(loss > 0 for loss in losses),
        "judge_seconds_median": round(statistics.median(row["judge_seconds"] for row in rows), 2),
    }
    print(f"8x8, {positions} openings of {plies} plies: the clock's search ({seconds} s) "
          f"completed depth {figures['clock_depth_mean']} on average; judged at depth {judge} "
          f"(median {figures['judge_seconds_median']} s a position), its move loses "
          f"{figures['loss_mean']} discs on average (at most {figures['loss_max']}), and "
          f"the judge would change {figures['changed']} of the {positions} moves")
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--plies", type=int, default=4, help="random opening plies")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=0.5, help="the clock's time a move")
    parser.add_argument("--judge", type=int, default=22, help="the judge's depth in plies")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--record", type=Path, metavar="FILE",
                        help="append the figures to this results file")
    args = parser.parse_args()
    if args.plies < 0 or args.positions < 1 or args.judge < 1 or not args.seconds > 0:
        parser.error("--plies >= 0, --positions and --judge >= 1, --seconds > 0")
    figures = measure(args.plies, args.positions, args.seconds, args.judge, args.workers)
    if args.record:
        append_result(args.record, "opening_loss", figures)


if __name__ == "__main__":
    main()
