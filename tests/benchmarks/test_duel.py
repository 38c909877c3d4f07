"""benchmarks/duel.py: two evaluations at a fixed depth, seats swapped."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import duel
from benchmarks.ladder import openings
from shared.ai.kernel.weights import WeightsError


def test_a_pair_swaps_the_seats_and_scores_from_a_s_side() -> None:
    opening = openings(6, 4, 1)[0]
    # the same evaluation on both sides plays the same game twice, A black then white:
    # A's margins are opposite
    first, second = duel.play_pair(6, "hand-written", "hand-written", opening, 2, 8, 0)
    assert first == -second
    # a weights file and the hand-written evaluation play two real games
    margins = duel.play_pair(6, "packaged", "hand-written", opening, 2, 8, 0)
    assert all(-36 <= m <= 36 for m in margins)


def test_a_missing_weights_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(WeightsError):
        duel.evaluation_tables(6, str(tmp_path / "none.npz"))
