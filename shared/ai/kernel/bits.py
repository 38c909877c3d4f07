"""Othello move generation on ``uint64`` bitboards, for every board size.

Bit ``row * 8 + col`` is a square of the 8x8 grid; smaller boards sit in its top-left
corner and ``mask`` holds their squares. Off-board squares are always empty, so runs of
discs never cross them and one generator serves every size: only the final masking of
moves (and the check of a single move) needs ``mask``.

Everything here is a kernel (:func:`~shared.ai.kernel.jit.njit`) and keeps every
constant a ``np.uint64``: numba turns a mix of signed and unsigned 64-bit ints into
float64. Moves and flips grow runs of opponent discs with doubled shifts (Kogge-Stone)
per direction, with no loop over squares; popcount and trailing zeros are single LLVM
instructions when compiled.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from shared.ai.kernel.jit import COMPILED, njit

ZERO = np.uint64(0)
ONE = np.uint64(1)
FULL = np.uint64(0xFFFFFFFFFFFFFFFF)

# Opponent discs that can sit inside a run along an axis: a run never includes an edge
# square of that axis, which also stops shifts wrapping from one row into the next.
_INNER_COLS = np.uint64(0x7E7E7E7E7E7E7E7E)
_INNER_ROWS = np.uint64(0x00FFFFFFFFFFFF00)
_INNER = np.uint64(0x007E7E7E7E7E7E00)

# Shift counts as uint64 (a signed count would turn the shifted value into float64);
# every kernel module imports them from here.
S1 = np.uint64(1)
S2 = np.uint64(2)
S4 = np.uint64(4)
S7 = np.uint64(7)
S8 = np.uint64(8)
S9 = np.uint64(9)
S13 = np.uint64(13)
S14 = np.uint64(14)
S16 = np.uint64(16)
S17 = np.uint64(17)
S18 = np.uint64(18)
S28 = np.uint64(28)
S32 = np.uint64(32)

if COMPILED:
    from numba import types
    from numba.extending import intrinsic

    @intrinsic
    def _ctpop(typingctx: Any, x: Any) -> Any:
        """LLVM's population count of a uint64, as an int64."""

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.ctpop(args[0])

        return types.int64(types.uint64), codegen

    @intrinsic
    def _cttz(typingctx: Any, x: Any) -> Any:
        """LLVM's count of trailing zeros of a uint64, as an int64 (64 for 0)."""

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.cttz(args[0], context.get_constant(types.boolean, False))

        return types.int64(types.uint64), codegen

    @njit
    def popcount(x: np.uint64) -> int:
        """The number of set bits."""
        return int(_ctpop(x))  # type: ignore[call-arg]

    @njit
    def lowest_bit(x: np.uint64) -> int:
        """The index of the lowest set bit (64 for 0)."""
        return int(_cttz(x))  # type: ignore[call-arg]

else:  # plain Python on numpy scalars (NUMBA_DISABLE_JIT=1, or no numba)

    def popcount(x: np.uint64) -> int:
        """The number of set bits."""
        return int(x).bit_count()

    def lowest_bit(x: np.uint64) -> int:
        """The index of the lowest set bit (64 for 0)."""
        v = int(x)
        return (v & -v).bit_length() - 1 if v else 64


@njit
def _axis_moves(own: np.uint64, inner: np.uint64, s: np.uint64, s2: np.uint64) -> np.uint64:
    """Empty-or-not squares just past a run of ``inner`` discs that starts next to ``own``,
    both ways along one axis (shift ``s``; ``s2`` is ``2 * s``)."""
    up = inner & (own << s)
    up |= inner & (up << s)
    pairs = inner & (inner << s)
    up |= pairs & (up << s2)
    up |= pairs & (up << s2)
    down = inner & (own >> s)
    down |= inner & (down >> s)
    pairs >>= s
    down |= pairs & (down >> s2)
    down |= pairs & (down >> s2)
    return (up << s) | (down >> s)


@njit
def legal_moves(own: np.uint64, opp: np.uint64, mask: np.uint64) -> np.uint64:
    """The squares of ``mask`` where ``own`` may play: each flips at least one disc."""
    moves = _axis_moves(own, opp & _INNER_COLS, S1, S2)
    moves |= _axis_moves(own, opp & _INNER_ROWS, S8, S16)
    inner = opp & _INNER
    moves |= _axis_moves(own, inner, S7, S14)
    moves |= _axis_moves(own, inner, S9, S18)
    return moves & mask & ~(own | opp)


@njit
def _axis_flips(
    own: np.uint64, inner: np.uint64, disc: np.uint64, s: np.uint64, s2: np.uint64
) -> np.uint64:
    """The discs turned over along one axis (both ways) by a disc placed at ``disc``."""
    pairs = inner & (inner << s)
    up = inner & (disc << s)
    up |= inner & (up << s)
    up |= pairs & (up << s2)
    up |= pairs & (up << s2)
    if not (up << s) & own:
        up = ZERO
    pairs >>= s
    down = inner & (disc >> s)
    down |= inner & (down >> s)
    down |= pairs & (down >> s2)
    down |= pairs & (down >> s2)
    if not (down >> s) & own:
        down = ZERO
    return up | down


@njit
def flips_at(own: np.uint64, opp: np.uint64, disc: np.uint64) -> np.uint64:
    """The discs ``own`` turns over by playing on the empty square ``disc`` (a one-bit
    mask), trusting that it is on the board and empty: what the searches call."""
    flipped = _axis_flips(own, opp & _INNER_COLS, disc, S1, S2)
    flipped |= _axis_flips(own, opp & _INNER_ROWS, disc, S8, S16)
    inner = opp & _INNER
    flipped |= _axis_flips(own, inner, disc, S7, S14)
    flipped |= _axis_flips(own, inner, disc, S9, S18)
    return flipped


@njit
def flips(own: np.uint64, opp: np.uint64, bit: int, mask: np.uint64) -> np.uint64:
    """The discs ``own`` turns over by playing on bit ``bit``; 0 if that is illegal there
    (off the board, occupied, or flipping nothing)."""
    if bit < 0 or bit > 63:
        return ZERO
    disc = ONE << np.uint64(bit)
    if not disc & mask & ~(own | opp):
        return ZERO
    return flips_at(own, opp, disc)
