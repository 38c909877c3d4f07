"""The exact Othello endgame solver: the final disc margin under perfect play.

Scores are ``own`` discs minus ``opp`` discs at the end of the game (empty squares
are not awarded, as in :mod:`shared.games.othello`). The search is fail-soft negamax
with principal-variation (null-window) searches and these speed-ups (the whole is
measured against a plain negamax by ``benchmarks/search.py``):

- the root's best moves are all scored exactly (:mod:`shared.ai.roots`);
- with many empties, moves are tried fastest-first (the reply that leaves the
  opponent the fewest moves), with a transposition table of score bounds;
- with few empties (``SMALL`` or fewer), move generation is replaced by trying each
  empty square's flips directly, in a fixed corners-first order;
- the last empty square is scored without recursion.
"""

from __future__ import annotations

from shared.ai.clock import Deadline
from shared.ai.othello_eval import Tables, frontier
from shared.ai.roots import Value, root_scores
from shared.games.othello import squares_of

SMALL = 7
"""At or below this many empties the solver loops over empty squares, not move masks."""

TABLE_EMPTIES = 8
"""At or above this many empties positions go into the transposition table."""

Scores = dict[int, int]


class Solver:
    """One solve: the board tables, a deadline and a transposition table of bounds."""

    def __init__(self, t: Tables, deadline: Deadline) -> None:
        self.t = t
        self.full = t.geometry.full
        self.moves = t.geometry.moves
        self.flips = t.geometry.flips
        self.deadline = deadline
        self.table: dict[tuple[int, int], tuple[int, int, int]] = {}
        # the static order of squares for the small-empties search
        self.order: list[int] = []
        for mask in t.move_classes:
            self.order += squares_of(mask)
        # near[sq]: the squares around sq; a move there flips nothing unless one is the opponent's
        self.near = [frontier(t, t.geometry.full, 1 << sq) for sq in range(t.geometry.squares)]

    def root_scores(self, own: int, opp: int) -> Scores:
        """The exact margin of every move as good as the best; upper bounds for the rest."""

        def value(child_own: int, child_opp: int, child_mv: int) -> Value:
            return lambda alpha, beta: -self.solve(child_own, child_opp, -beta, -alpha, child_mv)

        children = self._children(own, opp, self.moves(own, opp))
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
            return self._solve_small(own, opp, alpha, beta, empties)
        key = (own, opp)
        lower, upper, hint = -65, 65, -1
        if n >= TABLE_EMPTIES and key in self.table:
            lower, upper, hint = self.table[key]
            if lower >= beta:
                return lower
            if upper <= alpha or lower == upper:
                return upper
            alpha, beta = max(alpha, lower), min(beta, upper)
        if mv < 0:
            mv = self.moves(own, opp)
        if not mv:
            if not self.moves(opp, own):
                return own.bit_count() - opp.bit_count()
            return -self.solve(opp, own, -beta, -alpha)
        best, best_sq = -65, -1
        first = True
        for _, sq, child_own, child_opp, child_mv in self._children(own, opp, mv, hint):
            floor = max(alpha, best)
            if first:
                score = -self.solve(child_own, child_opp, -beta, -floor, child_mv)
                first = False
            else:
                score = -self.solve(child_own, child_opp, -floor - 1, -floor, child_mv)
                if floor < score < beta:
                    score = -self.solve(child_own, child_opp, -beta, -score, child_mv)
            if score > best:
                best, best_sq = score, sq
                if best >= beta:
                    break
        if n >= TABLE_EMPTIES:
            if best <= alpha:
                upper = min(upper, best)
            elif best >= beta:
                lower = max(lower, best)
            else:
                lower = upper = best
            self.table[key] = (lower, upper, best_sq)
        return best

    def _children(
        self, own: int, opp: int, mv: int, hint: int = -1
    ) -> list[tuple[int, int, int, int, int]]:
        """(opponent's mobility, square, child own, child opp, child's moves), fewest first.

        The child is seen from the opponent: its ``own`` is our opponent. ``hint``
        (the best move found here before) goes first; a corner counts as two fewer
        replies, so corners come early among equals.
        """
        moves, flips, corners = self.moves, self.flips, self.t.corners
        children = []
        for sq in squares_of(mv):
            flipped = flips(own, opp, sq)
            child_own, child_opp = opp ^ flipped, own | flipped | 1 << sq
            child_mv = moves(child_own, child_opp)
            replies = child_mv.bit_count()
            if sq == hint:
                replies = -100
            elif corners >> sq & 1:
                replies -= 2
            children.append((replies, sq, child_own, child_opp, child_mv))
        children.sort()
        return children

    def _solve_small(self, own: int, opp: int, alpha: int, beta: int, empties: list[int]) -> int:
        """The solve for a few empties: try each empty square's flips in static order."""
        if len(empties) == 1:
            return self._last(own, opp, empties[0])
        if not empties:
            return own.bit_count() - opp.bit_count()
        flips, near = self.flips, self.near
        best = -65
        for i, sq in enumerate(empties):
            if not opp & near[sq]:
                continue
            flipped = flips(own, opp, sq)
            if not flipped:
                continue
            self.deadline.tick()
            rest = empties[:i] + empties[i + 1 :]
            score = -self._solve_small(
                opp ^ flipped, own | flipped | 1 << sq, -beta, -max(alpha, best), rest
            )
            if score > best:
                best = score
                if best >= beta:
                    return best
        if best > -65:
            return best
        # no move: pass if the opponent has one, otherwise the game is over
        if any(own & near[sq] and flips(opp, own, sq) for sq in empties):
            return -self._solve_small(opp, own, -beta, -alpha, empties)
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
