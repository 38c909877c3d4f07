"""training/fit.py: ridge least squares per phase, towards zero or towards a prior fit."""

from __future__ import annotations

import numpy as np

from training.fit import FitConfig, fit

CONFIG = FitConfig(width=4, overlap=0, ridge=50.0, iterations=200)


def problem(rows: int = 400) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]:
    """Positions of one phase reading 3 of 30 pattern weights and one term, and a truth."""
    rng = np.random.default_rng(5)
    features = rng.integers(0, 30, size=(rows, 3)).astype(np.int32)
    values = rng.normal(size=(rows, 1)).astype(np.float32)
    empties = np.full(rows, 1, dtype=np.int64)
    truth = rng.normal(scale=4.0, size=(1, 31))
    return features, values, empties, truth, 31


def test_a_prior_that_already_explains_the_labels_is_kept_whatever_the_ridge() -> None:
    features, values, empties, truth, distinct = problem()
    label = truth[0, features].sum(axis=1) + values[:, 0] * truth[0, -1]
    slots = np.arange(distinct - 1)
    zero = fit(features, values, empties, label, slots, distinct, 1, CONFIG)
    towards = fit(features, values, empties, label, slots, distinct, 1, CONFIG, prior=truth)
    assert np.allclose(towards, truth, atol=1e-6)
    # the ridge towards zero shrinks the same weights: the prior is what kept them
    assert np.abs(zero - truth).max() > 0.1


def test_where_the_data_says_nothing_the_prior_stays_and_elsewhere_the_data_wins() -> None:
    features, values, empties, truth, distinct = problem(4000)
    features[features == 29] = 28  # weight 29 is never read
    label = truth[0, features].sum(axis=1) + values[:, 0] * truth[0, -1]
    prior = np.full((1, distinct), 1.0)
    light = FitConfig(width=4, overlap=0, ridge=5.0, iterations=200)
    fitted = fit(features, values, empties, label, np.arange(distinct - 1), distinct, 1, light,
                 prior=prior)
    assert fitted[0, 29] == 1.0
    read = np.arange(29)
    assert np.abs(fitted[0, read] - truth[0, read]).mean() < 0.1 * np.abs(
        prior[0, read] - truth[0, read]).mean()


def test_a_phase_with_no_position_of_its_own_keeps_its_prior() -> None:
    features, values, _, truth, distinct = problem(4000)
    label = truth[0, features].sum(axis=1) + values[:, 0] * truth[0, -1]
    empties = np.full(label.size, 3, dtype=np.int64)  # phase 0's, within phase 1's overlap
    prior = np.zeros((2, distinct))
    overlapping = FitConfig(width=4, overlap=2, ridge=5.0, iterations=200)
    fitted = fit(features, values, empties, label, np.arange(distinct - 1), distinct, 2,
                 overlapping, prior=prior)
    assert np.abs(fitted[0] - truth[0]).mean() < 0.1 and not fitted[1].any()


def test_smoothing_lends_a_phase_with_few_positions_what_its_neighbour_learned() -> None:
    # the same truth in both phases; phase 0 has 4,000 positions, phase 1 only 60
    features, values, _, truth, distinct = problem(4060)
    empties = np.where(np.arange(4060) < 4000, 1, 5)
    label = truth[0, features].sum(axis=1) + values[:, 0] * truth[0, -1]
    slots = np.arange(distinct - 1)
    both = np.vstack([truth, truth])

    def phase_one_error(smooth: float) -> float:
        config = FitConfig(width=4, overlap=0, ridge=5.0, iterations=300, smooth=smooth)
        fitted = fit(features, values, empties, label, slots, distinct, 2, config)
        return float(np.abs(fitted[1] - both[1]).mean())

    apart, smoothed = phase_one_error(0.0), phase_one_error(200.0)
    assert smoothed < 0.3 * apart


def test_without_smoothing_the_phases_fit_apart() -> None:
    # one system for both phases, but without the pull each phase's weights are what a
    # fit of its positions alone gives
    features, values, _, truth, distinct = problem(4000)
    empties = np.where(np.arange(4000) % 2 == 0, 1, 5)
    label = truth[0, features].sum(axis=1) + values[:, 0] * truth[0, -1]
    label[empties == 5] += 3.0  # phase 1's positions say something else
    slots = np.arange(distinct - 1)
    both = fit(features, values, empties, label, slots, distinct, 2, CONFIG)
    alone = fit(features[empties == 5], values[empties == 5], empties[empties == 5],
                label[empties == 5], slots, distinct, 2, CONFIG)
    assert np.allclose(both[1], alone[1], atol=1e-6) and not alone[0].any()
