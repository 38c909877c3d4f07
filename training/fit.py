"""Fitting the weights: regularised least squares over all phases at once, by conjugate
gradients.

Each position reads a fixed number of weights (its features), and the evaluation is
their sum; so the least-squares fit is a linear system with one unknown per distinct
weight and phase, far too many (about 10^5 a phase on 8x8) to factor but sparse: ``X w``
sums each position's weights, ``X^T r`` adds each residual back to the weights its
position read (two loops compiled by numba). Conjugate gradients on the normal equations,
with the diagonal (how often each weight is read, plus the penalties) as preconditioner,
converge in tens of iterations. Two penalties keep the weights from fitting the games'
noise:

- ridge (lambda): ``|w - prior|^2``, rare configurations stay near zero or the prior fit;
- smooth (mu): ``|w_p - w_{p+1}|^2`` between neighbouring phases: a configuration seen
  rarely in one phase borrows what its neighbours learned of it, and one seen often
  still gets a weight of its own (a phase's table is its neighbours' plus what its own
  positions say). On 20,000 8x8 games this erred less on held-out games than training
  each phase apart on its neighbours' positions as well (``overlap``, which a phase
  then also learns from: training/README.md).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import numpy as np

from shared.ai.kernel.jit import njit

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class FitConfig:
    width: int = 4
    """Empties per phase."""
    overlap: int = 2
    """Numbers of empties either side of its own that a phase also learns from."""
    ridge: float = 3.0
    """lambda, in units of squared discs per weight."""
    iterations: int = 60
    smooth: float = 0.0
    """mu, the pull between neighbouring phases' weights (0: phases fitted apart)."""


@njit
def _forward(w: np.ndarray, columns: np.ndarray, dense: np.ndarray, values: np.ndarray,
             out: np.ndarray) -> np.ndarray:
    """``X w``: per row, its columns' weights plus its values times the weights from
    ``dense[row]`` on."""
    for i in range(columns.shape[0]):
        total = 0.0
        for j in range(columns.shape[1]):
            total += w[columns[i, j]]
        for j in range(values.shape[1]):
            total += values[i, j] * w[dense[i] + j]
        out[i] = total
    return out


@njit
def _backward(r: np.ndarray, columns: np.ndarray, dense: np.ndarray, values: np.ndarray,
              out: np.ndarray) -> np.ndarray:
    """``X^T r`` (see :func:`_forward`)."""
    out[:] = 0.0
    for i in range(columns.shape[0]):
        for j in range(columns.shape[1]):
            out[columns[i, j]] += r[i]
        for j in range(values.shape[1]):
            out[dense[i] + j] += values[i, j] * r[i]
    return out


def solve(
    columns: np.ndarray, dense: np.ndarray, values: np.ndarray, target: np.ndarray,
    prior: np.ndarray, ridge: float, smooth: float, iterations: int,
) -> np.ndarray:
    """The weights ``w``, shape (phases, distinct) like ``prior``, minimising
    ``|X w - y|^2 + ridge |w - prior|^2 + smooth sum_p |w_p - w_{p+1}|^2``, where row i of
    X has ones in ``columns[i]`` (indexes into ``w`` flattened; a column may repeat: it
    then counts as many times) and ``values[i]`` from column ``dense[i]`` on."""
    phases, distinct = prior.shape
    unknowns = phases * distinct
    values = values.astype(np.float64)
    rows = np.empty(columns.shape[0])
    sums = np.empty(unknowns)

    def normal(w: np.ndarray) -> np.ndarray:
        """``(X^T X + ridge I + smooth L) w``, L the phases' chain Laplacian."""
        out = _backward(_forward(w, columns, dense, values, rows), columns, dense, values,
                        sums) + ridge * w
        step = np.diff(w.reshape(phases, distinct), axis=0)
        pull = np.zeros((phases, distinct))
        pull[1:] += step
        pull[:-1] -= step
        return out + smooth * pull.ravel()

    diagonal = np.bincount(columns.ravel(), minlength=unknowns).astype(np.float64)
    spots = (dense[:, None] + np.arange(values.shape[1])).ravel()
    diagonal += np.bincount(spots, weights=(values**2).ravel(), minlength=unknowns)
    # (a column twice in a row counts 4 on the exact diagonal, not 2: close enough)
    neighbours = np.minimum(np.arange(phases), 1) + np.minimum(np.arange(phases)[::-1], 1)
    precondition = 1.0 / (diagonal + ridge + smooth * np.repeat(neighbours, distinct))
    w = prior.ravel().astype(np.float64)
    residual = _backward(target.astype(np.float64), columns, dense, values, sums).copy()
    residual += ridge * w - normal(w)  # (normal() reuses the buffer _backward filled)
    z = precondition * residual
    direction = z.copy()
    rz = residual @ z
    for _ in range(iterations):
        product = normal(direction)
        step = rz / max(direction @ product, 1e-30)
        w += step * direction
        residual -= step * product
        z = precondition * residual
        rz_next = residual @ z
        if rz_next < 1e-10 * columns.shape[0]:
            break
        direction = z + (rz_next / rz) * direction
        rz = rz_next
    return w.reshape(phases, distinct)


def fit(
    features: np.ndarray, values: np.ndarray, empties: np.ndarray, label: np.ndarray,
    slots: np.ndarray, distinct: int, phases: int, config: FitConfig,
    prior: np.ndarray | None = None,
) -> np.ndarray:
    """The weights of every phase, (phases, distinct) in discs. ``slots`` maps a block
    entry to its distinct weight (:func:`shared.ai.kernel.patterns.canonical_map`); the
    terms' weights are the last ``values.shape[1]``.

    A phase learns from the positions of its empties and of ``config.overlap`` numbers
    of empties either side. With a ``prior`` (weights of the same shape, in discs: an
    earlier fit), the ridge pulls towards it instead of towards zero: the fit learns the
    prior's residuals, so what the prior learned from games no longer at hand is kept
    where these games say nothing, and corrected where they do. A phase with no
    position of its own empties is left as it is (the prior, or zero): its neighbours'
    positions would mislead it; the smoothing joins only the phases fitted."""
    table = np.zeros((phases, distinct)) if prior is None else prior.astype(np.float64)
    own = np.minimum(empties // config.width, phases - 1)
    fitted = np.unique(own)
    pairs = []  # (position, number among the fitted phases)
    for k, phase in enumerate(fitted):
        low = phase * config.width - config.overlap
        high = 64 if phase == phases - 1 else phase * config.width + config.width - 1 + (
            config.overlap)
        rows = np.flatnonzero((empties >= low) & (empties <= high))
        pairs.append(np.stack([rows, np.full(rows.size, k)]))
        log.info("phase %d (%d-%d empties): %d positions", phase, low, high, rows.size)
    position, block = np.concatenate(pairs, axis=1)
    dense = values.shape[1]
    columns = (slots[features[position]] + (block * distinct)[:, None]).astype(np.int32)
    start = (block * distinct + distinct - dense).astype(np.int64)
    table[fitted] = solve(columns, start, values[position], label[position], table[fitted],
                          config.ridge, config.smooth, config.iterations)
    return table


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
