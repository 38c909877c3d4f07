"""The record beside the board: the numbered moves (a click shows the board after one),
the bar that steps through them, and, once the engine has reviewed the game, which
moves gave discs away and what it would have played.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from client.common.match_view import MatchView
from client.common.words import words
from client.gui import theme
from client.gui.widgets import Ui, columns

GoTo = Callable[[int | None], None]
"""Show the board after that many moves (None: the live board)."""


MARKS = {1: "?", 2: "??"}
"""The review's marks after a move, by the server's ``mistake`` (docs/protocol.md)."""


def move_label(view: MatchView, index: int, name: str) -> tuple[str, bool]:
    """One entry of the list ('12. d3', then '?' or '??' when the server's review calls
    it a mistake or a big one) and whether it is one. Only the server's verdict marks a
    move: a loss within the engine's own error is no mistake."""
    r = view.reviewed(index)
    text = words()("record-numbered", number=index + 1, move=name)
    if r is None or not r.mistake:
        return text, False
    return f"{text} {MARKS.get(r.mistake, '??')}", True


def review_heading(view: MatchView) -> str:
    """The list's heading once reviewed: how many mistakes each side made, by the
    server's verdicts ('Mistakes: Black 2 (1 big), White 0.')."""
    counts, big = [0, 0], [0, 0]
    for r in view.review.plies if view.review is not None else []:
        counts[r.seat] += bool(r.mistake)
        big[r.seat] += r.mistake > 1
    w = words()
    first, second = (w("review-count-side", side=view.side(seat), count=counts[seat],
                       big=big[seat]) for seat in (0, 1))
    return w("review-count", first=first, second=second)


def first_shown(count: int, shown_ply: int, per_col: int, cols: int) -> int:
    """The first of ``count`` entries the list shows in ``cols`` columns of ``per_col``:
    whole columns, the one holding the move on the board (entry ``shown_ply - 1``) near
    the middle, and never past the last column, so the live game's latest move is always
    in view (entries fill columns from the top, so the last column may be short)."""
    columns_needed = -(-count // per_col)
    focus_col = max(0, shown_ply - 1) // per_col
    first_col = max(0, min(columns_needed - cols, focus_col - cols // 2))
    return first_col * per_col


def draw_moves(ui: Ui, box: pygame.Rect, u: float, view: MatchView, looking: int | None,
               go: GoTo) -> None:
    """The record as numbered moves in columns; the one on the board highlighted,
    the reviewed mistakes in their own colour."""
    names, w = view.move_names(), words()
    if not view.info.coordinates:  # a bare slot number reads like a move count
        names = [w("record-mark", side=view.side(k % 2), square=n) for k, n in enumerate(names)]
    labels = [move_label(view, k, n) for k, n in enumerate(names)]
    pygame.draw.rect(ui.surface, theme.PANEL, box, border_radius=int(u * 0.5))
    inner = box.inflate(-u, -u)
    heading = (w("record-heading", count=len(names)) if view.review is None
               else review_heading(view))
    px = u * 1.0
    below = ui.paragraph(heading, inner, px, theme.MUTED)  # each side's count whole
    line_h = theme.line_height(px)
    cell_w = max((theme.text_size(text, px)[0] for text, _ in labels), default=0) + int(u * 1.2)
    top = max(inner.top + int(u * 1.6), int(below + u * 0.4))
    per_col = max(1, (inner.bottom - top) // line_h)
    cols = max(1, inner.width // cell_w)
    shown_ply = len(names) if looking is None else looking
    first = first_shown(len(names), shown_ply, per_col, cols)
    for k in range(first, min(len(names), first + per_col * cols)):
        col, row = divmod(k - first, per_col)
        rect = pygame.Rect(inner.left + col * cell_w, top + row * line_h, cell_w - 4, line_h)
        text, lost = labels[k]
        colour = theme.REVIEW_LOSS if lost else theme.TEXT if k % 2 == 0 else theme.TEXT_SOFT
        if k + 1 == shown_ply:  # on the highlight, every entry in the one readable colour
            pygame.draw.rect(ui.surface, theme.SELECTED, rect, border_radius=3)
            colour = theme.TEXT
        ui.text(text, (rect.left + 3, rect.top), px, colour)
        ui.on_click(rect, partial(go, k + 1))


def draw_step_bar(ui: Ui, bar: pygame.Rect, u: float, total: int, looking: int | None,
                  step: Callable[[int], None], go: GoTo) -> None:
    """|< < > >| and where we are: 'move 5 of 12 (looking back)'; in a narrow bar the
    buttons alone (the turn line says which move is shown)."""
    shown = total if looking is None else looking
    narrow = bar.width < u * 28
    buttons = columns(pygame.Rect(bar.left, bar.top, bar.width if narrow else
                                  int(bar.width * 0.5), bar.height), 4, u * 0.4)
    for rect, label, action in zip(buttons, ("|<", "<", ">", ">|"), (
            partial(go, 0), partial(step, -1), partial(step, 1), partial(go, None))):
        ui.button(rect, label, action, enabled=total > 0)
    if narrow:
        return
    where = words()("record-where", shown=shown, count=total,
                    live="yes" if looking is None else "no")
    ui.text(where, (bar.left + bar.width * 0.53, bar.centery),
            u * 1.0, theme.MUTED if looking is None else theme.WARN, anchor="midleft",
            max_width=bar.width * 0.47)
