"""The evaluation's accuracy: static evaluation against exact final margins, in discs.

    python -m benchmarks.eval_accuracy [--data DIR] [--sizes 8 6] [--held-out]
        [--weights8 FILE] [--weights6 FILE]

The positions are the pipeline's benchmark games (``python -m training generate --set
bench``: self-play games seeded apart from the training games, every position from 24
empties on solved exactly), at 14-24 empties; with ``--held-out``, the training games
that every fit holds out instead (solved from 18 empties only, so 14-18). For each
board size it prints the mean absolute error, in discs, of

- the learned evaluation (the package's weights, or ``--weightsN``), as it is: it is
  meant to read in discs;
- the hand-written evaluation after the best linear rescaling to discs (least squares
  of ``a * eval + b`` against the exact margins, fitted on these very positions: the
  most favourable reading of it);

per band of empties and over all, with the number of positions. Issue 17's goal: the
learned error at most half of the hand-written one's.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from shared.ai.kernel.bits import legal_moves
from shared.ai.kernel.board import board_mask
from shared.ai.kernel.evaluate import UNIT, eval_tables, evaluate, tables_with
from shared.ai.kernel.weights import load
from training.dataset import held_out_games

BANDS = ((14, 16), (17, 19), (20, 22), (23, 24), (14, 24))
NO_LABEL = -128
"""A position not solved (training.selfplay.NO_LABEL)."""


def exact_positions(root: Path, size: int, held_out: bool) -> tuple[np.ndarray, ...]:
    """(own, opp, empties, margin) of the solved positions at 14-24 empties (of the
    held-out games only, if ``held_out``)."""
    parts = []
    for path in sorted((root / f"size{size}").glob("games_?????.npz")):
        with np.load(path) as data:
            keep = (data["solved"] != NO_LABEL) & (data["empties"] >= 14) & (
                data["empties"] <= 24
            )
            if held_out:
                game = data["game"].astype(np.int64) + (int(path.stem.split("_")[1]) << 20)
                keep &= held_out_games(game)
            parts.append([data[k][keep] for k in ("own", "opp", "empties", "solved")])
    if not parts:
        raise SystemExit(f"no benchmark games of size {size} under {root}")
    return tuple(np.concatenate(column) for column in zip(*parts))


def static(own: np.ndarray, opp: np.ndarray, size: int, t: np.ndarray) -> np.ndarray:
    """The evaluation of each position in discs."""
    mask = board_mask(size)
    out = np.empty(own.size)
    for i, (o, p) in enumerate(zip(own, opp)):
        mine = int(legal_moves(o, p, mask)).bit_count()
        theirs = int(legal_moves(p, o, mask)).bit_count()
        out[i] = evaluate(o, p, mine, theirs, t) / UNIT
    return out


def report(size: int, root: Path, weights: Path | None, held_out: bool) -> None:
    own, opp, empties, margin = exact_positions(root, size, held_out)
    learned_t = eval_tables(size) if weights is None else tables_with(size, load(weights))
    learned = static(own, opp, size, learned_t)
    hand = static(own, opp, size, tables_with(size, None))
    a, b = np.polyfit(hand, margin, 1)
    rescaled = a * hand + b
    source = "the package's" if weights is None else weights
    print(f"{size}x{size}: {own.size} positions at 14-24 empties (weights: {source}); "
          f"hand-written rescaled by {a:.3f} x + {b:.2f}")
    print(f"  {'empties':>8} {'positions':>9} {'learned':>8} {'hand-written':>12} {'ratio':>6}")
    for low, high in BANDS:
        rows = (empties >= low) & (empties <= high)
        if not rows.any():
            continue
        ours = np.abs(learned[rows] - margin[rows]).mean()
        theirs = np.abs(rescaled[rows] - margin[rows]).mean()
        print(f"  {low:>3}-{high:<4} {int(rows.sum()):>9} {ours:>8.2f} {theirs:>12.2f} "
              f"{ours / theirs:>6.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=Path("/work/data/training"))
    parser.add_argument("--sizes", type=int, nargs="+", default=[8, 6])
    parser.add_argument("--weights8", type=Path)
    parser.add_argument("--weights6", type=Path)
    parser.add_argument("--held-out", action="store_true",
                        help="the training games every fit holds out, not the benchmark games")
    args = parser.parse_args()
    for size in args.sizes:
        root = args.data / ("selfplay" if args.held_out else "bench")
        report(size, root, getattr(args, f"weights{size}"), args.held_out)


if __name__ == "__main__":
    main()
