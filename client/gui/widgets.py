"""Immediate-mode widgets: drawing a button also registers where a click on it goes.

Each frame the screens redraw everything from the current window size, so layout is
never stale after a resize; the click regions of the last drawn frame answer the
next frame's events (events -> update -> draw).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Callable

import pygame

from client.common.phrases import phrase_pieces
from client.gui import theme

Action = Callable[[], None]


@dataclass
class TextField:
    """An editable line of text (a name, a match code)."""

    text: str = ""
    max_len: int = 24
    upper: bool = False
    on_enter: Action | None = None

    def type(self, chars: str) -> None:
        if self.upper:
            chars = chars.upper()
        chars = "".join(c for c in chars if c.isprintable())
        self.text = (self.text + chars)[: self.max_len]

    def key(self, key: int) -> bool:
        """Handle an editing key; True when it was one."""
        if key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.on_enter is not None:
                self.on_enter()
        else:
            return False
        return True


@dataclass
class Ui:
    """The surface being drawn and the click regions drawn on it."""

    surface: pygame.Surface
    hits: list[tuple[pygame.Rect, Action]] = field(default_factory=list)
    focus: TextField | None = None
    _drawing: list[tuple[pygame.Rect, Action]] = field(default_factory=list)

    def begin(self, surface: pygame.Surface) -> None:
        self.surface = surface
        self._drawing = []

    def end(self) -> None:
        self.hits = self._drawing

    def click(self, pos: tuple[int, int]) -> bool:
        """Run the action under ``pos`` (the topmost); True when there was one."""
        for rect, action in reversed(self.hits):
            if rect.collidepoint(pos):
                action()
                return True
        return False

    def on_click(self, rect: pygame.Rect, action: Action) -> None:
        self._drawing.append((pygame.Rect(rect), action))

    @property
    def hovered_pos(self) -> tuple[int, int]:
        return pygame.mouse.get_pos() if pygame.mouse.get_focused() else (-1, -1)

    # ---- drawing -----------------------------------------------------------------

    def text(
        self,
        text: str,
        pos: tuple[float, float],
        px: float,
        color: tuple[int, int, int] = theme.TEXT,
        *,
        bold: bool = False,
        anchor: str = "topleft",
        max_width: float | None = None,
    ) -> pygame.Rect:
        """Draw one line that fits ``max_width``: a little smaller, then cut with '…'.

        Text shrinks at most to 80% (and never below theme.MIN_FONT) so it stays
        readable; what still does not fit is elided rather than drawn over its neighbours.
        """
        size = int(px)
        if max_width is not None:
            smallest = smallest_size(px)
            while theme.text_size(text, size, bold)[0] > max_width and size > smallest:
                size = max(smallest, int(size * 0.92))
            if theme.text_size(text, size, bold)[0] > max_width:
                while len(text) > 1 and theme.text_size(text + "…", size, bold)[0] > max_width:
                    text = text[:-1]
                text = text.rstrip() + "…"
        return theme.draw_text(self.surface, text, size, color, bold,
                               **{anchor: (int(pos[0]), int(pos[1]))})

    def two_lines(self, text: str, pos: tuple[float, float], px: float, max_width: float,
                  color: tuple[int, int, int] = theme.TEXT, *, bold: bool = False
                  ) -> pygame.Rect:
        """Draw ``text`` from ``pos`` rightwards, on two lines centred on its height where
        one line of ``max_width`` cannot hold it (see :func:`in_two`); a second line still
        too long shrinks, then is cut, as :meth:`text` does. Returns what it covers."""
        lines = in_two(text, px, int(max_width), bold)
        step = theme.line_height(px, bold)
        drawn = [self.text(line, (pos[0], pos[1] + (k - (len(lines) - 1) / 2) * step), px,
                           color, bold=bold, anchor="midleft", max_width=max_width)
                 for k, line in enumerate(lines)]
        return drawn[0].unionall(drawn[1:])

    def fits(self, text: str, px: float, max_width: float, *, bold: bool = False) -> bool:
        """Whether :meth:`text` draws ``text`` whole in ``max_width`` (shrunk, not cut)."""
        return theme.text_size(text, smallest_size(px), bold)[0] <= max_width

    def paragraph(
        self,
        text: str,
        rect: pygame.Rect,
        px: float,
        color: tuple[int, int, int] = theme.TEXT,
        *,
        bold: bool = False,
        centred: bool = False,
    ) -> int:
        """Draw word-wrapped text inside ``rect`` (each line centred across it with
        ``centred``, as under a centred title); returns the y below the last line."""
        y, step = rect.top, theme.line_height(px, bold)
        for line in wrap(text, px, rect.width, bold):
            if y + step > rect.bottom:
                break
            if centred:
                theme.draw_text(self.surface, line, int(px), color, bold,
                                midtop=(rect.centerx, y))
            else:
                theme.draw_text(self.surface, line, int(px), color, bold, topleft=(rect.left, y))
            y += step
        return y

    def panel(self, rect: pygame.Rect, color: tuple[int, int, int] = theme.PANEL) -> None:
        radius = max(4, rect.height // 12) if rect.height < 80 else 10
        pygame.draw.rect(self.surface, color, rect, border_radius=radius)

    def button(
        self,
        rect: pygame.Rect,
        label: str,
        action: Action,
        *,
        enabled: bool = True,
        selected: bool = False,
        primary: bool = False,
        danger: bool = False,
        hint: str = "",
        px: float | None = None,
    ) -> None:
        """A button; ``hint`` is its keyboard shortcut, shown in a corner in the label's
        colour (as readable as the label, selected or not); ``danger`` marks one whose
        action cannot be undone (Resign); ``px`` its label's size (default: from its
        height, shrunk to fit)."""
        hover = enabled and rect.collidepoint(self.hovered_pos)
        color: tuple[int, int, int]
        if not enabled:
            color = theme.BUTTON_OFF
        elif danger:
            color = theme.DANGER_HOVER if hover else theme.DANGER
        elif selected or primary:
            color = theme.SELECTED_HOVER if hover else theme.SELECTED
        else:
            color = theme.BUTTON_HOVER if hover else theme.BUTTON
        pygame.draw.rect(self.surface, color, rect, border_radius=max(4, rect.height // 5))
        if selected:
            pygame.draw.rect(self.surface, theme.ACCENT, rect, 2, border_radius=rect.height // 5)
        shrink = px is None
        px = rect.height * 0.42 if px is None else px
        fg = theme.TEXT if enabled else theme.MUTED
        room, middle = rect.width - rect.height * 0.4, rect.center
        if hint and rect.width > rect.height * 2.2:
            key_px = max(theme.MIN_FONT, int(px * 0.75))
            key = theme.draw_text(self.surface, hint, key_px, fg,
                                  bottomright=(rect.right - 4, rect.bottom - 1))
            room -= key.width + 4  # the label centred in what the letter leaves
            middle = (rect.centerx - (key.width + 4) // 2, rect.centery)
        wide = theme.text_size(label, px, primary)[0]
        if shrink and wide > room:  # smaller before cut: "Othello 8x8", not "Othello…"
            px = max(theme.MIN_FONT, px * room / wide)
        self.text(label, middle, px, fg, bold=primary, anchor="center", max_width=room)
        if enabled:
            self.on_click(rect, action)

    def check(self, rect: pygame.Rect, label: str, on: bool, action: Action, *,
              hint: str = "") -> None:
        """A tick box and its label, the whole of ``rect`` clickable: a yes/no choice
        that reads as one, where a lone button would not say whether it is on."""
        side = int(rect.height * 0.62)
        box = pygame.Rect(rect.left, rect.centery - side // 2, side, side)
        pygame.draw.rect(self.surface, theme.SELECTED if on else theme.FIELD, box,
                         border_radius=4)
        pygame.draw.rect(self.surface, theme.ACCENT if on else theme.PANEL_EDGE, box, 2,
                         border_radius=4)
        if on:  # a tick drawn, not a glyph the font may lack
            pygame.draw.lines(self.surface, theme.TEXT, False, [
                (box.left + side * 0.22, box.top + side * 0.52),
                (box.left + side * 0.42, box.top + side * 0.74),
                (box.left + side * 0.8, box.top + side * 0.28)], max(2, side // 8))
        px = rect.height * 0.42
        left = (box.right + side * 0.4, rect.centery)
        room = rect.right - left[0] - px * 1.3 * bool(hint)
        if self.fits(label, px, room):
            words = self.text(label, left, px, anchor="midleft", max_width=room)
        else:  # "一覧に出さない" / "（友だちはコードで入る）" at 640x480
            words = self.two_lines(label, left, px * 0.9, room)
        if hint:
            self.text(hint, (words.right + px * 0.5, rect.centery), px * 0.75, theme.TEXT_SOFT,
                      anchor="midleft")
        self.on_click(rect, action)

    def field(self, rect: pygame.Rect, fld: TextField, placeholder: str = "") -> None:
        """A text box; clicking it gives it the keyboard."""
        focused = self.focus is fld
        pygame.draw.rect(self.surface, theme.FIELD, rect, border_radius=6)
        edge = theme.ACCENT if focused else theme.PANEL_EDGE
        pygame.draw.rect(self.surface, edge, rect, 2, border_radius=6)
        px = rect.height * 0.5
        pad = rect.height * 0.25
        if fld.text:
            r = self.text(fld.text, (rect.left + pad, rect.centery), px, anchor="midleft",
                          max_width=rect.width - 2 * pad)
        else:
            r = pygame.Rect(rect.left + pad, rect.centery, 0, 0)
            self.text(placeholder, (rect.left + pad, rect.centery), px, theme.MUTED,
                      anchor="midleft", max_width=rect.width - 2 * pad)
        if focused and int(time.monotonic() * 2) % 2 == 0:  # a blinking caret
            x = r.right + 2
            pygame.draw.line(self.surface, theme.TEXT, (x, rect.top + pad), (x, rect.bottom - pad),
                             2)

        def take_focus() -> None:
            self.focus = fld

        self.on_click(rect, take_focus)


NO_LINE_START = frozenset("、。，．・：；？！ー〜…‥）」』】〕〉》”’］｝ぁぃぅぇぉっゃゅょゎ"
                          "ァィゥェォッャュョヮヵヶ.,:;!?)]}%")
"""Marks a line may not begin with (Japanese kinsoku): closing brackets, the full stop
and comma, small kana, the long-vowel mark; and their Latin cousins."""
NO_LINE_END = frozenset("（「『【〔〈《“‘［｛([{")
"""Opening brackets, which a line may not end with."""


def smallest_size(px: float) -> int:
    """How far :meth:`Ui.text` shrinks a line of ``px`` to fit: 80%, never below
    theme.MIN_FONT, so it stays readable."""
    return max(theme.MIN_FONT, int(px * 0.8))


def is_wide(c: str) -> bool:
    """A character of a script written without spaces (kana, kanji, full-width forms),
    after which a line may break."""
    return "\u2e80" <= c <= "\ua4cf" or "\uf900" <= c <= "\ufaff" or "\uff00" <= c <= "\uffef"


def pieces(para: str) -> list[str]:
    """``para`` cut where a line may end: after a space (a word and the spaces after it)
    and between two characters of Japanese, which has no spaces; a closing mark kept
    with what comes before it, an opening one with what follows (kinsoku)."""
    out: list[str] = []
    for c in para:
        last = out[-1] if out else ""
        joins = last and (c in NO_LINE_START or last[-1] in NO_LINE_END
                          or (last[-1] != " " and not is_wide(last[-1]) and not is_wide(c))
                          or (c == " "))
        if joins:
            out[-1] = last + c
        else:
            out.append(c)
    return out


def breaks(para: str, px: float, width: int, bold: bool = False) -> list[str]:
    """``para`` in the pieces a line of ``width`` at ``px`` may end between: words, and
    Japanese phrases (client/common/phrases.py: "あいさつして" / "みましょう", not
    "みましょ" / "う"); a phrase wider than the line, in its :func:`pieces`."""
    return phrase_pieces(pieces(para),
                         lambda whole: theme.text_size(whole.rstrip(), px, bold)[0] > width)


def wrap(text: str, px: float, width: int, bold: bool = False) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` at ``px`` pixels, breaking
    between words, or between the phrases of Japanese (see :func:`breaks`; a word longer
    than a line stays whole)."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for piece in breaks(para, px, width, bold):
            trial = line + piece
            if not line or theme.text_size(trial.rstrip(), px, bold)[0] <= width:
                line = trial
            else:
                lines.append(line.rstrip())
                line = piece
        lines.append(line.rstrip())
    return lines


WORD_ENDS = frozenset(" ・、。，）」』】")
"""What a word or a phrase ends with, where a line breaks best (a space; in Japanese, which
has none, a dot between words, a comma, a closing bracket; or before an opening one)."""


def in_two(text: str, px: float, width: int, bold: bool = False) -> list[str]:
    """``text`` as one line if it fits ``width`` at ``px``, else as two: broken after the
    last word (:data:`WORD_ENDS`, or before a bracket) that leaves both lines fitting
    ("コンピューター・" / "強さ3", not "コンピューター・強" / "さ3"), else where
    :func:`wrap` breaks it."""
    def fits(line: str) -> bool:
        return theme.text_size(line, px, bold)[0] <= width

    if fits(text):
        return [text]
    parts = breaks(text, px, width, bold)
    for k in range(len(parts) - 1, 0, -1):
        head, tail = "".join(parts[:k]), "".join(parts[k:])
        apart = head[-1] in WORD_ENDS or tail[0] in NO_LINE_END
        if apart and fits(head.rstrip()) and fits(tail):
            return [head.rstrip(), tail]
    first = wrap(text, px, width, bold)[0]
    return [first, text[len(first):].lstrip()]


def choice_row(rect: pygame.Rect, labels: Sequence[str], gap: float, *, keyed: bool = False
               ) -> tuple[list[pygame.Rect], float]:
    """A row of buttons for ``labels`` (``keyed``: each with its key in a corner): equal
    cells where each label fits one at its full size, else cells as wide as their labels
    need; and one label size for the whole row, the largest at which the longest fits, so
    no label is drawn smaller than its neighbours ("コンピューター" beside "あなた")."""
    px = rect.height * 0.42
    ends = rect.height * (0.9 if keyed else 0.4)  # the key letter, the rounded ends
    wide = [theme.text_size(label, px)[0] for label in labels]
    cells = columns(rect, len(labels), gap)
    if any(w > cell.width - ends for w, cell in zip(wide, cells)):
        cells = columns(rect, len(labels), gap, [w + ends for w in wide])
    fit = min((min(1.0, (cell.width - ends) / w) for w, cell in zip(wide, cells) if w),
              default=1.0)
    return cells, max(theme.MIN_FONT, px * fit)


def rows(rect: pygame.Rect, heights: list[float], gap: float) -> list[pygame.Rect]:
    """Stack rows of the given heights top-down inside ``rect``."""
    out, y = [], float(rect.top)
    for h in heights:
        out.append(pygame.Rect(rect.left, int(y), rect.width, int(h)))
        y += h + gap
    return out


def columns(rect: pygame.Rect, n: int, gap: float,
            weights: Sequence[float] | None = None) -> list[pygame.Rect]:
    """Split ``rect`` into ``n`` columns: equal, or as wide as their ``weights`` say (a
    row of labels of unequal length, where equal columns would cut the longest)."""
    shares = list(weights) if weights is not None else [1.0] * n
    free = rect.width - gap * (n - 1)
    cells, left = [], float(rect.left)
    for share in shares:
        w = free * share / sum(shares)
        cells.append(pygame.Rect(int(left), rect.top, int(w), rect.height))
        left += w + gap
    return cells
