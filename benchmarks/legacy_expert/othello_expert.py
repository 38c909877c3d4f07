"""The expert Othello level (5): iterative deepening to a deadline, then exact endgames.

The midgame search is fail-soft negamax alpha-beta with principal-variation
(null-window) searches and a transposition table of score bounds and best moves.
Moves are ordered: the table's move first, then (far from the leaves) fastest-first
(the move that leaves the opponent the fewest replies, corners early), and near the
leaves in the static corners-first order. Leaves are scored by
:func:`expert_eval.expert`. Once few enough empties remain the exact
solver of :mod:`endgame` takes over and scores moves by final disc margin.
"""

from __future__ import annotations

from shared.ai.roots import Value, root_scores

from .clock import Deadline, Timeout
from .endgame import Solver
from .expert_eval import expert
from .othello_search import (
    BitboardSearch,
    Child,
    principal_variation,
    stored_bounds,
    table_cutoff,
)
from .tables import INF, Tables, final_score, ordered

SOLVE_EMPTIES = 12
"""With this many empties or fewer the expert tries the exact solver first."""

MIDGAME_SHARE = 0.2
"""The share of the time spent on a midgame search before an exact solve is tried."""

SORT_DEPTH = 3
"""Nodes with at least this much depth left order their moves fastest-first."""

Scores = dict[int, int]


class ExpertSearch(BitboardSearch):
    """One move's search: tables, deadline, transposition table, statistics."""

    def __init__(self, t: Tables, deadline: Deadline) -> None:
        super().__init__(t, deadline)
        # (own, opp) -> (depth, lower bound, upper bound, best move)
        self.table: dict[tuple[int, int], tuple[int, int, int, int]] = {}
        self.depth_reached = 0

    def root_scores(self, own: int, opp: int) -> Scores:
        """Scores of the root moves from the deepest search finished before the deadline.

        Exact endgame margins when the solver finished, otherwise
        evaluations at ``self.depth_reached`` plies. Moves as good as the best carry
        exact values; the rest carry upper bounds.
        """
        empties = (self.full & ~(own | opp)).bit_count()
        near_end = empties <= SOLVE_EMPTIES
        # near the end, a short midgame search first: the answer if the solve times out
        midgame = Deadline(self.deadline.remaining() * MIDGAME_SHARE) if near_end else self.deadline
        scores, finished = self._deepen(own, opp, midgame, empties)
        if near_end or finished:
            solved = self._solve(own, opp)
            if solved is not None:
                return solved
        return scores

    def _deepen(self, own: int, opp: int, deadline: Deadline, empties: int) -> tuple[Scores, bool]:
        """Iterative deepening until ``deadline`` or one ply short of the end of the game.

        Returns the last complete iteration's scores and whether every depth finished.
        Depth 1 always completes: it visits fewer nodes than the deadline's polling period.
        """
        self.deadline, outer = deadline, self.deadline
        try:
            scores = self._iteration(own, opp, 1, ordered(self.t, self.moves(own, opp)))
            self.depth_reached = 1
            for depth in range(2, empties):
                order = sorted(scores, key=lambda sq: -scores[sq])
                try:
                    scores = self._iteration(own, opp, depth, order)
                except Timeout:
                    return scores, False
                self.depth_reached = depth
        finally:
            self.deadline = outer
        return scores, True

    def _solve(self, own: int, opp: int) -> Scores | None:
        """The exact margins of the root moves, or None if the deadline came first."""
        try:
            scores = Solver(self.t, self.deadline).root_scores(own, opp)
        except Timeout:
            return None
        return scores

    def _iteration(self, own: int, opp: int, depth: int, order: list[int]) -> Scores:
        """One depth of the search from the root, the moves tried in ``order``."""

        def value(sq: int) -> Value:
            flipped = self.flips(own, opp, sq)
            child_own, child_opp = opp ^ flipped, own | flipped | 1 << sq
            return lambda alpha, beta: -self.search(child_own, child_opp, depth - 1, -beta, -alpha)

        return root_scores(((sq, value(sq)) for sq in order), INF)

    def search(self, own: int, opp: int, depth: int, alpha: int, beta: int, mv: int = -1) -> int:
        """The negamax value of the position to ``depth`` plies (a bound outside the window).

        ``mv`` is the side to move's move mask when the caller already has it.
        """
        self.deadline.tick()
        moves = self.moves
        if depth <= 0:
            if mv < 0:
                mv = moves(own, opp)
            opp_mv = moves(opp, own)
            if not mv and not opp_mv:
                return final_score(own, opp)
            return expert(self.t, own, opp, mv, opp_mv)
        key = (own, opp)
        lower, upper, hint = -INF, INF, -1
        entry = self.table.get(key)
        if entry is not None:
            hint = entry[3]
            if entry[0] >= depth:
                lower, upper = entry[1], entry[2]
                cutoff = table_cutoff(lower, upper, alpha, beta)
                if cutoff is not None:
                    return cutoff
                alpha, beta = max(alpha, lower), min(beta, upper)
        if mv < 0:
            mv = moves(own, opp)
        if not mv:
            if not moves(opp, own):
                return final_score(own, opp)
            return -self.search(opp, own, depth, -beta, -alpha)
        children = self._children(own, opp, mv, depth, hint)

        def child_search(child_own: int, child_opp: int, child_mv: int, a: int, b: int) -> int:
            return self.search(child_own, child_opp, depth - 1, a, b, child_mv)

        best, best_sq = principal_variation(children, alpha, beta, child_search, -INF)
        lower, upper = stored_bounds(best, alpha, beta, lower, upper)
        self.table[key] = (depth, lower, upper, best_sq)
        return best

    def _children(self, own: int, opp: int, mv: int, depth: int, hint: int) -> list[Child]:
        """The moves of ``mv`` as children in search order (see ``Child``).

        Far from the leaves they are ordered fastest-first, which hands the child its
        move mask; near the leaves in static order, the table's move first.
        """
        if depth >= SORT_DEPTH:
            return self.fastest_first(own, opp, mv, hint)
        squares = ordered(self.t, mv)
        if hint >= 0:
            squares.remove(hint)
            squares.insert(0, hint)
        flips = self.flips
        children = []
        for sq in squares:
            flipped = flips(own, opp, sq)
            children.append((0, sq, opp ^ flipped, own | flipped | 1 << sq, -1))
        return children


def expert_scores(t: Tables, own: int, opp: int, seconds: float) -> Scores:
    """Level 5: the root moves' scores from the deepest search done within ``seconds``."""
    return ExpertSearch(t, Deadline(seconds)).root_scores(own, opp)
