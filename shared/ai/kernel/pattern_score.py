"""The learned evaluation's sum, fast: the search's side of :mod:`.patterns`.

:func:`.patterns.features` reads any family generically, piece by piece from tables;
that is what training uses, and the reference. The search evaluates millions of
positions a second, so here each family of each board size is read by its own lines
with its shifts and masks written out (about four times faster). Which families have
an instance on which symmetric image comes from the layout (``PRESENT``), and the
tests check that the sum here equals the sum of the weights the generic features name.
"""

from __future__ import annotations

import numpy as np

from shared.ai.kernel.jit import njit
from shared.ai.kernel.patterns import (
    B3,
    MOVES_CAP,
    gather,
    image,
    layout,
    transpose,
)


def _present(size: int) -> np.ndarray:
    """Per symmetry, a bit per family that has an instance on that image."""
    out = np.zeros(8, dtype=np.int64)
    for family, sym in layout(size).instances:
        out[sym] |= 1 << family
    return out


def _diagonal_mask(length: int, size: int) -> np.uint64:
    return np.uint64(sum(1 << ((size - length + i) * 8 + i) for i in range(length)))


PRESENT6, PRESENT8 = _present(6), _present(8)
OFFSETS6 = np.array(layout(6).offsets, dtype=np.int64)
OFFSETS8 = np.array(layout(8).offsets, dtype=np.int64)
MOVES6, MOVES8 = layout(6).moves_offset, layout(8).moves_offset
D8, D7, D6, D5, D4 = (_diagonal_mask(n, 8) for n in (8, 7, 6, 5, 4))
E6, E5, E4 = (_diagonal_mask(n, 6) for n in (6, 5, 4))

_U = np.uint64
_ROW = _U(0xFF)
_LOW5, _LOW4, _LOW3, _LOW6 = _U(0x1F), _U(0xF), _U(0x7), _U(0x3F)
_ONE = _U(1)


@njit
def _run(own: np.uint64, opp: np.uint64, shift: np.uint64, mask: np.uint64) -> int:
    """Base 3 of a run of squares along a row, from bit ``shift`` on."""
    return int(B3[int(np.int64((own >> shift) & mask))]) + 2 * int(
        B3[int(np.int64((opp >> shift) & mask))]
    )


@njit
def _square(own: np.uint64, opp: np.uint64, bit: np.uint64) -> int:
    return int(np.int64((own >> bit) & _ONE)) + 2 * int(np.int64((opp >> bit) & _ONE))


@njit
def _line(own: np.uint64, opp: np.uint64, mask: np.uint64) -> int:
    """Base 3 of a diagonal (squares in distinct columns from column 0)."""
    return int(B3[gather(own & mask)]) + 2 * int(B3[gather(opp & mask)])


@njit
def _corner3x3(own: np.uint64, opp: np.uint64) -> int:
    """Base 3 of the 3x3 corner block (the same family on both board sizes)."""
    return (
        _run(own, opp, _U(0), _LOW3) + 27 * _run(own, opp, _U(8), _LOW3)
        + 729 * _run(own, opp, _U(16), _LOW3)
    )


@njit
def _image8(o: np.uint64, p: np.uint64, present: int, w: np.ndarray, base: int) -> int:
    total = 0
    if present & 1:  # edge + 2X
        i = _run(o, p, _U(0), _ROW) + 6561 * _square(o, p, _U(9)) + 19683 * _square(o, p, _U(14))
        total += int(w[base + OFFSETS8[0] + i])
    if present & 2:  # corner 2x5
        i = _run(o, p, _U(0), _LOW5) + 243 * _run(o, p, _U(8), _LOW5)
        total += int(w[base + OFFSETS8[1] + i])
    if present & 4:
        total += int(w[base + OFFSETS8[2] + _corner3x3(o, p)])
    if present & 8:  # rows 2, 3, 4
        total += int(w[base + OFFSETS8[3] + _run(o, p, _U(8), _ROW)])
        total += int(w[base + OFFSETS8[4] + _run(o, p, _U(16), _ROW)])
        total += int(w[base + OFFSETS8[5] + _run(o, p, _U(24), _ROW)])
    if present & 64:
        total += int(w[base + OFFSETS8[6] + _line(o, p, D8)])
    if present & 128:  # diagonals 7, 6, 5, 4
        total += int(w[base + OFFSETS8[7] + _line(o, p, D7)])
        total += int(w[base + OFFSETS8[8] + _line(o, p, D6)])
        total += int(w[base + OFFSETS8[9] + _line(o, p, D5)])
        total += int(w[base + OFFSETS8[10] + _line(o, p, D4)])
    return total


@njit
def _image6(o: np.uint64, p: np.uint64, present: int, w: np.ndarray, base: int) -> int:
    total = 0
    if present & 1:  # edge + 2X
        i = _run(o, p, _U(0), _LOW6) + 729 * _square(o, p, _U(9)) + 2187 * _square(o, p, _U(12))
        total += int(w[base + OFFSETS6[0] + i])
    if present & 2:  # corner 2x4
        i = _run(o, p, _U(0), _LOW4) + 81 * _run(o, p, _U(8), _LOW4)
        total += int(w[base + OFFSETS6[1] + i])
    if present & 4:
        total += int(w[base + OFFSETS6[2] + _corner3x3(o, p)])
    if present & 8:  # rows 2, 3
        total += int(w[base + OFFSETS6[3] + _run(o, p, _U(8), _LOW6)])
        total += int(w[base + OFFSETS6[4] + _run(o, p, _U(16), _LOW6)])
    if present & 32:
        total += int(w[base + OFFSETS6[5] + _line(o, p, E6)])
    if present & 64:  # diagonals 5, 4
        total += int(w[base + OFFSETS6[6] + _line(o, p, E5)])
        total += int(w[base + OFFSETS6[7] + _line(o, p, E4)])
    return total


@njit
def score(
    own: np.uint64, opp: np.uint64, own_moves: int, opp_moves: int, empties: int,
    size: int, width: int, weights: np.ndarray, base: int,
) -> int:
    """The sum of the weights the position reads in the phase block at ``base`` (6x6 or
    8x8): the same as summing the entries :func:`.patterns.features` names."""
    own_t, opp_t = transpose(own), transpose(opp)
    total = 0
    for sym in range(8):
        o, p = image(own, own_t, sym, size), image(opp, opp_t, sym, size)
        if size == 8:
            total += _image8(o, p, PRESENT8[sym], weights, base)
        else:
            total += _image6(o, p, PRESENT6[sym], weights, base)
    moves = base + (MOVES8 if size == 8 else MOVES6)
    total += int(weights[moves + min(own_moves, MOVES_CAP - 1)])
    total += int(weights[moves + MOVES_CAP + min(opp_moves, MOVES_CAP - 1)])
    total += int(weights[moves + 2 * MOVES_CAP + empties % width])
    return total
