"""benchmarks/opening_loss.py: the clock's move judged by a deeper search, recorded in the
results file."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from benchmarks import opening_loss


def test_a_clock_move_that_solves_the_position_loses_nothing_to_a_judge_that_solves_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # 46 random plies leave 14 empties: the clock's search solves them in a second, and a
    # judge of 20 plies reaches the end, so both score every move exactly
    results = tmp_path / "results.jsonl"
    monkeypatch.setattr(sys, "argv", ["opening_loss", "--plies", "46", "--positions", "3",
                                      "--seconds", "1", "--judge", "20", "--workers", "1",
                                      "--record", str(results)])
    opening_loss.main()
    assert "would change 0 of the 3 moves" in capsys.readouterr().out
    line = json.loads(results.read_text().splitlines()[-1])
    assert line["benchmark"] == "opening_loss"
    assert line["positions"] == 3 and line["loss_mean"] == 0 and line["changed"] == 0
    assert line["clock_depth_mean"] >= 14


def test_a_shallow_judge_disagrees_with_the_clock_somewhere() -> None:
    # the same openings' first moves judged by a 1-ply search: the clock's deep choice is
    # not the greedy one everywhere, so the benchmark does see a difference when there is one
    figures = opening_loss.measure(plies=4, positions=6, seconds=0.2, judge=1, workers=1)
    assert figures["changed"] > 0 and figures["loss_mean"] > 0
