"""training/exact_set.py: the held-out exact set is solved exactly, seeded apart from the
training games, and the same command makes the same file."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from shared.ai.kernel.bits import popcount
from shared.ai.kernel.board import board_mask
from training.cli import main
from training.exact_set import load_set
from training.players import solve


def test_the_set_holds_exact_margins_at_its_empties_and_is_remade_bit_for_bit(
    tmp_path: Path,
) -> None:
    out = tmp_path / "set.npz"
    main(["--config", "tiny", "--data", str(tmp_path / "data"), "exact-set", "--size", "6",
          "--positions", "10", "--out", str(out)])
    own, opp, empties, margin = load_set(out)
    assert own.size >= 40  # one part of 50 games (the few that end before their draw aside)
    mask = board_mask(6)
    assert all(popcount(mask & ~(o | p)) == e for o, p, e in zip(own, opp, empties))
    assert empties.min() >= 6 and empties.max() <= 10 and np.unique(empties).size > 2
    for o, p, m in list(zip(own, opp, margin))[:10]:
        scores = solve((o, p), mask, 1 << 30)
        assert scores is not None and max(scores.values()) == m
    with np.load(out) as data:
        assert json.loads(str(data["provenance"]))["positions"] == own.size
    again = tmp_path / "again.npz"
    main(["--config", "tiny", "--data", str(tmp_path / "other"), "exact-set", "--size", "6",
          "--positions", "10", "--jobs", "2", "--out", str(again)])
    assert all(np.array_equal(a, b) for a, b in zip(load_set(out), load_set(again)))


def test_its_positions_are_not_the_training_games(tmp_path: Path) -> None:
    data = tmp_path / "data"
    main(["--config", "tiny", "--data", str(data), "generate", "--rounds", "2"])
    main(["--config", "tiny", "--data", str(data), "exact-set", "--size", "6", "--positions", "1",
          "--out", str(tmp_path / "set.npz")])
    own, opp, _, _ = load_set(tmp_path / "set.npz")
    trained: set[tuple[int, int]] = set()
    for shard in (data / "selfplay" / "size6").glob("*.npz"):
        with np.load(shard) as games:
            trained.update(zip(games["own"].tolist(), games["opp"].tolist()))
    held = set(zip(own.tolist(), opp.tolist()))
    assert held and not held & trained
