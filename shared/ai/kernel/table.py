"""The transposition table of both searches: the midgame search and the exact solver.

A table is a ``uint64`` array of rows of four words (32 bytes), in pairs (a bucket: one
64-byte cache line):

- ``TT_OWN``, ``TT_OPP``: the position (own = opp = 0 marks an empty row: no position
  is empty);
- ``TT_DEPTH_MOVE``: how deep the stored result reaches (plies for the midgame search,
  empties for the solver) in the low byte, the best move's bit + 1 in the next (0: none),
  the age of the search that stored it in the third;
- ``TT_BOUNDS``: the lower bound in the low 32 bits, the upper above, each offset by
  ``BOUND_OFFSET`` to be non-negative (midgame scores are in evaluation units, the
  solver's in discs: the table does not care).

A position's bucket comes from one hash of its two bitboards (xorshift mixing); it is
stored in its own row if it has one, else in place of an earlier search's row (a row of
another age) if there is one, else of the shallower of the two: deep results stay while
they are the current search's, the newest always finds a place, and a table kept from
search to search (each with an age of its own: :func:`next_age`) fills with the current
one's results instead of keeping the deep rows of searches long gone. Measured against
the two tables this one replaced (the midgame's and the solver's, each with its own
hash, packing and rule), it visits 1.7 % fewer midgame nodes (12 positions, selective,
depth 13) and 0.3 % fewer solver nodes (6 positions of 19 empties), with the same scores.

Every function here is compiled into its callers (:func:`~.jit.njit_inline`): a call
that passes the table is reference counted in and out, which cost the solver about 5 %
of its time (FFO #40-#44: 13.5-13.6 s of CPU inlined, 13.9-14.7 s not, alternated).

Each search owns its tables. The expert keeps both from move to move (the midgame's
results are its own evaluation's, valid for any later search to the same depth, and the
solver's are proven bounds), ageing them; a search that must not depend on the ones before
it (a fixed-depth search, an exact iteration) clears its table.
"""

from __future__ import annotations

import numpy as np

from shared.ai.kernel.bits import S7, S8, S13, S16, S17, S32
from shared.ai.kernel.jit import njit, njit_inline

TT_OWN, TT_OPP, TT_DEPTH_MOVE, TT_BOUNDS = 0, 1, 2, 3

BOUND_OFFSET = 1 << 20
"""Added to a bound before packing: every score of either search is within +-2**20."""

AGES = 256
"""Ages wrap around after this many searches (a byte): a row 256 searches old reads as
current, which costs only its place in the replacement order."""

_BYTE = np.uint64(0xFF)
_LOW32 = np.uint64(0xFFFFFFFF)


def allocate(bits: int) -> np.ndarray:
    """An empty table of ``2**bits`` rows (``bits`` >= 1)."""
    return np.zeros((1 << bits, 4), dtype=np.uint64)


@njit
def _signed(x: np.uint64) -> int:
    """``x`` as an int64 (numba's ``int()`` would keep it unsigned)."""
    return np.int64(x)  # type: ignore[return-value]


@njit_inline
def bucket(table: np.ndarray, own: np.uint64, opp: np.uint64) -> int:
    """The first row of a position's bucket: xorshift mixing of its bitboards (no
    multiplication, which numpy scalars would warn about overflowing when the JIT is off)."""
    h = own
    h ^= h << S13
    h ^= h >> S7
    h ^= h << S17
    h ^= opp
    h ^= h << S13
    h ^= h >> S7
    h ^= h << S17
    h ^= h >> S32
    return _signed(h & np.uint64(table.shape[0] - 2))


@njit_inline
def find(table: np.ndarray, first: int, own: np.uint64, opp: np.uint64) -> int:
    """The row of the bucket starting at ``first`` that holds the position, or -1."""
    for row in range(first, first + 2):
        if table[row, TT_OWN] == own and table[row, TT_OPP] == opp:
            return row
    return -1


def next_age(age: int) -> int:
    """The age of the search after one of ``age``."""
    return (age + 1) % AGES


@njit_inline
def _worth(table: np.ndarray, row: int, age: int) -> int:
    """How much a row is worth keeping for a search of ``age``: its depth, and any row of
    an earlier search less than every row of this one."""
    depth = depth_at(table, row)
    return depth if _signed(table[row, TT_DEPTH_MOVE] >> S16 & _BYTE) == age else depth - 256


@njit_inline
def store(
    table: np.ndarray, first: int, own: np.uint64, opp: np.uint64, depth: int,
    lower: int, upper: int, move: int, age: int,
) -> None:
    """Keep a position's bounds, depth and best move (-1: none), found by a search of
    ``age``, in its bucket (see the module's replacement rule)."""
    row = find(table, first, own, opp)
    if row < 0:
        row = first + 1 if _worth(table, first + 1, age) < _worth(table, first, age) else first
    table[row, TT_OWN] = own
    table[row, TT_OPP] = opp
    table[row, TT_DEPTH_MOVE] = (np.uint64(depth) | np.uint64(move + 1) << S8
                                 | np.uint64(age) << S16)
    table[row, TT_BOUNDS] = (np.uint64(lower + BOUND_OFFSET)
                             | np.uint64(upper + BOUND_OFFSET) << S32)


@njit_inline
def store_result(
    table: np.ndarray, first: int, own: np.uint64, opp: np.uint64, depth: int,
    lower: int, upper: int, best: int, alpha: int, beta: int, move: int, age: int,
) -> None:
    """Keep what a search of ``age`` in the window (``alpha``, ``beta``) proved: its
    ``best`` is a lower bound when it failed high, an upper bound when it failed low, else
    exact; ``lower`` and ``upper`` are the bounds known before it."""
    if best >= beta:
        lower = max(lower, best)
    elif best <= alpha:
        upper = min(upper, best)
    else:
        lower = upper = best
    store(table, first, own, opp, depth, lower, upper, move, age)


@njit_inline
def depth_at(table: np.ndarray, row: int) -> int:
    """How deep the row's result reaches."""
    return _signed(table[row, TT_DEPTH_MOVE] & _BYTE)


@njit_inline
def move_at(table: np.ndarray, row: int) -> int:
    """The row's best move bit, or -1."""
    return _signed(table[row, TT_DEPTH_MOVE] >> S8 & _BYTE) - 1


@njit_inline
def lower_at(table: np.ndarray, row: int) -> int:
    """The row's lower bound."""
    return _signed(table[row, TT_BOUNDS] & _LOW32) - BOUND_OFFSET


@njit_inline
def upper_at(table: np.ndarray, row: int) -> int:
    """The row's upper bound."""
    return _signed(table[row, TT_BOUNDS] >> S32) - BOUND_OFFSET
