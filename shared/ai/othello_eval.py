"""The fixed-depth levels' Othello evaluation on raw bitboards, from the side to move
(``own``) against ``opp``: :func:`positional`, a square-weight table (the classic
beginner's evaluation that levels 2-4 use), an integer well inside ``±DISC_SCALE``, so
that a won or lost game (worth ``disc difference * DISC_SCALE``) always outweighs it.
The expert's evaluation is the kernel's (:mod:`shared.ai.kernel.evaluate`).
"""

from __future__ import annotations

from functools import cache

from shared.games.othello import Geometry, geometry

DISC_SCALE = 1_000_000
"""What one disc of a finished game's margin is worth next to an evaluation."""

INF = 100 * DISC_SCALE
"""Beyond every score: the open ends of a search window."""


class Tables:
    """Square classes of one board size as masks, built once per size by :func:`tables`."""

    def __init__(self, g: Geometry) -> None:
        n = g.size
        self.geometry = g
        corners = x_squares = c_squares = edges = second_ring = 0
        last = n - 1
        for row, col in ((0, 0), (0, last), (last, 0), (last, last)):
            dr, dc = (1 if row == 0 else -1), (1 if col == 0 else -1)
            corner = 1 << (row * n + col)
            x_sq = 1 << ((row + dr) * n + col + dc)
            c_sq = 1 << (row * n + col + dc) | 1 << ((row + dr) * n + col)
            corners |= corner
            x_squares |= x_sq
            c_squares |= c_sq
        for sq in range(g.squares):
            row, col = divmod(sq, n)
            if row in (0, last) or col in (0, last):
                edges |= 1 << sq
            elif row in (1, last - 1) or col in (1, last - 1):
                second_ring |= 1 << sq
        self.corners = corners
        self.x_squares = x_squares & ~corners
        # on 4x4 the edge squares next to two corners are C squares of both
        self.c_squares = c_squares & ~corners
        self.edges = edges & ~corners & ~self.c_squares
        self.second_ring = second_ring & ~self.x_squares
        self.inner = g.full & ~(corners | self.x_squares | self.c_squares | edges | second_ring)
        # (weight, mask) pairs of the positional table: the 8x8 textbook weights
        self.weights: tuple[tuple[int, int], ...] = (
            (100, self.corners),
            (-50, self.x_squares),
            (-20, self.c_squares),
            (10, self.edges),
            (-2, self.second_ring),
            (1, self.inner),
        )
        # squares in the order a search should try them: corners first, X squares last
        self.move_classes: tuple[int, ...] = (
            self.corners, self.edges, self.inner, self.second_ring, self.c_squares,
            self.x_squares,
        )


@cache
def tables(size: int) -> Tables:
    """The (shared, immutable) square classes of a board size."""
    return Tables(geometry(size))


def positional(t: Tables, own: int, opp: int) -> int:
    """The square-weight sum of ``own``'s discs minus ``opp``'s."""
    total = 0
    for weight, mask in t.weights:
        total += weight * ((own & mask).bit_count() - (opp & mask).bit_count())
    return total
