"""benchmarks/label_accuracy.py: the bootstrap labels of each search depth against the
exact set's margins, recorded in the results file."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from benchmarks import label_accuracy
from shared.ai.kernel.board import board_mask
from shared.ai.kernel.expert import move_bits
from training.cli import main as training
from training.exact_set import load_set


def test_labels_err_less_the_deeper_their_search_and_not_at_all_past_the_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    exact = tmp_path / "othello6.npz"
    training(["--config", "tiny", "--data", str(tmp_path), "exact-set", "--size", "6",
              "--positions", "1", "--out", str(exact)])  # 6-10 empties
    results = tmp_path / "results.jsonl"
    monkeypatch.setattr(label_accuracy, "set_path", lambda size: exact)
    monkeypatch.setattr(sys, "argv", ["label_accuracy", "--size", "6", "--least", "6",
                                      "--depths", "1", "12", "--record", str(results)])
    label_accuracy.main()
    assert "weights: packaged" in capsys.readouterr().out
    line = json.loads(results.read_text().splitlines()[-1])
    figures = line["size6"]
    own, opp, _, _ = load_set(exact)
    movable = sum(bool(move_bits(o, p, board_mask(6))) for o, p in zip(own, opp))
    assert line["benchmark"] == "label_accuracy" and figures["positions"] == movable
    one_ply, to_the_end = figures["depths"]["1"]["all"], figures["depths"]["12"]["all"]
    # a search reaching the end labels each position with its margin (ProbCut, which the
    # labelling search keeps on, may shade a value by hundredths of a disc)
    assert to_the_end < 0.05 < 1 < one_ply
