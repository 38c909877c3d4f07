"""training/probcut.py: the Multi-ProbCut fit on a few positions, and the table it writes."""

from __future__ import annotations

import numpy as np
import pytest

from shared.ai.kernel import probcut_table
from shared.ai.kernel.midgame import PROBCUT_DEPTH
from training import probcut


def test_a_fit_fills_every_phase_and_depth_from_its_positions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(probcut, "MIN_SAMPLES", 3)
    (shift, sigma, slope), report = probcut.fit(6, 16, PROBCUT_DEPTH + 1, seed=3)
    assert shift.shape == sigma.shape == slope.shape == (probcut_table.PHASES,
                                                         PROBCUT_DEPTH + 2)
    assert (sigma[:, PROBCUT_DEPTH:] > 0).all()  # every cell a search may read
    one = probcut_table.SLOPE_ONE
    assert ((slope[:, PROBCUT_DEPTH:] >= one // 2) & (slope[:, PROBCUT_DEPTH:] <= 2 * one)).all()
    assert "6x6: 16 positions" in report
    fitted = [line for line in report.splitlines() if " depth " in line]
    assert fitted  # at least one (phase, depth) cell had enough positions
    again, _ = probcut.fit(6, 16, PROBCUT_DEPTH + 1, seed=3)
    assert all((x == y).all() for x, y in zip(again, (shift, sigma, slope)))  # seeded


def test_unfitted_cells_take_the_nearest_fitted_ones_of_their_parity() -> None:
    shape = probcut_table.SHIFT.shape[1:]
    shift, sigma = np.zeros(shape, dtype=np.int64), np.zeros(shape, dtype=np.int64)
    fitted = np.zeros(shape, dtype=bool)
    shift[3, 6], sigma[3, 6], fitted[3, 6] = 50, 300, True
    shift[3, 9], sigma[3, 9], fitted[3, 9] = 70, 400, True
    probcut._fill([shift, sigma], fitted)
    # the nearest fitted depth of the same parity: odd depths 9's, even ones 6's
    assert (shift[3, 5], shift[3, 7], shift[3, 8], shift[3, 40]) == (70, 70, 50, 50)
    assert (sigma[0, 6], sigma[6, 31]) == (300, 400)  # other phases: phase 3's
    with pytest.raises(SystemExit):
        probcut._fill([shift, sigma], np.zeros(shape, dtype=bool))


def test_the_written_table_reads_back_carried_to_every_depth() -> None:
    array = np.arange(2 * 3 * 11, dtype=np.int64).reshape(2, 3, 11) - 100
    names: dict[str, object] = {"np": np, "deepened": probcut_table.deepened}
    text = probcut.python_array("SHIFT", array, "deepened")
    exec(text, names)
    table = names["SHIFT"]
    assert isinstance(table, np.ndarray)
    assert table.shape == (2, 3, probcut_table.MAX_DEPTH + 1)
    assert (table[..., :11] == array).all()
    # past the fit, each depth reads the deepest fitted one of its parity
    assert (table[..., 40] == array[..., 10]).all() and (table[..., 41] == array[..., 9]).all()
    assert max(len(line) for line in text.splitlines()) <= 100
