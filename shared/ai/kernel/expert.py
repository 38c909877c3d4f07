"""The expert (level 5) on the kernels: iterative deepening to a deadline, exact solves.

:func:`appraise` scores the root moves of an Othello position within a time budget. It
weighs the typical cost of an exact solve at this many empties (:func:`solve_cost`)
against the nodes the solver visits in the time at a planned speed (``SOLVE_SPEED``, a
constant: the choice depends on the position and the time alone, never on what the
process searched before; the speeds measured as the searches run size their slices):

- a solve that should fit in the time is tried at once, with no midgame search first
  (no detour when the time is generous); it may use all but ``MIDGAME_SHARE`` of the
  time, and if it is cut, a midgame search has that share;
- otherwise the midgame search deepens one ply at a time until ``USE`` of the time has
  passed, in slices of nodes sized from the time left and the measured speed, the clock
  read between them. An iteration is started whenever time is left; one the deadline
  cuts keeps what it found if it completed the move searched first (the previous
  iteration's best): the best of the moves it completed is the move to play.

Every search runs in slices (the solve too: a cut solve is started again with what its
table proved), so a slower machine than measured overshoots by a fraction of a slice,
not a whole solve. An exact result is returned as soon as it is known, not at the
deadline; so is a midgame search that reached the end of the game.

``slack`` (units of the evaluation) asks for every move within that margin of the best
to carry its own value (level 5's variety chooses among them). The midgame kernels keep
their memory (a transposition table sized by the board: 16 MB for 8x8) between calls in
one process, and so does the solver (32 MB for 8x8): each call is a new age of both
tables (:mod:`.table`), whose rows of the moves before order its moves and, as deep as
they reach, cut, until its own replace them. So a search depends on the ones before it
in the process, except an exact one (the solver's bounds are proven; a midgame iteration
to the end of the game clears its table first). Both are allocated by a board's first
search, so a process that only warms up holds neither.
One search runs at a time per process (a lock makes concurrent threads take turns; the
server runs bots in worker processes).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, replace

import numpy as np

from shared.ai.kernel.bits import legal_moves, popcount
from shared.ai.kernel.board import board_mask, to_kernel
from shared.ai.kernel.evaluate import UNIT, eval_tables
from shared.ai.kernel.jit import COMPILED
from shared.ai.kernel.midgame import ABORTED, LIMIT, NODES, TABLE_BITS, Memory, search_root
from shared.ai.kernel.solver import memory_for, solve_root
from shared.games.othello import OthelloState

USE = 0.95
"""The share of its time a search plans to use: the rest absorbs the last slice's
overshoot on a machine slower than measured. 0.9 before: at 0.5 s a move the midgame
moves took 0.457 s, the longest 1.31 s in a load spike over 200 ladder games; 0.96 took
0.484 s, the longest 0.544 s (4 games, load 9-12)."""

MIDGAME_SHARE = 0.25
"""The share of the time a solve leaves for a midgame search, should the solve be cut."""

EVERY_EXACT_COST = 3
"""How many times longer solving every move (analysis) takes than finding the best ones."""

SOLVE_SPEED = 10e6
"""The solver's nodes a second the choice to solve plans with (measured: 13-16 M nodes/s
of CPU at 14-22 empties on game positions, 9-15 M on FFO #40-#44, less on a loaded
machine's wall clock: on an idle one an average solve planned to fill the time takes
about 0.7 of it). A constant, not the speed this process measured: a measured speed
below a fresh process's first guess (15 M) once made a long-lived process refuse the
solves a fresh one finished (FFO #44 with 30 s: 6.7 s fresh, the whole 27 s warm)."""

SPEED_MARGIN = 0.85
"""Node limits assume the search runs this much slower than measured (a busy machine)."""

SLICE = 0.4
"""The share of the time left that one slice of a search may use before the driver
reads the clock again."""

PROBE = 0.1
"""A solve's first slice may use this share of the time left, not ``SLICE``: it measures
the solver's speed on this position (a first guess, or a speed measured on easier
positions or an idler machine, must not send one long slice past the deadline)."""

MIN_SLICE_SECONDS = 0.002
"""With less time left than this, a search is given up (an unfinished iteration keeps
what it completed)."""


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
        self.solver = 15e6 if COMPILED else 5e3

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


def appraise(
    state: OthelloState, seconds: float, every_exact: bool, slack: int = 0
) -> Appraisal:
    """The root moves' scores from the deepest search done within ``seconds``.

    The side to move must have a legal move. ``every_exact`` asks for every move's own
    value (analysis) rather than only the best moves' and those within ``slack`` of the
    best (choosing a move; cheaper).
    """
    with _one_search_at_a_time:
        return _appraise(state, seconds, every_exact, slack)


def _appraise(state: OthelloState, seconds: float, every_exact: bool, slack: int) -> Appraisal:
    start = time.perf_counter()
    end = start + seconds * USE
    search, order = _search_of(state, every_exact, slack)
    own, opp, empties = search.own, search.opp, search.empties
    mask = board_mask(state.size)
    cost = solve_cost(empties) * (EVERY_EXACT_COST if every_exact else 1)
    if cost > (end - start) * SOLVE_SPEED:  # no solve in sight: all the time to the midgame
        return search.deepen(order, end)
    reserve = (end - start) * MIDGAME_SHARE  # for a midgame answer if the solve is cut
    solved = _solve(own, opp, mask, end - reserve, every_exact, empties)
    if solved.exact:
        return solved
    fallback = search.deepen(order, end)
    return replace(fallback, nodes=solved.nodes + fallback.nodes)


def appraise_to_depth(state: OthelloState, depth: int, every_exact: bool) -> Appraisal:
    """The root moves' scores from the expert's own midgame search deepened to ``depth``
    (>= 1) plies (or to the end of the game, exact), with no clock: what a search reaching
    that depth sees, the same on any machine (benchmarks.review_noise measures the
    review's estimates with it). The side to move must have a legal move."""
    if depth < 1:
        raise ValueError(f"appraise_to_depth needs a depth of at least 1, not {depth}")
    with _one_search_at_a_time:
        search, order = _search_of(state, every_exact, 0)
        return search.deepen(order, None, last_depth=depth)


def _search_of(state: OthelloState, every_exact: bool, slack: int) -> tuple[_Search, np.ndarray]:
    """The midgame search of ``state`` and its root moves (kernel bits); ValueError when the
    side to move has none."""
    own, opp, mask = to_kernel(state)
    order = np.array(move_bits(own, opp, mask), dtype=np.int64)
    if not order.size:
        raise ValueError("the expert needs a position where the side to move has a move")
    empties = popcount(mask & ~(own | opp))
    search = _Search(own, opp, eval_tables(state.size), empties, every_exact, slack, state.size)
    return search, order


def solve_cost(empties: int) -> float:
    """The nodes an exact solve of a position with ``empties`` empty squares takes on
    average: about 6.1e4 at 14 empties, 2.2 times more per empty square. Fitted on game
    positions, which the expert meets (23 each at 14, 16, 18, 20 and 22 empties from
    depth-4 self-play after six random plies, fresh tables, ca19f5f's solver): means
    64.8 K, 284 K, 1.34 M, 6.70 M and 35.8 M nodes, within 7 % of the fit (medians about
    half of that, the costliest up to four times it). The fit before (1e5 at 14, 2.1 a
    square) was 1.06-1.55 times these means, most at few empties; with either the expert
    solves from the same empties at 0.5, 1, 5, 10 and 30 s (at 2 s from 21 instead of
    20). The margin is in ``SOLVE_SPEED``."""
    return 6.1e4 * 2.2 ** (empties - 14)


def _solve(
    own: np.uint64, opp: np.uint64, mask: np.uint64, end: float, every_exact: bool,
    empties: int,
) -> Appraisal:
    """The exact margins of the root moves by the solver's root driver (moves as good as
    the best exact, the others' upper bounds unless ``every_exact``), or, if ``end`` came
    first, an inexact appraisal with no scores (only its nodes count). The solve runs in
    slices of the nodes the time left allows at the measured speed (a ``PROBE`` first);
    a cut slice is started again, quickly through what its table proved. It starts from
    a guess of 0 in its own move order: a midgame search's score and ranking as the first
    guess and order cost more nodes than they saved (10 positions of 18-20 empties: 108 M nodes
    with them, 91 M without)."""
    nodes, share = 0, PROBE
    memory_for(mask, 0).next_age()
    while (left := end - (start := time.perf_counter())) >= MIN_SLICE_SECONDS:
        limit = max(1, int(left * _speed.solver * SPEED_MARGIN * share))
        share = SLICE
        result = solve_root(own, opp, mask, limit, every_exact=every_exact)
        _speed.update_solver(result.nodes, time.perf_counter() - start)
        nodes += result.nodes
        if result.completed:
            scores = {bit: score * UNIT for bit, score in result.scores.items()}
            return Appraisal(scores, exact=True, depth=empties, nodes=nodes)
    return Appraisal({}, exact=False, depth=0, nodes=nodes)


@dataclass(frozen=True, eq=False)
class _Search:
    """One position's midgame search: what every iteration of :meth:`deepen` shares."""

    own: np.uint64
    opp: np.uint64
    t: np.ndarray
    empties: int
    every_exact: bool
    slack: int
    size: int

    def deepen(self, order: np.ndarray, end: float | None,
               last_depth: int | None = None) -> Appraisal:
        """Iterative deepening until ``end`` (None: no clock) or ``last_depth`` (or to the
        end of the game: exact), the root moves in ``order`` (ranked again by each
        finished iteration).

        The first iteration always finishes; each later one is started if time is left.
        One that ``end`` cuts counts if it completed its first move (the last best) and
        only the best moves were asked for: the moves it completed keep their new scores
        and the others rank below them (:func:`_cut_short`). Iterations short of the end
        of the game are selective (ProbCut); the one reaching it is not.
        """
        memory = _shared_memory(self.size)
        memory.renew(0, selective=True)
        stats = memory.stats
        result: Appraisal | None = None
        scores = np.zeros(order.size, dtype=np.int64)
        deepest = self.empties if last_depth is None else min(last_depth, self.empties)
        for depth in range(1, deepest + 1):
            if depth == self.empties:  # to the end of the game: exact, nothing selective
                nodes = int(stats[NODES])
                memory.clear(0, selective=False)
                stats[NODES] = nodes
            # depth 1 always completes: a result to return whatever the time
            limit = None if result is None else end
            done = self._iteration(order, scores, depth, memory, limit)
            if done == order.size:
                result = Appraisal({int(bit): int(score) for bit, score in zip(order, scores)},
                                   exact=depth >= self.empties, depth=depth, nodes=0)
                ranking = np.argsort(-scores, kind="stable")
                order, scores = order[ranking], scores[ranking]
                continue
            if done and not self.every_exact:
                result = _cut_short(order, scores, done, self.slack, depth)
            break
        assert result is not None
        return replace(result, nodes=int(stats[NODES]))

    def _iteration(
        self, order: np.ndarray, scores: np.ndarray, depth: int, memory: Memory,
        end: float | None,
    ) -> int:
        """One depth of the search, in slices of nodes so the clock is read between them;
        how many moves (in ``order``) it scored before ``end`` (all of them without one).

        Each slice may use ``SLICE`` of the nodes the time left allows at the measured
        speed; a slice that runs out stops in some root move, and the next one searches
        that move again (quickly: the table remembers).
        """
        stats = memory.stats
        done = 0
        while done < order.size:
            now = time.perf_counter()
            if end is None:
                nodes = 1 << 62
            elif end - now < MIN_SLICE_SECONDS:
                return done
            else:
                nodes = max(1, int((end - now) * _speed.midgame * SPEED_MARGIN * SLICE))
            start_nodes = int(stats[NODES])
            stats[LIMIT] = start_nodes + nodes
            stats[ABORTED] = 0
            done = search_root(
                self.own, self.opp, depth, order, scores, done, self.every_exact, self.slack,
                self.t, memory.table, memory.killers, memory.history, memory.move_bits,
                memory.move_keys, stats,
            )
            _speed.update_midgame(int(stats[NODES]) - start_nodes, time.perf_counter() - now)
        return done


def _cut_short(
    order: np.ndarray, scores: np.ndarray, done: int, slack: int, depth: int
) -> Appraisal:
    """The appraisal of an iteration cut after its first ``done`` moves (>= 1; the first
    is the last iteration's best): those keep their new scores (the best exact, the rest
    exact or bounded as :func:`search_root` says); the others, searched only to the depth
    before, rank below the new best less ``slack`` (their old scores, capped there), since
    the last iteration ranked them below the move searched first."""
    bar = int(scores[:done].max()) - slack
    new = {int(bit): int(score) for bit, score in zip(order[:done], scores[:done])}
    old = {int(bit): min(int(score), bar - 1) for bit, score in zip(order[done:], scores[done:])}
    return Appraisal(new | old, exact=False, depth=depth, nodes=0)


def warm_up_midgame() -> None:
    """Compile (or load from numba's cache) the evaluation and midgame kernels, by a
    two-ply search of the 4x4 start position in a small memory of its own, dropped after:
    a process that only warms up (the server's, the window's) keeps no search table."""
    own, opp, mask = to_kernel(OthelloState.start(4))
    order = np.array(move_bits(own, opp, mask), dtype=np.int64)
    memory = Memory.allocate(4)
    memory.clear(1 << 62)
    search_root(
        own, opp, 2, order, np.zeros(order.size, dtype=np.int64), 0, False, 0,
        eval_tables(4), memory.table, memory.killers, memory.history, memory.move_bits,
        memory.move_keys, memory.stats,
    )
