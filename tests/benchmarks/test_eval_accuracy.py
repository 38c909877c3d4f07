"""benchmarks/eval_accuracy.py: the static error on the exact set, for weights named
by file, ``packaged`` or ``commit:REV``, recorded in the results file."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

from benchmarks import eval_accuracy
from shared.ai.kernel.weights import packaged_weights
from training.cli import main as training
from training.exact_set import load_set


def test_a_commit_s_weights_are_read_from_git_and_a_wrong_name_is_refused() -> None:
    packaged = packaged_weights(6)
    assert packaged is not None
    at_head = eval_accuracy.named_weights(6, "commit:HEAD")
    assert np.array_equal(at_head.table, packaged.table)
    with pytest.raises(SystemExit, match="no 6x6 weights at nosuchrev"):
        eval_accuracy.named_weights(6, "commit:nosuchrev")


def test_the_exact_set_s_errors_are_printed_and_recorded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    exact = tmp_path / "othello6.npz"
    training(["--config", "tiny", "--data", str(tmp_path), "exact-set", "--size", "6",
              "--positions", "1", "--out", str(exact)])
    results = tmp_path / "results.jsonl"
    # no --sizes: the sizes that have a set (here 6x6 only)
    monkeypatch.setattr(eval_accuracy, "set_path",
                        lambda size: exact if size == 6 else tmp_path / "no.npz")
    monkeypatch.setattr(sys, "argv", ["eval_accuracy", "--weights6", "commit:HEAD",
                                      "--record", str(results)])
    eval_accuracy.main()
    printed = capsys.readouterr().out
    assert "weights: commit:HEAD" in printed and "ratio" in printed
    line = json.loads(results.read_text().splitlines()[-1])
    figures = line["size6"]
    assert line["benchmark"] == "eval_accuracy" and figures["weights"] == "commit:HEAD"
    assert "size8" not in line
    own, _, empties, margin = load_set(exact)
    assert figures["positions"] == own.size
    # the hand-written evaluation is rescaled by least squares, so it errs less than a
    # constant guess of the mean margin would, by absolute error give or take
    assert 0 < figures["hand_written"] <= np.abs(margin - margin.mean()).mean() * 1.2
    assert figures["ratio"] == pytest.approx(figures["learned"] / figures["hand_written"], abs=2e-3)
