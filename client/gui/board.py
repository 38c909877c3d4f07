"""Drawing the boards: marks (tic-tac-toe: X and O on a paper grid, free slots
numbered) and discs (Othello: on green felt with coordinates), chosen by the game's
``pieces`` in the catalogue. Geometry and drawing only; what to draw comes from a
:class:`~client.common.match_view.MatchView`.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Protocol

import pygame
import pygame.gfxdraw

from client.gui import theme
from client.gui.animation import Look
from shared.games import tictactoe
from shared.games.othello import COLUMNS

LINES = tuple(tuple(sq for sq in range(9) if line >> sq & 1) for line in tictactoe.LINES)
"""The eight lines of tic-tac-toe as their three squares (from the rules' bit masks)."""


@dataclass(frozen=True)
class Layout:
    """Where an n x n board sits: its playing rect inside a frame ``band`` wide (which
    holds the coordinates when there are any)."""

    grid: pygame.Rect
    n: int
    band: int = 0

    @classmethod
    def fit(cls, area: pygame.Rect, n: int, coordinates: bool) -> Layout:
        side = min(area.width, area.height)
        band = int(side * (0.055 if coordinates else 0.035))
        cell = (side - 2 * band) // n
        grid = pygame.Rect(0, 0, cell * n, cell * n)
        grid.center = area.center
        return cls(grid, n, band)

    @property
    def cell(self) -> int:
        return self.grid.width // self.n

    def square_rect(self, square: int) -> pygame.Rect:
        row, col = divmod(square, self.n)
        c = self.cell
        return pygame.Rect(self.grid.left + col * c, self.grid.top + row * c, c, c)

    def square_at(self, pos: tuple[int, int]) -> int | None:
        """The square under a point, or None outside the board."""
        if not self.grid.collidepoint(pos):
            return None
        col = (pos[0] - self.grid.left) // self.cell
        row = (pos[1] - self.grid.top) // self.cell
        return int(row * self.n + col)


def winning_line(board: str) -> tuple[int, int, int] | None:
    """The three-in-a-row on a tic-tac-toe board, to draw a stroke through it."""
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return a, b, c
    return None


class Drawer(Protocol):
    """Draws one kind of board: ``board`` is the position, ``looks`` how each square
    shows this frame (mid-animation: see client/gui/animation.py); ``legal`` and
    ``hover`` are the squares to mark for the person to move (empty otherwise),
    ``flipped`` the discs the last move turned over (ringed), ``last`` its square."""

    def __call__(self, surface: pygame.Surface, lay: Layout, board: str,
                 looks: Sequence[Look], *, legal: Collection[int], last: int | None,
                 flipped: frozenset[int], hover: int | None) -> None: ...


def draw_board(pieces: str, surface: pygame.Surface, lay: Layout, board: str,
               looks: Sequence[Look], *, legal: Collection[int], last: int | None,
               flipped: frozenset[int], hover: int | None) -> None:
    """The board in its game's picture (the catalogue's ``pieces``: marks or discs)."""
    DRAWERS[pieces](surface, lay, board, looks, legal=legal, last=last, flipped=flipped,
                    hover=hover)


def draw_tictactoe(
    surface: pygame.Surface,
    lay: Layout,
    board: str,
    looks: Sequence[Look],
    *,
    legal: Collection[int],
    last: int | None,
    flipped: frozenset[int],
    hover: int | None,
) -> None:
    """A paper grid, O as a circle, X as two strokes; free slots numbered (nothing flips
    in tic-tac-toe, and every free slot is legal: ``flipped`` and ``legal`` go unused)."""
    frame = lay.grid.inflate(lay.band * 2, lay.band * 2)
    pygame.draw.rect(surface, theme.PAPER, frame, border_radius=max(4, lay.band))
    c = lay.cell
    width = max(2, c // 30)
    for i in range(1, 3):
        x = lay.grid.left + i * c
        y = lay.grid.top + i * c
        pygame.draw.line(surface, theme.INK, (x, lay.grid.top), (x, lay.grid.bottom), width)
        pygame.draw.line(surface, theme.INK, (lay.grid.left, y), (lay.grid.right, y), width)
    for i, look in enumerate(looks):
        r = lay.square_rect(i)
        ch = look.face
        if i == hover and ch == ".":
            pygame.draw.rect(surface, theme.PAPER_HOVER, r.inflate(-width * 2, -width * 2))
        if i == last:
            pygame.draw.rect(surface, theme.PAPER_LAST, r.inflate(-width * 2, -width * 2))
        radius = int(c * 0.3 * look.size)
        stroke = max(3, c // 14)
        if ch == "O":
            _smooth_ring(surface, theme.O_INK, r.center, radius, min(stroke, radius))
        elif ch == "X":
            x0, y0 = r.centerx - radius, r.centery - radius
            x1, y1 = r.centerx + radius, r.centery + radius
            pygame.draw.line(surface, theme.X_INK, (x0, y0), (x1, y1), stroke + 1)
            pygame.draw.line(surface, theme.X_INK, (x1, y0), (x0, y1), stroke + 1)
        else:
            theme.draw_text(surface, str(i), int(c * 0.22), theme.SLOT_NUMBER,
                            topleft=(r.left + c // 12, r.top + c // 20))
    line = winning_line(board)
    if line is not None:
        a, b = lay.square_rect(line[0]).center, lay.square_rect(line[2]).center
        pygame.draw.line(surface, theme.LAST_MOVE, a, b, max(4, c // 12))


def draw_othello(
    surface: pygame.Surface,
    lay: Layout,
    board: str,
    looks: Sequence[Look],
    *,
    legal: Collection[int],
    last: int | None,
    flipped: frozenset[int],
    hover: int | None,
) -> None:
    """Green felt, a-h across the top and 1-8 down the side, discs as their ``looks``
    say (turning over, growing in), and the marks: legal moves as small dots, the last
    move as a red dot, the discs it turned over ringed once they lie flat."""
    c = lay.cell
    frame = lay.grid.inflate(lay.band * 2, lay.band * 2)
    pygame.draw.rect(surface, theme.FELT_DARK, frame, border_radius=max(4, lay.band // 3))
    pygame.draw.rect(surface, theme.FELT, lay.grid)
    label = max(theme.MIN_FONT, int(min(lay.band * 0.7, c * 0.4)))
    for i in range(lay.n):
        x = lay.grid.left + i * c + c // 2
        y = lay.grid.top + i * c + c // 2
        theme.draw_text(surface, COLUMNS[i], label, theme.COORDINATE, True,
                        center=(x, lay.grid.top - lay.band // 2))
        theme.draw_text(surface, str(i + 1), label, theme.COORDINATE, True,
                        center=(lay.grid.left - lay.band // 2, y))
    line_w = max(1, c // 40)
    for i in range(lay.n + 1):
        x = lay.grid.left + i * c
        y = lay.grid.top + i * c
        pygame.draw.line(surface, theme.FELT_DARK, (x, lay.grid.top), (x, lay.grid.bottom), line_w)
        pygame.draw.line(surface, theme.FELT_DARK, (lay.grid.left, y), (lay.grid.right, y), line_w)
    if lay.n == 8:  # the four star points of a real board
        for px, py in ((2, 2), (2, 6), (6, 2), (6, 6)):
            pt = (lay.grid.left + px * c, lay.grid.top + py * c)
            pygame.draw.circle(surface, theme.FELT_DARK, pt, max(2, c // 14))
    radius = int(c * 0.42)
    for i, look in enumerate(looks):
        r = lay.square_rect(i)
        if look.face == ".":
            if i in legal and board[i] == ".":
                if i == hover:
                    pygame.draw.rect(surface, theme.FELT_HOVER, r.inflate(-line_w, -line_w))
                pygame.draw.circle(surface, theme.LEGAL_DOT, r.center, max(3, c // 9))
            continue
        _disc(surface, r.center, int(radius * look.size), look.face, look.width)
        if i in flipped and look.width == 1.0:
            pygame.draw.circle(surface, theme.FLIP_RING, r.center, radius + 1, max(2, c // 24))
        if i == last:
            pygame.draw.circle(surface, theme.LAST_MOVE, r.center, max(3, c // 10))


def _disc(surface: pygame.Surface, center: tuple[int, int], radius: int, ch: str,
          squash: float = 1.0) -> None:
    """One disc with a soft shadow; ``squash`` narrows it to show it turning over."""
    rx = max(1, int(radius * squash))
    shift = max(1, radius // 10)
    _smooth_ellipse(surface, theme.DISC_SHADOW, (center[0] + shift, center[1] + shift), rx,
                    radius)
    edge = max(1, radius // 14)
    _smooth_ellipse(surface, theme.BLACK_EDGE if ch == "X" else theme.WHITE_EDGE, center, rx,
                    radius)
    _smooth_ellipse(surface, theme.BLACK_DISC if ch == "X" else theme.WHITE_DISC, center,
                    max(1, rx - edge), max(1, radius - edge))


def _smooth_ellipse(surface: pygame.Surface, colour: tuple[int, int, int],
                    center: tuple[int, int], rx: int, ry: int) -> None:
    """A filled ellipse with an anti-aliased rim (gfxdraw fills, then blends the rim into
    what lies under it), so a disc's edge is not a staircase."""
    x, y = center
    pygame.gfxdraw.filled_ellipse(surface, x, y, rx, ry, colour)
    pygame.gfxdraw.aaellipse(surface, x, y, rx, ry, colour)


def draw_side_icon(surface: pygame.Surface, pieces: str, seat: int, center: tuple[int, int],
                   radius: int) -> None:
    """A small mark for a seat beside its player's name: a disc, or X or O."""
    if pieces == "discs":
        _disc(surface, center, radius, "XO"[seat])
        return
    stroke = max(2, radius // 4)
    if seat == 0:
        x, y = center
        pygame.draw.line(surface, theme.X_INK, (x - radius, y - radius), (x + radius, y + radius),
                         stroke)
        pygame.draw.line(surface, theme.X_INK, (x + radius, y - radius), (x - radius, y + radius),
                         stroke)
    else:
        _smooth_ring(surface, theme.O_ICON, center, radius, stroke)


def _smooth_ring(surface: pygame.Surface, colour: tuple[int, int, int],
                 center: tuple[int, int], radius: int, width: int) -> None:
    """A ring ``width`` thick with anti-aliased edges (tic-tac-toe's O)."""
    pygame.draw.circle(surface, colour, center, radius, width)
    x, y = center
    pygame.gfxdraw.aacircle(surface, x, y, radius, colour)
    pygame.gfxdraw.aacircle(surface, x, y, max(1, radius - width), colour)


DRAWERS: dict[str, Drawer] = {"marks": draw_tictactoe, "discs": draw_othello}
"""The drawer of each kind of ``pieces`` in the catalogue."""
