"""The moves of self-play: the kernel's searches to fixed depths and node limits.

Self-play must be reproducible from its seed, so nothing here reads a clock: the midgame
search goes to a fixed depth (selective, as the expert's) with its memory cleared for
every move, and the exact solver gets a node limit. Both are the expert's own kernels,
with whatever evaluation tables the caller passes (the hand-written evaluation before the
first fit, the last fit after).
"""

from __future__ import annotations

import numpy as np

from shared.ai.kernel.bits import ONE, flips_at, legal_moves, popcount
from shared.ai.kernel.board import to_kernel
from shared.ai.kernel.expert import move_bits
from shared.ai.kernel.midgame import LIMIT, NODES, TABLE_BITS, Memory, search_root
from shared.ai.kernel.solver import solve_root
from shared.games.othello import OthelloState

Board = tuple[np.uint64, np.uint64]
"""(own, opp): the side to move's discs and the other side's, as kernel bits."""


def start_board(size: int) -> Board:
    """The start position of a ``size`` board (the first player to move)."""
    own, opp, _ = to_kernel(OthelloState.start(size))
    return own, opp


def play(board: Board, bit: int) -> Board:
    """The position after the side to move plays ``bit`` (legal), seen by the next side."""
    own, opp = board
    disc = ONE << np.uint64(bit)
    flipped = flips_at(own, opp, disc)
    return opp ^ flipped, own | flipped | disc


def empties(board: Board, mask: np.uint64) -> int:
    """The empty squares of the position."""
    return popcount(mask & ~(board[0] | board[1]))


def is_over(board: Board, mask: np.uint64) -> bool:
    """Neither side has a move."""
    own, opp = board
    return not legal_moves(own, opp, mask) and not legal_moves(opp, own, mask)


class DepthSearch:
    """The expert's midgame search to a fixed depth, deepened one ply at a time (each
    iteration orders the next), its memory cleared for every position. ``selective``
    (ProbCut, as the expert searches) is off for a duel of evaluations alone: ProbCut's
    table is fitted on the packaged evaluation, and its cuts shorten a nominal depth."""

    def __init__(self, size: int, tables: np.ndarray, node_limit: int = 1 << 40,
                 selective: bool = True) -> None:
        self.tables = tables
        self.node_limit = node_limit
        self.selective = selective
        self.memory = Memory.allocate(TABLE_BITS[size])
        self.mask = tables[0]

    def scores(self, board: Board, depth: int) -> dict[int, int]:
        """Each legal move's score (evaluation units) at ``depth``: exact for the moves as
        good as the best, upper bounds for the others. The side to move must have a move."""
        own, opp = board
        order = np.array(move_bits(own, opp, self.mask), dtype=np.int64)
        scores = np.zeros(order.size, dtype=np.int64)
        memory = self.memory
        memory.clear(self.node_limit, selective=self.selective)
        for d in range(1, depth + 1):
            memory.stats[LIMIT] = int(memory.stats[NODES]) + self.node_limit
            done = search_root(
                own, opp, d, order, scores, 0, False, 0, self.tables, memory.table,
                memory.killers, memory.history, memory.move_bits, memory.move_keys,
                memory.stats,
            )
            if done < order.size:  # past the node limit: keep the last full iteration
                break
            ranking = np.argsort(-scores, kind="stable")
            order, scores = order[ranking], scores[ranking]
        return {int(bit): int(score) for bit, score in zip(order, scores)}


def solve(
    board: Board, mask: np.uint64, node_limit: int, every_exact: bool = False
) -> dict[int, int] | None:
    """The exact margins of the moves as good as the best (upper bounds for the others,
    unless ``every_exact``), or None when the solve passes ``node_limit`` nodes. The side
    to move must have a move."""
    result = solve_root(board[0], board[1], mask, node_limit, every_exact=every_exact)
    return dict(result.scores) if result.completed else None
