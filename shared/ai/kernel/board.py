"""Between ``shared.games`` positions and the kernels' bitboards.

The kernels see every board size on the 8x8 grid (bit ``row * 8 + col``), the smaller
boards in its top-left corner, with a mask of the squares on the board; ``shared.games``
numbers squares ``row * size + col``. These conversions run once per call into the
kernel, in plain Python.
"""

from __future__ import annotations

import numpy as np

from shared.games.othello import OthelloState


def bit_of(square: int, size: int) -> int:
    """The kernel bit of ``square`` on a ``size`` x ``size`` board."""
    row, col = divmod(square, size)
    return row * 8 + col


def square_of(bit: int, size: int) -> int:
    """The square of a ``size`` x ``size`` board at kernel bit ``bit``."""
    return (bit >> 3) * size + (bit & 7)


def spread(discs: int, size: int) -> int:
    """A set of squares of a ``size`` board as kernel bits (each row moved to its 8 bits)."""
    row_mask = (1 << size) - 1
    return sum(((discs >> (row * size)) & row_mask) << (row * 8) for row in range(size))


def board_mask(size: int) -> np.uint64:
    """The kernel bits of the squares of a ``size`` x ``size`` board."""
    return np.uint64(spread((1 << size * size) - 1, size))


def to_kernel(state: OthelloState) -> tuple[np.uint64, np.uint64, np.uint64]:
    """(own, opp, mask): the side to move's discs, the other side's and the board's squares."""
    own, opp = state.own_opp()
    return np.uint64(spread(own, state.size)), np.uint64(spread(opp, state.size)), board_mask(
        state.size
    )
