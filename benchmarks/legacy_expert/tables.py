"""The legacy expert's board tables, move order and final score (frozen from
``shared/ai/othello_eval.py`` and ``shared/ai/othello_fixed.py`` before the kernel), so
that :mod:`shared.ai` may change what levels 2-4 use without moving this yardstick.
"""

from __future__ import annotations

from functools import cache

from shared.games.othello import Geometry, geometry, squares_of

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
        self.corner_zones: list[tuple[int, int, int]] = []  # (corner, its X square, C squares)
        for row, col in ((0, 0), (0, last), (last, 0), (last, last)):
            dr, dc = (1 if row == 0 else -1), (1 if col == 0 else -1)
            corner = 1 << (row * n + col)
            x_sq = 1 << ((row + dr) * n + col + dc)
            c_sq = 1 << (row * n + col + dc) | 1 << ((row + dr) * n + col)
            corners |= corner
            x_squares |= x_sq
            c_squares |= c_sq
            self.corner_zones.append((corner, x_sq, c_sq))
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
        # squares in the order a search should try them: corners first, X squares last
        self.move_classes: tuple[int, ...] = (
            self.corners, self.edges, self.inner, self.second_ring, self.c_squares,
            self.x_squares,
        )
        top = (1 << n) - 1
        self.top_bottom = top | top << (n * (n - 1))
        left = sum(1 << (r * n) for r in range(n))
        self.left_right = left | left << last
        self.not_first_col = g.full & ~left
        self.not_last_col = g.full & ~(left << last)


@cache
def tables(size: int) -> Tables:
    """The (shared, immutable) square classes of a board size."""
    return Tables(geometry(size))


def final_score(own: int, opp: int) -> int:
    """A finished game from ``own``'s side: the disc margin, scaled above any evaluation."""
    return (own.bit_count() - opp.bit_count()) * DISC_SCALE


def ordered(t: Tables, mv: int) -> list[int]:
    """The squares of ``mv`` in static order: corners and edges first, X squares last."""
    out: list[int] = []
    for mask in t.move_classes:
        out += squares_of(mv & mask)
    return out
