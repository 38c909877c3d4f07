"""The pipeline's configurations: the full one, and a tiny one the tests run in seconds."""

from __future__ import annotations

from dataclasses import dataclass

from training.fit import FitConfig
from training.selfplay import SelfPlayConfig


@dataclass(frozen=True)
class SizePlan:
    games: SelfPlayConfig
    shards_per_round: int
    """Shards of this size played per round of generation (the sizes take turns)."""


@dataclass(frozen=True)
class Config:
    name: str
    seed: int
    selfplay: tuple[SizePlan, ...]
    """The training games."""
    bench: tuple[SizePlan, ...]
    """Held-out games whose positions are solved exactly from more empties: the
    evaluation-accuracy benchmark's positions (seeded apart from the training games)."""
    exact_set: tuple[int, int]
    """The least and most empties of the held-out exact set's positions
    (:mod:`training.exact_set`)."""
    rounds: int
    """Rounds of self-play shards that ``run`` plays before fitting."""
    fit: FitConfig
    iterations: int
    """Fits in a row, each but the first on labels made with the one before."""
    label_depth: int
    """Plies of the searches that make bootstrap labels."""
    label_nodes: int
    """Node limit of one labelling search (past it the position stays unlabelled)."""


CONFIGS = {
    "full": Config(
        name="full",
        seed=2026,
        selfplay=(
            # branches from 15 empties, not 18 (until session 29): the same games, a game
            # 7.8 times cheaper (training/README.md, "Cost")
            SizePlan(SelfPlayConfig(size=8, depth=6, exact_empties=18, opening=(4, 16),
                                    branch_empties=(10, 15)), 2),
            SizePlan(SelfPlayConfig(size=6, depth=8, exact_empties=18, opening=(2, 10),
                                    branch_empties=(10, 18)), 1),
        ),
        bench=(
            SizePlan(SelfPlayConfig(size=8, depth=8, exact_empties=24, opening=(4, 16),
                                    games_per_shard=10), 1),
            SizePlan(SelfPlayConfig(size=6, depth=8, exact_empties=24, opening=(2, 10),
                                    games_per_shard=10), 1),
        ),
        exact_set=(14, 24),
        rounds=100,
        # all phases at once, neighbours pulled together (smooth) rather than each
        # learning from its neighbours' positions (overlap), chosen on 8x8 (training/README.md,
        # "What session 30 did")
        fit=FitConfig(width=4, overlap=0, ridge=15.0, iterations=60, smooth=100.0),
        iterations=3,
        label_depth=6,
        label_nodes=2_000_000,
    ),
    "tiny": Config(
        name="tiny",
        seed=1,
        selfplay=(
            SizePlan(SelfPlayConfig(size=6, depth=2, exact_empties=10, opening=(2, 4),
                                    branch_empties=(6, 8), games_per_shard=2), 1),
        ),
        bench=(
            SizePlan(SelfPlayConfig(size=6, depth=2, exact_empties=12, opening=(2, 4),
                                    games_per_shard=2), 1),
        ),
        exact_set=(6, 10),
        rounds=2,
        fit=FitConfig(width=4, overlap=1, ridge=5.0, iterations=10),
        iterations=2,
        label_depth=2,
        label_nodes=10_000,
    ),
}
