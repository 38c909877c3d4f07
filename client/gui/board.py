"""Drawing a board from its game's look (:mod:`shared.games.look`): the ground (paper
or felt), the pieces (marks or discs), the labels (slot numbers in the free squares,
or coordinates around the board), the star points and a winning line struck through.
Each word of the look is drawn here once, so a game that picks from them draws with no
change to this module. Geometry and drawing only; what to draw comes from a
:class:`~client.common.match_view.MatchView`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

import pygame
import pygame.gfxdraw

from client.gui import theme
from client.gui.animation import Look as SquareLook
from shared.games.look import COLUMNS, Look

Colour = tuple[int, int, int]


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


@dataclass(frozen=True)
class Ground:
    """What a ground paints under, between and over the pieces: its frame and cloth, its
    grid lines and star points, the labels' colour, the legal square under the pointer,
    the legal moves and the last move."""

    frame: Colour
    corner: int
    """The frame's corner radius is the band divided by this (4 pixels at least)."""
    cloth: Colour | None
    """The grid's own colour, or None where the frame's shows through."""
    line: Colour
    line_width: tuple[int, int]
    """(least, cells per pixel): a line is max(least, cell // cells per pixel) wide."""
    outer_lines: bool
    """The board's edges are drawn as lines too."""
    coordinate_text: Colour
    """Coordinates, readable on the frame."""
    slot_text: Colour
    """Slot numbers, readable on the squares."""
    hover: Colour
    inset: int
    """A shaded square is inset by this many line widths."""
    legal_dot: Colour | None
    """Every legal square dotted in this colour, or none."""
    last_shade: Colour | None
    """The last move's square shaded under its piece in this colour; None: a red dot on
    its piece instead."""
    strike: Colour
    """A winning line struck through, at least 3:1 against the squares."""
    inks: tuple[Colour, Colour]
    """X's and O's colour (pieces "marks"), each at least 3:1 against the squares."""
    disc_shadow: Colour
    white_edge: Colour
    """A white disc's rim (pieces "discs"), at least 3:1 against the squares."""

    def width(self, lay: Layout) -> int:
        least, per = self.line_width
        return max(least, lay.cell // per)


GROUNDS: dict[str, Ground] = {
    "paper": Ground(frame=theme.PAPER, corner=1, cloth=None, line=theme.INK,
                    line_width=(2, 30), outer_lines=False, coordinate_text=theme.SLOT_NUMBER,
                    slot_text=theme.SLOT_NUMBER,
                    hover=theme.PAPER_HOVER, inset=2, legal_dot=None,
                    last_shade=theme.PAPER_LAST, strike=theme.LAST_MOVE,
                    inks=(theme.X_INK, theme.O_INK),
                    disc_shadow=theme.PAPER_DISC_SHADOW, white_edge=theme.PAPER_WHITE_EDGE),
    "felt": Ground(frame=theme.FELT_DARK, corner=3, cloth=theme.FELT, line=theme.FELT_DARK,
                   line_width=(1, 40), outer_lines=True, coordinate_text=theme.COORDINATE,
                   slot_text=theme.TEXT,
                   hover=theme.FELT_HOVER, inset=1, legal_dot=theme.LEGAL_DOT,
                   last_shade=None, strike=theme.FELT_STRIKE,
                   inks=(theme.FELT_X_INK, theme.FELT_O_INK),
                   disc_shadow=theme.DISC_SHADOW, white_edge=theme.WHITE_EDGE),
}
"""Each ground of a look: paper (tic-tac-toe's) and felt (Othello's). Either takes
either piece: the pieces' colours that depend on what lies under them are the ground's."""


def draw_board(look: Look, surface: pygame.Surface, lay: Layout, board: str,
               looks: Sequence[SquareLook], *, legal: Collection[int], last: int | None,
               flipped: frozenset[int], hover: int | None) -> None:
    """The board as its game's ``look`` says: ``board`` is the position, ``looks`` how
    each square shows this frame (mid-animation: see client/gui/animation.py); ``legal``
    and ``hover`` are the squares to mark for the person to move (empty otherwise),
    ``flipped`` the pieces the last move turned over (ringed once they lie flat),
    ``last`` its square."""
    ground = GROUNDS[look.ground]
    draw_piece = PIECES[look.piece]
    c = lay.cell
    width = ground.width(lay)
    frame = lay.grid.inflate(lay.band * 2, lay.band * 2)
    pygame.draw.rect(surface, ground.frame, frame,
                     border_radius=max(4, lay.band // ground.corner))
    if ground.cloth is not None:
        pygame.draw.rect(surface, ground.cloth, lay.grid)
    if look.labels == "coordinates":
        _coordinates(surface, lay, ground.coordinate_text)
    _grid_lines(surface, lay, ground, width)
    for col, row in look.stars_on(lay.n):
        point = (lay.grid.left + col * c, lay.grid.top + row * c)
        pygame.draw.circle(surface, ground.line, point, max(2, c // 14))
    for i, square in enumerate(looks):
        r = lay.square_rect(i)
        free = square.face == "."
        shade = r.inflate(-width * ground.inset, -width * ground.inset)
        playable = free and i in legal and board[i] == "."
        if playable and i == hover:
            pygame.draw.rect(surface, ground.hover, shade)
        if playable and ground.legal_dot is not None:
            pygame.draw.circle(surface, ground.legal_dot, r.center, max(3, c // 9))
        if i == last and ground.last_shade is not None:
            pygame.draw.rect(surface, ground.last_shade, shade)
        if free:
            if look.labels == "slots":
                theme.draw_text(surface, str(i), int(c * 0.22), ground.slot_text,
                                topleft=(r.left + c // 12, r.top + c // 20))
            continue
        draw_piece(surface, ground, r.center, c, square)
        if i in flipped and square.width == 1.0:
            pygame.draw.circle(surface, theme.FLIP_RING, r.center, int(c * 0.42) + 1,
                               max(2, c // 24))
        if i == last and ground.last_shade is None:
            pygame.draw.circle(surface, theme.LAST_MOVE, r.center, max(3, c // 10))
    line = look.winning_line(board, lay.n)
    if line is not None:
        a, b = lay.square_rect(line[0]).center, lay.square_rect(line[-1]).center
        pygame.draw.line(surface, ground.strike, a, b, max(4, c // 12))


def _coordinates(surface: pygame.Surface, lay: Layout, colour: Colour) -> None:
    """Column letters across the top, row numbers down the side, in the frame's band."""
    c = lay.cell
    label = max(theme.MIN_FONT, int(min(lay.band * 0.7, c * 0.4)))
    for i in range(lay.n):
        x = lay.grid.left + i * c + c // 2
        y = lay.grid.top + i * c + c // 2
        theme.draw_text(surface, COLUMNS[i], label, colour, True,
                        center=(x, lay.grid.top - lay.band // 2))
        theme.draw_text(surface, str(i + 1), label, colour, True,
                        center=(lay.grid.left - lay.band // 2, y))


def _grid_lines(surface: pygame.Surface, lay: Layout, ground: Ground, width: int) -> None:
    """The lines between the squares (and along the edges, if the ground draws them)."""
    c = lay.cell
    edge = 0 if ground.outer_lines else 1
    for i in range(edge, lay.n + 1 - edge):
        x = lay.grid.left + i * c
        y = lay.grid.top + i * c
        pygame.draw.line(surface, ground.line, (x, lay.grid.top), (x, lay.grid.bottom), width)
        pygame.draw.line(surface, ground.line, (lay.grid.left, y), (lay.grid.right, y), width)


def _mark(surface: pygame.Surface, ground: Ground, center: tuple[int, int], cell: int,
          square: SquareLook) -> None:
    """X as two strokes, O as a ring, in the ground's inks, growing in as
    ``square.size`` says."""
    radius = int(cell * 0.3 * square.size)
    stroke = max(3, cell // 14)
    x_ink, o_ink = ground.inks
    if square.face == "O":
        _smooth_ring(surface, o_ink, center, radius, min(stroke, radius))
        return
    x0, y0 = center[0] - radius, center[1] - radius
    x1, y1 = center[0] + radius, center[1] + radius
    pygame.draw.line(surface, x_ink, (x0, y0), (x1, y1), stroke + 1)
    pygame.draw.line(surface, x_ink, (x1, y0), (x0, y1), stroke + 1)


def _disc_piece(surface: pygame.Surface, ground: Ground, center: tuple[int, int], cell: int,
                square: SquareLook) -> None:
    """A disc as ``square`` shows it: turning over (narrowed), growing in (smaller)."""
    _disc(surface, ground, center, int(int(cell * 0.42) * square.size), square.face,
          square.width)


PIECES: dict[str, Callable[[pygame.Surface, Ground, tuple[int, int], int, SquareLook],
                           None]] = {"marks": _mark, "discs": _disc_piece}
"""How each kind of piece of a look is drawn in its square on a ground (centre, cell
size)."""


def _disc(surface: pygame.Surface, ground: Ground, center: tuple[int, int], radius: int,
          ch: str, squash: float = 1.0) -> None:
    """One disc with a soft shadow, as ``ground`` shades it; ``squash`` narrows it to show
    it turning over."""
    rx = max(1, int(radius * squash))
    shift = max(1, radius // 10)
    _smooth_ellipse(surface, ground.disc_shadow, (center[0] + shift, center[1] + shift), rx,
                    radius)
    edge = max(1, radius // 14)
    _smooth_ellipse(surface, theme.BLACK_EDGE if ch == "X" else ground.white_edge, center, rx,
                    radius)
    _smooth_ellipse(surface, theme.BLACK_DISC if ch == "X" else theme.WHITE_DISC, center,
                    max(1, rx - edge), max(1, radius - edge))


def _smooth_ellipse(surface: pygame.Surface, colour: Colour,
                    center: tuple[int, int], rx: int, ry: int) -> None:
    """A filled ellipse with an anti-aliased rim (gfxdraw fills, then blends the rim into
    what lies under it), so a disc's edge is not a staircase."""
    x, y = center
    pygame.gfxdraw.filled_ellipse(surface, x, y, rx, ry, colour)
    pygame.gfxdraw.aaellipse(surface, x, y, rx, ry, colour)


def draw_side_icon(surface: pygame.Surface, look: Look, seat: int, center: tuple[int, int],
                   radius: int) -> None:
    """A small piece for a seat beside its player's name, in its game's look: a disc, or
    X or O."""
    if look.piece == "discs":  # on the dark panel, shaded as on the (dark) felt
        _disc(surface, GROUNDS["felt"], center, radius, "XO"[seat])
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


def _smooth_ring(surface: pygame.Surface, colour: Colour,
                 center: tuple[int, int], radius: int, width: int) -> None:
    """A ring ``width`` thick with anti-aliased edges (the O of marks)."""
    pygame.draw.circle(surface, colour, center, radius, width)
    x, y = center
    pygame.gfxdraw.aacircle(surface, x, y, radius, colour)
    pygame.gfxdraw.aacircle(surface, x, y, max(1, radius - width), colour)
