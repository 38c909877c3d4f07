"""Multi-ProbCut's table: per board size, phase and depth, how a shallow search's value
predicts the deep one's, for :func:`shared.ai.kernel.midgame.search`: deep ~ ``SLOPE`` /
``SLOPE_ONE`` * shallow + ``SHIFT``, with an error of standard deviation ``SIGMA``
(evaluation units), the least-squares line of the deep values on the shallow ones.

Fitted on the current evaluation by ``training/probcut.py`` (Buro's method: full-width
values at each depth of seeded game positions, per phase of ``PHASE_EMPTIES`` empties;
see its docstring), which rewrites everything below the ``# --- fitted`` line with the
fit (up to its deepest depth: :func:`deepened` carries it on) and its provenance.
Indexes: ``[SIZES.index(size), phase, depth]``, the phase ``min(empties //
PHASE_EMPTIES, PHASES - 1)``; 4x4 reads 6x6's rows (it is solved before ProbCut
matters).
"""

from __future__ import annotations

import numpy as np

SIZES = (6, 8)
"""The board sizes with rows of their own."""

PHASE_EMPTIES = 10
"""Empties per phase."""

PHASES = 7
"""Phases: 0-9 empties, 10-19, ..., 60-64."""

MAX_DEPTH = 64
"""Depths 0-64 (a search never goes deeper than the empties)."""

SLOPE_ONE = 1024
"""``SLOPE`` is in units of 1 / SLOPE_ONE (integer arithmetic in the search)."""


def deepened(fitted: np.ndarray) -> np.ndarray:
    """A table fitted up to some depth (its last axis), carried on to ``MAX_DEPTH``: a
    deeper depth takes the deepest fitted depth of its parity (odd and even depths'
    values differ), so the file holds only what was measured."""
    out = np.empty(fitted.shape[:-1] + (MAX_DEPTH + 1,), dtype=np.int64)
    known = fitted.shape[-1]
    out[..., :known] = fitted
    for depth in range(known, MAX_DEPTH + 1):
        out[..., depth] = out[..., depth - 2]
    return out

# --- fitted by `python -m training.probcut --positions 300 --max-depth 10 --seed 1 --write`
# at commit 8022961 on 2026-11-25
SHIFT = deepened(np.array(
    [[[0, 0, 0, 0, 0, 43, -121, 181, -60, 269, -54], [0, 0, 0, 0, 0, 43, -121, 181, -60, 269,
    -54], [0, 0, 0, 0, 0, -228, 123, -103, 166, -142, 200], [0, 0, 0, 0, 0, -228, 123, -103,
    166, -142, 200], [0, 0, 0, 0, 0, -228, 123, -103, 166, -142, 200], [0, 0, 0, 0, 0, -228,
    123, -103, 166, -142, 200], [0, 0, 0, 0, 0, -228, 123, -103, 166, -142, 200]], [[0, 0, 0,
    0, 0, 145, -103, 250, -39, 227, 45], [0, 0, 0, 0, 0, 145, -103, 250, -39, 227, 45], [0, 0,
    0, 0, 0, -90, 18, 2, 118, -22, 145], [0, 0, 0, 0, 0, 2, -44, 34, 55, 63, 108], [0, 0, 0, 0,
    0, 5, -68, 103, 21, 85, 4], [0, 0, 0, 0, 0, 142, 121, 115, 159, 186, 206], [0, 0, 0, 0, 0,
    142, 121, 115, 159, 186, 206]]],
    dtype=np.int64,
))
SIGMA = deepened(np.array(
    [[[0, 0, 0, 0, 0, 519, 500, 507, 410, 591, 536], [0, 0, 0, 0, 0, 519, 500, 507, 410, 591,
    536], [0, 0, 0, 0, 0, 431, 357, 361, 342, 466, 416], [0, 0, 0, 0, 0, 431, 357, 361, 342,
    466, 416], [0, 0, 0, 0, 0, 431, 357, 361, 342, 466, 416], [0, 0, 0, 0, 0, 431, 357, 361,
    342, 466, 416], [0, 0, 0, 0, 0, 431, 357, 361, 342, 466, 416]], [[0, 0, 0, 0, 0, 569, 629,
    562, 541, 738, 588], [0, 0, 0, 0, 0, 569, 629, 562, 541, 738, 588], [0, 0, 0, 0, 0, 698,
    622, 552, 454, 672, 534], [0, 0, 0, 0, 0, 581, 496, 513, 443, 602, 508], [0, 0, 0, 0, 0,
    414, 441, 369, 397, 441, 554], [0, 0, 0, 0, 0, 329, 306, 227, 221, 309, 272], [0, 0, 0, 0,
    0, 329, 306, 227, 221, 309, 272]]],
    dtype=np.int64,
))
SLOPE = deepened(np.array(
    [[[0, 0, 0, 0, 0, 1130, 1078, 1085, 1057, 1078, 1072], [0, 0, 0, 0, 0, 1130, 1078, 1085,
    1057, 1078, 1072], [0, 0, 0, 0, 0, 1145, 1123, 1120, 1132, 1132, 1157], [0, 0, 0, 0, 0,
    1145, 1123, 1120, 1132, 1132, 1157], [0, 0, 0, 0, 0, 1145, 1123, 1120, 1132, 1132, 1157],
    [0, 0, 0, 0, 0, 1145, 1123, 1120, 1132, 1132, 1157], [0, 0, 0, 0, 0, 1145, 1123, 1120,
    1132, 1132, 1157]], [[0, 0, 0, 0, 0, 1019, 1040, 1058, 1096, 1041, 1062], [0, 0, 0, 0, 0,
    1019, 1040, 1058, 1096, 1041, 1062], [0, 0, 0, 0, 0, 1142, 1131, 1100, 1097, 1125, 1101],
    [0, 0, 0, 0, 0, 974, 1038, 1060, 1075, 1091, 1120], [0, 0, 0, 0, 0, 1019, 1043, 1111, 1045,
    1102, 1014], [0, 0, 0, 0, 0, 827, 1033, 959, 1128, 932, 1087], [0, 0, 0, 0, 0, 827, 1033,
    959, 1128, 932, 1087]]],
    dtype=np.int64,
))
