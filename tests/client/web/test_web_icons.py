"""The page's icons: client/web/icon.svg is the drawing, and icon-192.png and
icon-512.png (what "Add to home screen" takes on phones that want pixels) are that
drawing at those sizes. ``python -m tests.client.web.test_web_icons`` draws them again
after a change to the SVG; the test fails while they differ from it."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame

import client.web

WEB = Path(client.web.__file__).parent
SIZES = (192, 512)


def drawn(size: int) -> pygame.Surface:
    """icon.svg at ``size`` pixels square (SDL_image's SVG renderer)."""
    return pygame.image.load_sized_svg(str(WEB / "icon.svg"), (size, size))


def png(size: int) -> Path:
    return WEB / f"icon-{size}.png"


def test_the_pngs_are_the_svg_at_their_sizes() -> None:
    """Pixel for pixel but for a small tolerance (another SDL_image may smooth the edges
    of the discs a little differently)."""
    for size in SIZES:
        shipped = pygame.image.load(str(png(size)))
        assert shipped.get_size() == (size, size)
        ours = pygame.image.tobytes(shipped, "RGBA")
        fresh = pygame.image.tobytes(drawn(size), "RGBA")
        differ = sum(abs(a - b) for a, b in zip(ours, fresh)) / len(ours) / 255
        assert differ < 0.01, (
            f"{png(size).name} is not icon.svg: run python -m tests.client.web.test_web_icons")


def main() -> None:
    for size in SIZES:
        pygame.image.save(drawn(size), str(png(size)))
        print(f"wrote {png(size)}", file=sys.stderr)


if __name__ == "__main__":
    main()
