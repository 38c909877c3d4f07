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


def label_all(
    root: Path, labels: Path, weights: Weights, depth: int, node_limit: int
) -> int:
    """Label every shard of the weights' board size under ``root``; the shards done."""
    size = weights.size
    search = DepthSearch(size, tables_with(size, weights), node_limit)
    files = shard_files(root, size)
    start = time.perf_counter()
    for number, shard in enumerate(files):
        label_shard(shard, labels / f"size{size}" / shard.name, search, depth, size)
        if number % 10 == 9:
            log.info("labelled %d/%d shards of size %d in %.0f s", number + 1, len(files), size,
                     time.perf_counter() - start)
    return len(files)
