"""What the engine says, drawn over the board: a hint's score on every legal square
(the best ones picked out), and in a reviewed game the engine's choice where the
played move was worse.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from client.common.words import words
from client.gui import theme
from client.gui.board import Layout
from shared.games import Look
from shared.protocol import ScoredMove


def draw_hints(surface: pygame.Surface, lay: Layout, hints: Sequence[ScoredMove],
               words: Callable[[int], str], look: Look) -> None:
    """Each scored square shows ``words(score)`` ('+4', 'win') on a dark plate; the best
    ones (the top score: the list is best first) are framed, and an exact score (the
    game solved to its end) is underlined."""
    if not hints:
        return
    top = hints[0].score
    c = lay.cell
    px = max(theme.MIN_FONT, int(min(c * 0.3, 14 + c * 0.09)))
    on_paper = look.ground == "paper"  # tic-tac-toe's light paper, Othello's dark felt
    for hint in hints:
        r = lay.square_rect(hint.move)
        best = hint.score == top
        if best:
            frame(surface, lay, hint.move)
        plate = best or not on_paper  # a dark plate keeps the text readable on the felt
        colour = (theme.HINT_BEST_TEXT if best else
                  theme.HINT_TEXT if plate else theme.HINT_PAPER_TEXT)
        text = words(hint.score)
        box = pygame.Rect((0, 0), theme.text_size(text, px, True))
        box.center = r.center
        if plate:
            pygame.draw.rect(surface, theme.HINT_PLATE, box.inflate(c // 10, c // 20),
                             border_radius=max(2, c // 12))
        theme.draw_text(surface, text, px, colour, True, center=r.center)
        if hint.exact:
            y = box.bottom + max(2, c // 20)  # below the plate
            pygame.draw.line(surface, colour, (box.left, y), (box.right, y), max(2, c // 30))


def frame(surface: pygame.Surface, lay: Layout, square: int) -> None:
    """The frame around a best square (a shape no mark or disc has)."""
    c = lay.cell
    pygame.draw.rect(surface, theme.HINT_BEST, lay.square_rect(square).inflate(-c // 16, -c // 16),
                     max(2, c // 16), border_radius=max(2, c // 10))


def draw_engine_choice(surface: pygame.Surface, lay: Layout, square: int) -> None:
    """The square the engine preferred to the move played: framed, marked "best"."""
    r = lay.square_rect(square)
    c = lay.cell
    frame(surface, lay, square)
    px = max(theme.MIN_FONT, int(c * 0.15))
    best = words()("window-engine-best")
    plate = pygame.Rect((0, 0), theme.text_size(best, px, True))
    plate.midbottom = (r.centerx, r.bottom - c // 8)
    pygame.draw.rect(surface, theme.HINT_PLATE, plate.inflate(c // 10, c // 20),
                     border_radius=max(2, c // 12))
    theme.draw_text(surface, best, px, theme.HINT_BEST_TEXT, True, topleft=plate.topleft)
