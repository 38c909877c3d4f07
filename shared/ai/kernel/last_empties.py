"""The solver's last tiers: from ``SHALLOW`` empties down to the end, without a table.

- ``5 <= n <= SHALLOW`` (:func:`shallow_search`): no table, no move list; the legal
  moves in odd quadrants first (whoever moves first into a region with an odd number of
  empties tends to get its last move too), corners before others.
- the last four, three, two and one empties (:func:`last4` ... :func:`last1`):
  dedicated code on the squares themselves, no move generation, odd quadrants first;
  on a full 8x8 board the last move's flips are counted from tables, not made
  (:mod:`.last_flip`).

Scores are final disc margins of the side to move (empty squares not awarded). These
tiers count their nodes in their result, not in the ``stats`` array, and take the
board's squares as a tuple (:data:`Geo`), not an array: numba reference-counts every
array argument of every call (about 6 ns each here), a fifth of a leaf's time.
"""

from __future__ import annotations

import numpy as np

from shared.ai.kernel.bits import (
    FULL,
    ONE,
    S1,
    S8,
    ZERO,
    flips_at,
    legal_moves,
    lowest_bit,
    popcount,
)
from shared.ai.kernel.jit import njit
from shared.ai.kernel.last_flip import count_last_flips

SHALLOW = 6
"""At or below this many empties the solver tries squares in place, without a table."""

INF = 127
"""Beyond every score (at most 64 discs): a window's open end."""

# stats: nodes searched, node limit, the age of the search (the table's: :mod:`.table`)
NODES, LIMIT, AGE = 0, 1, 2
Geo = tuple[np.uint64, np.uint64, np.uint64, np.uint64, np.uint64]
"""The board's squares, then its four quadrants: a tuple, passed by value (a kernel's
array argument is reference counted at every call, which the leaves cannot afford)."""
GEO_MASK = 0

CORNERS = np.uint64(0x8100000000000081)
"""The corners of 8x8. They serve move ordering only: smaller boards, whose corners these
are not, are solved just as exactly, a little more slowly."""
_NOT_COL0 = np.uint64(0xFEFEFEFEFEFEFEFE)
_NOT_COL7 = np.uint64(0x7F7F7F7F7F7F7F7F)


@njit
def adjacent(disc: np.uint64) -> np.uint64:
    """The squares around those of ``disc`` on the 8x8 grid (and some of ``disc``'s own
    when it has several: it serves as a filter, a superset is harmless)."""
    side = ((disc << S1) & _NOT_COL0) | ((disc >> S1) & _NOT_COL7)
    line = disc | side
    return side | (line << S8) | (line >> S8)



@njit
def last1(own: np.uint64, opp: np.uint64, disc: np.uint64) -> int:
    """The final margin with one empty square ``disc``: whoever can play there does.
    On a full 8x8 board the flips are counted without making the move (:mod:`.last_flip`)."""
    margin = popcount(own) - popcount(opp)
    if (own | opp | disc) == FULL:
        x = lowest_bit(disc)
        flipped = count_last_flips(own, x)
        if flipped:
            return margin + 2 * flipped + 1
        flipped = count_last_flips(opp, x)
        if flipped:
            return margin - 2 * flipped - 1
        return margin
    flipped = popcount(flips_at(own, opp, disc))
    if flipped:
        return margin + 2 * flipped + 1
    flipped = popcount(flips_at(opp, own, disc))
    if flipped:
        return margin - 2 * flipped - 1
    return margin


@njit
def last2(
    own: np.uint64, opp: np.uint64, alpha: int, beta: int, a: np.uint64, b: np.uint64,
) -> tuple[int, int]:
    """(the final margin, nodes visited) with two empty squares ``a`` and ``b``.

    The last few empties' functions count their nodes in their result, not in the
    ``stats`` array: a counter in memory at every one of them costs time.
    """
    best = -INF
    nodes = 1
    if adjacent(a) & opp:
        flipped = flips_at(own, opp, a)
        if flipped:
            nodes += 1
            best = -last1(opp ^ flipped, own | flipped | a, b)
            if best >= beta:
                return best, nodes
    if adjacent(b) & opp:
        flipped = flips_at(own, opp, b)
        if flipped:
            nodes += 1
            score = -last1(opp ^ flipped, own | flipped | b, a)
            if score > best:
                best = score
    if best > -INF:
        return best, nodes
    # no move: the opponent plays if it can, else the game is over
    best = INF
    if adjacent(a) & own:
        flipped = flips_at(opp, own, a)
        if flipped:
            nodes += 1
            best = last1(own ^ flipped, opp | flipped | a, b)
            if best <= alpha:
                return best, nodes
    if adjacent(b) & own:
        flipped = flips_at(opp, own, b)
        if flipped:
            nodes += 1
            score = last1(own ^ flipped, opp | flipped | b, a)
            if score < best:
                best = score
    if best < INF:
        return best, nodes
    return popcount(own) - popcount(opp), nodes


@njit
def last3(
    own: np.uint64, opp: np.uint64, alpha: int, beta: int, a: np.uint64, b: np.uint64,
    c: np.uint64,
) -> tuple[int, int]:
    """(the final margin, nodes visited) with three empty squares, tried in the order
    ``a``, ``b``, ``c``."""
    best = -INF
    nodes = 1
    for i in range(3):
        if i == 0:
            x, y, z = a, b, c
        elif i == 1:
            x, y, z = b, a, c
        else:
            x, y, z = c, a, b
        if not adjacent(x) & opp:
            continue
        flipped = flips_at(own, opp, x)
        if not flipped:
            continue
        floor = alpha if alpha > best else best
        score, count = last2(opp ^ flipped, own | flipped | x, -beta, -floor, y, z)
        nodes += count
        if -score > best:
            best = -score
            if best >= beta:
                return best, nodes
    if best > -INF:
        return best, nodes
    if legal_moves(opp, own, a | b | c):  # a pass
        score, count = last3(opp, own, -beta, -alpha, a, b, c)
        return -score, nodes + count
    return popcount(own) - popcount(opp), nodes


@njit
def take(first: np.uint64, rest: np.uint64) -> tuple[np.uint64, np.uint64, np.uint64]:
    """The lowest square of ``first`` (of ``rest`` once ``first`` is empty), and the two
    sets without it."""
    if first:
        disc = ONE << np.uint64(lowest_bit(first))
        return disc, first ^ disc, rest
    disc = ONE << np.uint64(lowest_bit(rest))
    return disc, first, rest ^ disc


@njit
def last4(
    own: np.uint64, opp: np.uint64, alpha: int, beta: int, empty: np.uint64,
    geo: Geo,
) -> tuple[int, int]:
    """(the final margin, nodes visited) with the four empty squares ``empty``, those of
    odd quadrants tried first."""
    odd = _odd_quadrants(empty, geo)
    a, first, rest = take(empty & odd, empty & ~odd)
    b, first, rest = take(first, rest)
    c, first, rest = take(first, rest)
    d = first | rest
    best = -INF
    nodes = 1
    for i in range(4):
        if i == 0:
            x, y, z, w = a, b, c, d
        elif i == 1:
            x, y, z, w = b, a, c, d
        elif i == 2:
            x, y, z, w = c, a, b, d
        else:
            x, y, z, w = d, a, b, c
        if not adjacent(x) & opp:
            continue
        flipped = flips_at(own, opp, x)
        if not flipped:
            continue
        floor = alpha if alpha > best else best
        score, count = last3(opp ^ flipped, own | flipped | x, -beta, -floor, y, z, w)
        nodes += count
        if -score > best:
            best = -score
            if best >= beta:
                return best, nodes
    if best > -INF:
        return best, nodes
    if legal_moves(opp, own, empty):  # a pass
        score, count = last4(opp, own, -beta, -alpha, empty, geo)
        return -score, nodes + count
    return popcount(own) - popcount(opp), nodes


@njit
def _odd_quadrants(empty: np.uint64, geo: Geo) -> np.uint64:
    """The squares of the quadrants holding an odd number of ``empty`` squares."""
    odd = ZERO
    for q in range(1, 5):
        if popcount(empty & geo[q]) & 1:
            odd |= geo[q]
    return odd


@njit
def shallow_search(
    own: np.uint64, opp: np.uint64, alpha: int, beta: int, n: int, geo: Geo,
) -> tuple[int, int]:
    """(the exact margin if inside (alpha, beta), else a bound on that side; nodes
    visited) with 5 to SHALLOW empties, without a table: the legal moves in odd quadrants
    first, corners first within each."""
    nodes = 1
    mask = geo[GEO_MASK]
    empty = mask & ~(own | opp)
    legal = legal_moves(own, opp, mask)
    if not legal:
        if legal_moves(opp, own, mask):
            score, count = shallow_search(opp, own, -beta, -alpha, n, geo)
            return -score, nodes + count
        return popcount(own) - popcount(opp), nodes
    odd = _odd_quadrants(empty, geo)
    best = -INF
    for phase in range(4):
        if phase == 0:
            todo = legal & odd & CORNERS
        elif phase == 1:
            todo = legal & odd & ~CORNERS
        elif phase == 2:
            todo = legal & ~odd & CORNERS
        else:
            todo = legal & ~odd & ~CORNERS
        while todo:
            disc = ONE << np.uint64(lowest_bit(todo))
            todo ^= disc
            flipped = flips_at(own, opp, disc)
            floor = alpha if alpha > best else best
            child_own, child_opp = opp ^ flipped, own | flipped | disc
            if n == 5:
                score, count = last4(child_own, child_opp, -beta, -floor, empty ^ disc, geo)
            else:
                score, count = shallow_search(child_own, child_opp, -beta, -floor, n - 1, geo)
            nodes += count
            if -score > best:
                best = -score
                if best >= beta:
                    return best, nodes
    return best, nodes
