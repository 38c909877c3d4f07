"""The learned evaluation's sum, fast: the search's side of :mod:`.patterns`.

:func:`.patterns.features` reads any family generically: it builds each symmetric image
of the board (flips and a transpose) and gathers every piece from tables; that is what
training uses, and the reference. The search evaluates millions of positions a second,
so here no image is built: every instance is a set of rows or diagonals of the board or
of its transpose (its columns), read forwards through ``B3``, or backwards through
``B3R`` (a row's bits as base-3 digits in reverse order). A piece then costs a shift, a
mask and two table reads, a diagonal a multiply more: a fraction of building the images.
One kernel serves both sizes (the families differ only in their lengths), compiled into
:func:`.evaluate.evaluate`; the tests check that its sum equals the sum of the weights
the generic features name, in every phase.
"""

from __future__ import annotations

import numpy as np

from shared.ai.kernel.jit import COMPILED, njit, njit_inline
from shared.ai.kernel.patterns import B3, MOVES_CAP, layout, transpose

_U = np.uint64
B3R = np.array([int(B3[int(f"{b:08b}"[::-1], 2)]) for b in range(256)], dtype=np.int64)
"""A byte's bits as base-3 digits in reverse order: bit 7 is digit 0."""
_COLUMNS = _U(0x0101010101010101)
_TOP = _U(56)


def _mask(squares: list[tuple[int, int]]) -> np.uint64:
    return _U(sum(1 << (r * 8 + c) for r, c in squares))


def _diagonals(size: int) -> np.ndarray:
    """Per length n (4 to size), the masks of three diagonals: row 0 from the left edge
    down to the bottom edge ``(size - n + i, i)``, row 1 from the left edge up to the top
    edge ``(n - 1 - i, i)``, row 2 from the right edge down ``(size - n + i, size - 1 - i)``."""
    out = np.zeros((3, size + 1), dtype=np.uint64)
    for n in range(4, size + 1):
        out[0, n] = _mask([(size - n + i, i) for i in range(n)])
        out[1, n] = _mask([(n - 1 - i, i) for i in range(n)])
        out[2, n] = _mask([(size - n + i, size - 1 - i) for i in range(n)])
    return out


DIAGONALS6, DIAGONALS8 = _diagonals(6), _diagonals(8)
OFFSETS6 = np.array(layout(6).offsets, dtype=np.int64)
OFFSETS8 = np.array(layout(8).offsets, dtype=np.int64)
MOVES6, MOVES8 = layout(6).moves_offset, layout(8).moves_offset


@njit
def _fwd(own: np.uint64, opp: np.uint64, shift: int, mask: int) -> int:
    """Base 3 of the squares ``mask`` of the row starting at bit ``shift``, from its low end."""
    s, m = _U(shift), _U(mask)
    return int(B3[(own >> s) & m]) + 2 * int(B3[(opp >> s) & m])


@njit
def _rev(own: np.uint64, opp: np.uint64, shift: int, mask: int, size: int) -> int:
    """Base 3 of the squares ``mask`` of the row starting at bit ``shift``, from its high
    end (column ``size - 1`` is digit 0)."""
    s, m, pad = _U(shift), _U(mask), _U(8 - size)
    return int(B3R[((own >> s) & m) << pad]) + 2 * int(B3R[((opp >> s) & m) << pad])


if COMPILED:

    @njit
    def _gather(x: np.uint64, mask: np.uint64) -> np.uint64:
        """The squares ``mask`` of ``x`` (in distinct columns) as one byte, bit c for
        column c: the multiply adds the rows up into the top byte, with no carries."""
        return ((x & mask) * _COLUMNS) >> _TOP

else:  # the same product on Python ints: numpy warns when a uint64 product wraps around

    def _gather(x: np.uint64, mask: np.uint64) -> np.uint64:
        """The squares ``mask`` of ``x`` (in distinct columns) as one byte, bit c for
        column c: the multiply adds the rows up into the top byte, with no carries."""
        return _U((int(x & mask) * int(_COLUMNS) & 0xFFFFFFFFFFFFFFFF) >> 56)


@njit
def _diagonal(own: np.uint64, opp: np.uint64, mask: np.uint64) -> int:
    """Base 3 of a diagonal, digit i on its square of column i."""
    return int(B3[_gather(own, mask)]) + 2 * int(B3[_gather(opp, mask)])


@njit
def _diagonal_rev(own: np.uint64, opp: np.uint64, mask: np.uint64, size: int) -> int:
    """Base 3 of a diagonal, digit i on its square of column ``size - 1 - i``."""
    pad = _U(8 - size)
    return int(B3R[_gather(own, mask) << pad]) + 2 * int(B3R[_gather(opp, mask) << pad])


@njit
def _square(own: np.uint64, opp: np.uint64, row: int, col: int) -> int:
    """Base 3 of one square."""
    bit = _U(row * 8 + col)
    return int(np.int64((own >> bit) & _U(1))) + 2 * int(np.int64((opp >> bit) & _U(1)))


@njit_inline
def weight(w: np.ndarray, i: int) -> int:
    """``w[i]``, read through an unsigned index: numba then adds no check for negative
    indexes (which no entry of a block has)."""
    return int(w[_U(i)])


@njit_inline
def _patterns(
    o: np.uint64, p: np.uint64, size: int, w: np.ndarray, base: int, offsets: np.ndarray,
    diagonals: np.ndarray,
) -> int:
    """The sum of the pattern weights of one board size (see the module's docstring):
    ``o, p`` the board's rows, ``ot, pt`` its columns (the transpose's rows)."""
    ot, pt = transpose(o), transpose(p)
    last = size - 1
    bottom = 8 * last
    row = (1 << size) - 1
    # edge + 2X, symmetries 0-3: top row, left column, bottom row, right column
    at = base + offsets[0]
    x1, x2 = 3**size, 3 ** (size + 1)
    tl, tr = _square(o, p, 1, 1), _square(o, p, 1, last - 1)
    bl, br = _square(o, p, last - 1, 1), _square(o, p, last - 1, last - 1)
    total = weight(w, at + _fwd(o, p, 0, row) + x1 * tl + x2 * tr)
    total += weight(w, at + _fwd(ot, pt, 0, row) + x1 * tl + x2 * bl)
    total += weight(w, at + _fwd(o, p, bottom, row) + x1 * bl + x2 * br)
    total += weight(w, at + _fwd(ot, pt, bottom, row) + x1 * tr + x2 * br)
    # corner 2xk (k = 5 on 8x8, 4 on 6x6), symmetries 0-7: each corner along both edges
    at = base + offsets[1]
    k = size // 2 + 1
    low, high, up = (1 << k) - 1, ((1 << k) - 1) << (size - k), 3**k
    total += weight(w, at + _fwd(o, p, 0, low) + up * _fwd(o, p, 8, low))
    total += weight(w, at + _fwd(ot, pt, 0, low) + up * _fwd(ot, pt, 8, low))
    total += weight(w, at + _fwd(o, p, bottom, low) + up * _fwd(o, p, bottom - 8, low))
    total += weight(w, at + _fwd(ot, pt, bottom, low) + up * _fwd(ot, pt, bottom - 8, low))
    total += weight(w, at + _rev(o, p, 0, high, size) + up * _rev(o, p, 8, high, size))
    total += weight(w, at + _rev(ot, pt, 0, high, size) + up * _rev(ot, pt, 8, high, size))
    total += weight(
        w, at + _rev(o, p, bottom, high, size) + up * _rev(o, p, bottom - 8, high, size)
    )
    total += weight(
        w, at + _rev(ot, pt, bottom, high, size) + up * _rev(ot, pt, bottom - 8, high, size)
    )
    # corner 3x3, symmetries 0, 2, 3, 6: top left, bottom left, top right, bottom right
    at = base + offsets[2]
    high = 7 << (size - 3)
    total += weight(w, at + _fwd(o, p, 0, 7) + 27 * _fwd(o, p, 8, 7) + 729 * _fwd(o, p, 16, 7))
    total += weight(w, at + _fwd(o, p, bottom, 7) + 27 * _fwd(o, p, bottom - 8, 7)
                     + 729 * _fwd(o, p, bottom - 16, 7))
    total += weight(w, at + _fwd(ot, pt, bottom, 7) + 27 * _fwd(ot, pt, bottom - 8, 7)
                     + 729 * _fwd(ot, pt, bottom - 16, 7))
    total += weight(w, at + _rev(o, p, bottom, high, size)
                     + 27 * _rev(o, p, bottom - 8, high, size)
                     + 729 * _rev(o, p, bottom - 16, high, size))
    # rows 2 to size / 2, symmetries 0-3: each row and its images, forwards
    for r in range(1, size // 2):
        at = base + offsets[2 + r]
        total += weight(w, at + _fwd(o, p, 8 * r, row))
        total += weight(w, at + _fwd(ot, pt, 8 * r, row))
        total += weight(w, at + _fwd(o, p, bottom - 8 * r, row))
        total += weight(w, at + _fwd(ot, pt, bottom - 8 * r, row))
    # the long diagonal, symmetries 0, 2; the shorter ones, symmetries 0, 1, 2, 4
    f = 2 + size // 2
    total += weight(w, base + offsets[f] + _diagonal(o, p, diagonals[0, size]))
    total += weight(w, base + offsets[f] + _diagonal(o, p, diagonals[1, size]))
    for n in range(size - 1, 3, -1):
        at = base + offsets[f + size - n]
        total += weight(w, at + _diagonal(o, p, diagonals[0, n]))
        total += weight(w, at + _diagonal(ot, pt, diagonals[0, n]))
        total += weight(w, at + _diagonal(o, p, diagonals[1, n]))
        total += weight(w, at + _diagonal_rev(o, p, diagonals[2, n], size))
    return total


@njit_inline
def score(
    own: np.uint64, opp: np.uint64, own_moves: int, opp_moves: int, empties: int,
    size: int, width: int, weights: np.ndarray, base: int,
) -> int:
    """The sum of the weights the position reads in the phase block at ``base`` (6x6 or
    8x8): the same as summing the entries :func:`.patterns.features` names."""
    if size == 8:
        total = _patterns(own, opp, 8, weights, base, OFFSETS8, DIAGONALS8)
        moves = base + MOVES8
    else:
        total = _patterns(own, opp, 6, weights, base, OFFSETS6, DIAGONALS6)
        moves = base + MOVES6
    total += weight(weights, moves + min(own_moves, MOVES_CAP - 1))
    total += weight(weights, moves + MOVES_CAP + min(opp_moves, MOVES_CAP - 1))
    total += weight(weights, moves + 2 * MOVES_CAP + empties % width)
    return total
