"""The exact endgame solver's root driver: the final disc margin under perfect play.

Scores are the side to move's discs minus the other side's when the game ends (empty
squares are not awarded, as in :mod:`shared.games.othello`). The solver is in tiers by
the number of empty squares: this module's root driver (:func:`solve_root`: null-window
tests at the root, each move's margin or bound), the general search with its table
(:mod:`.endgame_search`, more than ``SHALLOW`` empties) and the last few empties
(:mod:`.last_empties`).

A kernel cannot read a clock portably, so a solve gets a node limit: past it the search
unwinds at once and reports that it did not complete. Bounds are stored only from
completed subtrees, so the table stays true across solves and is kept between calls.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple, Sequence

import numpy as np

from shared.ai.kernel import table as tt
from shared.ai.kernel.bits import flips_at, legal_moves
from shared.ai.kernel.endgame_search import order_key, solve_any
from shared.ai.kernel.evaluate import eval_tables
from shared.ai.kernel.last_empties import AGE, INF, LIMIT, NODES, Geo

TABLE_BITS = {4: 12, 6: 17, 8: 20}
"""Per board size, the transposition table (:mod:`.table`) has 2**bits rows of 32 bytes,
two to a bucket: 128 KB for 4x4 (whose whole game has fewer positions), 4 MB for 6x6,
32 MB for 8x8. A process that never solves a board never allocates its table."""

MAX_MOVES = 40
"""More than the moves of any Othello position (at most 33 on 8x8)."""


class RootSolve(NamedTuple):
    """What :func:`solve_root` found.

    ``scores`` maps each legal move's bit to its exact margin, except that unless every
    move was asked for, a move worse than the best carries only an upper bound below the
    best score (what refuting it proved). ``best_bit`` is a best move, -1 when the side
    to move must pass or the game is over (``scores`` is then empty). When the solve did
    not complete, nothing but ``nodes`` means anything.
    """

    completed: bool
    best_bit: int
    score: int
    nodes: int
    scores: dict[int, int]


@dataclass
class Memory:
    """The solver's arrays, allocated once per process and board: the table of bounds
    (kept between solves: it holds only proven bounds), the move lists per number of
    empties, the counters, and the board's squares and quadrants."""

    mask: np.uint64
    geo: Geo = field(init=False)
    t: np.ndarray = field(init=False)
    table: np.ndarray = field(init=False)
    moves: np.ndarray = field(init=False)
    keys: np.ndarray = field(init=False)
    stats: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        mask = int(self.mask)
        size = max(s for s in (4, 6, 8) if mask >> (9 * (s - 1)) & 1)
        half = size // 2
        top = (1 << (8 * half)) - 1
        left = sum(((1 << half) - 1) << (8 * row) for row in range(8))
        quadrants = [rows & cols & mask for rows in (top, ~top) for cols in (left, left << half)]
        self.geo = tuple(np.uint64(q) for q in (mask, *quadrants))  # type: ignore[assignment]
        self.t = eval_tables(size)
        self.table = tt.allocate(TABLE_BITS[size])
        self.moves = np.zeros((65, MAX_MOVES), dtype=np.uint64)
        self.keys = np.zeros((65, MAX_MOVES), dtype=np.int64)
        self.stats = np.zeros(3, dtype=np.int64)

    def start(self, node_limit: int) -> None:
        """Zero the node count and set the limit of the solves that follow (of the age
        :meth:`next_age` set last)."""
        self.stats[NODES] = 0
        self.stats[LIMIT] = node_limit

    def next_age(self) -> None:
        """Mark the bounds stored so far as an earlier search's: the next solves' replace
        them first (:mod:`.table`), and use them while they last."""
        self.stats[AGE] = tt.next_age(int(self.stats[AGE]))

    @property
    def nodes(self) -> int:
        """Nodes visited since :meth:`start`."""
        return int(self.stats[NODES])

    @property
    def aborted(self) -> bool:
        """Whether the node limit was passed: the last solve's result means nothing."""
        return bool(self.stats[NODES] > self.stats[LIMIT])

    def solve(self, own: np.uint64, opp: np.uint64, alpha: int, beta: int) -> int:
        """One kernel call on a position (meaningless once :attr:`aborted`)."""
        n = int(self.mask & ~(own | opp)).bit_count()
        return int(solve_any(own, opp, alpha, beta, n, self.geo, self.t, self.table,
                              self.moves, self.keys, self.stats))

    def children(self, own: np.uint64, opp: np.uint64) -> list[tuple[int, np.uint64, np.uint64]]:
        """(bit, opponent's discs, ours) after each legal move, the likeliest best first."""
        n = int(self.mask & ~(own | opp)).bit_count()
        out = []
        todo = int(legal_moves(own, opp, self.mask))
        while todo:
            bit = (todo & -todo).bit_length() - 1
            todo &= todo - 1
            disc = np.uint64(1 << bit)
            flipped = flips_at(own, opp, disc)
            out.append((bit, opp ^ flipped, own | flipped | disc))
        return sorted(out, key=lambda c: int(order_key(c[1], c[2], n, self.mask, self.t)))


_memories: dict[int, Memory] = {}


def memory_for(mask: np.uint64, node_limit: int) -> Memory:
    """This process's solver memory for a board (one per board size), counters zeroed."""
    if int(mask) not in _memories:
        _memories[int(mask)] = Memory(np.uint64(mask))
    memory = _memories[int(mask)]
    memory.start(node_limit)
    return memory


def next_test(lower: int, upper: int, last: int, step: int) -> int:
    """The score to test next, given the bounds proved so far and the last test: halfway
    once both bounds are known, else ``step`` beyond the known one (the caller doubles
    ``step`` each time), so that a far guess costs a few tests, not one per disc."""
    if lower > -INF and upper < INF:
        return (lower + upper + 1) // 2
    return lower + step if lower >= last else upper + 1 - step


def solve_root(
    own: np.uint64, opp: np.uint64, mask: np.uint64, node_limit: int, guess: int = 0,
    every_exact: bool = False, order: Sequence[int] | None = None,
) -> RootSolve:
    """The exact result of the position and its moves' margins, within ``node_limit`` nodes.

    The one root driver: the expert (level 5 and analysis) and the benchmarks call it. The
    moves are tried in ``order`` (bits; say, the midgame search's ranking), else likeliest
    best first by the solver's own ordering. ``guess`` (say, the midgame search's score)
    is the first score tested: a close guess saves tests.

    Best move (not ``every_exact``): null-window tests at the root, each asking whether
    some move reaches a score ``g``, trying first the move that last did, raise the
    root's lower bound or lower its upper bound until they meet; a refuted move costs
    only the proof that it falls short, and keeps that bound. Then each other move whose
    bound does not fall below the best gets one more test, so that a move as good as the
    best has its exact margin too. ``every_exact`` (analysis) solves each move by
    null-window tests, from ``guess`` and then from the last move's margin.
    """
    memory = memory_for(mask, node_limit)
    children = memory.children(own, opp)
    if not children:
        score = memory.solve(own, opp, -INF, INF)
        return RootSolve(not memory.aborted, -1, score, memory.nodes, {})
    if order is not None:
        rank = {bit: i for i, bit in enumerate(order)}
        children.sort(key=lambda child: rank.get(child[0], len(rank)))
    failed = RootSolve(False, -1, 0, 0, {})
    if every_exact:
        scores: dict[int, int] = {}
        for bit, child_own, child_opp in children:
            scores[bit] = guess = _margin(memory, child_own, child_opp, guess)
            if memory.aborted:
                return failed._replace(nodes=memory.nodes)
        best_bit = max(scores, key=lambda bit: scores[bit])
        return RootSolve(True, best_bit, scores[best_bit], memory.nodes, scores)
    bounds = {bit: INF for bit, _, _ in children}  # each move's upper bound
    lower, upper, best_bit = -INF, INF, -1
    g, step = guess, 1
    while lower < upper:
        g = min(max(g, lower + 1), upper)
        top = -INF  # the best upper bound of the moves that fall short of g
        for i, (bit, child_own, child_opp) in enumerate(children):
            score = -memory.solve(child_own, child_opp, -g, 1 - g)
            if memory.aborted:
                return failed._replace(nodes=memory.nodes)
            if score >= g:
                lower, best_bit = score, bit
                children.insert(0, children.pop(i))
                break
            bounds[bit] = min(bounds[bit], score)
            top = max(top, score)
        else:
            upper = top
        g, step = next_test(lower, upper, g, step), 2 * step
    bounds[best_bit] = lower
    for bit, child_own, child_opp in children:  # no move exceeds the best: is it as good?
        if bit != best_bit and bounds[bit] >= lower:
            score = -memory.solve(child_own, child_opp, -lower, 1 - lower)
            if memory.aborted:
                return failed._replace(nodes=memory.nodes)
            bounds[bit] = lower if score >= lower else score
    return RootSolve(True, best_bit, lower, memory.nodes, bounds)


def _margin(memory: Memory, own: np.uint64, opp: np.uint64, guess: int) -> int:
    """Our exact margin after a move (``own`` is the opponent, to move), by null-window
    tests starting from ``guess`` (meaningless once ``memory.aborted``)."""
    lower, upper, step = -INF, INF, 1
    while lower < upper:
        guess = min(max(guess, lower + 1), upper)
        score = -memory.solve(own, opp, -guess, 1 - guess)
        if memory.aborted:
            return 0
        if score >= guess:
            lower = score
        else:
            upper = score
        guess, step = next_test(lower, upper, guess, step), 2 * step
    return lower
