"""Bootstrap labels: positions too far from the end to solve, scored by searches on a fit.

A position with more empties than the self-play solved gets the value of a search of
``depth`` plies by the expert's midgame search evaluated with the previous fit. Its
leaves lie ``depth`` plies nearer the end, where the fit is better (the last phases were
fitted on exact solves); each pass of label-and-refit carries that knowledge another
``depth`` plies back towards the opening (Buro's bootstrapping, phase by phase).

Labels go to one file per shard (``label``: discs, NaN where the shard's position was
solved or the search did not finish), written atomically, so a pass resumes where it
stopped. A search is node-limited, never timed: the same fit labels the same way.
"""

from __future__ import annotations

import logging
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

import numpy as np

from shared.ai.kernel.board import board_mask
from shared.ai.kernel.evaluate import UNIT, tables_with
from shared.ai.kernel.expert import move_bits
from shared.ai.kernel.weights import Weights
from training.dataset import shard_files
from training.players import DepthSearch
from training.selfplay import NO_LABEL

log = logging.getLogger(__name__)


def label_shard(shard: Path, out: Path, search: DepthSearch, depth: int, size: int) -> None:
    """Write the bootstrap labels of one shard (unless they exist)."""
    if out.exists():
        return
    with np.load(shard) as data:
        own, opp, solved = data["own"], data["opp"], data["solved"]
    mask = board_mask(size)
    label = np.full(own.size, np.nan, dtype=np.float32)
    for i in np.flatnonzero(solved == NO_LABEL):
        board = (own[i], opp[i])
        if not move_bits(board[0], board[1], mask):
            continue
        scores = search.scores(board, depth)
        if scores:
            label[i] = max(scores.values()) / UNIT
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp.npz")
    np.savez_compressed(tmp, label=label)
    tmp.replace(out)


_search: DepthSearch | None = None
"""This process's search (a labelling worker builds it once, for all its shards)."""


def _label_worker(tables: np.ndarray, size: int, node_limit: int) -> None:
    global _search
    _search = DepthSearch(size, tables, node_limit)


def _label_one(shard: Path, out: Path, depth: int, size: int) -> None:
    assert _search is not None
    label_shard(shard, out, _search, depth, size)


def label_all(
    root: Path, labels: Path, weights: Weights, depth: int, node_limit: int, jobs: int = 1
) -> int:
    """Label every shard of the weights' board size under ``root`` in ``jobs`` processes;
    the shards done."""
    size = weights.size
    tables = tables_with(size, weights)
    files = shard_files(root, size)
    todo = [(f, labels / f"size{size}" / f.name) for f in files]
    todo = [(shard, out) for shard, out in todo if not out.exists()]
    start = time.perf_counter()
    with ProcessPoolExecutor(jobs, initializer=_label_worker,
                             initargs=(tables, size, node_limit)) as pool:
        done = [pool.submit(_label_one, shard, out, depth, size) for shard, out in todo]
        for number, future in enumerate(as_completed(done)):
            future.result()
            if number % 10 == 9:
                log.info("labelled %d/%d shards of size %d in %.0f s", number + 1, len(todo),
                         size, time.perf_counter() - start)
    return len(files)
