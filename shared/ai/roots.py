"""Scoring the moves at the root so that every best move is known: ties are then broken
at random (or by the seed) instead of by move order.

Every searching level hands :func:`root_scores` its moves, each with a function that
runs its search on the position after the move. Each move is searched with the
window's floor just below the best score so far: a move as good as the best gets its
exact score, a worse one only an upper bound below the best, found by a cheap
null-window search first (principal-variation style).
"""

from __future__ import annotations

from typing import Callable, Iterable

Value = Callable[[int, int], int]
"""``value(alpha, beta)``: a move's fail-soft score for the mover within (alpha, beta)."""


def root_scores(moves: Iterable[tuple[int, Value]], infinity: int) -> dict[int, int]:
    """The scores of ``moves``: exact for every move as good as the best, else upper bounds.

    ``infinity`` exceeds the magnitude of every score.
    """
    scores: dict[int, int] = {}
    best = -infinity
    for move, value in moves:
        if best == -infinity:
            score = value(-infinity, infinity)
        else:
            score = value(best - 1, best)  # at least as good as the best?
            if score >= best:
                score = value(best - 1, infinity)
        scores[move] = score
        best = max(best, score)
    return scores
