"""Self-play shards as training data: positions, their features and their labels.

A position's features are the entries of a phase's block of weights it reads (one per
pattern instance, then the moves and parity tables: :func:`shared.ai.kernel.patterns.features`)
and the values of the hand-written terms (:func:`shared.ai.kernel.handwritten.terms`),
the code the evaluation runs, so training and playing cannot disagree about them.

Labels, in discs for the side to move: the exact margin where the position was solved;
elsewhere a bootstrap label (:mod:`training.bootstrap`) when one has been made, else the
exact margin of the first solved position of its game (what the game was worth once
its outcome was certain, seen from this side).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from shared.ai.kernel.handwritten import TERMS, mask_tables
from shared.ai.kernel.patterns import features_of_positions, instance_range
from training.selfplay import NO_LABEL

HELD_OUT = 10
"""One game in this many (by a hash of shard and game) is held out of every fit."""


@dataclass
class Positions:
    """Positions of one board size from many shards, side to move's point of view."""

    own: np.ndarray
    opp: np.ndarray
    empties: np.ndarray
    label: np.ndarray
    """Discs (float32): exact, bootstrapped or the game's value (see the module)."""
    exact: np.ndarray
    """Whether ``label`` is an exact solve."""
    game: np.ndarray
    """A number unique to the position's game across shards."""

    def subset(self, keep: np.ndarray) -> Positions:
        return Positions(*(getattr(self, f)[keep] for f in self.__dataclass_fields__))

    @property
    def held_out(self) -> np.ndarray:
        """Which positions belong to held-out games."""
        return held_out_games(self.game)


def held_out_games(game: np.ndarray) -> np.ndarray:
    """Which of these game numbers (shard << 20 | game) every fit holds out."""
    mixed = (game.astype(np.uint64) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(40)
    held: np.ndarray = mixed % np.uint64(HELD_OUT) == 0
    return held


def shard_files(root: Path, size: int) -> list[Path]:
    """The finished shards of a board size, in order."""
    return sorted((root / f"size{size}").glob("games_?????.npz"))


def game_values(
    solved: np.ndarray, side: np.ndarray, game: np.ndarray, line: np.ndarray
) -> np.ndarray:
    """Per position, the first exact margin on its game's line seen from the position's
    side (NaN for a game never solved)."""
    values = np.full(solved.size, np.nan, dtype=np.float32)
    labelled = (solved != NO_LABEL) & line
    starts = np.flatnonzero(np.r_[True, game[1:] != game[:-1]])
    ends = np.r_[starts[1:], game.size]
    for start, end in zip(starts, ends):
        first = np.flatnonzero(labelled[start:end])
        if first.size:
            i = start + first[0]
            sign = np.where(side[start:end] == side[i], 1.0, -1.0)
            values[start:end] = sign * solved[i]
    return values


def load(
    root: Path, size: int, labels: Sequence[Path] = (), use_game_values: bool = True
) -> Positions:
    """Every position of the shards under ``root`` (bootstrap labels from ``labels``,
    directories of files named like the shards, where present: a position takes the first
    directory's label that it has, so a deeper pass over some empties can stand before a
    shallower pass over all); without ``use_game_values``, only the positions with an exact
    or a bootstrap label (none labelled by its game's value)."""
    parts = []
    for number, path in enumerate(shard_files(root, size)):
        with np.load(path) as data:
            shard = {key: data[key] for key in data.files}
        solved = shard["solved"].astype(np.int64)
        game = shard["game"].astype(np.int64) + (int(path.stem.split("_")[1]) << 20)
        line = shard.get("line", np.ones(solved.size, dtype=bool))  # none in older shards
        exact = solved != NO_LABEL
        label = game_values(solved, shard["side"], game, line)
        if not use_game_values:
            label[~exact] = np.nan
        label[exact] = solved[exact]
        unlabelled = ~exact
        for directory in labels:
            boot = directory / f"size{size}" / path.name
            if boot.exists():
                with np.load(boot) as data:
                    found = data["label"]
                use = unlabelled & ~np.isnan(found)
                label[use] = found[use]
                unlabelled &= ~use
        parts.append((shard["own"], shard["opp"], shard["empties"], label, exact, game))
    if not parts:
        raise FileNotFoundError(f"no shards of size {size} under {root}")
    columns = [np.concatenate(column) for column in zip(*parts)]
    positions = Positions(*columns)
    return positions.subset(~np.isnan(positions.label))


def feature_matrix(positions: Positions, size: int, width: int) -> tuple[np.ndarray, np.ndarray]:
    """Per position, the entries of its phase's block it reads (int32), and the values of
    the hand-written terms (float32), whose weights are the block's last entries."""
    first, end = instance_range(size)
    out = np.zeros((positions.own.size, end - first + 3), dtype=np.int64)
    values = np.zeros((positions.own.size, TERMS), dtype=np.int64)
    features_of_positions(positions.own, positions.opp, mask_tables(size), size, width, out,
                          values)
    return out.astype(np.int32), values.astype(np.float32)
