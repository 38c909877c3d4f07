"""benchmarks/duel.py: two evaluations at a fixed depth, seats swapped."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from benchmarks import duel
from benchmarks.ladder import openings
from shared.ai.kernel.board import board_mask, to_kernel
from shared.ai.kernel.expert import move_bits
from shared.ai.kernel.midgame import NODES
from shared.ai.kernel.weights import WeightsError
from shared.games.othello import OthelloState
from training.players import DepthSearch


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


def test_record_appends_the_duels_figures_to_the_results_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    results = tmp_path / "results.jsonl"
    monkeypatch.setattr(sys, "argv", [
        "duel", "packaged", "hand-written", "--size", "6", "--depth", "1", "--games", "2",
        "--exact", "8", "--workers", "1", "--record", str(results)])
    duel.main()
    line, = (json.loads(text) for text in results.read_text().splitlines())
    assert line["benchmark"] == "duel" and line["command"].startswith("python -m benchmarks.duel")
    assert (line["a"], line["b"], line["size"], line["depth"], line["games"]) == (
        "packaged", "hand-written", 6, 1, 2)
    assert line["a_share"] in (0.0, 0.25, 0.5, 0.75, 1.0)
    assert -36 <= line["mean_margin"] <= 36 and line["a_share_stderr"] >= 0


def test_full_width_searches_without_probcut() -> None:
    """--full-width compares weights alone: no ProbCut cut, so the same depth costs more
    nodes than the expert's selective search, and both come to a score for every move."""
    state = OthelloState.start(8)
    for move in openings(8, 10, 1)[0]:
        state = state.play(move)
    own, opp, _ = to_kernel(state)
    nodes = {}
    for selective in (True, False):
        search = duel.searcher(8, "packaged", selective)
        assert isinstance(search, DepthSearch)
        scores = search.scores((own, opp), 8)
        assert sorted(scores) == sorted(move_bits(own, opp, board_mask(8)))
        nodes[selective] = int(search.memory.stats[NODES])
    assert nodes[False] > nodes[True]


def test_full_width_refuses_a_commits_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["duel", "packaged", "commit:de46d98", "--full-width"])
    with pytest.raises(SystemExit):
        duel.main()
