"""The whole pipeline: self-play, fit, bootstrap labels, refit; each step resumable.

Under the data directory (never in the repository):

    selfplay/size{6,8}/games_NNNNN.npz   self-play shards (training.selfplay)
    bench/size{6,8}/games_NNNNN.npz      the accuracy benchmark's games (solved from 24)
    fits/iterK/othello{6,8}.npz          fit K (a weights file, provenance included)
    labels/iterK/size{6,8}/...           bootstrap labels made by searches on fit K

Fit 0 uses the exact solves and, before them, each game's solved value; fit K+1 also
uses the labels of fit K (or, asked, several passes' labels: ``fit --labels 5 4`` takes a
deeper pass made on fit 5 over some empties first, fit 4's pass over all for the rest).
A step whose output exists is skipped, so ``run`` picks up where an interrupted run
stopped, and the same config and seed make the same files.
"""

from __future__ import annotations

import logging
import subprocess
import time
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path

import numpy as np

from shared.ai.kernel.evaluate import UNIT
from shared.ai.kernel.patterns import canonical_map
from shared.ai.kernel.weights import Weights
from shared.ai.kernel.weights import load as load_weights
from training.bootstrap import label_all
from training.config import Config
from training.dataset import Positions, feature_matrix, load
from training.fit import FitConfig, fit, predict

log = logging.getLogger(__name__)


def commit() -> str:
    """The repository's commit (with ``+changes`` if the tree differs), or ``unknown``."""
    here = Path(__file__).parent.parent
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=here, capture_output=True,
                              text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "shared", "training"],
                               cwd=here, capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+changes" if dirty.strip() else "")


def held_out_errors(
    positions: Positions, predicted: np.ndarray, width: int, size: int
) -> dict[str, float]:
    """Mean absolute error (discs) per phase of empties, on exact labels where there are
    any, else on the phase's labels (a game's value or a search's: noisy themselves)."""
    limit = size * size
    error = np.abs(np.clip(predicted, -limit, limit) - positions.label)
    out = {}
    for low in range(0, size * size - 3, width):
        rows = (positions.empties >= low) & (positions.empties < low + width)
        exact = rows & positions.exact
        use = exact if exact.any() else rows
        if use.any():
            kind = "exact" if exact.any() else "vs its labels"
            out[f"{low}-{low + width - 1} ({kind}, {int(use.sum())})"] = round(
                float(error[use].mean()), 2
            )
    return out


def fit_size(
    config: Config, size: int, data: Path, labels: Sequence[Path], out: Path, iteration: int,
    prior: Path | None = None, use_game_values: bool = True,
) -> Weights:
    """Fit one board size's weights on the shards (and ``labels``: bootstrap label
    directories, the first that labels a position wins), write them to ``out``;
    with ``prior`` (a weights file: an earlier fit), the ridge pulls towards its weights
    (:func:`training.fit.fit`); without ``use_game_values``, on the positions with an exact or a
    bootstrap label only (:func:`training.dataset.load`: a phase with none keeps the
    prior)."""
    start = time.perf_counter()
    fit_config: FitConfig = config.fit
    slots, distinct = canonical_map(size)
    phases = (size * size - 4) // fit_config.width + 1
    start_table = None
    if prior is not None:
        before = load_weights(prior)
        if (before.size, before.width, before.table.shape[0]) != (size, fit_config.width, phases):
            raise ValueError(f"{prior}: {before.size}x{before.size}, width {before.width}, "
                             f"{before.table.shape[0]} phases: not this fit's layout")
        start_table = before.table.astype(np.float64) / UNIT
    positions = load(data / "selfplay", size, labels, use_game_values)
    features, values = feature_matrix(positions, size, fit_config.width)
    held = positions.held_out
    empties = positions.empties.astype(np.int64)
    table = fit(features[~held], values[~held], empties[~held], positions.label[~held], slots,
                distinct, phases, fit_config, start_table)
    units = np.clip(np.rint(table * UNIT), -32767, 32767).astype(np.int16)
    predicted = predict(units.astype(np.float64) / UNIT, features[held], values[held],
                        empties[held], slots, fit_config.width)
    errors = held_out_errors(positions.subset(held), predicted, fit_config.width, size)
    games = int(np.unique(positions.game).size)
    provenance = {
        "made by": f"python -m training --config {config.name} fit (training/pipeline.py)",
        "commit": commit(),
        "iteration": iteration,
        "game values as labels": use_game_values,
        "bootstrap labels": [str(directory) for directory in labels] or None,
        "prior": None if prior is None else {
            "file": str(prior), **{key: before.provenance.get(key)
                                   for key in ("iteration", "games", "positions", "commit")}},
        "fit": asdict(fit_config),
        "seed": config.seed,
        "games": games,
        "positions": int(positions.own.size),
        "exact positions": int(positions.exact.sum()),
        "held-out games": int(np.unique(positions.game[held]).size),
        "held-out MAE (discs) by empties": errors,
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }
    weights = Weights(size, fit_config.width, units, provenance)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.stem + ".tmp.npz")
    weights.save(tmp)
    tmp.replace(out)
    log.info("size %d fit %d: %d games, %d positions in %.0f s; held-out MAE %s", size,
             iteration, games, positions.own.size, time.perf_counter() - start, errors)
    return weights


def fit_path(data: Path, iteration: int, size: int) -> Path:
    return data / "fits" / f"iter{iteration}" / f"othello{size}.npz"


def labels_path(data: Path, iteration: int) -> Path:
    return data / "labels" / f"iter{iteration}"


def iterate(config: Config, data: Path, iterations: int) -> dict[int, Path]:
    """Fit, label and refit each board size ``iterations`` times (resuming); the last
    fit of each size."""
    last = {}
    for play in config.selfplay:
        size = play.games.size
        for iteration in range(iterations):
            path = fit_path(data, iteration, size)
            labels = [labels_path(data, iteration - 1)] if iteration else []
            if not path.exists():
                fit_size(config, size, data, labels, path, iteration)
            last[size] = path
            if iteration + 1 < iterations:
                label_all(data / "selfplay", labels_path(data, iteration), load_weights(path),
                          config.label_depth, config.label_nodes)
    return last
