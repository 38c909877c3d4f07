"""The window on a machine with none of the system fonts it names (issue 24's "no fonts
installed", taken further): pygame's own font draws the Latin text as tall as asked,
so lines, and the shipped Japanese font matched to their height, keep their size."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from client.gui import theme


@pytest.fixture
def no_system_fonts(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """None of the window's fonts on this machine (as test_gui_japanese's "bare")."""
    pygame.font.init()
    monkeypatch.setattr(theme, "_FONT_NAMES", "no-such-font")
    monkeypatch.setattr(pygame.font, "match_font", lambda *a, **k: None)
    theme.forget_fonts()
    yield
    theme.forget_fonts()


@pytest.mark.parametrize("px", [theme.MIN_FONT, 18, 40])
@pytest.mark.parametrize("bold", [False, True])
def test_lines_keep_their_size_without_the_system_fonts(px: int, bold: bool,
                                                        no_system_fonts: None) -> None:
    assert theme.system_font(px, bold).get_height() >= px
    assert theme.font(px, bold, "対局").get_height() >= px  # the Japanese, matched to it
    assert theme.text_size("a1", px, bold)[1] >= px
