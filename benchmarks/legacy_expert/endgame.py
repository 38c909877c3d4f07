"""The exact Othello endgame solver: the final disc margin under perfect play.

Scores are ``own`` discs minus ``opp`` discs at the end of the game (empty squares
are not awarded, as in :mod:`shared.games.othello`). The search is fail-soft negamax
with principal-variation (null-window) searches and these speed-ups (the whole is
measured against a plain negamax by ``benchmarks/search.py``):

- the root's best moves are all scored exactly (:mod:`shared.ai.roots`);
- with more than ``SMALL`` empties, moves are tried fastest-first (the reply that
  leaves the opponent the fewest moves), with a transposition table of score bounds
  that is also probed for the children before searching any (a child already known
  to be bad enough for the opponent cuts off at once);
- with ``SMALL`` or fewer, move generation is replaced by trying each empty square's
  flips directly, corners first and the quadrants with an odd number of empties
  before the others (parity: whoever moves first in an odd region tends to get its
  last move too);
- the last two empty squares are played out without loops, the last one without
  recursion.
"""

from __future__ import annotations

from shared.ai.roots import Value, root_scores

from .clock import Deadline
from .expert_eval import frontier
from .othello_search import (
    BitboardSearch,
    principal_variation,
    stored_bounds,
    table_cutoff,
)
from .tables import Tables, ordered

SMALL = 7
"""At or below this many empties the solver loops over empty squares, not move masks."""

Scores = dict[int, int]


class Solver(BitboardSearch):
    """One solve: the board tables, a deadline and a transposition table of bounds."""

    def __init__(self, t: Tables, deadline: Deadline) -> None:
        super().__init__(t, deadline)
        self.table: dict[tuple[int, int], tuple[int, int, int]] = {}
        # the static order of squares for the small-empties search
        self.order = ordered(t, t.geometry.full)
        # near[sq]: the squares around sq; a move there flips nothing unless one is the opponent's
        self.near = [frontier(t, t.geometry.full, 1 << sq) for sq in range(t.geometry.squares)]
        half = t.geometry.size // 2
        self.quadrant = [
            1 << (2 * (row >= half) + (col >= half))
            for row, col in (divmod(sq, t.geometry.size) for sq in range(t.geometry.squares))
        ]

    def root_scores(self, own: int, opp: int) -> Scores:
        """The exact margin of every move as good as the best; upper bounds for the rest."""

        def value(child_own: int, child_opp: int, child_mv: int) -> Value:
            return lambda alpha, beta: -self.solve(child_own, child_opp, -beta, -alpha, child_mv)

        children = self.fastest_first(own, opp, self.moves(own, opp), -1)
        return root_scores(((c[1], value(*c[2:])) for c in children), 65)

    def solve(self, own: int, opp: int, alpha: int, beta: int, mv: int = -1) -> int:
        """The exact margin if it lies inside (alpha, beta), else a bound on that side.

        ``mv`` is the side to move's move mask when the caller already has it.
        """
        self.deadline.tick()
        empty = self.full & ~(own | opp)
        n = empty.bit_count()
        if n <= SMALL:
            empties = [sq for sq in self.order if empty >> sq & 1]
            parity = 0
            for sq in empties:
                parity ^= self.quadrant[sq]
            return self._solve_small(own, opp, alpha, beta, empties, parity)
        key = (own, opp)
        lower, upper, hint = -65, 65, -1
        table = self.table
        if key in table:
            lower, upper, hint = table[key]
            cutoff = table_cutoff(lower, upper, alpha, beta)
            if cutoff is not None:
                return cutoff
            alpha, beta = max(alpha, lower), min(beta, upper)
        if mv < 0:
            mv = self.moves(own, opp)
        if not mv:
            if not self.moves(opp, own):
                return own.bit_count() - opp.bit_count()
            return -self.solve(opp, own, -beta, -alpha)
        children = self.fastest_first(own, opp, mv, hint)
        for child in children:
            entry = table.get((child[2], child[3]))
            if entry is not None and -entry[1] >= beta:
                table[key] = (max(lower, -entry[1]), upper, child[1])
                return -entry[1]
        best, best_sq = principal_variation(children, alpha, beta, self.solve_child, -65)
        lower, upper = stored_bounds(best, alpha, beta, lower, upper)
        table[key] = (lower, upper, best_sq)
        return best

    def solve_child(self, own: int, opp: int, mv: int, alpha: int, beta: int) -> int:
        """:meth:`solve` with the arguments in the order of :data:`ChildSearch`."""
        return self.solve(own, opp, alpha, beta, mv)

    def _solve_small(
        self, own: int, opp: int, alpha: int, beta: int, empties: list[int], parity: int
    ) -> int:
        """The solve for a few empties: try each empty square's flips, odd regions first.

        ``parity`` has the bit of each quadrant holding an odd number of empties: moving
        there first tends to leave the opponent the worse of the region's last moves.
        """
        if len(empties) == 2:
            return self._last2(own, opp, alpha, beta, empties[0], empties[1])
        flips, near, quadrant = self.flips, self.near, self.quadrant
        tick = self.deadline.tick
        best = floor = -65
        if alpha > floor:
            floor = alpha
        for odd in (parity, ~parity):  # the squares of odd quadrants, then the others
            for i, sq in enumerate(empties):
                region = quadrant[sq]
                if not region & odd or not opp & near[sq]:
                    continue
                flipped = flips(own, opp, sq)
                if not flipped:
                    continue
                tick()
                rest = empties.copy()
                del rest[i]
                score = -self._solve_small(
                    opp ^ flipped, own | flipped | 1 << sq, -beta, -floor, rest, parity ^ region
                )
                if score > best:
                    best = score
                    if best >= beta:
                        return best
                    if best > floor:
                        floor = best
        if best > -65:
            return best
        # no move: pass if the opponent has one, otherwise the game is over
        if any(own & near[sq] and flips(opp, own, sq) for sq in empties):
            return -self._solve_small(opp, own, -beta, -alpha, empties, parity)
        return own.bit_count() - opp.bit_count()

    def _last2(self, own: int, opp: int, alpha: int, beta: int, a: int, b: int) -> int:
        """The final margin with two empty squares, ``a`` and ``b``."""
        flips, near = self.flips, self.near
        best = -65
        if opp & near[a]:
            flipped = flips(own, opp, a)
            if flipped:
                best = -self._last(opp ^ flipped, own | flipped | 1 << a, b)
                if best >= beta:
                    return best
        if opp & near[b]:
            flipped = flips(own, opp, b)
            if flipped:
                score = -self._last(opp ^ flipped, own | flipped | 1 << b, a)
                if score > best:
                    best = score
        if best > -65:
            return best
        # no move: pass if the opponent has one, otherwise the game is over
        if own & near[a] and flips(opp, own, a) or own & near[b] and flips(opp, own, b):
            return -self._last2(opp, own, -beta, -alpha, a, b)
        return own.bit_count() - opp.bit_count()

    def _last(self, own: int, opp: int, sq: int) -> int:
        """The final margin with one empty square: whoever can play there does."""
        mine, theirs = own.bit_count(), opp.bit_count()
        flipped = self.flips(own, opp, sq).bit_count()
        if flipped:
            return mine - theirs + 2 * flipped + 1
        flipped = self.flips(opp, own, sq).bit_count()
        if flipped:
            return mine - theirs - 2 * flipped - 1
        return mine - theirs
