"""The depth benchmark's machinery (benchmarks/depth.py): its positions, the requests a
commit worker answers for it and for the duel (benchmarks/commit_worker.py), and the
extraction of an old commit's ``training/`` beside its ``shared/``.

The requests run in this process with today's code at small depths (a commit's worker
answers through the same function with its own packages)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from benchmarks.commit_expert import DONE, extract, resolve
from benchmarks.commit_worker import answer
from benchmarks.depth import game_depths, midgame_position
from shared.ai.kernel.board import to_kernel
from shared.ai.kernel.expert import move_bits
from shared.games import PASS
from shared.games.othello import OthelloState

BASE = "de46d98"
"""The commit issue 22 measures against."""


def test_positions_are_22_plies_in_and_the_same_every_run() -> None:
    states = [midgame_position(seed) for seed in range(1, 11)]
    assert [s.board for s in states] == [midgame_position(seed).board for seed in range(1, 11)]
    assert len({s.board for s in states}) == 10
    for state in states:
        assert (state.black | state.white).bit_count() == 4 + 22
        assert state.legal_moves() != [PASS]


def test_a_fixed_depth_request_scores_every_move() -> None:
    state = OthelloState.start(6).play(8)
    own, opp, mask = to_kernel(state)
    done = answer({"own": str(int(own)), "opp": str(int(opp)), "size": 6, "depth": 4})
    assert sorted(int(bit) for bit in done["scores"]) == sorted(move_bits(own, opp, mask))
    assert done["nodes"] > 0 and done["cpu"] >= 0 and done["seconds"] >= 0


def test_an_expert_depth_request_notes_each_iteration_up_to_the_depth() -> None:
    state = midgame_position(1)
    done = answer({"board": state.board, "to_move": state.to_move, "expert_depth": 5})
    plies = [int(row[0]) for row in done["iterations"]]
    assert plies == [1, 2, 3, 4, 5]
    nodes = [row[1] for row in done["iterations"]]
    assert nodes == sorted(nodes) and nodes[0] > 0


def test_an_expert_depth_request_starts_from_an_empty_table() -> None:
    """The expert keeps its table from move to move; the time to depth must not: the same
    request twice in one process visits the same nodes."""
    state = midgame_position(2)
    request = {"board": state.board, "to_move": state.to_move, "expert_depth": 6}
    assert answer(request)["iterations"][-1][1] == answer(request)["iterations"][-1][1]


def test_a_game_measures_each_midgame_move_with_the_tables_kept_and_empty() -> None:
    figures = game_depths(0.02, 1)
    assert figures["games"] == 1 and figures["midgame_moves"] > 10
    for way in ("kept", "empty"):
        assert figures[f"{way}_depth"] >= 1 and figures[f"{way}_nodes"] > 0


def test_an_old_extraction_gets_the_commit_s_training_added(tmp_path: Path) -> None:
    try:
        sha = resolve(BASE)
    except ValueError as err:
        if os.environ.get("CI"):
            pytest.fail(f"CI needs the full git history for this test, but {err}",
                        pytrace=False)
        pytest.skip(str(err))
    root = extract(sha, tmp_path)
    assert (root / "shared" / "ai").is_dir() and (root / "training" / "players.py").is_file()
    shutil.rmtree(root / "training")
    assert (root / DONE).exists()  # as a cache from before training/ was extracted
    assert extract(sha, tmp_path) == root
    assert (root / "training" / "players.py").is_file()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no leftovers
