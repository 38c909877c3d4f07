"""What the expert search and the exact solver share: tables, move generation on raw
bitboards, a deadline, and fastest-first move ordering."""

from __future__ import annotations

from shared.ai.clock import Deadline
from shared.ai.othello_eval import Tables
from shared.games.othello import squares_of

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
