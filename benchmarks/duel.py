"""Two evaluations (or two searches) of one board size against each other at a fixed
depth: does a fit play better than the last one, does a faster search play as well?

    python -m benchmarks.duel --size 8 DIR/fits/iter2/othello8.npz packaged \\
        [--depth 6] [--games 40] [--opening 6] [--exact 14] [--workers 2] [--full-width]
    python -m benchmarks.duel packaged commit:de46d98 --depth 8 --games 400
    git show de46d98:shared/ai/kernel/learned/othello8.npz > de46d98.npz
    python -m benchmarks.duel packaged de46d98.npz --depth 8 --games 400 --full-width

Each side is ``A`` or ``B``: a weights file, ``packaged`` (the package's weights),
``hand-written``, or ``commit:<rev>``: that commit's own fixed-depth search with its
packaged weights, run in a worker process of its own (:mod:`benchmarks.commit_expert`;
each pool worker starts one), so a change to the search is measured against the search
before it. Games come in twos from the ladder's openings (:func:`benchmarks.ladder.
openings`), seats swapped. Both sides search with the training's fixed-depth search
(:class:`training.players.DepthSearch`: no clock, so the result does not depend on the
machine or its load) and, from ``--exact`` empties on, play a best move by the exact
solver, so the points measure the evaluations (or the searches), not the endgame.
Both searches are selective (ProbCut, as the expert's), unless ``--full-width``: then
both are plain alpha-beta searches to the full depth, so that two weights files are
compared by what they know alone; ProbCut's table is fitted on the packaged evaluation,
and a commit's search cuts as that commit did, so a nominal depth is not the same depth
for both sides (``commit:`` sides are always their commit's own selective search).
Prints A's share of the points (a win 1, a draw 1/2) and its mean disc margin. How the
shipped fits were chosen: training/README.md.
"""

from __future__ import annotations

import argparse
import math
import random
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from pathlib import Path

import numpy as np

from benchmarks.commit_expert import PREFIX, CommitExpert, extract, resolve
from benchmarks.ladder import openings
from benchmarks.results_file import append_result
from shared.ai.kernel.board import board_mask, to_kernel
from shared.ai.kernel.evaluate import tables_with
from shared.ai.kernel.expert import move_bits
from shared.ai.kernel.weights import load, packaged_weights
from shared.games.othello import OthelloState
from training.players import Board, DepthSearch, empties, is_over, play, solve

SOLVE_NODES = 1 << 36


class CommitSearch:
    """An old commit's fixed-depth search, in a worker process of its own."""

    def __init__(self, size: int, root: Path) -> None:
        self.size, self.worker = size, CommitExpert(root)

    def scores(self, board: Board, depth: int) -> dict[int, int]:
        """As :meth:`DepthSearch.scores`, by the commit's own search."""
        done = self.worker.ask({"own": str(int(board[0])), "opp": str(int(board[1])),
                                "size": self.size, "depth": depth})
        return {int(bit): int(score) for bit, score in done["scores"].items()}


@cache
def searcher(size: int, name: str, selective: bool) -> DepthSearch | CommitSearch:
    """This process's search a side names (made once a process: the weights are read, the
    search's memory allocated and an old commit's worker started once, not for every
    pair; ``commit:`` names come here as the extracted commit's directory)."""
    if name.startswith(PREFIX):
        return CommitSearch(size, Path(name.removeprefix(PREFIX)))
    return DepthSearch(size, evaluation_tables(size, name), selective=selective)


def evaluation_tables(size: int, name: str) -> np.ndarray:
    """The evaluation tables a side names: a weights file, ``packaged`` or ``hand-written``."""
    if name == "hand-written":
        return tables_with(size, None)
    weights = packaged_weights(size) if name == "packaged" else load(Path(name))
    if weights is None:
        raise SystemExit(f"no packaged weights for {size}x{size}")
    return tables_with(size, weights)


def play_pair(size: int, a: str, b: str, opening: list[int], depth: int, exact: int,
              seed: int, selective: bool = True) -> list[int]:
    """A's final disc margins in the two games from ``opening`` (A first, then B first)."""
    searches = {name: searcher(size, name, selective) for name in (a, b)}
    mask = board_mask(size)
    margins = []
    for a_first in (True, False):
        players = (a, b) if a_first else (b, a)
        rng = random.Random(seed)
        state = OthelloState.start(size)
        for move in opening:
            state = state.play(move)
        own, opp, _ = to_kernel(state)
        board: Board = (own, opp)
        mover = 0 if state.to_move == 0 else 1
        while not is_over(board, mask):
            moves = move_bits(board[0], board[1], mask)
            if not moves:
                board, mover = (board[1], board[0]), 1 - mover
                continue
            n = empties(board, mask)
            scores = (solve(board, mask, SOLVE_NODES) if n <= exact else None) or \
                searches[players[mover]].scores(board, min(depth, n))
            best = max(scores.values())
            board = play(board, rng.choice(sorted(m for m, s in scores.items() if s == best)))
            mover = 1 - mover
        discs = [int(x).bit_count() for x in board]  # (side to move, other)
        margin_first = discs[0] - discs[1] if mover == 0 else discs[1] - discs[0]
        margins.append(margin_first if a_first else -margin_first)
    return margins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", help="weights file, 'packaged', 'hand-written' or 'commit:<rev>'")
    parser.add_argument("b", help="weights file, 'packaged', 'hand-written' or 'commit:<rev>'")
    parser.add_argument("--size", type=int, choices=(6, 8), default=8)
    parser.add_argument("--depth", type=int, default=6, help="plies of both searches")
    parser.add_argument("--games", type=int, default=40, help="games (even)")
    parser.add_argument("--opening", type=int, default=6, help="random plies that open a pair")
    parser.add_argument("--exact", type=int, default=14, help="solve from this many empties")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--full-width", action="store_true",
                        help="both searches without ProbCut: the evaluations alone are compared")
    parser.add_argument("--record", type=Path, metavar="FILE",
                        help="append the figures to this results file (benchmarks/results.jsonl)")
    args = parser.parse_args()
    if args.games < 2 or args.games % 2:
        parser.error("--games is an even number, at least 2")
    if args.full_width and PREFIX in args.a + args.b:
        parser.error("--full-width compares weights files: a commit's side searches as it did")
    sides = []
    for name in (args.a, args.b):
        if name.startswith(PREFIX):  # the workers get the extracted directory
            sides.append(PREFIX + str(extract(resolve(name.removeprefix(PREFIX)))))
        else:
            evaluation_tables(args.size, name)  # a bad file stops here, not in a worker
            sides.append(name)
    pairs = openings(args.size, args.opening, args.games // 2)
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(play_pair, *zip(*[
            (args.size, *sides, opening, args.depth, args.exact, k, not args.full_width)
            for k, opening in enumerate(pairs)])))
    margins = [m for pair in results for m in pair]
    points = sum(1.0 if m > 0 else 0.5 if m == 0 else 0.0 for m in margins)
    share = points / len(margins)
    spread = math.sqrt(share * (1 - share) / len(margins))
    mean_margin = sum(margins) / len(margins)
    width = ", full width" if args.full_width else ""
    print(f"{args.size}x{args.size}, depth {args.depth}{width}, {len(margins)} games: "
          f"A {args.a} v B {args.b}: A scores {100 * share:.1f}% (+- {100 * spread:.1f}%), "
          f"mean margin {mean_margin:+.1f} discs")
    if args.record is not None:
        append_result(args.record, "duel", {
            "a": args.a, "b": args.b, "size": args.size, "depth": args.depth,
            "full_width": args.full_width,
            "opening": args.opening, "exact": args.exact, "games": len(margins),
            "a_share": round(share, 3), "a_share_stderr": round(spread, 3),
            "mean_margin": round(mean_margin, 1)})


if __name__ == "__main__":
    main()
