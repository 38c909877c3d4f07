"""The pipeline's configurations: the full one, and a tiny one the tests run in seconds."""

from __future__ import annotations

from dataclasses import dataclass

from training.selfplay import SelfPlayConfig


@dataclass(frozen=True)
class SizePlan:
    games: SelfPlayConfig
    shards_per_round: int
    """Shards of this size played per round of generation (the sizes take turns)."""


@dataclass(frozen=True)
class Config:
    seed: int
    selfplay: tuple[SizePlan, ...]


CONFIGS = {
    "full": Config(
        seed=2026,
        selfplay=(
            SizePlan(SelfPlayConfig(size=8, depth=8, exact_empties=18, opening=(4, 16)), 2),
            SizePlan(SelfPlayConfig(size=6, depth=8, exact_empties=18, opening=(2, 10)), 1),
        ),
    ),
    "tiny": Config(
        seed=1,
        selfplay=(
            SizePlan(SelfPlayConfig(size=6, depth=2, exact_empties=10, opening=(2, 4),
                                    games_per_shard=2), 1),
        ),
    ),
}
