"""The evaluation's accuracy: static evaluation against exact final margins, in discs.

    python -m benchmarks.eval_accuracy [--sizes 8] [--weights8 W] [--weights6 W]
        [--record benchmarks/results.jsonl]
    python -m benchmarks.eval_accuracy --data DIR [--held-out] ...

The positions are by default the held-out exact set (``benchmarks/exact/othello{6,8}.npz``,
made by ``python -m training exact-set``: games seeded apart from every training game,
one position each at 14-24 empties, solved exactly; no fit reads it). With ``--data``,
the pipeline's benchmark games under DIR instead (``generate --set bench``, solved from
24 empties), or with ``--held-out`` the training games every fit holds out (solved from
18 empties only, so 14-18). ``W`` names the learned weights: ``packaged`` (the
default), a weights file, or ``commit:REV``, the package's weights at that commit. For
each board size it prints the mean absolute error, in discs, of

- the learned evaluation as it is: it is meant to read in discs;
- the hand-written evaluation after the best linear rescaling to discs (least squares
  of ``a * eval + b`` against the exact margins, fitted on these very positions: the
  most favourable reading of it);

per band of empties and over all, with the number of positions and the ratio (issue
22's goal: at most 0.45 over 14-24). ``--record`` appends the figures to the results file.
"""

from __future__ import annotations

import argparse
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.results_file import ROOT, append_result
from shared.ai.kernel.bits import legal_moves
from shared.ai.kernel.board import board_mask
from shared.ai.kernel.evaluate import UNIT, evaluate, tables_with
from shared.ai.kernel.weights import Weights, load, packaged_weights
from training.dataset import held_out_games
from training.exact_set import load_set, set_path
from training.selfplay import NO_LABEL

BANDS = ((14, 16), (17, 19), (20, 22), (23, 24))
"""The bands of empties reported beside the whole set."""
COMMIT = "commit:"


Set = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]
"""(own, opp, empties, margin) of positions solved exactly."""


def pipeline_positions(root: Path, size: int, held_out: bool) -> Set:
    """(own, opp, empties, margin) of the pipeline's solved positions at 14-24 empties
    under ``root`` (of the held-out games only, if ``held_out``)."""
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
        raise SystemExit(f"no games of size {size} under {root}")
    own, opp, empties, margin = (np.concatenate(column) for column in zip(*parts))
    return own, opp, empties, margin


def named_weights(size: int, name: str) -> Weights:
    """The weights ``name`` says (see the module's docstring)."""
    if name == "packaged":
        weights = packaged_weights(size)
        if weights is None:
            raise SystemExit(f"no packaged weights for {size}x{size}")
        return weights
    if name.startswith(COMMIT):
        rev = name.removeprefix(COMMIT)
        done = subprocess.run(
            ["git", "-C", str(ROOT), "show", f"{rev}:shared/ai/kernel/learned/othello{size}.npz"],
            capture_output=True, check=False,
        )
        if done.returncode:
            raise SystemExit(f"no {size}x{size} weights at {rev}: {done.stderr.decode().strip()}")
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / f"othello{size}.npz"
            path.write_bytes(done.stdout)
            return load(path)
    return load(Path(name))


def static(own: np.ndarray, opp: np.ndarray, size: int, t: np.ndarray) -> np.ndarray:
    """The evaluation of each position in discs."""
    mask = board_mask(size)
    out = np.empty(own.size)
    for i, (o, p) in enumerate(zip(own, opp)):
        mine = int(legal_moves(o, p, mask)).bit_count()
        theirs = int(legal_moves(p, o, mask)).bit_count()
        out[i] = evaluate(o, p, mine, theirs, t) / UNIT
    return out


def errors(
    positions: Set, size: int, weights: Weights
) -> list[tuple[str, int, float, float]]:
    """Per band of empties, then for all the positions (band ``all``), their number and
    the mean absolute errors of the learned evaluation and of the rescaled hand-written
    one."""
    own, opp, empties, margin = positions
    margin = margin.astype(np.float64)
    learned = static(own, opp, size, tables_with(size, weights))
    hand = static(own, opp, size, tables_with(size, None))
    a, b = np.polyfit(hand, margin, 1)
    rescaled = a * hand + b
    out = []
    bands = [(f"{low}-{high}", (empties >= low) & (empties <= high)) for low, high in BANDS]
    for band, rows in [*bands, ("all", np.ones(empties.size, dtype=bool))]:
        if rows.any():
            out.append((band, int(rows.sum()),
                        float(np.abs(learned[rows] - margin[rows]).mean()),
                        float(np.abs(rescaled[rows] - margin[rows]).mean())))
    return out


def report(size: int, source: str, positions: Set, name: str) -> dict[str, Any]:
    """Print one board size's table; its figures for the results file."""
    rows = errors(positions, size, named_weights(size, name))
    print(f"{size}x{size}: {source}, {positions[0].size} positions; weights: {name}")
    print(f"  {'empties':>8} {'positions':>9} {'learned':>8} {'hand-written':>12} {'ratio':>6}")
    for band, count, ours, theirs in rows:
        print(f"  {band:>8} {count:>9} {ours:>8.2f} {theirs:>12.2f} {ours / theirs:>6.2f}")
    band, count, ours, theirs = rows[-1]
    return {"positions": count, "learned": round(ours, 3), "hand_written": round(theirs, 3),
            "ratio": round(ours / theirs, 3),
            "bands": {b: [n, round(o, 3), round(t, 3)] for b, n, o, t in rows[:-1]}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path,
                        help="the pipeline's games under DIR instead of the exact set")
    parser.add_argument("--held-out", action="store_true",
                        help="with --data: the training games every fit holds out, not the "
                             "benchmark games")
    parser.add_argument("--sizes", type=int, nargs="+", choices=(6, 8),
                        help="default: the sizes with an exact set (with --data: 8 6)")
    parser.add_argument("--weights8", default="packaged", metavar="W")
    parser.add_argument("--weights6", default="packaged", metavar="W")
    parser.add_argument("--record", type=Path, metavar="RESULTS",
                        help="append the figures to this results file")
    args = parser.parse_args()
    if args.held_out and args.data is None:
        parser.error("--held-out reads the games under --data DIR")
    figures: dict[str, Any] = {}
    sizes = args.sizes or ([8, 6] if args.data else [n for n in (8, 6) if set_path(n).exists()])
    for size in sizes:
        if args.data is None:
            source = f"the exact set {set_path(size)}"
            if not set_path(size).exists():
                raise SystemExit(f"no exact set for {size}x{size}: python -m training "
                                 f"exact-set --size {size}")
            positions = load_set(set_path(size))
        else:
            root = args.data / ("selfplay" if args.held_out else "bench")
            source = f"{'held-out' if args.held_out else 'benchmark'} games under {args.data}"
            positions = pipeline_positions(root, size, args.held_out)
        name = getattr(args, f"weights{size}")
        figures[f"size{size}"] = {"source": source, "weights": name,
                                  **report(size, source, positions, name)}
    if args.record:
        append_result(args.record, "eval_accuracy", figures)


if __name__ == "__main__":
    main()
