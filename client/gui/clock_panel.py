"""A player's clock beside their name: counting down while it runs (from the moment the
server's `state` arrived, see client/common/clock_view.py), red once low on time."""

from __future__ import annotations

import pygame

from client.common.clock_view import ClockView
from client.gui import theme
from client.gui.widgets import Ui


def clock_width(u: float) -> int:
    """The clock box's width (the player row leaves this much room for it)."""
    return int(u * 5.6)


def draw_clock(ui: Ui, rect: pygame.Rect, clocks: ClockView, seat: int, now: float) -> None:
    """One clock: a plain box while stopped, blue while running, red when low; the
    text is what is left at ``now``."""
    low = clocks.low(seat, now)
    running = clocks.running == seat
    fill = theme.CLOCK_LOW if low else theme.CLOCK_RUNNING if running else theme.CLOCK
    radius = max(3, rect.height // 5)
    pygame.draw.rect(ui.surface, fill, rect, border_radius=radius)
    if running:
        pygame.draw.rect(ui.surface, theme.TEXT, rect, 2, border_radius=radius)
    colour = theme.TEXT if running or low else theme.TEXT_SOFT
    ui.text(clocks.text(seat, now), rect.center, rect.height * 0.62, colour, bold=running,
            anchor="center", max_width=rect.width - 4)
