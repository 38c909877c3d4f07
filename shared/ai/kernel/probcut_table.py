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
# at commit b1ecf0c on 2026-11-28
SHIFT = deepened(np.array(
    [[[0, 0, 0, 0, 0, 51, -159, 225, -209, 252, -296], [0, 0, 0, 0, 0, 51, -159, 225, -209,
    252, -296], [0, 0, 0, 0, 0, -8, 46, -7, 14, -42, 34], [0, 0, 0, 0, 0, -8, 46, -7, 14, -42,
    34], [0, 0, 0, 0, 0, -8, 46, -7, 14, -42, 34], [0, 0, 0, 0, 0, -8, 46, -7, 14, -42, 34],
    [0, 0, 0, 0, 0, -8, 46, -7, 14, -42, 34]], [[0, 0, 0, 0, 0, -64, -155, 226, -112, 319,
    -222], [0, 0, 0, 0, 0, -64, -155, 226, -112, 319, -222], [0, 0, 0, 0, 0, -16, -47, 48, 85,
    21, 95], [0, 0, 0, 0, 0, -121, 50, 39, 88, -19, 90], [0, 0, 0, 0, 0, -126, 106, -96, 185,
    -168, 231], [0, 0, 0, 0, 0, 25, -66, 2, 7, -34, 66], [0, 0, 0, 0, 0, 25, -66, 2, 7, -34,
    66]]],
    dtype=np.int64,
))
SIGMA = deepened(np.array(
    [[[0, 0, 0, 0, 0, 493, 389, 409, 354, 440, 435], [0, 0, 0, 0, 0, 493, 389, 409, 354, 440,
    435], [0, 0, 0, 0, 0, 328, 337, 264, 283, 351, 331], [0, 0, 0, 0, 0, 328, 337, 264, 283,
    351, 331], [0, 0, 0, 0, 0, 328, 337, 264, 283, 351, 331], [0, 0, 0, 0, 0, 328, 337, 264,
    283, 351, 331], [0, 0, 0, 0, 0, 328, 337, 264, 283, 351, 331]], [[0, 0, 0, 0, 0, 530, 495,
    529, 431, 537, 478], [0, 0, 0, 0, 0, 530, 495, 529, 431, 537, 478], [0, 0, 0, 0, 0, 547,
    501, 312, 406, 381, 388], [0, 0, 0, 0, 0, 367, 351, 309, 266, 362, 289], [0, 0, 0, 0, 0,
    303, 267, 222, 243, 274, 244], [0, 0, 0, 0, 0, 195, 162, 144, 138, 166, 146], [0, 0, 0, 0,
    0, 195, 162, 144, 138, 166, 146]]],
    dtype=np.int64,
))
SLOPE = deepened(np.array(
    [[[0, 0, 0, 0, 0, 998, 1056, 1036, 1060, 1040, 1100], [0, 0, 0, 0, 0, 998, 1056, 1036,
    1060, 1040, 1100], [0, 0, 0, 0, 0, 1049, 1053, 1061, 1070, 1079, 1067], [0, 0, 0, 0, 0,
    1049, 1053, 1061, 1070, 1079, 1067], [0, 0, 0, 0, 0, 1049, 1053, 1061, 1070, 1079, 1067],
    [0, 0, 0, 0, 0, 1049, 1053, 1061, 1070, 1079, 1067], [0, 0, 0, 0, 0, 1049, 1053, 1061,
    1070, 1079, 1067]], [[0, 0, 0, 0, 0, 1086, 1068, 1041, 1044, 1038, 1071], [0, 0, 0, 0, 0,
    1086, 1068, 1041, 1044, 1038, 1071], [0, 0, 0, 0, 0, 1055, 1042, 1015, 1031, 1008, 1025],
    [0, 0, 0, 0, 0, 1110, 1095, 1075, 1065, 1108, 1082], [0, 0, 0, 0, 0, 1121, 1130, 1062,
    1062, 1094, 1085], [0, 0, 0, 0, 0, 1120, 1125, 1165, 1111, 1243, 1168], [0, 0, 0, 0, 0,
    1120, 1125, 1165, 1111, 1243, 1168]]],
    dtype=np.int64,
))
