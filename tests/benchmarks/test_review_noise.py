"""benchmarks/review_noise.py: the review's estimated losses against exact ones, per
factor of the rule's bar, printed and recorded."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from benchmarks import review_noise
from shared.ai.review_rule import NOISE_FACTOR


def test_figures_for_every_factor_are_printed_and_recorded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "results.jsonl"
    monkeypatch.setattr(sys, "argv", ["review_noise", "--sizes", "6", "--positions", "2",
                                      "--depths", "2", "3", "--record", str(results)])
    review_noise.main()
    out = capsys.readouterr().out
    assert "6x6: 2 positions" in out and "(NOISE_FACTOR)" in out
    line = json.loads(results.read_text())
    assert line["benchmark"] == "review_noise" and line["positions"] == 2
    factors = line["factors"]
    assert str(NOISE_FACTOR) in factors
    caught = {float(f): shares["clear_losses_caught"] for f, shares in factors.items()}
    assert caught[1.0] > caught[2.5]  # the factor sets the bar: a higher one catches fewer
    assert {shares["clear_losses"] for shares in factors.values()} == {
        factors["1.0"]["clear_losses"]}  # the same losses judged at every factor


def test_a_position_is_at_its_empties_with_a_choice_of_moves() -> None:
    rng = random.Random(3)
    found = [review_noise.position(6, rng) for _ in range(4)]
    states = [state for state in found if state is not None]
    assert states
    for state in states:
        assert state.board.count(".") in review_noise.EMPTIES[6]
        assert len(state.legal_moves()) >= 2
