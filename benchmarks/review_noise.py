"""How far the review's estimated losses stray from the exact ones: the bar of its rule.

    python -m benchmarks.review_noise [--sizes 6 8] [--positions 100] [--seed 1]
        [--depths 2 10] [--record benchmarks/results.jsonl]

The review (``server/shell/analysis.py``) scores every move of a position with the
expert's search and calls a move a mistake when it gives away more than
:func:`shared.ai.review_rule.mistake_bar`: for an estimate, ``NOISE_FACTOR`` times the
learned evaluation's error at the search's leaves. This measures what that factor should
be. Positions: seeded games (4-10 random plies, then the expert's best move at depth 4)
stopped at a number of empties every move of which is solved exactly in about a second
(6x6: 20-21, 8x8: 18-19). In each, every move is solved exactly and estimated as a review
reaching each depth in ``--depths`` would (:func:`shared.ai.othello.analyse_to_depth`,
the packaged weights; leaves at 8-19 empties, where a 0.2 s review's leaves lie). Printed
per size:

- how far the estimated loss of each move (best estimate minus its estimate) strays from
  its exact loss, in units of the evaluation's error at the leaves: mean, median, 90th
  and 95th percentiles;
- for each factor tried: the share of near-equal moves (exact loss within the floor,
  half the board's side) the rule calls a mistake, and the share of clear losses (beyond
  twice the floor and twice the evaluation's error) it catches.

Deterministic: no clock anywhere, so any machine prints the same figures.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.results_file import append_result
from shared.ai.kernel.board import square_of, to_kernel
from shared.ai.kernel.solver import solve_root
from shared.ai.othello import analyse_to_depth
from shared.ai.review_rule import NOISE_FACTOR, estimate_error, mistake_bar
from shared.games import PASS
from shared.games.othello import OthelloState

FACTORS = (1.0, 1.5, 2.0, 2.5)
"""The factors reported beside ``NOISE_FACTOR``."""

EMPTIES = {6: (20, 21), 8: (18, 19)}
"""Where each size's positions are taken: every move solved in about a second."""


def position(size: int, rng: random.Random) -> OthelloState | None:
    """A game position at one of ``EMPTIES[size]`` empties, the side to move with at
    least two moves; None when the game ends or passes it by."""
    state = OthelloState.start(size)
    target = rng.choice(EMPTIES[size])
    random_plies = rng.randint(4, 10)
    for ply in range(2 * size * size):
        empties = state.board.count(".")
        moves = state.legal_moves()
        if not moves:
            return None
        if empties == target:
            return state if len(moves) >= 2 else None
        if moves == [PASS] or ply < random_plies:
            state = state.play(rng.choice(moves))
            continue
        scores = analyse_to_depth(state, 4)
        state = state.play(max(scores, key=lambda entry: entry.score).move)
    return None


def exact_margins(state: OthelloState) -> dict[int, int]:
    """Every legal move's exact final margin for the side to move, by square."""
    own, opp, mask = to_kernel(state)
    solved = solve_root(own, opp, mask, 1 << 62, every_exact=True)
    return {square_of(bit, state.size): score for bit, score in solved.scores.items()}


def measure(size: int, count: int, seed: int, depths: range) -> dict[str, Any]:
    """The figures of one board size (see the module)."""
    rng = random.Random(seed * 100 + size)
    strays: list[float] = []
    near: dict[float, list[bool]] = {f: [] for f in (*FACTORS, NOISE_FACTOR)}
    clear_losses: dict[float, list[bool]] = {f: [] for f in near}
    positions = 0
    started = time.perf_counter()
    while positions < count:
        state = position(size, rng)
        if state is None:
            continue
        positions += 1
        exact = exact_margins(state)
        best_exact = max(exact.values())
        empties = state.board.count(".")
        for depth in depths:
            scores = {entry.move: round(entry.score) for entry in analyse_to_depth(state, depth)}
            first = max(scores, key=lambda move: (scores[move], -move))
            leaf = empties - depth
            error = estimate_error(size, leaf)
            for move, score in scores.items():
                if move == first:
                    continue
                estimated, true = scores[first] - score, exact[first] - exact[move]
                strays.append(abs(estimated - true) / error)
                loss = best_exact - exact[move]
                clear = loss > 2 * mistake_bar(size, exact=False, leaf_empties=leaf, factor=1)
                for factor in near:
                    called = estimated > mistake_bar(size, exact=False, leaf_empties=leaf,
                                                     factor=factor)
                    if loss <= size / 2:
                        near[factor].append(called)
                    if clear:
                        clear_losses[factor].append(called)
    quantiles = np.quantile(strays, [0.5, 0.9, 0.95])
    return {
        "size": size, "positions": positions, "pairs": len(strays),
        "seconds": round(time.perf_counter() - started, 1),
        "stray_mean": round(statistics.fmean(strays), 3),
        "stray_median": round(float(quantiles[0]), 3),
        "stray_p90": round(float(quantiles[1]), 3), "stray_p95": round(float(quantiles[2]), 3),
        "factors": {
            str(factor): {"near_equal_called_mistakes": _share(near[factor]),
                          "near_equal": len(near[factor]),
                          "clear_losses_caught": _share(clear_losses[factor]),
                          "clear_losses": len(clear_losses[factor])}
            for factor in sorted(near)
        },
    }


def _share(flags: list[bool]) -> float:
    return round(sum(flags) / len(flags), 3) if flags else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[6, 8], choices=(6, 8))
    parser.add_argument("--positions", type=int, default=100, help="per board size")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--depths", type=int, nargs=2, default=(2, 10),
                        metavar=("FIRST", "LAST"))
    parser.add_argument("--record", type=Path, help="append the figures to this results file")
    args = parser.parse_args()
    depths = range(args.depths[0], args.depths[1] + 1)
    for size in args.sizes:
        figures = measure(size, args.positions, args.seed, depths)
        print(f"{size}x{size}: {figures['positions']} positions, {figures['pairs']} moves "
              f"estimated at depths {depths.start}-{depths.stop - 1} "
              f"({figures['seconds']} s)")
        print(f"  |estimated loss - exact loss| / evaluation's error: mean "
              f"{figures['stray_mean']}, median {figures['stray_median']}, 90 % "
              f"{figures['stray_p90']}, 95 % {figures['stray_p95']}")
        for factor, shares in figures["factors"].items():
            mark = "  (NOISE_FACTOR)" if float(factor) == NOISE_FACTOR else ""
            print(f"  factor {factor}: near-equal moves called mistakes "
                  f"{shares['near_equal_called_mistakes']:.1%} of {shares['near_equal']}, "
                  f"clear losses caught {shares['clear_losses_caught']:.1%} of "
                  f"{shares['clear_losses']}{mark}")
        if args.record:
            append_result(args.record, "review_noise", figures)


if __name__ == "__main__":
    main()
