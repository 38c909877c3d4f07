"""Plain full-width Othello negamax on bitboards: the reference the pruned searches of
``shared.ai`` are checked against (by ``tests/test_ai_othello.py``) and timed against
(by ``benchmarks/search.py``). No pruning, no table, no move ordering: slow and obviously
right, with only the rules (``Geometry.moves``/``flips``) and, for ``plain_eval``, the
expert's evaluation in common with the searches.
"""

from __future__ import annotations

from shared.ai.othello_eval import DISC_SCALE, INF, expert, tables
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


def plain_eval(g: Geometry, own: int, opp: int, depth: int) -> int:
    """The negamax value ``depth`` plies deep with the expert evaluation at the leaves."""
    mv, opp_mv = g.moves(own, opp), g.moves(opp, own)
    if not mv and not opp_mv:
        return (own.bit_count() - opp.bit_count()) * DISC_SCALE
    if depth == 0:
        return expert(tables(g.size), own, opp, mv, opp_mv)
    if not mv:
        return -plain_eval(g, opp, own, depth)
    best = -INF
    for sq in range(g.squares):
        if mv >> sq & 1:
            flipped = g.flips(own, opp, sq)
            best = max(best, -plain_eval(g, opp ^ flipped, own | flipped | 1 << sq, depth - 1))
    return best
