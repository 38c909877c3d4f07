"""How many discs the last move of an 8x8 game turns over, without making it.

With one empty square left on a full 8x8 board every other square holds a disc, so along
each line through the empty square a player's discs alone say what the move flips: the
run of the other player's discs up to the first of its own. :func:`count_last_flips`
reads that count from small tables, one line at a time, instead of growing runs of
discs in eight directions as :func:`~shared.ai.kernel.bits.flips_at` does (the idea of
Edax's ``count_last_flip``: gather a line's discs into one byte, look the byte up).

A line's discs are gathered into a byte, bit ``k`` for the line's square in column
``k`` (in row ``k`` for a column), by shifts that fold the rows onto each other: a row
is one byte already; a diagonal has one square per column, so OR-ing its rows together
loses nothing; a column's square of row ``r``, shifted right by ``7 * r``, lands on
bit ``r``. Smaller boards are not full when one square is left (their off-board squares
are empty): the caller checks that the board is full before asking here.
"""

from __future__ import annotations

import numpy as np

from shared.ai.kernel.bits import S7, S8, S14, S16, S28, S32
from shared.ai.kernel.jit import njit

_BYTE = np.uint64(0xFF)
_COL0 = np.uint64(0x0101010101010101)


def _line_flips(pos: int, lo: int, hi: int) -> np.ndarray:
    """For each of the 256 bytes of a player's discs on a line whose squares are the
    bits ``lo`` to ``hi`` (the others off it), how many discs a move on bit ``pos`` turns
    over when every square of the line but ``pos`` holds a disc."""
    patterns = np.arange(256)
    total = np.zeros(256, dtype=np.int8)
    for step in (1, -1):
        flips = np.zeros(256, dtype=np.int8)
        found = np.zeros(256, dtype=bool)
        k = pos + step
        while lo <= k <= hi:
            own = (patterns >> k) & 1 == 1
            flips[own & ~found] = abs(k - pos) - 1
            found |= own
            k += step
        total += flips
    return total


def _diagonals(x: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The masks of square ``x``'s two diagonals (rising with the column, then falling)
    and their tables (:func:`_line_flips`, by column)."""
    r, c = divmod(x, 8)
    masks, tables = [], []
    for slope in (1, -1):  # row = r + slope * (column - c)
        columns = [k for k in range(8) if 0 <= r + slope * (k - c) < 8]
        masks.append(sum(1 << (8 * (r + slope * (k - c)) + k) for k in columns))
        tables.append(_line_flips(c, columns[0], columns[-1]))
    return np.array(masks[0], dtype=np.uint64), np.array(masks[1], dtype=np.uint64), \
        np.stack(tables)


LINE_FLIPS = np.stack([_line_flips(pos, 0, 7) for pos in range(8)])
"""``[pos, byte]``: the discs flipped along a full row (or column) of eight."""
_DIAGONALS = [_diagonals(x) for x in range(64)]
RISING = np.array([d[0] for d in _DIAGONALS], dtype=np.uint64)
"""``[x]``: the squares of ``x``'s diagonal along which the row grows with the column."""
FALLING = np.array([d[1] for d in _DIAGONALS], dtype=np.uint64)
"""``[x]``: the squares of ``x``'s other diagonal."""
DIAGONAL_FLIPS = np.stack([d[2] for d in _DIAGONALS])
"""``[x, 0 rising / 1 falling, byte]``: the discs flipped along ``x``'s diagonals."""
del _DIAGONALS


@njit
def _fold(line: np.uint64) -> np.uint64:
    """The squares of a line with at most one square per column, as a byte by column."""
    line |= line >> S32
    line |= line >> S16
    line |= line >> S8
    return line & _BYTE


@njit
def count_last_flips(own: np.uint64, x: int) -> int:
    """The discs ``own`` turns over by playing on square ``x`` (0-63) of a full 8x8
    board, every square but ``x`` holding a disc (0: ``own`` cannot play there)."""
    r, c = x >> 3, x & 7
    row = (own >> np.uint64(8 * r)) & _BYTE
    column = (own >> np.uint64(c)) & _COL0
    column |= column >> S7
    column |= column >> S14
    column |= column >> S28
    return int(LINE_FLIPS[c, row] + LINE_FLIPS[r, column & _BYTE]
               + DIAGONAL_FLIPS[x, 0, _fold(own & RISING[x])]
               + DIAGONAL_FLIPS[x, 1, _fold(own & FALLING[x])])
