"""A QR code of an address, drawn as a pygame Surface, so a phone joins by its camera.

segno makes the symbol (the module matrix); this module only paints it: black modules
on white whatever the window's theme (cameras expect dark on light), each module a
whole number of pixels (never smoothed, so no grey edges blur the code), inside the
four-module light quiet zone the QR standard asks for.
"""

from __future__ import annotations

from functools import lru_cache

import pygame
import segno

from client.gui.theme import QR_DARK, QR_LIGHT

QUIET_ZONE = 4
"""Light modules around the symbol (ISO/IEC 18004); readers need them to find it."""


def qr_code(text: str) -> segno.QRCode:
    """A regular QR code (not Micro QR, which phone cameras do not read) of ``text``."""
    return segno.make_qr(text)


@lru_cache(maxsize=8)
def qr_surface(text: str, max_size: int) -> pygame.Surface:
    """The QR code of ``text`` with its quiet zone, as large as fits in ``max_size``
    pixels with whole-pixel modules (at least one pixel each, so it may exceed a
    ``max_size`` smaller than the symbol). Cached: the window draws it every frame;
    the caller only blits it, never draws on it."""
    code = qr_code(text)
    modules = code.symbol_size(scale=1, border=QUIET_ZONE)[0]
    scale = max(1, max_size // modules)
    surface = pygame.Surface((modules * scale, modules * scale))
    surface.fill(QR_LIGHT)
    for y, row in enumerate(code.matrix_iter(scale=1, border=QUIET_ZONE)):
        for x, module in enumerate(row):
            if module:
                surface.fill(QR_DARK, (x * scale, y * scale, scale, scale))
    return surface


@lru_cache(maxsize=8)
def smallest_readable(text: str) -> int:
    """The narrowest QR code of ``text`` a phone's camera reads well: two pixels a module,
    quiet zone included."""
    return 2 * int(qr_code(text).symbol_size(scale=1, border=QUIET_ZONE)[0])
