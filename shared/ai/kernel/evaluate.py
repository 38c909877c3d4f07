"""The expert's evaluation of an Othello position, in hundredths of a disc.

:func:`evaluate` predicts the final disc margin of the side to move under good play, in
``UNIT`` per disc: the searches, the hints and the analysis all read that one scale.
On 6x6 and 8x8 it is the learned pattern evaluation (:mod:`.patterns`, weights fitted by
the project's own pipeline in ``training/`` and loaded by :mod:`.weights`); on a board
with no weights file (4x4, which the solver settles at once) it is the hand-written one
(:mod:`.handwritten`). Either way it stays within the board's largest margin.

Everything the evaluation reads for a board size is one ``uint64`` array,
:func:`eval_tables`, which the searches pass along without looking inside (but for its
first masks): the hand-written evaluation's masks (``T_MASK`` ... ``T_LINES``), then the
board size, the number of phases (0: hand-written), the empties per phase and the
entries per phase, then the learned weights (``int16``, four to a word). So what the
evaluation knows can change without any search's signature changing.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from shared.ai.kernel import pattern_score
from shared.ai.kernel.bits import popcount
from shared.ai.kernel.handwritten import (
    T_CORNERS,
    T_MASK,
    TABLE_SIZE,
    TERMS,
    UNIT,
    handwritten,
    mask_tables,
    terms,
)
from shared.ai.kernel.jit import njit
from shared.ai.kernel.patterns import TERMS_OFFSET
from shared.ai.kernel.weights import Weights, packaged_weights

__all__ = ["SCORE_LIMIT", "T_CORNERS", "T_MASK", "UNIT", "eval_tables", "evaluate", "tables_with"]

SCORE_LIMIT = 64 * UNIT
"""Evaluations are clamped inside (-SCORE_LIMIT, SCORE_LIMIT): within the largest margin."""

T_SIZE, T_PHASES, T_WIDTH, T_BLOCK = range(TABLE_SIZE, TABLE_SIZE + 4)
T_WEIGHTS = TABLE_SIZE + 4
"""Where the learned weights start (see the module's docstring)."""


def tables_with(size: int, weights: Weights | None) -> np.ndarray:
    """The evaluation tables of a board size with these learned weights (None: the
    hand-written evaluation); training builds them for each fit it tries."""
    masks = mask_tables(size)
    if weights is None:
        header = np.array([size, 0, 1, 0], dtype=np.uint64)
        return np.concatenate([masks, header])
    if weights.size != size:
        raise ValueError(f"weights for {weights.size}x{weights.size}, not {size}x{size}")
    full = weights.expanded()
    phases, block = full.shape
    header = np.array([size, phases, weights.width, block], dtype=np.uint64)
    flat = np.zeros(-(-full.size // 4) * 4, dtype=np.int16)
    flat[: full.size] = full.ravel()
    return np.concatenate([masks, header, flat.view(np.uint64)])


@cache
def eval_tables(size: int) -> np.ndarray:
    """The tables :func:`evaluate` reads for one board size: the packaged learned weights
    when there are some for the size, else the hand-written evaluation's."""
    return tables_with(size, packaged_weights(size))


@njit
def _word(t: np.ndarray, i: int) -> int:
    return int(np.int64(t[i]))


@njit
def evaluate(own: np.uint64, opp: np.uint64, own_moves: int, opp_moves: int, t: np.ndarray) -> int:
    """The side to move's expected final margin in UNITs, strictly within the board's
    squares (and so within SCORE_LIMIT).

    ``own_moves`` and ``opp_moves`` are both sides' numbers of legal moves (the search
    has them already).
    """
    mask = t[T_MASK]
    phases = _word(t, T_PHASES)
    if phases == 0:
        score = handwritten(own, opp, own_moves, opp_moves, t)
    else:
        empties = popcount(mask & ~(own | opp))
        width = _word(t, T_WIDTH)
        phase = min(empties // width, phases - 1)
        weights = t[T_WEIGHTS:].view(np.int16)
        size, base = _word(t, T_SIZE), phase * _word(t, T_BLOCK)
        score = pattern_score.score(
            own, opp, own_moves, opp_moves, empties, size, width, weights, base
        )
        values = terms(own, opp, own_moves, opp_moves, t)
        at = base + TERMS_OFFSET[1 if size == 8 else 0]
        for i in range(TERMS):
            score += pattern_score.weight(weights, at + i) * values[i]
    limit = popcount(mask) * UNIT - 1
    return max(-limit, min(limit, score))
