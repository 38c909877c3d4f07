"""Bootstrap labels: positions too far from the end to solve, scored by searches on a fit.

A position with more empties than the self-play solved gets the value of a search of
``depth`` plies by the expert's midgame search evaluated with the previous fit. Its
leaves lie ``depth`` plies nearer the end, where the fit is better (the last phases were
fitted on exact solves); each pass of label-and-refit carries that knowledge another
``depth`` plies back towards the opening (Buro's bootstrapping, phase by phase).

Labels go to one file per shard (``label``: discs, NaN where the shard's position was
solved, the search did not finish or its empties were not asked for; ``empties``: the
least and most empties labelled; ``depth``: the plies of the searches), written
atomically, so a pass resumes where it stopped. A pass may label only some numbers of
empties (the positions whose labels pay most, at a fraction of the cost); a later pass
over a wider range, at the same depth, labels only the positions the file's range left
out. A search is node-limited, never timed: the same fit labels the same way.
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
from training.players import Board, DepthSearch
from training.selfplay import NO_LABEL

log = logging.getLogger(__name__)


ALL_EMPTIES = (0, 64)
"""The range of a pass over every position (and of a file made before ranges were kept)."""


def labelled_range(out: Path) -> tuple[int, int] | None:
    """The empties a label file covers (None: no file yet)."""
    if not out.exists():
        return None
    with np.load(out) as data:
        return (int(data["empties"][0]), int(data["empties"][1])) if "empties" in data.files \
            else ALL_EMPTIES


def check_depth(out: Path, depth: int) -> None:
    """ValueError if the label file ``out`` holds the labels of searches of another depth
    (a file made before depths were kept holds any): a pass must not mix depths in one
    file, whose labels a fit takes as one pass's."""
    if not out.exists():
        return
    with np.load(out) as data:
        made = int(data["depth"]) if "depth" in data.files else depth
    if made != depth:
        raise ValueError(f"{out} holds labels of {made}-ply searches, not {depth}: label "
                         "at another depth under another iteration's directory")


def covers(done: tuple[int, int] | None, empties: tuple[int, int]) -> bool:
    """Whether a file covering ``done`` (None: no file) holds every label of ``empties``."""
    return done is not None and done[0] <= empties[0] and empties[1] <= done[1]


def label_of(search: DepthSearch, board: Board, depth: int) -> float:
    """A position's bootstrap label: the value, in discs, of a ``depth``-ply search (NaN if
    it passed the search's node limit). The side to move must have a move."""
    scores = search.scores(board, depth)
    return max(scores.values()) / UNIT if scores else float("nan")


def label_shard(
    shard: Path, out: Path, search: DepthSearch, depth: int, size: int,
    empties: tuple[int, int] = ALL_EMPTIES,
) -> None:
    """Write the bootstrap labels of one shard's positions at ``empties`` (least, most),
    keeping those an earlier pass made (the file then covers both ranges, which must
    meet) and searched to the same ``depth``."""
    check_depth(out, depth)
    done = labelled_range(out)
    if covers(done, empties):
        return
    if done is not None and (empties[1] < done[0] - 1 or done[1] + 1 < empties[0]):
        raise ValueError(f"{out} covers {done[0]}-{done[1]} empties: a pass over "
                         f"{empties[0]}-{empties[1]} would leave a gap between them")
    with np.load(shard) as data:
        own, opp, solved, count = data["own"], data["opp"], data["solved"], data["empties"]
    mask = board_mask(size)
    label = np.full(own.size, np.nan, dtype=np.float32)
    todo = (solved == NO_LABEL) & (count >= empties[0]) & (count <= empties[1])
    if done is not None:
        with np.load(out) as data:
            label = data["label"]
        todo &= (count < done[0]) | (count > done[1])
        empties = (min(empties[0], done[0]), max(empties[1], done[1]))
    for i in np.flatnonzero(todo):
        if move_bits(own[i], opp[i], mask):
            label[i] = label_of(search, (own[i], opp[i]), depth)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp.npz")
    np.savez_compressed(tmp, label=label, empties=np.array(empties), depth=np.array(depth))
    tmp.replace(out)


_search: DepthSearch | None = None
"""This process's search (a labelling worker builds it once, for all its shards)."""


def _label_worker(tables: np.ndarray, size: int, node_limit: int) -> None:
    global _search
    _search = DepthSearch(size, tables, node_limit)


def _label_one(
    shard: Path, out: Path, depth: int, size: int, empties: tuple[int, int]
) -> None:
    assert _search is not None
    label_shard(shard, out, _search, depth, size, empties)


def label_all(
    root: Path, labels: Path, weights: Weights, depth: int, node_limit: int, jobs: int = 1,
    empties: tuple[int, int] = ALL_EMPTIES,
) -> int:
    """Label every shard of the weights' board size under ``root`` (its positions at
    ``empties``) in ``jobs`` processes; the shards done."""
    size = weights.size
    tables = tables_with(size, weights)
    files = shard_files(root, size)
    todo = []
    for shard in files:
        out = labels / f"size{size}" / shard.name
        check_depth(out, depth)
        if not covers(labelled_range(out), empties):
            todo.append((shard, out))
    start = time.perf_counter()
    with ProcessPoolExecutor(jobs, initializer=_label_worker,
                             initargs=(tables, size, node_limit)) as pool:
        done = [pool.submit(_label_one, shard, out, depth, size, empties) for shard, out in todo]
        for number, future in enumerate(as_completed(done)):
            future.result()
            if number % 10 == 9:
                log.info("labelled %d/%d shards of size %d in %.0f s", number + 1, len(todo),
                         size, time.perf_counter() - start)
    return len(files)
