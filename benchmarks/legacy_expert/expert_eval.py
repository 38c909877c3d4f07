"""The legacy expert's evaluation (frozen from the level-5 part of
``shared/ai/othello_eval.py``; its square tables are in :mod:`.tables`)."""

from __future__ import annotations

from .tables import Tables


def edge_stable(t: Tables, discs: int) -> int:
    """Discs that can never be flipped because they hang from an owned corner along an edge.

    A lower bound on stability: a run of one colour along an edge starting in a corner.
    """
    n = t.geometry.size
    stable = discs & t.corners
    if not stable:
        return 0
    rows, cols = discs & t.top_bottom, discs & t.left_right
    while True:
        grown = (
            stable
            | ((stable << 1) & t.not_first_col | (stable >> 1) & t.not_last_col) & rows
            | ((stable << n) | (stable >> n)) & cols
        )
        if grown == stable:
            return stable
        stable = grown


def frontier(t: Tables, discs: int, empty: int) -> int:
    """Discs next to an empty square: each one is a move the opponent may get later."""
    n = t.geometry.size
    left, right = t.not_first_col, t.not_last_col
    near = (
        (empty << 1 & left) | (empty >> 1 & right) | empty << n | empty >> n
        | (empty << (n + 1) & left) | (empty >> (n + 1) & right)
        | (empty << (n - 1) & right) | (empty >> (n - 1) & left)
    )
    return discs & near


def expert(t: Tables, own: int, opp: int, own_moves: int, opp_moves: int) -> int:
    """The level-5 evaluation, given both sides' move masks (the search has them already).

    Mobility counts most in the opening and middle game; corners and stable discs
    are permanent gains; an X or C square next to an empty corner hands that corner
    to the opponent; frontier discs give the opponent moves; with an odd number of
    empties the side to move expects the last move of the game (parity).
    """
    empty = t.geometry.full & ~(own | opp)
    m_own, m_opp = own_moves.bit_count(), opp_moves.bit_count()
    score = 120 * (m_own - m_opp) // (m_own + m_opp + 2)
    score += 30 * ((own & t.corners).bit_count() - (opp & t.corners).bit_count())
    danger = 0
    for corner, x_sq, c_sq in t.corner_zones:
        if corner & empty:
            danger += 3 * ((own & x_sq).bit_count() - (opp & x_sq).bit_count())
            danger += (own & c_sq).bit_count() - (opp & c_sq).bit_count()
    score -= 4 * danger
    score += 6 * (edge_stable(t, own).bit_count() - edge_stable(t, opp).bit_count())
    score -= 2 * (frontier(t, own, empty).bit_count() - frontier(t, opp, empty).bit_count())
    score += (own & t.edges).bit_count() - (opp & t.edges).bit_count()
    if empty.bit_count() & 1:
        score += 4
    return score
