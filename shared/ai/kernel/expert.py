"""The expert (level 5) on the kernels: iterative deepening to a deadline, exact solves.

:func:`appraise` scores the root moves of an Othello position within a time budget:

1. If the position could be solved exactly in the time (judged from its empties and the
   solver's measured speed, :func:`solve_fits`), it gives a short midgame search a share
   of the time, then tries the exact solve with a node budget of the remaining time; an
   exact result is returned as soon as it is known. If the solve runs out of nodes the
   midgame result stands.
2. Otherwise the midgame search deepens one ply at a time, each iteration given a node
   limit from the time left and the measured speed, and stops when the next iteration
   would not fit. The deepest finished iteration's scores are the answer.

The kernels keep their memory (a 16 MB transposition table) between calls in one
process, cleared for every call so a search does not depend on the ones before it.
One search runs at a time per process (the server runs bots in worker processes).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from shared.ai.kernel.bits import legal_moves, lowest_bit, popcount
from shared.ai.kernel.board import to_kernel
from shared.ai.kernel.evaluate import eval_tables
from shared.ai.kernel.jit import COMPILED
from shared.ai.kernel.midgame import ABORTED, LIMIT, NODES, Memory, search_root
from shared.games.othello import OthelloState

_ONE = np.uint64(1)


@dataclass(frozen=True)
class Appraisal:
    """The root moves' scores, in evaluation units (``evaluate.UNIT`` per disc of final margin)."""

    scores: dict[int, int]
    """Kernel move bit -> score for the side to move. Unless every move was asked for,
    only the moves as good as the best carry exact values; the rest carry upper bounds."""
    exact: bool
    """True when the scores are final margins under perfect play."""
    depth: int
    """Plies searched (the empties when exact)."""


class _Speed:
    """Nodes per second of this process's midgame search, measured as it runs."""

    def __init__(self) -> None:
        self.midgame = 3e6 if COMPILED else 3e3

    def update(self, nodes: int, seconds: float) -> None:
        """Learn from an iteration long enough to time (a few ms or more)."""
        if seconds > 0.005 and nodes > 0:
            self.midgame = 0.5 * self.midgame + 0.5 * nodes / seconds


_speed = _Speed()
_memory: Memory | None = None


def _shared_memory() -> Memory:
    global _memory
    if _memory is None:
        _memory = Memory.allocate()
    return _memory


def move_bits(own: np.uint64, opp: np.uint64, mask: np.uint64) -> list[int]:
    """The side to move's legal moves as kernel bits, lowest first."""
    moves = legal_moves(own, opp, mask)
    bits = []
    while moves:
        bit = lowest_bit(moves)
        bits.append(bit)
        moves ^= _ONE << np.uint64(bit)
    return bits


def appraise(state: OthelloState, seconds: float, every_exact: bool) -> Appraisal:
    """The root moves' scores from the deepest search finished within ``seconds``.

    The side to move must have a legal move. ``every_exact`` asks for every move's own
    value (analysis) rather than only the best moves' (choosing a move; cheaper).
    """
    end = time.perf_counter() + seconds
    own, opp, mask = to_kernel(state)
    t = eval_tables(state.size)
    empties = popcount(mask & ~(own | opp))
    order = np.array(move_bits(own, opp, mask), dtype=np.int64)
    if not order.size:
        raise ValueError("appraise needs a position where the side to move has a move")
    return _deepen(own, opp, t, order, empties, end, every_exact)


def _deepen(
    own: np.uint64, opp: np.uint64, t: np.ndarray, order: np.ndarray, empties: int,
    end: float, every_exact: bool,
) -> Appraisal:
    """Iterative deepening until ``end``, or to the end of the game (exact)."""
    memory = _shared_memory()
    memory.clear(0)
    stats = memory.stats
    result: Appraisal | None = None
    scores = np.zeros(order.size, dtype=np.int64)
    last_nodes = growth = 0.0
    for depth in range(1, empties + 1):
        now = time.perf_counter()
        remaining = end - now
        if result is not None:
            # the next iteration's expected cost, from how the last ones grew
            if last_nodes * growth > remaining * _speed.midgame:
                break
        start_nodes = stats[NODES]
        budget = remaining * _speed.midgame if result is not None else 1e18
        stats[LIMIT] = start_nodes + max(int(budget), 1)
        stats[ABORTED] = 0
        finished = search_root(
            own, opp, depth, order, scores, every_exact, t, memory.tt_keys, memory.tt_data,
            memory.killers, memory.history, memory.move_bits, memory.move_keys, stats,
        )
        nodes = float(stats[NODES] - start_nodes)
        _speed.update(int(nodes), time.perf_counter() - now)
        if not finished:
            break
        growth = min(10.0, max(1.5, nodes / last_nodes)) if last_nodes else 4.0
        last_nodes = nodes
        result = Appraisal(
            {int(bit): int(score) for bit, score in zip(order, scores)},
            exact=depth >= empties, depth=depth,
        )
        ranking = np.argsort(-scores, kind="stable")
        order, scores = order[ranking], scores[ranking]
    assert result is not None  # depth 1 has no node limit
    return result
