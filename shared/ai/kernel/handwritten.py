"""The hand-written evaluation of an Othello position, in hundredths of a disc.

The expert's evaluation before the learned one (:mod:`.patterns`), kept for the boards
that have no learned weights (4x4, solved exactly anyway) and as the yardstick of the
learned one's accuracy. :func:`handwritten` scores a position for the side to move,
meant to read (``score / UNIT``) as the disc margin it expects at the end of the game;
it weighs, each by a weight that slides from its opening value to its endgame value as
the board fills up:

- mobility (moves now) and potential mobility (empty squares next to the opponent's
  discs, where moves may come later);
- corners, and the X and C squares next to an empty corner (they hand it over);
- stable discs: runs hanging from an owned corner along an edge, and every disc of a
  full edge (an edge disc can only be flipped along its edge);
- other edge discs, the plain disc count (bad early, the score itself at the end);
- parity: with an odd number of empties the side to move expects the last move.

Every term but parity is antisymmetric (swapping the two colours negates it: see
:func:`position_score`) and the same under the eight symmetries of the board. Board
sizes differ only by their tables, built from the board's mask by :func:`mask_tables`;
the learned evaluation's tables begin with the same masks, which the searches read too.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from shared.ai.kernel.bits import S1, S7, S8, S9, popcount
from shared.ai.kernel.jit import njit, njit_inline

UNIT = 100
"""Evaluation units per disc of margin."""

# indexes into the array of eval_tables
T_MASK, T_CORNERS, T_EDGES, T_ROWS, T_COLS, T_ZONES = 0, 1, 2, 3, 4, 5
"""The board, its corners, its edge squares (corners too), its top and bottom rows, its
left and right columns, then per corner (corner, X square, C squares), then the four
edge lines."""
T_LINES = T_ZONES + 12
TABLE_SIZE = T_LINES + 4

_NOT_FIRST_COL = np.uint64(0xFEFEFEFEFEFEFEFE)
_NOT_LAST_COL = np.uint64(0x7F7F7F7F7F7F7F7F)

WEIGHTS = np.array(
    [
        [90, 150],  # mobility: moves now
        [30, 0],  # potential mobility: empty squares next to the opponent
        [700, 250],  # corners
        [-450, -250],  # X squares next to an empty corner
        [-150, -200],  # C squares next to an empty corner
        [120, 250],  # stable edge discs
        [20, -30],  # other edge discs
        [-5, 0],  # discs
        [150, 150],  # tempo: the side to move
        [40, 120],  # parity: an odd number of empties, for the side to move
    ],
    dtype=np.int64,
)
"""(opening, endgame) weight of each term, in UNITs per unit of the term: rows W_*. A
global array is a constant to numba; each row goes to :func:`_weighted` as an array, so
one compiled version serves every term."""
(
    W_MOBILITY, W_POTENTIAL, W_CORNER, W_X_SQUARE, W_C_SQUARE, W_STABLE, W_EDGE, W_DISC,
    W_TEMPO, W_PARITY,
) = range(10)


@cache
def mask_tables(size: int) -> np.ndarray:
    """The masks :func:`handwritten` reads for one board size (see the ``T_`` indexes)."""
    last = size - 1

    def bit(row: int, col: int) -> int:
        return 1 << (row * 8 + col)

    board = sum(bit(r, c) for r in range(size) for c in range(size))
    rows = sum(bit(r, c) for r in (0, last) for c in range(size))
    cols = sum(bit(r, c) for r in range(size) for c in (0, last))
    corners = sum(bit(r, c) for r in (0, last) for c in (0, last))
    zones: list[int] = []
    for row, col in ((0, 0), (0, last), (last, 0), (last, last)):
        dr, dc = (1 if row == 0 else -1), (1 if col == 0 else -1)
        # on 4x4 an edge square next to two corners is a C square of both
        zones += [bit(row, col), bit(row + dr, col + dc), bit(row, col + dc) | bit(row + dr, col)]
    lines = [
        sum(bit(0, c) for c in range(size)),
        sum(bit(last, c) for c in range(size)),
        sum(bit(r, 0) for r in range(size)),
        sum(bit(r, last) for r in range(size)),
    ]
    values = [board, corners, rows | cols, rows, cols, *zones, *lines]
    assert len(values) == TABLE_SIZE
    return np.array(values, dtype=np.uint64)


@njit
def neighbours(discs: np.uint64, mask: np.uint64) -> np.uint64:
    """The squares of ``mask`` next to (in any of the eight directions) a square of ``discs``."""
    left = discs >> S1 | discs << S7 | discs >> S9
    right = discs << S1 | discs >> S7 | discs << S9
    near = (left & _NOT_LAST_COL) | (right & _NOT_FIRST_COL) | discs << S8 | discs >> S8
    return near & mask


@njit
def stable_edge_discs(discs: np.uint64, empty: np.uint64, t: np.ndarray) -> np.uint64:
    """Discs of ``discs`` on an edge that can never be flipped.

    An edge disc can only be flipped along its edge, so it is stable when its edge is
    full or when a run of ``discs`` along the edge joins it to a corner of ``discs``.
    """
    stable: np.uint64 = discs & t[T_CORNERS]
    for i in range(4):
        line = t[T_LINES + i]
        if not line & empty:
            stable |= discs & line
    on_rows, on_cols = discs & t[T_ROWS], discs & t[T_COLS]
    while True:
        grown = stable | (
            ((stable << S1) & _NOT_FIRST_COL | (stable >> S1) & _NOT_LAST_COL) & on_rows
        ) | ((stable << S8 | stable >> S8) & on_cols)
        if grown == stable:
            return stable
        stable = grown


@njit
def _weighted(weight: np.ndarray, term: int, empties: int, squares: int) -> int:
    """``term`` times its weight at this stage of the game, times ``squares``: the weight
    slides from its opening value (empty board) to its endgame value (full board)."""
    return term * (int(weight[0]) * empties + int(weight[1]) * (squares - empties))


@njit
def _per_square(total: int, squares: int) -> int:
    """``total / squares`` rounded toward zero, so that negating ``total`` negates it."""
    quotient = abs(total) // squares
    return quotient if total >= 0 else -quotient


TERMS = 8
"""The terms :func:`terms` returns (the learned evaluation weighs them too)."""


@njit_inline
def terms(
    own: np.uint64, opp: np.uint64, own_moves: int, opp_moves: int, t: np.ndarray
) -> tuple[int, int, int, int, int, int, int, int]:
    """The evaluation's terms but tempo and parity, each as own minus opponent's: moves,
    potential mobility, corners, X squares and C squares next to an empty corner, stable
    edge discs, other edge discs, discs. Each changes sign with the colours."""
    mask = t[T_MASK]
    empty = mask & ~(own | opp)
    potential = popcount(neighbours(opp, mask) & empty) - popcount(neighbours(own, mask) & empty)
    corners = t[T_CORNERS]
    x_squares = c_squares = 0
    for i in range(4):
        if t[T_ZONES + 3 * i] & empty:
            x_sq, c_sq = t[T_ZONES + 3 * i + 1], t[T_ZONES + 3 * i + 2]
            x_squares += popcount(own & x_sq) - popcount(opp & x_sq)
            c_squares += popcount(own & c_sq) - popcount(opp & c_sq)
    stable = popcount(stable_edge_discs(own, empty, t)) - popcount(stable_edge_discs(opp, empty, t))
    edges = t[T_EDGES] & ~corners
    return (
        own_moves - opp_moves, potential, popcount(own & corners) - popcount(opp & corners),
        x_squares, c_squares, stable, popcount(own & edges) - popcount(opp & edges),
        popcount(own) - popcount(opp),
    )


@njit
def position_score(
    own: np.uint64, opp: np.uint64, own_moves: int, opp_moves: int, t: np.ndarray
) -> int:
    """Every term of the evaluation but tempo and parity, weighted, given both sides'
    numbers of moves.

    Antisymmetric: swapping ``own`` and ``opp`` (and their moves) negates it.
    """
    mask = t[T_MASK]
    squares, empties = popcount(mask), popcount(mask & ~(own | opp))
    values = terms(own, opp, own_moves, opp_moves, t)
    score = 0
    for i in range(TERMS):  # the rows W_MOBILITY ... W_DISC, in the order of terms()
        score += _weighted(WEIGHTS[i], values[i], empties, squares)
    return _per_square(score, squares)


@njit
def handwritten(
    own: np.uint64, opp: np.uint64, own_moves: int, opp_moves: int, t: np.ndarray
) -> int:
    """The side to move's expected final margin in UNITs (unclamped).

    ``own_moves`` and ``opp_moves`` are both sides' numbers of legal moves (the search
    has them already).
    """
    score = position_score(own, opp, own_moves, opp_moves, t)
    mask = t[T_MASK]
    empties = popcount(mask & ~(own | opp))
    squares = popcount(mask)
    score += _per_square(_weighted(WEIGHTS[W_TEMPO], 1, empties, squares), squares)
    if empties & 1:
        score += _per_square(_weighted(WEIGHTS[W_PARITY], 1, empties, squares), squares)
    return score
