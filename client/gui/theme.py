"""Colours, fonts and the size unit: everything is laid out from the window's size.

A line of text is drawn in the system's font (DejaVu Sans, Liberation Sans...) when that
font has a glyph for each of its characters, else in the Japanese font shipped in
client/gui/fonts/ (a subset of Noto Sans CJK JP: ASCII, kana, JIS X 0208's kanji and the
catalogue's characters, made by tools/make_window_font.py), so Japanese words and names
read on a machine without CJK fonts. A whole line takes one font, so its letters sit on
one baseline; the Japanese font is drawn at the system font's line height (its own em
is taller), so a layout measured with either holds for both.
"""

from __future__ import annotations

from functools import lru_cache
from importlib.resources import as_file, files

import pygame
import pygame.freetype

BG = (28, 32, 38)
PANEL = (38, 44, 52)
PANEL_EDGE = (60, 68, 80)
TEXT = (232, 235, 240)
TEXT_SOFT = (190, 196, 206)
"""Every other line of a list, a shade quieter than TEXT."""
MUTED = (150, 158, 170)
ACCENT = (80, 160, 255)
GOOD = (90, 200, 120)
BAD = (245, 110, 100)
WARN = (240, 190, 70)
BUTTON = (58, 66, 78)
BUTTON_HOVER = (74, 84, 100)
BUTTON_OFF = (44, 49, 57)
SELECTED = (40, 94, 168)
SELECTED_HOVER = (46, 104, 182)
DANGER = (150, 48, 44)
"""A button whose action cannot be undone (Resign), as the page marks it."""
DANGER_HOVER = (170, 56, 50)
LINK_DOWN = (120, 40, 36)
FIELD = (22, 25, 30)

FELT = (22, 120, 64)
FELT_DARK = (14, 84, 44)
FELT_HOVER = (40, 145, 84)
COORDINATE = (220, 235, 220)
LEGAL_DOT = (120, 200, 140)
DISC_SHADOW = (10, 60, 30)
BLACK_DISC = (22, 22, 24)
BLACK_EDGE = (70, 70, 76)
WHITE_DISC = (242, 242, 236)
WHITE_EDGE = (190, 190, 182)
PAPER_DISC_SHADOW = (205, 195, 170)
"""A disc's shadow on paper (the felt's green one would stain it)."""
PAPER_WHITE_EDGE = (120, 112, 95)
"""A white disc's rim on paper, which the disc itself is as light as (4.4:1 on it)."""
PAPER = (246, 242, 230)
PAPER_HOVER = (232, 226, 200)
PAPER_LAST = (238, 228, 170)
SLOT_NUMBER = (105, 98, 84)
INK = (40, 40, 48)
X_INK = (200, 60, 60)
O_INK = (50, 90, 190)
FELT_STRIKE = (255, 200, 80)
"""A winning line struck through on felt (3.6:1; the red one is 1.4:1 on the cloth)."""
FELT_X_INK = (255, 170, 160)
FELT_O_INK = (170, 210, 255)
"""X and O on felt, where the paper's inks are as dark as the cloth (1.1:1): light ones
(3.0:1 and 3.5:1, as WCAG asks of a shape), still red and blue."""
O_ICON = (120, 160, 240)
"""O beside a player's name, on the dark panel (O_INK is for the paper board)."""
LAST_MOVE = (235, 70, 60)
FLIP_RING = (255, 190, 40)

HINT_BEST = (60, 200, 255)
"""The engine's best square: a frame (a hint) or a ring (a reviewed move), in a colour
apart from FLIP_RING and LAST_MOVE."""
HINT_BEST_TEXT = (130, 225, 255)
HINT_TEXT = (235, 240, 235)
HINT_PAPER_TEXT = (52, 88, 146)
HINT_PLATE = (10, 40, 22)
"""Behind a hint's number on the felt, so it reads over a disc's shadow or a dot."""
REVIEW_LOSS = (240, 130, 90)
"""A move in the list that gave discs away against the engine's best."""

CLOCK = (48, 54, 64)
CLOCK_RUNNING = (44, 92, 160)
CLOCK_LOW = (176, 46, 42)
"""A clock below its low-time mark (client/common/clock_view.py)."""

CHAT_BOX = (30, 34, 41)
CHAT_NAME = (140, 190, 255)
CHAT_SPECTATOR = (170, 170, 190)

QR_DARK = (0, 0, 0)
QR_LIGHT = (255, 255, 255)
"""A QR code's modules, black on white whatever the theme: cameras expect dark on light."""

MIN_FONT = 10
"""Text never shrinks below this many pixels, so it stays readable in a small window."""

_FONT_NAMES = "dejavusans,liberationsans,arial,helvetica,freesans"
JAPANESE_FONT = files(__package__).joinpath("fonts", "NotoSansCJKjp-subset.otf")
"""The shipped font for what the system's font cannot draw (package data)."""


def unit(size: tuple[int, int]) -> float:
    """The layout unit: 1/48 of the shorter window side, so text scales with the window."""
    return max(9.0, min(size[0] * 0.75, size[1]) / 48)


@lru_cache(maxsize=64)
def system_font(px: int, bold: bool = False) -> pygame.font.Font:
    """The system's font at ``px`` pixels (cached: building fonts every frame is slow)."""
    px = max(MIN_FONT, int(px))
    try:
        if pygame.font.match_font(_FONT_NAMES) is not None:
            return pygame.font.SysFont(_FONT_NAMES, px, bold=bold)
    except (OSError, RuntimeError):
        pass
    return pygame_font(px, bold)


def pygame_font(px: int, bold: bool = False) -> pygame.font.Font:
    """pygame's own font, on a machine with none of the system fonts named: opened by its
    file, so that it is ``px`` pixels tall (``Font(None, px)``, SysFont's fallback, draws
    it at about two thirds of that: every line of the window, and the Japanese font
    matched to its height, would shrink)."""
    with as_file(files("pygame").joinpath(pygame.font.get_default_font())) as path:
        f = pygame.font.Font(path, px)
    f.bold = bold
    return f


@lru_cache(maxsize=64)
def japanese_font(px: int, bold: bool = False) -> pygame.font.Font:
    """The shipped Japanese font, its letters as big as the system font's at ``px`` (never
    below MIN_FONT: a kanji needs its pixels); bold is drawn by thickening the strokes,
    as only the regular weight is shipped.

    A line with a Japanese character is drawn whole in this font ("White: さくら" beside
    "Black: You"), so its size is set by its own Latin capitals, made as tall as the
    system's: matched by line height instead, as it once was, every letter of such a line
    read a fifth smaller (the Japanese font's lines carry more room above and below)."""
    with as_file(JAPANESE_FONT) as path:
        f = pygame.font.Font(path, max(MIN_FONT, round(px * japanese_scale())))
    f.bold = bold
    return f


@lru_cache(maxsize=1)
def japanese_scale() -> float:
    """The Japanese font's size for a pixel of the system font's: the ratio of their
    capitals' heights, measured from both fonts at 100 px."""
    with as_file(JAPANESE_FONT) as path:
        probe = pygame.font.Font(path, 100)
    return cap_height(system_font(100)) / cap_height(probe)


def cap_height(f: pygame.font.Font) -> int:
    """How far a capital rises above the baseline in ``f``, in pixels."""
    (metrics,) = f.metrics("H")
    if metrics is None:
        raise RuntimeError("a font without an H has no capitals to match")
    return metrics[3]


@lru_cache(maxsize=1)
def _system_glyphs() -> pygame.freetype.Font:
    """The system's font file opened to ask which characters it has (pygame.font draws
    its missing-glyph box for a character it lacks; freetype says it lacks it)."""
    pygame.freetype.init()
    return pygame.freetype.Font(pygame.font.match_font(_FONT_NAMES), 16)


@lru_cache(maxsize=4096)
def system_lacks(text: str) -> bool:
    """Whether the system's font has no glyph for some character of ``text``."""
    return None in _system_glyphs().get_metrics(text)


def font(px: int, bold: bool = False, text: str = "") -> pygame.font.Font:
    """The font ``text`` is drawn in at ``px`` pixels: the system's, or the Japanese one
    where the system's lacks a character of it (no text: the system's, for measuring
    space and line height)."""
    if text and system_lacks(text):
        return japanese_font(int(px), bold)
    return system_font(int(px), bold)


def text_size(text: str, px: float, bold: bool = False) -> tuple[int, int]:
    """How wide and tall ``text`` is drawn at ``px`` pixels, in the font it is drawn in."""
    return font(int(px), bold, text).size(text)


def button_gap(u: float) -> int:
    """The space between buttons side by side, at layout unit ``u``: 0.8 of it, never
    under 8 px, so a row of choices reads as separate buttons in a small window too."""
    return max(8, round(u * 0.8))


def line_height(px: float, bold: bool = False) -> int:
    """The distance between the baselines of two lines at ``px`` pixels."""
    return system_font(int(px), bold).get_linesize()


def above_baseline(px: float, bold: bool, text: str) -> int:
    """How much higher than a line of the system's font ``text``'s line must start for
    their baselines to meet: the Japanese font keeps more room above its letters, so a
    line of it set at the system font's top sat low ("24. パス" in the move list below
    "23. c2"'s baseline, its brackets on the next line's)."""
    return font(int(px), bold, text).get_ascent() - system_font(int(px), bold).get_ascent()


def forget_fonts() -> None:
    """Drop the cached fonts (they die with pygame's font and freetype modules)."""
    for cached in (system_font, japanese_font, japanese_scale, _system_glyphs, system_lacks):
        cached.cache_clear()


def draw_text(surface: pygame.Surface, text: str, px: int, colour: tuple[int, int, int],
              bold: bool = False, **anchor: tuple[int, int]) -> pygame.Rect:
    """Draw one line of ``text`` placed by ``anchor`` (e.g. ``center=(x, y)``); its rect.

    The line is placed as a line of the system's font would be, so its baseline is the
    one its neighbours in either font sit on, whatever the anchor. Every letter the window
    draws goes through here, so a test can read each one's colour against what lies under
    it (tests/client/gui/test_gui_contrast.py)."""
    img = font(px, bold, text).render(text, True, colour)
    rect = img.get_rect(**anchor)
    if system_lacks(text):  # the line a system font's would fill, and its baseline
        line = pygame.Rect(0, 0, img.get_width(), system_font(px, bold).size(" ")[1])
        for name, where in anchor.items():
            setattr(line, name, where)
        rect.top = line.top - above_baseline(px, bold, text)
    surface.blit(img, rect)
    return rect
