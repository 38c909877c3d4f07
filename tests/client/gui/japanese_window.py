"""What the Japanese window tests read of a window: every line it draws, the glyphs its
font has, the English words among them, and the fonts of a machine with or without the
window's system fonts (a fixture)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pygame
import pytest

from client.gui import theme, widgets

KEYS = {"Esc", "Enter", "End", "Tab"}
"""Key caps, printed as on the keyboard in both languages."""


Drawn = list[tuple[str, int, bool, pygame.Rect]]


def watch(monkeypatch: pytest.MonkeyPatch) -> tuple[Drawn, list[str]]:
    """Every line the window draws (text, pixels, bold, where), and the texts it was asked
    to fit (a drawn line that is none of these was cut short)."""
    drawn: Drawn = []
    asked: list[str] = []
    draw, fit = theme.draw_text, widgets.Ui.text

    def drawing(surface: pygame.Surface, text: str, px: int, colour: tuple[int, int, int],
                bold: bool = False, **anchor: tuple[int, int]) -> pygame.Rect:
        rect = draw(surface, text, px, colour, bold, **anchor)
        drawn.append((text, px, bold, rect))
        return rect

    def fitting(self: widgets.Ui, text: str, *a: object, **k: object) -> pygame.Rect:
        asked.append(text)
        return fit(self, text, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "draw_text", drawing)
    monkeypatch.setattr(widgets.Ui, "text", fitting)
    return drawn, asked


def glyph(f: pygame.font.Font, c: str) -> tuple[tuple[int, int], bytes]:
    """How ``f`` draws the character ``c``: its size and pixels."""
    img = f.render(c, True, (255, 255, 255), (0, 0, 0))
    return img.get_size(), pygame.image.tobytes(img, "RGB")


def missing(text: str, px: int, bold: bool = False) -> list[str]:
    """The characters of ``text`` that the font the window draws it in has no glyph for:
    drawn as that font's missing-glyph shape (a box, or a blank), as U+10FFFF is."""
    f = theme.font(px, bold, text)
    nothing = glyph(f, "\U0010ffff")
    return sorted(c for c in set(text) if not c.isspace() and glyph(f, c) == nothing)


def english(texts: list[str], allowed: set[str]) -> list[str]:
    """The words of two letters or more in ``texts`` that are not names, nor codes (an
    address, and what has digits: K7QX, a1)."""
    found = {w for t in texts for w in re.findall(
        r"[A-Za-z]{2,}", re.sub(r"\w+://\S+|\w*\d\w*", " ", t))}
    return sorted(found - allowed)


@pytest.fixture(params=["system", "bare"])
def fonts(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The system's fonts as they are, or a machine with none of the window's (pygame's
    own font then draws what it can, the shipped Japanese font the rest)."""
    pygame.font.init()
    if request.param == "bare":
        monkeypatch.setattr(theme, "_FONT_NAMES", "no-such-font")
        monkeypatch.setattr(pygame.font, "match_font", lambda *a, **k: None)
    theme.forget_fonts()
    yield
    theme.forget_fonts()
