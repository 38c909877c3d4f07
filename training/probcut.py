"""Fit the midgame search's Multi-ProbCut table on the current evaluation (Buro's method).

    python -m training.probcut [--positions 160] [--max-depth 11] [--seed 1] [--write]

Multi-ProbCut (Buro 1997, 1999) cuts a deep search when a shallow one clears the window by
enough: the deep value ``v_d`` is predicted from the shallow ``v_s`` as ``slope * v_s +
shift``, with a normal error of ``sigma``, all fitted per depth and per phase of the game.
This script measures them on the evaluation the kernel uses now (the packaged learned
weights, where there are some):

1. positions from seeded games (random opening plies, then the best move of a full-width
   4-ply kernel search, one move in ten random), every board size the expert searches
   (6x6, 8x8) and every stage where the midgame search runs;
2. for each position, the full-width negamax value at every depth up to ``--max-depth``
   (a fresh table per depth, so each value is that depth's own, not a deeper one's);
3. for each deep depth ``d`` from ``PROBCUT_DEPTH`` on and the shallow depth the search
   pairs with it (:func:`~shared.ai.kernel.midgame.shallow_depth`), per phase of
   ``PHASE_EMPTIES`` empties: the least-squares line of ``v_d`` on ``v_s`` (its slope
   kept within 0.5-2) and the standard deviation of the residuals. A cell with too few
   positions, or deeper than fitted, takes the nearest fitted cell's values (see
   :func:`_fill`).

``--write`` rewrites ``shared/ai/kernel/probcut_table.py`` with the fit and its
provenance (this script, the commit, the positions, the date). Seeded and deterministic:
node limits, never a clock. On a 2-core machine the default takes some minutes.
"""

from __future__ import annotations

import argparse
import datetime
import random
import subprocess
import textwrap
from pathlib import Path

import numpy as np

from shared.ai.kernel.board import square_of, to_kernel
from shared.ai.kernel.evaluate import eval_tables
from shared.ai.kernel.expert import move_bits
from shared.ai.kernel.midgame import NODES, PROBCUT_DEPTH, Memory, search_root, shallow_depth
from shared.ai.kernel.probcut_table import MAX_DEPTH, PHASE_EMPTIES, PHASES, SIZES, SLOPE_ONE
from shared.games import PASS
from shared.games.othello import OthelloState

TABLE = Path(__file__).resolve().parents[1] / "shared" / "ai" / "kernel" / "probcut_table.py"
MIN_SAMPLES = 12
"""A (phase, depth) cell with fewer positions borrows its values (see the docstring)."""


def values(state: OthelloState, depth: int, memory: Memory) -> tuple[list[int], int]:
    """The full-width negamax value of ``state`` at each depth 1..``depth``, and nodes."""
    own, opp, mask = to_kernel(state)
    t = eval_tables(state.size)
    order = np.array(move_bits(own, opp, mask), dtype=np.int64)
    out, nodes = [], 0
    for d in range(1, depth + 1):
        memory.clear(1 << 62)
        scores = np.zeros(order.size, dtype=np.int64)
        search_root(own, opp, d, order, scores, 0, False, 0, t, memory.table, memory.killers,
                    memory.history, memory.move_bits, memory.move_keys, memory.stats)
        out.append(int(scores.max()))
        nodes += int(memory.stats[NODES])
        order = order[np.argsort(-scores, kind="stable")]
    return out, nodes


def positions(size: int, count: int, rng: random.Random, memory: Memory) -> list[OthelloState]:
    """``count`` positions (side to move has a move) from seeded games, spread over the
    empties at which the midgame search runs (more than 12)."""
    out: list[OthelloState] = []
    while len(out) < count:
        state = OthelloState.start(size)
        for _ in range(rng.randrange(2, 8)):
            if not state.is_over:
                state = state.play(rng.choice(state.legal_moves()))
        while not state.is_over and state.board.count(".") > 12:
            legal = state.legal_moves()
            if legal != [PASS] and rng.random() < 0.15:
                out.append(state)
            if legal == [PASS] or rng.random() < 0.1:
                state = state.play(rng.choice(legal))
                continue
            own, opp, mask = to_kernel(state)
            order = np.array(move_bits(own, opp, mask), dtype=np.int64)
            scores = np.zeros(order.size, dtype=np.int64)
            memory.clear(1 << 62)
            search_root(own, opp, 4, order, scores, 0, False, 0, eval_tables(size),
                        memory.table, memory.killers, memory.history, memory.move_bits,
                        memory.move_keys, memory.stats)
            best = int(order[int(scores.argmax())])
            state = state.play(square_of(best, size))
    return out[:count]


def fit(size: int, count: int, depth: int, seed: int) -> tuple[list[np.ndarray], str]:
    """[shift, sigma, slope] per phase and depth up to ``depth`` for one board size
    (evaluation units; the slope in 1 / SLOPE_ONE), and a report of the fit."""
    rng = random.Random(seed * 100 + size)
    memory = Memory.allocate(18)
    diffs: dict[tuple[int, int], list[tuple[int, int]]] = {}
    nodes = 0
    for state in positions(size, count, rng, memory):
        phase = min(state.board.count(".") // PHASE_EMPTIES, PHASES - 1)
        by_depth, n = values(state, depth, memory)
        nodes += n
        for d in range(PROBCUT_DEPTH, depth + 1):
            diffs.setdefault((phase, d), []).append((by_depth[shallow_depth(d) - 1],
                                                     by_depth[d - 1]))
    shift, sigma, slope = (np.zeros((PHASES, depth + 1), dtype=np.int64) for _ in range(3))
    fitted = np.zeros((PHASES, depth + 1), dtype=bool)
    lines = [f"{size}x{size}: {count} positions, {nodes:,} nodes"]
    for (phase, d), pairs in sorted(diffs.items()):
        if len(pairs) < MIN_SAMPLES:
            continue
        shallow, deep = np.array(pairs, dtype=np.float64).T
        a = float(np.polyfit(shallow, deep, 1)[0]) if shallow.std() > 0 else 1.0
        a = min(2.0, max(0.5, a))
        b = float((deep - a * shallow).mean())
        slope[phase, d], shift[phase, d] = round(a * SLOPE_ONE), round(b)
        sigma[phase, d] = max(1, round(float((deep - a * shallow - b).std(ddof=2))))
        fitted[phase, d] = True
        lines.append(f"  phase {phase} (empties {phase * PHASE_EMPTIES}-"
                     f"{phase * PHASE_EMPTIES + PHASE_EMPTIES - 1}) depth {d} v {shallow_depth(d)}:"
                     f" n {len(pairs)}, slope {a:.2f}, shift {shift[phase, d]},"
                     f" sigma {sigma[phase, d]}")
    _fill([shift, sigma, slope], fitted)
    return [shift, sigma, slope], "\n".join(lines)


def _fill(arrays: list[np.ndarray], fitted: np.ndarray) -> None:
    """Give every cell left unfitted (too few positions) the values of the nearest
    fitted one: in its own phase if that has any, else in the nearest phase
    that has; there, the nearest depth of the same parity (odd and even depths' shifts
    differ), else the nearest depth."""
    cells = [(int(p), int(d)) for p, d in np.argwhere(fitted)]
    if not cells:
        raise SystemExit("probcut: no (phase, depth) cell has enough positions")
    for p in range(PHASES):
        for d in range(PROBCUT_DEPTH, fitted.shape[1]):
            if not fitted[p, d]:
                q, e = min(cells, key=lambda cell: (abs(cell[0] - p), (cell[1] - d) & 1,
                                                    abs(cell[1] - d)))
                for array in arrays:
                    array[p, d] = array[q, e]


def write(tables: dict[int, list[np.ndarray]], args: argparse.Namespace) -> None:
    """Rewrite the kernel's table module with the fit and its provenance."""
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True, cwd=TABLE.parent).stdout.strip() or "unknown"
    text = TABLE.read_text()
    head = text[: text.index("\n# --- fitted") + 1]
    stamp = (f"# --- fitted by `python -m training.probcut --positions {args.positions} "
             f"--max-depth {args.max_depth} --seed {args.seed} --write`\n"
             f"# at commit {commit} on {datetime.date.today()}\n")
    body = [stamp] + [python_array(name, np.array([tables[size][index] for size in SIZES]),
                                   "deepened")
                      for name, index in (("SHIFT", 0), ("SIGMA", 1), ("SLOPE", 2))]
    TABLE.write_text(head + "".join(body))


def python_array(name: str, array: np.ndarray, through: str = "") -> str:
    """``name = through(np.array([...], dtype=np.int64))`` in lines short enough for
    ruff (``through``: a function of the table module the array is passed to, or none)."""
    lines = textwrap.wrap(repr(array.tolist()), 95, initial_indent="    ",
                          subsequent_indent="    ")
    call = f"{through}(np.array(" if through else "np.array("
    close = "))" if through else ")"
    return f"{name} = {call}\n" + "\n".join(lines) + f",\n    dtype=np.int64,\n{close}\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=160, help="per board size")
    parser.add_argument("--max-depth", type=int, default=11)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write", action="store_true", help="rewrite the kernel's table")
    args = parser.parse_args()
    if args.positions < MIN_SAMPLES or not PROBCUT_DEPTH <= args.max_depth <= MAX_DEPTH:
        parser.error(f"--positions >= {MIN_SAMPLES}, --max-depth {PROBCUT_DEPTH}-{MAX_DEPTH}")
    tables = {}
    for size in SIZES:
        tables[size], report = fit(size, args.positions, args.max_depth, args.seed)
        print(report, flush=True)
    if args.write:
        write(tables, args)
        print(f"wrote {TABLE}")


if __name__ == "__main__":
    main()
