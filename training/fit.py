"""Fitting the weights: regularised least squares per phase, by conjugate gradients.

Each position reads a fixed number of weights (its features), and the evaluation is
their sum; so the least-squares fit of one phase is a linear system with one unknown
per distinct weight, far too many (about 10^5 on 8x8) to factor but sparse: ``X w``
sums each position's weights, ``X^T r`` is one ``np.bincount``. Conjugate gradients on
the normal equations ``(X^T X + lambda I) w = X^T y``, with the diagonal (how often each
weight is read, plus lambda) as preconditioner, converges in tens of iterations. Ridge
(lambda) keeps rare configurations near zero instead of fitting their noise.

A phase's weights are fitted on the positions of its empties and of ``overlap``
numbers of empties either side (neighbouring phases share data: smoother tables, and
more data for each).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import numpy as np

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class FitConfig:
    width: int = 4
    """Empties per phase."""
    overlap: int = 2
    ridge: float = 3.0
    """lambda, in units of squared discs per weight."""
    iterations: int = 60


def solve_phase(
    columns: np.ndarray, values: np.ndarray, target: np.ndarray, unknowns: int, ridge: float,
    iterations: int,
) -> np.ndarray:
    """Weights (discs) minimising ``|X w - y|^2 + ridge |w|^2``, where row i of X has ones
    in ``columns[i]`` (a column may repeat: it then counts as many times) and, in its
    last ``values.shape[1]`` columns, ``values[i]``."""
    rows, k = columns.shape
    dense = values.shape[1]
    first = unknowns - dense
    flat = columns.ravel()
    values = values.astype(np.float64)

    def forward(w: np.ndarray) -> np.ndarray:
        out: np.ndarray = w[columns].sum(axis=1) + values @ w[first:]
        return out

    def backward(r: np.ndarray) -> np.ndarray:
        out = np.bincount(flat, weights=np.repeat(r, k), minlength=unknowns)
        out[first:] += values.T @ r
        return out

    diagonal = np.bincount(flat, minlength=unknowns).astype(np.float64)
    diagonal[first:] += (values**2).sum(axis=0)
    # (a column twice in a row counts 4 on the exact diagonal, not 2: close enough)
    precondition = 1.0 / (diagonal + ridge)
    w = np.zeros(unknowns)
    residual = backward(target.astype(np.float64))
    z = precondition * residual
    direction = z.copy()
    rz = residual @ z
    for _ in range(iterations):
        product = backward(forward(direction)) + ridge * direction
        step = rz / max(direction @ product, 1e-30)
        w += step * direction
        residual -= step * product
        z = precondition * residual
        rz_next = residual @ z
        if rz_next < 1e-10 * rows:
            break
        direction = z + (rz_next / rz) * direction
        rz = rz_next
    return w


def fit(
    features: np.ndarray, values: np.ndarray, empties: np.ndarray, label: np.ndarray,
    slots: np.ndarray, distinct: int, phases: int, config: FitConfig,
    prior: np.ndarray | None = None,
) -> np.ndarray:
    """The weights of every phase, (phases, distinct) in discs. ``slots`` maps a block
    entry to its distinct weight (:func:`shared.ai.kernel.patterns.canonical_map`); the
    terms' weights are the last ``values.shape[1]``.

    With a ``prior`` (weights of the same shape, in discs: an earlier fit), the ridge
    pulls towards it instead of towards zero (``|X w - y|^2 + ridge |w - prior|^2``): the
    fit learns the prior's residuals, so what the prior learned from games no longer at
    hand is kept where these games say nothing, and corrected where they do. A phase
    with no position of its own empties is left as it is (the prior, or zero)."""
    columns = slots[features]
    table = np.zeros((phases, distinct)) if prior is None else prior.astype(np.float64)
    for phase in range(phases):
        low = phase * config.width - config.overlap
        high = phase * config.width + config.width - 1 + config.overlap
        if phase == phases - 1:
            high = 64
        rows = (empties >= low) & (empties <= high)
        own = (empties >= low + config.overlap) & (empties <= high - config.overlap)
        if not own.any():
            continue  # none of its own empties: its neighbours' positions would mislead it
        target = label[rows] - _predict_phase(table[phase], columns[rows], values[rows])
        table[phase] += solve_phase(
            columns[rows], values[rows], target, distinct, config.ridge, config.iterations
        )
        log.info("phase %d (%d-%d empties): %d positions", phase, low, high, int(rows.sum()))
    return table


def _predict_phase(weights: np.ndarray, columns: np.ndarray, values: np.ndarray) -> np.ndarray:
    """``X w`` of one phase's rows (see :func:`solve_phase`)."""
    out: np.ndarray = weights[columns].sum(axis=1) + values @ weights[-values.shape[1]:]
    return out


def predict(
    table: np.ndarray, features: np.ndarray, values: np.ndarray, empties: np.ndarray,
    slots: np.ndarray, width: int,
) -> np.ndarray:
    """The evaluation (discs) of positions by weights in discs."""
    phase = np.minimum(empties // width, table.shape[0] - 1)
    dense = values.shape[1]
    out: np.ndarray = table[phase[:, None], slots[features]].sum(axis=1) + (
        table[phase, -dense:] * values
    ).sum(axis=1)
    return out
