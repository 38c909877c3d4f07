"""The held-out exact set: positions at 14-24 empties with their exact margins, which no
fit ever trains on; what :mod:`benchmarks.eval_accuracy` measures an evaluation against.

Why a set of its own: the one game in ten that every fit holds out (:mod:`.dataset`) is
solved from 18 empties only, and which games those are depends on a hash that a later
fit could change; the benchmark games (``generate --set bench``) cost up to a minute a
solve and live only in a data directory. This set is small enough to commit
(``benchmarks/exact/othello{6,8}.npz``, a few hundred KB) and regenerated bit for bit
by its command:

    python -m training exact-set --size 8 [--positions 2000] [--jobs 2]

Its games are seeded apart from every other game of the pipeline (the seed sequence
``[seed, size, EXACT_TAG, part, game]``: five words, where the training and benchmark
games use four) and played by the hand-written evaluation at a fixed depth, not by a
fit, so the set does not move when the weights do and no fit's own choices shape it:
a random opening (as the self-play's), then the search's best move or one time in ten a
random one, until the number of empties drawn for the game (uniform in the config's
``exact_set`` range: 14-24); that
position, with the side to move to play, is solved exactly. One position a game: no two
are from the same line of play. Parts of ``PART_SIZE`` positions are written under
``DIR/exact/size{N}/`` as they finish (resumable, ``--jobs`` side by side), then joined
into the file.
"""

from __future__ import annotations

import json
import logging
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from shared.ai.kernel.board import board_mask
from shared.ai.kernel.evaluate import tables_with
from shared.ai.kernel.expert import move_bits
from training.players import Board, DepthSearch, empties, is_over, play, solve, start_board
from training.selfplay import SelfPlayConfig

log = logging.getLogger(__name__)

EXACT_TAG = 0x45584143
"""The seed word that sets these games apart ("EXAC")."""
PART_SIZE = 50
SOLVE_NODES = 1 << 40
COMMITTED = Path(__file__).resolve().parents[1] / "benchmarks" / "exact"
"""Where the committed sets live."""


def set_path(size: int) -> Path:
    """The committed set of a board size."""
    return COMMITTED / f"othello{size}.npz"


def reach(config: SelfPlayConfig, rng: np.random.Generator, search: DepthSearch,
          target: int) -> Board | None:
    """A game played as the module says until ``target`` empties with a move to play
    (None if it ends first)."""
    mask = board_mask(config.size)
    board = start_board(config.size)
    opening = int(rng.integers(config.opening[0], config.opening[1] + 1))
    ply = 0
    while not is_over(board, mask):
        moves = move_bits(board[0], board[1], mask)
        if not moves:
            board = (board[1], board[0])
            continue
        n = empties(board, mask)
        if n == target:
            return board
        if ply < opening or rng.random() < config.random_rate:
            bit = int(rng.choice(moves))
        else:
            ranked = search.scores(board, config.depth)
            best = max(ranked.values())
            bit = int(rng.choice(sorted(b for b, s in ranked.items() if s == best)))
        board, ply = play(board, bit), ply + 1
    return None


def make_part(
    config: SelfPlayConfig, seed: int, empties_range: tuple[int, int], part: int, out: Path
) -> Path:
    """Play and solve the part's ``PART_SIZE`` positions, at ``empties_range`` empties
    (unless written); its path."""
    if out.exists():
        return out
    size = config.size
    search = DepthSearch(size, tables_with(size, None))
    mask = board_mask(size)
    rows: list[tuple[np.uint64, np.uint64, int, int]] = []
    start = time.perf_counter()
    for game in range(PART_SIZE):
        rng = np.random.default_rng([seed, size, EXACT_TAG, part, game])
        target = int(rng.integers(empties_range[0], empties_range[1] + 1))
        board = reach(config, rng, search, target)
        if board is None:
            continue
        scores = solve(board, mask, SOLVE_NODES)
        if scores is None:
            continue
        rows.append((board[0], board[1], target, max(scores.values())))
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp.npz")
    np.savez_compressed(
        tmp, own=np.array([r[0] for r in rows], dtype=np.uint64),
        opp=np.array([r[1] for r in rows], dtype=np.uint64),
        empties=np.array([r[2] for r in rows], dtype=np.int8),
        margin=np.array([r[3] for r in rows], dtype=np.int8),
    )
    tmp.replace(out)
    log.info("exact set %dx%d part %d: %d positions in %.0f s", size, size, part, len(rows),
             time.perf_counter() - start)
    return out


def make_set(
    config: SelfPlayConfig, seed: int, empties_range: tuple[int, int], positions: int,
    work: Path, out: Path, jobs: int = 1,
) -> Path:
    """Make (or finish) the parts of ``positions`` games (rounded up to whole parts) at
    ``empties_range`` empties under ``work`` and join them into ``out``, with the command
    that remakes it."""
    parts = -(-positions // PART_SIZE)
    paths = [work / f"size{config.size}" / f"part_{k:05d}.npz" for k in range(parts)]
    with ProcessPoolExecutor(jobs) as pool:
        for future in [pool.submit(make_part, config, seed, empties_range, k, path)
                       for k, path in enumerate(paths) if not path.exists()]:
            future.result()
    columns: dict[str, list[np.ndarray]] = {"own": [], "opp": [], "empties": [], "margin": []}
    for path in paths:
        with np.load(path) as data:
            for key, column in columns.items():
                column.append(data[key])
    arrays = {key: np.concatenate(column) for key, column in columns.items()}
    provenance = {
        "made by": f"python -m training exact-set --size {config.size} --positions {positions}"
                   " (training/exact_set.py)",
        "seed": [seed, config.size, EXACT_TAG, "part", "game"],
        "empties": list(empties_range),
        "games": f"hand-written evaluation at depth {config.depth}, opening "
                 f"{config.opening[0]}-{config.opening[1]} random plies, random rate "
                 f"{config.random_rate}",
        "positions": int(arrays["own"].size),
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.stem + ".tmp.npz")
    np.savez_compressed(tmp, provenance=np.array(json.dumps(provenance)), **arrays)  # type: ignore[arg-type]
    tmp.replace(out)
    return out


def load_set(path: Path) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(own, opp, empties, margin) of a set's positions."""
    with np.load(path, allow_pickle=False) as data:
        return data["own"], data["opp"], data["empties"], data["margin"]
