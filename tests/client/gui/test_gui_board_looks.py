"""Every look the vocabulary can say (shared/games/look.py) is drawn by the window:
each ground with each piece and each kind of label, on a size no built-in game has.
The labels are drawn in the ground's text colour, which reads on that ground (WCAG's
4.5:1), the pieces in colours that read on it too (3:1, WCAG's for a shape: X and O,
the black disc, the white disc's rim), the star points and the winning line where the
look puts them."""

from __future__ import annotations

from itertools import product

import pygame
import pytest

from client.gui import theme
from client.gui.animation import BoardAnimation
from client.gui.app import App
from client.gui.board import GROUNDS, Layout, draw_board
from shared.games.look import Look
from tests.client.client_support import Colour, contrast, screenshot

SIZE = 5
BOARD = "X.O.." ".XO.." "..X.." "...X." "....X"  # X holds the diagonal
PIECES = ("marks", "discs")


def piece_colours(ground: str, piece: str) -> tuple[Colour, Colour]:
    """The colours by which X's and O's pieces stand out from the squares of ``ground``:
    the inks of marks; the black disc, and the white one's body or its rim, whichever
    differs more (on paper, as light as the disc, the rim)."""
    style = GROUNDS[ground]
    if piece == "marks":
        return style.inks
    square = style.cloth or style.frame
    white = max((theme.WHITE_DISC, style.white_edge), key=lambda c: contrast(c, square))
    return theme.BLACK_DISC, white


def colours(surface: pygame.Surface, rect: pygame.Rect) -> set[tuple[int, int, int]]:
    return {tuple(surface.get_at((x, y)))[:3] for x in range(rect.left, rect.right)  # type: ignore[misc]
            for y in range(rect.top, rect.bottom)}


@pytest.mark.parametrize(("ground", "piece", "labels"),
                         list(product(GROUNDS, PIECES, ("slots", "coordinates"))))
def test_every_look_is_drawn(app: App, ground: str, piece: str, labels: str) -> None:
    """(``app``: a window, so that pygame and its fonts are up.)"""
    look = Look(ground, piece, labels, stars={SIZE: ((4, 1),)},  # type: ignore[arg-type]
                lines={SIZE: ((0, 6, 12, 18, 24),)})
    surface = pygame.Surface((400, 400))
    lay = Layout.fit(surface.get_rect(), SIZE, coordinates=labels == "coordinates")
    draw_board(look, surface, lay, BOARD, BoardAnimation.still(BOARD).looks(0.0),
               legal=[i for i, ch in enumerate(BOARD) if ch == "."], last=None,
               flipped=frozenset(), hover=None)
    screenshot(surface, f"window_look_{ground}_{piece}_{labels}")
    style = GROUNDS[ground]
    if labels == "coordinates":  # the column letters, on the frame
        text, under = style.coordinate_text, style.frame
        where = pygame.Rect(lay.grid.left, lay.grid.top - lay.band, lay.grid.width, lay.band)
    else:  # slot 1's number, on the square
        text, under, where = style.slot_text, style.cloth or style.frame, lay.square_rect(1)
    assert contrast(text, under) >= 4.5
    assert text in colours(surface, where)
    x_colour, o_colour = piece_colours(ground, piece)
    square = style.cloth or style.frame
    assert contrast(x_colour, square) >= 3 and contrast(o_colour, square) >= 3
    assert x_colour in colours(surface, lay.square_rect(0).inflate(-lay.cell // 4, 0))
    assert o_colour in colours(surface, lay.square_rect(2).inflate(-lay.cell // 4, 0))
    if piece == "discs":  # a shadow of the ground's own, not the felt's green on paper
        assert style.disc_shadow in colours(surface, lay.square_rect(2))
    c = lay.cell
    star = (lay.grid.left + 4 * c - 3, lay.grid.top + c - 3)  # off the lines crossing there
    assert style.line in colours(surface, pygame.Rect(star, (1, 1)))
    assert contrast(style.strike, square) >= 3
    assert style.strike in colours(surface, lay.square_rect(12).inflate(-c // 2, -c // 2))
