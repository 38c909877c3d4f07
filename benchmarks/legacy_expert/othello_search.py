"""What the expert search and the exact solver share: tables, move generation on raw
bitboards, a deadline, fastest-first move ordering, the principal-variation loop over
a node's children and the bounds a transposition table keeps and cuts off with."""

from __future__ import annotations

from typing import Callable

from shared.games.othello import squares_of

from .clock import Deadline
from .tables import Tables

Child = tuple[int, int, int, int, int]
"""(sort key, square, child own, child opp, child's move mask or -1 if not computed).

The child is seen from the opponent: its ``own`` is the mover's opponent.
"""


class BitboardSearch:
    """One search: the board tables, its move generator and a deadline to poll."""

    def __init__(self, t: Tables, deadline: Deadline) -> None:
        self.t = t
        self.full = t.geometry.full
        self.moves = t.geometry.moves
        self.flips = t.geometry.flips
        self.deadline = deadline

    def fastest_first(self, own: int, opp: int, mv: int, hint: int) -> list[Child]:
        """The moves of ``mv`` as children, the fewest opponent replies first.

        The sort key is that reply count (handed down as the child's move mask);
        ``hint`` (the best move found here before) goes first, and a corner counts as
        two fewer replies, so corners come early among equals.
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


ChildSearch = Callable[[int, int, int, int, int], int]
"""``search(child own, child opp, child's move mask, alpha, beta)``: the child's value."""


def principal_variation(
    children: list[Child], alpha: int, beta: int, search: ChildSearch, worst: int
) -> tuple[int, int]:
    """(best score, best square) of a node by fail-soft principal-variation search.

    The first child gets the whole window; each later one first a null window just
    above the best so far (cheap to refute), and the whole window again only if it
    beats the best. ``worst`` lies below every score. Stops at the first score
    reaching ``beta``.
    """
    best, best_sq = worst, -1
    first = True
    for _, sq, child_own, child_opp, child_mv in children:
        floor = max(alpha, best)
        if first:
            score = -search(child_own, child_opp, child_mv, -beta, -floor)
            first = False
        else:
            score = -search(child_own, child_opp, child_mv, -floor - 1, -floor)
            if floor < score < beta:
                score = -search(child_own, child_opp, child_mv, -beta, -score)
        if score > best:
            best, best_sq = score, sq
            if best >= beta:
                break
    return best, best_sq


def table_cutoff(lower: int, upper: int, alpha: int, beta: int) -> int | None:
    """The stored bound that settles a node searched with (alpha, beta), if one does."""
    if lower >= beta:
        return lower
    if upper <= alpha or lower == upper:
        return upper
    return None


def stored_bounds(best: int, alpha: int, beta: int, lower: int, upper: int) -> tuple[int, int]:
    """The (lower, upper) bounds a table keeps once a search of (alpha, beta) returned ``best``.

    A fail-low result is an upper bound, a fail-high one a lower bound, one strictly
    inside the window the exact value.
    """
    if best <= alpha:
        return lower, min(upper, best)
    if best >= beta:
        return max(lower, best), upper
    return best, best
