"""The fixed-depth Othello levels: greedy (2), minimax (3) and alpha-beta (4).

All three score positions with the square-weight table of
:func:`shared.ai.othello_eval.positional`; a finished game is worth its disc margin
times ``DISC_SCALE``. Searches are negamax on raw bitboards: ``own`` is the side to
move. A pass does not use up depth (the other side has a move, so it cannot repeat).

A search given a ``deadline`` (a :func:`time.perf_counter` instant) raises
:class:`TimeUp` at the first node past it; :func:`deepened` runs the depths in turn and
keeps the deepest that finished, so a bot with a clock or a server's cap moves in time
however slow the position (pure Python is slow on a crowded 8x8 midgame).
"""

from __future__ import annotations

import math
from time import perf_counter
from typing import Callable

from shared.ai.othello_eval import DISC_SCALE, INF, Tables, positional
from shared.ai.roots import Value, root_scores
from shared.games.othello import squares_of

Scores = dict[int, int]

NO_DEADLINE = math.inf


class TimeUp(Exception):
    """A search passed its deadline (raised from inside it: its partial result is void)."""


def _check(deadline: float) -> None:
    if deadline != NO_DEADLINE and perf_counter() > deadline:
        raise TimeUp


def deepened(search: Callable[[int, float], Scores], depth: int, deadline: float) -> Scores:
    """``search(d, deadline)`` for d = 1, 2, ... ``depth``: the scores of the deepest that
    finished before ``deadline`` (depth 1, a few hundred nodes, always runs to its end)."""
    scores = search(1, NO_DEADLINE)
    for d in range(2, depth + 1):
        try:
            scores = search(d, deadline)
        except TimeUp:
            break
    return scores


def final_score(own: int, opp: int) -> int:
    """A finished game from ``own``'s side: the disc margin, scaled above any evaluation."""
    return (own.bit_count() - opp.bit_count()) * DISC_SCALE


def _leaf_or_moves(t: Tables, own: int, opp: int, depth: int) -> tuple[int | None, int]:
    """(value, 0) at the search horizon or the end of the game, else (None, own's moves).

    A move mask of 0 then means ``own`` must pass.
    """
    if depth == 0:
        full = own | opp == t.geometry.full
        return (final_score(own, opp) if full else positional(t, own, opp)), 0
    mv = t.geometry.moves(own, opp)
    if not mv and not t.geometry.moves(opp, own):
        return final_score(own, opp), 0
    return None, mv


def minimax(t: Tables, own: int, opp: int, depth: int, deadline: float = NO_DEADLINE) -> int:
    """Plain full-width negamax to ``depth`` plies."""
    value, mv = _leaf_or_moves(t, own, opp, depth)
    if value is not None:
        return value
    _check(deadline)
    if not mv:
        return -minimax(t, opp, own, depth, deadline)
    g = t.geometry
    best = -INF
    for sq in squares_of(mv):
        flipped = g.flips(own, opp, sq)
        score = -minimax(t, opp ^ flipped, own | flipped | 1 << sq, depth - 1, deadline)
        if score > best:
            best = score
    return best


def ordered(t: Tables, mv: int) -> list[int]:
    """The squares of ``mv`` in static order: corners and edges first, X squares last."""
    out: list[int] = []
    for mask in t.move_classes:
        out += squares_of(mv & mask)
    return out


def alphabeta(t: Tables, own: int, opp: int, depth: int, alpha: int, beta: int,
              deadline: float = NO_DEADLINE) -> int:
    """Fail-soft negamax alpha-beta to ``depth`` plies, moves tried in static order."""
    value, mv = _leaf_or_moves(t, own, opp, depth)
    if value is not None:
        return value
    _check(deadline)
    if not mv:
        return -alphabeta(t, opp, own, depth, -beta, -alpha, deadline)
    g = t.geometry
    best = -INF
    for sq in ordered(t, mv):
        flipped = g.flips(own, opp, sq)
        score = -alphabeta(t, opp ^ flipped, own | flipped | 1 << sq, depth - 1, -beta,
                           -max(alpha, best), deadline)
        if score > best:
            best = score
            if best >= beta:
                break
    return best


def minimax_scores(t: Tables, own: int, opp: int, depth: int,
                   deadline: float = NO_DEADLINE) -> Scores:
    """Levels 2 (one ply: greedy) and 3: the exact ``depth``-ply minimax value of every move."""
    g = t.geometry
    scores: Scores = {}
    for sq in squares_of(g.moves(own, opp)):
        flipped = g.flips(own, opp, sq)
        scores[sq] = -minimax(t, opp ^ flipped, own | flipped | 1 << sq, depth - 1, deadline)
    return scores


def alphabeta_scores(t: Tables, own: int, opp: int, depth: int,
                     deadline: float = NO_DEADLINE) -> Scores:
    """Level 4: ``depth``-ply alpha-beta; moves as good as the best get exact values."""
    g = t.geometry

    def value(sq: int) -> Value:
        flipped = g.flips(own, opp, sq)
        child_own, child_opp = opp ^ flipped, own | flipped | 1 << sq
        return lambda alpha, beta: -alphabeta(t, child_own, child_opp, depth - 1, -beta, -alpha,
                                              deadline)

    return root_scores(((sq, value(sq)) for sq in ordered(t, g.moves(own, opp))), INF)
