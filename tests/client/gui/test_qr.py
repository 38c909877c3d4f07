"""The window's QR code: the painted modules are segno's own matrix, crisp, with its
quiet zone (decoding a photo of it is the camera's job, not this test's)."""

from __future__ import annotations

import pygame
import pytest

from client.gui.qr import QUIET_ZONE, qr_code, qr_surface
from client.gui.theme import QR_DARK, QR_LIGHT
from tests import OUTPUT

URL = "http://192.168.1.20:8765"


@pytest.mark.parametrize("max_size", [33, 100, 237])
def test_the_surface_is_segnos_matrix_with_a_quiet_zone(max_size: int) -> None:
    code = qr_code(URL)
    surface = qr_surface(URL, max_size)
    inner = len(code.matrix)
    assert inner == code.symbol_size(scale=1, border=0)[0]  # version 2 for this URL: 25
    modules = inner + 2 * QUIET_ZONE
    scale = max_size // modules
    assert surface.get_size() == (modules * scale, modules * scale)
    assert surface.get_width() <= max_size
    for y in range(modules):
        for x in range(modules):
            inside = QUIET_ZONE <= x < QUIET_ZONE + inner and QUIET_ZONE <= y < QUIET_ZONE + inner
            dark = inside and code.matrix[y - QUIET_ZONE][x - QUIET_ZONE] == 1
            block = surface.subsurface((x * scale, y * scale, scale, scale))
            # every pixel of a module is the one colour: no smoothed edges
            colors = {tuple(block.get_at((i, j)))[:3]
                      for i in range(scale) for j in range(scale)}
            assert colors == {QR_DARK if dark else QR_LIGHT}, (x, y)


def test_saved_for_a_look() -> None:
    """tests/output/qr_code.png: the code as the window shows it, for a person (or a
    phone's camera) to check; the file holds the window's pixels, every one."""
    OUTPUT.mkdir(exist_ok=True)
    surface, path = qr_surface(URL, 240), OUTPUT / "qr_code.png"
    pygame.image.save(surface, str(path))
    saved = pygame.image.load(str(path))
    assert saved.get_size() == surface.get_size() and saved.get_width() <= 240
    assert pygame.image.tobytes(saved, "RGB") == pygame.image.tobytes(surface, "RGB")


def test_modules_are_never_smaller_than_a_pixel() -> None:
    surface = qr_surface(URL, 10)
    assert surface.get_width() == len(qr_code(URL).matrix) + 2 * QUIET_ZONE


def test_a_longer_address_gets_a_larger_symbol() -> None:
    short, long = qr_code("http://10.0.0.2:8765"), qr_code(
        "http://[fd12:3456:789a:1::abcd]:8765/" + "x" * 40)
    assert not short.is_micro and not long.is_micro
    assert len(long.matrix) > len(short.matrix)
