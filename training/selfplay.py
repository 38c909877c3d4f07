"""Self-play games and their positions, written in shards so that generation resumes.

A game starts from a random opening (``opening`` random plies, their number drawn from
the config's range), then each side plays the expert's fixed-depth search's best move,
or with probability ``random_rate`` a random legal move (the positions a search meets
include bad ones, and repeated openings must not give repeated games). From
``exact_empties`` empty squares on, every position is solved exactly and the move played
is a best one (or random, at the same rate): those positions carry their exact final
margin, the ones before are left for bootstrapping (:mod:`training.bootstrap`). Within
``branch_empties`` every move is solved, and the positions the other moves lead to are
kept with their exact margins too.

Every position where the side to move has a move is kept, from that side's point of view,
with the final margin of the game as played (``outcome``: a noisy label, but one every
position has). Shard ``k`` of a board size holds ``games_per_shard`` games, each seeded by
(seed, size, k, game), and is written atomically, so a run that stops loses at most the
shard in progress and a rerun with the same config writes the same files.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from shared.ai.kernel.bits import popcount
from shared.ai.kernel.board import board_mask
from shared.ai.kernel.expert import move_bits
from training.players import Board, DepthSearch, empties, is_over, play, solve, start_board

log = logging.getLogger(__name__)

NO_LABEL = -128
"""``solved`` of a position that was not solved exactly."""


@dataclass(frozen=True)
class SelfPlayConfig:
    """How the games of one board size are played."""

    size: int
    depth: int
    """Plies of the midgame search that chooses the moves."""
    exact_empties: int
    """From this many empty squares on, every position is solved exactly."""
    opening: tuple[int, int]
    """The least and most random plies that open a game."""
    branch_empties: tuple[int, int] = (0, -1)
    """At these numbers of empties (least, most; within ``exact_empties``) every move is
    solved, and the positions after the moves not played are kept too (branches: more
    exact labels for a few times the cost of a solve)."""
    random_rate: float = 0.1
    """The chance that a move after the opening is a random legal one."""
    games_per_shard: int = 50
    solve_node_limit: int = 1 << 34
    """A solve past this many nodes gives up (the position is left unlabelled)."""


def play_game(config: SelfPlayConfig, rng: np.random.Generator, search: DepthSearch) -> dict[
    str, np.ndarray
]:
    """One game's positions as arrays: own, opp, empties, solved (exact margin or NO_LABEL),
    outcome (the game's final margin), side (0 for the first player), all from the side
    to move's point of view, and line (False for a branch: a position one move off the
    game, kept for its exact margin)."""
    mask = board_mask(config.size)
    board: Board = start_board(config.size)
    opening = int(rng.integers(config.opening[0], config.opening[1] + 1))
    # own, opp, empties, solved, side, line
    records: list[tuple[np.uint64, np.uint64, int, int, int, bool]] = []
    side, ply = 0, 0
    while not is_over(board, mask):
        moves = move_bits(board[0], board[1], mask)
        if not moves:
            board, side = (board[1], board[0]), 1 - side
            continue
        n = empties(board, mask)
        branches = config.branch_empties[0] <= n <= config.branch_empties[1]
        scores = None
        if n <= config.exact_empties:
            scores = solve(board, mask, config.solve_node_limit, every_exact=branches)
        solved = max(scores.values()) if scores else NO_LABEL
        if ply < opening or rng.random() < config.random_rate and n > 1:
            bit = int(rng.choice(moves))
        elif scores:
            bit = int(rng.choice(sorted(b for b, s in scores.items() if s == solved)))
        else:
            ranked = search.scores(board, min(config.depth, n))
            best = max(ranked.values())
            bit = int(rng.choice(sorted(b for b, s in ranked.items() if s == best)))
        records.append((board[0], board[1], n, solved, side, True))
        if branches and scores:
            for other, margin in sorted(scores.items()):
                child = play(board, other)
                if other != bit and move_bits(child[0], child[1], mask):
                    records.append((child[0], child[1], n - 1, -margin, 1 - side, False))
        board, side, ply = play(board, bit), 1 - side, ply + 1
    margin_first = popcount(board[0]) - popcount(board[1])  # for the side to move at the end
    if side == 1:
        margin_first = -margin_first
    return {
        "own": np.array([r[0] for r in records], dtype=np.uint64),
        "opp": np.array([r[1] for r in records], dtype=np.uint64),
        "empties": np.array([r[2] for r in records], dtype=np.int8),
        "solved": np.array([r[3] for r in records], dtype=np.int8),
        "outcome": np.array(
            [margin_first if r[4] == 0 else -margin_first for r in records], dtype=np.int8
        ),
        "side": np.array([r[4] for r in records], dtype=np.int8),
        "line": np.array([r[5] for r in records], dtype=bool),
    }


def shard_path(root: Path, size: int, index: int) -> Path:
    """Where shard ``index`` of a board size lives."""
    return root / f"size{size}" / f"games_{index:05d}.npz"


def write_shard(
    config: SelfPlayConfig, seed: int, index: int, root: Path, tables: np.ndarray,
    evaluation: str,
) -> Path:
    """Play shard ``index`` (unless it exists) with the evaluation ``tables`` (named
    ``evaluation`` in the shard) and write it atomically; its path."""
    path = shard_path(root, config.size, index)
    if path.exists():
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    search = DepthSearch(config.size, tables)
    games = []
    start = time.perf_counter()
    for game in range(config.games_per_shard):
        rng = np.random.default_rng([seed, config.size, index, game])
        part = play_game(config, rng, search)
        part["game"] = np.full(part["own"].size, game, dtype=np.int32)
        games.append(part)
    arrays = {key: np.concatenate([g[key] for g in games]) for key in games[0]}
    tmp = path.with_suffix(".tmp.npz")
    arrays["evaluation"] = np.array(evaluation)
    arrays["config"] = np.array(repr(config))
    np.savez_compressed(tmp, **arrays)  # type: ignore[arg-type]
    tmp.replace(path)
    labelled = int((arrays["solved"] != NO_LABEL).sum())
    log.info(
        "size %d shard %d: %d games, %d positions (%d solved) in %.1f s",
        config.size, index, config.games_per_shard, arrays["own"].size, labelled,
        time.perf_counter() - start,
    )
    return path
