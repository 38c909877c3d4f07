"""The expert (level 5) on the kernels: iterative deepening to a deadline, exact solves.

:func:`appraise` scores the root moves of an Othello position within a time budget. It
weighs the typical cost of an exact solve at this many empties (:func:`solve_cost`)
against the nodes the solver can visit in the time (its speed is measured as it runs):

- a solve well within the time (``SOLVE_AT_ONCE``) is done at once;
- a solve that may fit comes after a midgame search given ``MIDGAME_SHARE`` of the time,
  with the rest of the time as its node limit; if it runs out, the midgame answer stands;
- otherwise the midgame search deepens one ply at a time to the deadline, in slices of
  nodes sized from the time left and the measured speed, the clock read between them;
  an iteration that would not fit (guessed from the last ones' growth) is not started.

An exact result is returned as soon as it is known, not at the deadline; so is a midgame
search that reached the end of the game. The midgame kernels keep their memory (a transposition
table sized by the board: 16 MB for 8x8) between calls in one process, cleared for every
call so that a search does not depend on the ones before it; the solver's table (32 MB
for 8x8) keeps only proven bounds, so it carries over. Both are allocated by a board's
first search, so a process that only warms up holds neither. One search runs at a time
per process (a lock makes concurrent threads take turns; the server runs bots in worker
processes).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, replace

import numpy as np

from shared.ai.kernel.bits import legal_moves, popcount
from shared.ai.kernel.board import to_kernel
from shared.ai.kernel.evaluate import UNIT, eval_tables
from shared.ai.kernel.jit import COMPILED
from shared.ai.kernel.midgame import ABORTED, LIMIT, NODES, TABLE_BITS, Memory, search_root
from shared.ai.kernel.solver import solve_root
from shared.games.othello import OthelloState

SOLVE_AT_ONCE = 0.05
"""A position whose solve should take less than this share of the time is solved at
once, with no midgame search first."""

MIDGAME_SHARE = 0.25
"""Otherwise, if the solve may fit, the share of the time a midgame search gets first
(its answer stands if the solve runs out of time)."""

EVERY_EXACT_COST = 3
"""How many times longer solving every move (analysis) takes than finding the best ones."""

SPEED_MARGIN = 0.85
"""Node limits assume the search runs this much slower than measured (a busy machine)."""

SLICE = 0.5
"""The share of the time left that one slice of a midgame iteration may use before the
driver reads the clock again."""

MIN_SLICE_SECONDS = 0.002
"""With less time left than this, an unfinished iteration is given up."""

ITERATION_OPTIMISM = 2.0
"""An iteration is started if its guessed cost is within this factor of the time left."""


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
    nodes: int
    """Positions visited by the searches behind this result (midgame and solver)."""


class _Speed:
    """Nodes per second of this process's midgame search and exact solver, measured as
    they run (a first guess until then)."""

    def __init__(self) -> None:
        self.midgame = 3e6 if COMPILED else 3e3
        self.solver = 5e6 if COMPILED else 5e3

    @staticmethod
    def _learn(old: float, nodes: int, seconds: float) -> float:
        """A running average, fed only by runs long enough to time (a few ms or more)."""
        if seconds > 0.005 and nodes > 0:
            return 0.3 * old + 0.7 * nodes / seconds
        return old

    def update_midgame(self, nodes: int, seconds: float) -> None:
        self.midgame = self._learn(self.midgame, nodes, seconds)

    def update_solver(self, nodes: int, seconds: float) -> None:
        self.solver = self._learn(self.solver, nodes, seconds)


_speed = _Speed()
_memories: dict[int, Memory] = {}
_one_search_at_a_time = threading.Lock()
"""The search memory is one per process and board size: concurrent callers (threads)
take turns."""


def _shared_memory(size: int) -> Memory:
    """This process's midgame memory for a board size, allocated by its first search (a
    process that only warms up allocates none)."""
    if size not in _memories:
        _memories[size] = Memory.allocate(TABLE_BITS[size])
    return _memories[size]


def move_bits(own: np.uint64, opp: np.uint64, mask: np.uint64) -> list[int]:
    """The side to move's legal moves as kernel bits, lowest first."""
    # a Python int: numba returns a uint64 to Python as one, and would read it back as an
    # int64, which overflows once bit 63 (h8) is set
    moves = int(legal_moves(own, opp, mask))
    bits = []
    while moves:
        low = moves & -moves
        bits.append(low.bit_length() - 1)
        moves ^= low
    return bits


def appraise(state: OthelloState, seconds: float, every_exact: bool) -> Appraisal:
    """The root moves' scores from the deepest search finished within ``seconds``.

    The side to move must have a legal move. ``every_exact`` asks for every move's own
    value (analysis) rather than only the best moves' (choosing a move; cheaper).
    """
    with _one_search_at_a_time:
        return _appraise(state, seconds, every_exact)


def _appraise(state: OthelloState, seconds: float, every_exact: bool) -> Appraisal:
    end = time.perf_counter() + seconds
    own, opp, mask = to_kernel(state)
    t = eval_tables(state.size)
    empties = popcount(mask & ~(own | opp))
    order = np.array(move_bits(own, opp, mask), dtype=np.int64)
    if not order.size:
        raise ValueError("appraise needs a position where the side to move has a move")
    cost = solve_cost(empties) * (EVERY_EXACT_COST if every_exact else 1)
    budget = seconds * _speed.solver
    midgame: Appraisal | None = None
    if cost > budget * SOLVE_AT_ONCE:  # a midgame answer first, in case the solve fails
        share = MIDGAME_SHARE if cost <= budget else 1.0
        midgame = _deepen(own, opp, t, order, empties, time.perf_counter() + seconds * share,
                          every_exact, state.size)
        if midgame.exact or cost > budget:
            return midgame
    spent = 0 if midgame is None else midgame.nodes
    solved = _solve(own, opp, mask, midgame, end, every_exact, empties)
    if solved.exact:
        return replace(solved, nodes=spent + solved.nodes)
    if midgame is None:
        midgame = _deepen(own, opp, t, order, empties, end, every_exact, state.size)
    return replace(midgame, nodes=midgame.nodes + solved.nodes)


def solve_cost(empties: int) -> float:
    """The nodes an exact solve of a position with ``empties`` empty squares typically
    takes (median solver nodes on random 8x8 positions: about 1e5 at 14 empties, 2.5
    times more per empty square)."""
    return 1e5 * 2.5 ** (empties - 14)


def _solve(
    own: np.uint64, opp: np.uint64, mask: np.uint64, midgame: Appraisal | None, end: float,
    every_exact: bool, empties: int,
) -> Appraisal:
    """The exact margins of the root moves by the solver's root driver (moves as good as
    the best exact, the others' upper bounds unless ``every_exact``), or, if the time ran
    out first, an inexact appraisal with no scores (only its nodes count). The solve gets
    the nodes the time left allows at the measured speed; a midgame answer, when there is
    one, gives the first guess (its best score) and the order of the moves."""
    start = time.perf_counter()
    limit = max(1, int((end - start) * _speed.solver * SPEED_MARGIN))
    guess, order = 0, None
    if midgame is not None:
        first = midgame.scores
        order = sorted(first, key=lambda bit: -first[bit])
        guess = min(64, max(-64, round(first[order[0]] / UNIT)))
    result = solve_root(own, opp, mask, limit, guess, every_exact, order)
    _speed.update_solver(result.nodes, time.perf_counter() - start)
    if not result.completed:
        return Appraisal({}, exact=False, depth=0, nodes=result.nodes)
    scores = {bit: score * UNIT for bit, score in result.scores.items()}
    return Appraisal(scores, exact=True, depth=empties, nodes=result.nodes)


def _deepen(
    own: np.uint64, opp: np.uint64, t: np.ndarray, order: np.ndarray, empties: int,
    end: float, every_exact: bool, size: int,
) -> Appraisal:
    """Iterative deepening until ``end`` (or to the end of the game: exact).

    An iteration whose cost (guessed from the last iterations' growth) would not fit in
    the time left is not started. Iterations short of the end of the game are selective
    (ProbCut); the one reaching it is not.
    """
    memory = _shared_memory(size)
    memory.clear(0, selective=True)
    stats = memory.stats
    result: Appraisal | None = None
    scores = np.zeros(order.size, dtype=np.int64)
    costs: list[int] = []
    for depth in range(1, empties + 1):
        budget = (end - time.perf_counter()) * _speed.midgame * SPEED_MARGIN
        if result is not None and _next_cost(costs) > budget * ITERATION_OPTIMISM:
            break
        start_nodes = int(stats[NODES])
        if depth == empties:  # to the end of the game: exact, so nothing selective may stay
            memory.clear(0, selective=False)
            stats[NODES] = start_nodes
        # depth 1 always completes: a result to return whatever the time
        finished = _iteration(own, opp, t, order, scores, depth, every_exact, memory,
                              end if result is not None else None)
        costs.append(int(stats[NODES]) - start_nodes)
        if not finished:
            break
        result = Appraisal(
            {int(bit): int(score) for bit, score in zip(order, scores)},
            exact=depth >= empties, depth=depth, nodes=0,
        )
        ranking = np.argsort(-scores, kind="stable")
        order, scores = order[ranking], scores[ranking]
    assert result is not None
    return replace(result, nodes=int(stats[NODES]))


def _iteration(
    own: np.uint64, opp: np.uint64, t: np.ndarray, order: np.ndarray, scores: np.ndarray,
    depth: int, every_exact: bool, memory: Memory, end: float | None,
) -> bool:
    """One depth of the search, in slices of nodes so the clock is read between them.

    Each slice may use ``SLICE`` of the nodes the time left allows at the measured speed;
    a slice that runs out stops in some root move, and the next one searches that move
    again (quickly: the table remembers). False if ``end`` came first.
    """
    stats = memory.stats
    done = 0
    while done < order.size:
        now = time.perf_counter()
        if end is None:
            nodes = 1 << 62
        elif end - now < MIN_SLICE_SECONDS:
            return False
        else:
            nodes = max(1, int((end - now) * _speed.midgame * SPEED_MARGIN * SLICE))
        start_nodes = int(stats[NODES])
        stats[LIMIT] = start_nodes + nodes
        stats[ABORTED] = 0
        done = search_root(
            own, opp, depth, order, scores, done, every_exact, t, memory.table,
            memory.killers, memory.history, memory.move_bits, memory.move_keys, stats,
        )
        _speed.update_midgame(int(stats[NODES]) - start_nodes, time.perf_counter() - now)
    return True


def _next_cost(costs: list[int]) -> float:
    """The nodes the next iteration will likely take, given those of the last ones.

    Even and odd depths grow differently, so the guess is the iteration two before the
    next one times the last two-ply growth.
    """
    if len(costs) < 3:
        return float(costs[-1]) * 8
    growth = costs[-1] / max(1, costs[-3])
    return costs[-2] * min(40.0, max(2.0, growth))


def warm_up_midgame() -> None:
    """Compile (or load from numba's cache) the evaluation and midgame kernels, by a
    two-ply search of the 4x4 start position in a small memory of its own, dropped after:
    a process that only warms up (the server's, the window's) keeps no search table."""
    own, opp, mask = to_kernel(OthelloState.start(4))
    order = np.array(move_bits(own, opp, mask), dtype=np.int64)
    memory = Memory.allocate(4)
    memory.clear(1 << 62)
    search_root(
        own, opp, 2, order, np.zeros(order.size, dtype=np.int64), 0, False,
        eval_tables(4), memory.table, memory.killers, memory.history, memory.move_bits,
        memory.move_keys, memory.stats,
    )
