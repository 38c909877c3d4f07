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
# at commit 818c721 on 2026-11-28
SHIFT = deepened(np.array(
    [[[0, 0, 0, 0, 0, 51, -159, 225, -209, 252, -296], [0, 0, 0, 0, 0, 51, -159, 225, -209,
    252, -296], [0, 0, 0, 0, 0, -8, 46, -7, 14, -42, 34], [0, 0, 0, 0, 0, -8, 46, -7, 14, -42,
    34], [0, 0, 0, 0, 0, -8, 46, -7, 14, -42, 34], [0, 0, 0, 0, 0, -8, 46, -7, 14, -42, 34],
    [0, 0, 0, 0, 0, -8, 46, -7, 14, -42, 34]], [[0, 0, 0, 0, 0, 59, -77, 234, -285, 312, -347],
    [0, 0, 0, 0, 0, 59, -77, 234, -285, 312, -347], [0, 0, 0, 0, 0, -91, -14, -34, 76, 8, 69],
    [0, 0, 0, 0, 0, -167, 1, -5, 15, -47, 37], [0, 0, 0, 0, 0, -76, 134, -74, 195, -167, 257],
    [0, 0, 0, 0, 0, 132, -82, 63, 14, 30, 61], [0, 0, 0, 0, 0, 132, -82, 63, 14, 30, 61]]],
    dtype=np.int64,
))
SIGMA = deepened(np.array(
    [[[0, 0, 0, 0, 0, 493, 389, 409, 354, 440, 435], [0, 0, 0, 0, 0, 493, 389, 409, 354, 440,
    435], [0, 0, 0, 0, 0, 328, 337, 264, 283, 351, 331], [0, 0, 0, 0, 0, 328, 337, 264, 283,
    351, 331], [0, 0, 0, 0, 0, 328, 337, 264, 283, 351, 331], [0, 0, 0, 0, 0, 328, 337, 264,
    283, 351, 331], [0, 0, 0, 0, 0, 328, 337, 264, 283, 351, 331]], [[0, 0, 0, 0, 0, 478, 511,
    483, 368, 542, 453], [0, 0, 0, 0, 0, 478, 511, 483, 368, 542, 453], [0, 0, 0, 0, 0, 615,
    474, 420, 388, 463, 427], [0, 0, 0, 0, 0, 397, 395, 288, 282, 345, 318], [0, 0, 0, 0, 0,
    323, 276, 293, 225, 345, 261], [0, 0, 0, 0, 0, 236, 174, 157, 153, 187, 202], [0, 0, 0, 0,
    0, 236, 174, 157, 153, 187, 202]]],
    dtype=np.int64,
))
SLOPE = deepened(np.array(
    [[[0, 0, 0, 0, 0, 998, 1056, 1036, 1060, 1040, 1100], [0, 0, 0, 0, 0, 998, 1056, 1036,
    1060, 1040, 1100], [0, 0, 0, 0, 0, 1049, 1053, 1061, 1070, 1079, 1067], [0, 0, 0, 0, 0,
    1049, 1053, 1061, 1070, 1079, 1067], [0, 0, 0, 0, 0, 1049, 1053, 1061, 1070, 1079, 1067],
    [0, 0, 0, 0, 0, 1049, 1053, 1061, 1070, 1079, 1067], [0, 0, 0, 0, 0, 1049, 1053, 1061,
    1070, 1079, 1067]], [[0, 0, 0, 0, 0, 996, 1051, 1000, 1067, 998, 1069], [0, 0, 0, 0, 0,
    996, 1051, 1000, 1067, 998, 1069], [0, 0, 0, 0, 0, 1109, 1081, 1089, 1055, 1082, 1047], [0,
    0, 0, 0, 0, 1035, 1050, 1079, 1066, 1067, 1113], [0, 0, 0, 0, 0, 1117, 1115, 1108, 1099,
    1147, 1131], [0, 0, 0, 0, 0, 877, 1052, 1043, 1093, 1102, 1127], [0, 0, 0, 0, 0, 877, 1052,
    1043, 1093, 1102, 1127]]],
    dtype=np.int64,
))
