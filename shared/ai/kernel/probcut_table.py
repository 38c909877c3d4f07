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
# at commit 46a1d96 on 2026-11-25
SHIFT = deepened(np.array(
    [[[0, 0, 0, 0, 0, 111, -191, 261, -171, 326, -233], [0, 0, 0, 0, 0, 111, -191, 261, -171,
    326, -233], [0, 0, 0, 0, 0, 17, 26, 64, 39, 88, 43], [0, 0, 0, 0, 0, 17, 26, 64, 39, 88,
    43], [0, 0, 0, 0, 0, 17, 26, 64, 39, 88, 43], [0, 0, 0, 0, 0, 17, 26, 64, 39, 88, 43], [0,
    0, 0, 0, 0, 17, 26, 64, 39, 88, 43]], [[0, 0, 0, 0, 0, 105, -193, 234, -128, 300, -169],
    [0, 0, 0, 0, 0, 105, -193, 234, -128, 300, -169], [0, 0, 0, 0, 0, -59, 19, 45, 82, 14, 78],
    [0, 0, 0, 0, 0, -144, 94, -37, 113, -72, 180], [0, 0, 0, 0, 0, -29, 42, 1, 91, -24, 173],
    [0, 0, 0, 0, 0, -21, -102, 76, -11, 76, -12], [0, 0, 0, 0, 0, -21, -102, 76, -11, 76,
    -12]]],
    dtype=np.int64,
))
SIGMA = deepened(np.array(
    [[[0, 0, 0, 0, 0, 584, 389, 452, 371, 471, 442], [0, 0, 0, 0, 0, 584, 389, 452, 371, 471,
    442], [0, 0, 0, 0, 0, 361, 325, 274, 275, 329, 314], [0, 0, 0, 0, 0, 361, 325, 274, 275,
    329, 314], [0, 0, 0, 0, 0, 361, 325, 274, 275, 329, 314], [0, 0, 0, 0, 0, 361, 325, 274,
    275, 329, 314], [0, 0, 0, 0, 0, 361, 325, 274, 275, 329, 314]], [[0, 0, 0, 0, 0, 502, 477,
    484, 374, 513, 467], [0, 0, 0, 0, 0, 502, 477, 484, 374, 513, 467], [0, 0, 0, 0, 0, 506,
    426, 422, 352, 476, 408], [0, 0, 0, 0, 0, 392, 320, 351, 328, 383, 358], [0, 0, 0, 0, 0,
    222, 222, 219, 188, 277, 248], [0, 0, 0, 0, 0, 149, 137, 150, 137, 170, 151], [0, 0, 0, 0,
    0, 149, 137, 150, 137, 170, 151]]],
    dtype=np.int64,
))
SLOPE = deepened(np.array(
    [[[0, 0, 0, 0, 0, 1141, 1122, 1101, 1070, 1123, 1102], [0, 0, 0, 0, 0, 1141, 1122, 1101,
    1070, 1123, 1102], [0, 0, 0, 0, 0, 1036, 1070, 1102, 1081, 1133, 1101], [0, 0, 0, 0, 0,
    1036, 1070, 1102, 1081, 1133, 1101], [0, 0, 0, 0, 0, 1036, 1070, 1102, 1081, 1133, 1101],
    [0, 0, 0, 0, 0, 1036, 1070, 1102, 1081, 1133, 1101], [0, 0, 0, 0, 0, 1036, 1070, 1102,
    1081, 1133, 1101]], [[0, 0, 0, 0, 0, 986, 1022, 1005, 1037, 1021, 1075], [0, 0, 0, 0, 0,
    986, 1022, 1005, 1037, 1021, 1075], [0, 0, 0, 0, 0, 983, 985, 1003, 1042, 1024, 1062], [0,
    0, 0, 0, 0, 1057, 1059, 1033, 1018, 1049, 1018], [0, 0, 0, 0, 0, 1113, 1124, 1109, 1112,
    1151, 1163], [0, 0, 0, 0, 0, 1252, 1165, 1135, 1112, 1223, 1197], [0, 0, 0, 0, 0, 1252,
    1165, 1135, 1112, 1223, 1197]]],
    dtype=np.int64,
))
