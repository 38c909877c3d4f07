"""Plain full-width Othello negamax on bitboards: the reference the exact solvers are
checked against (by ``tests/shared/ai/test_ai_othello.py`` and
``tests/shared/ai/kernel/test_kernel_midgame.py``).
No pruning, no table, no move ordering: slow and obviously right, with only the rules
(``Geometry.flips``) in common with the searches.
"""

from __future__ import annotations

from shared.games.othello import Geometry


def plain_margin(g: Geometry, own: int, opp: int) -> int:
    """The exact final disc margin for ``own`` (to move), searching to the end of the game."""
    empties = [sq for sq in range(g.squares) if not (own | opp) >> sq & 1]
    best = None
    for sq in empties:
        flipped = g.flips(own, opp, sq)
        if flipped:
            score = -plain_margin(g, opp ^ flipped, own | flipped | 1 << sq)
            best = score if best is None else max(best, score)
    if best is not None:
        return best
    if any(g.flips(opp, own, sq) for sq in empties):
        return -plain_margin(g, opp, own)
    return own.bit_count() - opp.bit_count()
