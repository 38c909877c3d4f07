"""How near the training's bootstrap labels come to the truth, by the depth of their search.

    python -m benchmarks.label_accuracy [--size 8] [--weights W] [--depths 6 8 10 12]
        [--least 19] [--record benchmarks/results.jsonl]

A position further from the end than self-play solves (18 empties) is labelled by a
fixed-depth search of an earlier fit (:func:`training.bootstrap.label_of`, the same
search and node limit as ``python -m training label``). This scores those labels against
exact margins: the held-out exact set's positions at ``--least`` empties or more (of its
14-24), each labelled at every depth of ``--depths`` with the weights ``W`` (as in
:mod:`benchmarks.eval_accuracy`: ``packaged``, a file or ``commit:REV``). It prints the
mean absolute error in discs per depth, over all and per band of empties: what a deeper
labelling pass would buy in the labels themselves, before any fit.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.eval_accuracy import named_weights
from benchmarks.results_file import append_result
from shared.ai.kernel.board import board_mask
from shared.ai.kernel.evaluate import tables_with
from shared.ai.kernel.expert import move_bits
from training.bootstrap import label_of
from training.config import CONFIGS
from training.exact_set import load_set, set_path
from training.players import DepthSearch


def label_errors(
    size: int, weights: str, depths: list[int], least: int, path: Path
) -> dict[str, Any]:
    """Print and return the labels' mean absolute errors per depth (over all, and per
    band of empties: up to 21 and 22-24, those with positions)."""
    own, opp, empties, margin = load_set(path)
    mask = board_mask(size)
    rows = [i for i in range(own.size)
            if empties[i] >= least and move_bits(own[i], opp[i], mask)]
    if not rows:
        raise SystemExit(f"no position of {path} at {least} empties or more has a move")
    search = DepthSearch(size, tables_with(size, named_weights(size, weights)),
                         CONFIGS["full"].label_nodes)
    count = np.array([empties[i] for i in rows])
    bands = [(name, keep) for name, keep in ((f"{least}-21", count <= 21), ("22-24", count >= 22))
             if keep.any()]
    print(f"{size}x{size}: {path}, {len(rows)} positions at {least}+ empties; weights: {weights}")
    print(f"  {'depth':>5} {'all':>6} " + " ".join(f"{band:>6}" for band, _ in bands))
    figures: dict[str, Any] = {"positions": len(rows), "weights": weights, "depths": {}}
    for depth in depths:
        error = np.abs(np.array([label_of(search, (own[i], opp[i]), depth) for i in rows])
                       - margin[rows])
        by_band = {band: round(float(error[keep].mean()), 3) for band, keep in bands}
        figures["depths"][str(depth)] = {"all": round(float(error.mean()), 3), **by_band}
        print(f"  {depth:>5} {error.mean():>6.2f} "
              + " ".join(f"{by_band[band]:>6.2f}" for band, _ in bands),
              flush=True)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", type=int, choices=(6, 8), default=8)
    parser.add_argument("--weights", default="packaged", metavar="W")
    parser.add_argument("--depths", type=int, nargs="+", default=[6, 8, 10, 12])
    parser.add_argument("--least", type=int, default=19,
                        help="the fewest empties of a position scored (default 19: the first "
                             "that self-play does not solve)")
    parser.add_argument("--record", type=Path, metavar="RESULTS",
                        help="append the figures to this results file")
    args = parser.parse_args()
    if min(args.depths) < 1:
        parser.error("--depths must be at least 1")
    figures = label_errors(args.size, args.weights, args.depths, args.least,
                           set_path(args.size))
    if args.record:
        append_result(args.record, "label_accuracy", {f"size{args.size}": figures})


if __name__ == "__main__":
    main()
