"""The player rows and the offers in the match screen's panel: who plays with their
clocks, a takeback waiting for its answer, a rematch asked for."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial

import pygame

from client.common.match_view import MatchView
from client.common.words import words
from client.gui import theme
from client.gui.board import draw_side_icon
from client.gui.clock_panel import clock_width, draw_clock
from client.gui.widgets import Ui, columns, wrap


def draw_player(ui: Ui, view: MatchView, seat: int, x: int, y: float, width: int,
                u: float) -> float:
    """One player's row: their side, name, discs, whether they are online, their clock;
    the y below it."""
    s = view.state
    assert s is not None
    row = pygame.Rect(x, int(y), width, int(u * 2.6))
    if s.to_move == seat and s.status == "playing":
        pygame.draw.rect(ui.surface, theme.PANEL, row, border_radius=int(u * 0.5))
        pygame.draw.rect(ui.surface, theme.ACCENT, row, 2, border_radius=int(u * 0.5))
    r = int(u * 0.8)
    draw_side_icon(ui.surface, view.info.look, seat, (int(x + u * 1.3), row.centery), r)
    p, w = view.player(seat), words()
    name = view.label(seat)
    if p is not None and seat == view.seat and p.name:
        name = w("page-seat-you", name=p.name)
    elif p is not None and p.kind == "bot":
        name = w("page-seat-bot", level=p.level or "none")  # 'The bot (level 3)'
    elif p is not None and p.name and name != p.name:
        name = w("window-seat-named", label=name, name=p.name)
    text = w("window-seat", side=view.side(seat), name=name)
    clocks = view.clocks()
    right = row.right - u * 0.4
    if clocks is not None:
        box = pygame.Rect(0, 0, clock_width(u), int(u * 2.0))
        box.midright = (int(right), row.centery)
        draw_clock(ui, box, clocks, seat, time.monotonic())
        right = box.left - u * 0.6
    if view.info.scored:
        ui.text(f"{s.score[seat]}", (right, row.centery), u * 1.6, bold=True,
                anchor="midright")
        right -= u * 2.6
    if p is not None and p.kind == "human" and seat != view.seat:
        dot = (int(right - u * 0.6), row.centery)
        pygame.draw.circle(ui.surface, theme.GOOD if p.connected else theme.BAD, dot,
                           max(3, int(u * 0.35)))
        right -= u * 1.4
    room = right - x - u * 2.8
    if not ui.fits(text, u * 1.2, room):
        text = name  # the side's disc is drawn beside it
    if ui.fits(text, u * 1.2, room):
        ui.text(text, (x + u * 2.8, row.centery), u * 1.2, anchor="midleft", max_width=room)
    else:  # a long name (a Japanese one, its letters as big as the Latin) on two lines
        ui.two_lines(text, (x + u * 2.8, row.centery), u * 1.0, room)
    away = view.away_words(seat)
    if away is not None:
        ui.text(away, (row.left + u * 2.8, row.bottom), u * 0.9, theme.BAD)
        return y + u * 4.0
    return y + u * 3.0


def draw_takeback_offer(ui: Ui, view: MatchView, answer: Callable[[bool], None], x: int,
                        y: float, width: int, u: float) -> float:
    """A pending takeback: what is asked and, for the one who answers, Accept / Decline
    (``answer(accept)``); the y below it."""
    text = view.takeback_text()
    if text is None:
        return y
    px = u * 1.15
    lines = wrap(text, px, int(width - u * 1.2), bold=True)[:3]
    text_h = len(lines) * theme.line_height(px, bold=True)
    buttons_h = u * 3.0 if view.offer_to_answer else 0.0
    box = pygame.Rect(x, int(y), width, int(u * 1.3 + text_h + buttons_h))
    pygame.draw.rect(ui.surface, theme.PANEL, box, border_radius=int(u * 0.5))
    pygame.draw.rect(ui.surface, theme.WARN, box, 2, border_radius=int(u * 0.5))
    ui.paragraph(text, pygame.Rect(int(x + u * 0.6), int(y + u * 0.5), int(width - u * 1.2),
                                   text_h), u * 1.15, theme.WARN, bold=True)
    if view.offer_to_answer:
        row = pygame.Rect(x + int(u * 0.6), int(y + u * 1.0 + text_h), int(width - u * 1.2),
                          int(u * 2.5))
        accept, decline = columns(row, 2, u * 0.6)
        ui.button(accept, words()("button-accept"), partial(answer, True), primary=True,
                  hint="Y")
        ui.button(decline, words()("button-decline"), partial(answer, False), hint="N")
    return box.bottom + u * 0.6


def draw_rematch_offer(ui: Ui, view: MatchView, x: int, y: float, width: int,
                       u: float) -> float:
    """Who asked for a rematch of the finished game; the y below it."""
    s = view.state
    assert s is not None
    if view.seat is None or not s.rematch:
        return y
    other = 1 - view.seat
    if other in s.rematch and view.seat not in s.rematch:
        text = words()("window-rematch-wanted", who=view.label(other))
    else:
        text = words()("page-rematch-asked", who=view.label(other))
    ui.text(text, (x, y), u * 1.15, theme.ACCENT, max_width=width)
    return y + u * 1.8
