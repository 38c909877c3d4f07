"""What the final disc margin after a move can still be: the board's bounds on a hint.

A disc that can never be flipped again (:func:`~shared.ai.kernel.endgame_search.stable_discs`)
counts for its owner at the end, so the side to move can end at most ``squares - 2 *
(the opponent's stable discs)`` ahead and at most ``squares - 2 * (its own)`` behind
(empty squares are not awarded, so a margin never exceeds the board's squares). The
expert's estimates are bounded by them before anyone reads them as a disc margin.
"""

from __future__ import annotations

import numpy as np

from shared.ai.kernel.bits import flips_at
from shared.ai.kernel.endgame_search import stable_discs


def margin_bounds(own: np.uint64, opp: np.uint64, mask: np.uint64, bit: int) -> tuple[int, int]:
    """(lowest, highest) final margin, in discs, for the side to move (``own``) after
    its legal move at kernel ``bit``."""
    disc = np.uint64(1 << bit)
    flipped = np.uint64(flips_at(own, opp, disc))  # numba hands a uint64 back as an int
    mine, theirs = own | flipped | disc, opp ^ flipped
    squares, occupied = int(mask).bit_count(), mine | theirs
    # Python's bit_count: numba hands a uint64 back as an int, which it would not take back
    low = -(squares - 2 * int(stable_discs(mine, occupied, mask)).bit_count())
    high = squares - 2 * int(stable_discs(theirs, occupied, mask)).bit_count()
    return low, high
