"""The match screen: the board, and beside it who plays, whose turn it is, notes, the
move list with a way to step through it, and the buttons (resign, rematch, lobby).
"""

from __future__ import annotations

import time
from functools import partial
from typing import TYPE_CHECKING

import pygame

from client.gui import theme
from client.gui.board import Layout, draw_board, draw_side_icon
from client.gui.widgets import Ui, columns
from client.match_view import MatchView, board_changes

if TYPE_CHECKING:
    from client.gui.app import App

NOTICE_SECONDS = 5.0
CONFIRM_SECONDS = 3.0
"""A second press within this time confirms resigning or leaving a running game."""


class GameScreen:
    """Draws the current match and turns clicks and keys into intents."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.layout: Layout | None = None
        self.review: int | None = None  # a ply being looked at, None for the live board
        self.confirm: str | None = None
        self.confirm_at = 0.0
        self.typed = ""  # the start of a move being typed, e.g. "d" of "d3"
        self.shown: str | None = None  # the match drawn last frame

    def reset(self) -> None:
        self.review, self.confirm, self.typed = None, None, ""

    @property
    def view(self) -> MatchView:
        view = self.app.known.view
        assert view is not None
        return view

    # ---- input ---------------------------------------------------------------------

    def click_square(self, square: int) -> None:
        """Play ``square`` if the server would take it; otherwise say why not."""
        view, known = self.view, self.app.known
        if self.review is not None:
            known.say("You are looking back through the game: press End to return to it.")
            return
        why = view.why_not(square)
        if why is not None:
            known.say(why)
            return
        known.notice = ""
        self.app.move(square)

    def ask(self, what: str) -> bool:
        """True on the second press of a risky button within CONFIRM_SECONDS."""
        now = time.monotonic()
        if self.confirm == what and now - self.confirm_at < CONFIRM_SECONDS:
            self.confirm = None
            return True
        self.confirm, self.confirm_at = what, now
        return False

    def resign(self) -> None:
        if self.view.seat is not None and self.playing and self.ask("resign"):
            self.app.resign()

    def leave(self) -> None:
        """Back to the lobby; leaving a game in progress loses it, so that asks twice."""
        s = self.view.state
        in_game = s is not None and s.status == "playing" and self.view.seat is not None
        if not in_game or self.ask("leave"):
            self.app.back_to_lobby()

    def rematch(self) -> None:
        s = self.view.state
        if s is not None and s.status == "over" and self.view.seat is not None:
            self.app.rematch()

    @property
    def playing(self) -> bool:
        s = self.view.state
        return s is not None and s.status != "over"

    def step(self, delta: int | None, to: int | None = None) -> None:
        """Move through the record: by ``delta`` plies, or ``to`` one (None: live)."""
        s = self.view.state
        if s is None:
            return
        last = len(s.moves)
        current = last if self.review is None else self.review
        target = to if delta is None else current + delta
        target = last if target is None else max(0, min(last, target))
        self.review = None if target == last else target

    def scroll(self, dy: int) -> None:
        self.step(-dy)

    def key_text(self, text: str) -> None:
        """Typing a move as the game writes it: a slot digit ('4'), a square ('d3').
        A key that does not complete a move is kept as the start of the next one."""
        s = self.view.state
        if s is None or not text.isalnum():
            return
        for typed in (self.typed + text, text):  # "d" then "3"; or a fresh start
            try:
                square = self.view.info.read_move(typed, s.size)
            except ValueError:
                continue
            self.typed = ""
            if square in range(s.size * s.size):  # not a typed pass
                self.click_square(square)
            return
        self.typed = text[-1:]

    def key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            self.leave()
        elif key == pygame.K_LEFT:
            self.step(-1)
        elif key == pygame.K_RIGHT:
            self.step(1)
        elif key == pygame.K_HOME:
            self.step(None, 0)
        elif key == pygame.K_END:
            self.step(None, None)
        elif key == pygame.K_r:
            self.resign()
        elif key == pygame.K_n and not self.playing:
            self.rematch()

    # ---- drawing -------------------------------------------------------------------

    def draw(self, ui: Ui) -> None:
        view = self.view
        w, full = ui.surface.get_size()
        u = theme.unit((w, full))
        m = int(u * 1.5)
        top = self.app.banner()[0]  # everything goes below the link-down strip
        h = full - top
        if view.state is None:
            ui.text("Loading the match...", (w / 2, top + h / 2), u * 2, anchor="center")
            return
        s = view.state
        if self.shown != s.match:  # a new match (a rematch): back to the live board
            self.reset()
            self.shown = s.match
        wide = w >= full * 1.15
        if wide:
            side = min(h - 2 * m, int(w * 0.62))
            board_area = pygame.Rect(m, top + (h - side) // 2, side, side)
            panel = pygame.Rect(board_area.right + m, top + m, w - board_area.right - 2 * m,
                                h - 2 * m)
        else:
            side = min(w - 2 * m, int(h * 0.58))
            board_area = pygame.Rect((w - side) // 2, top + m, side, side)
            panel = pygame.Rect(m, board_area.bottom + m, w - 2 * m,
                                full - board_area.bottom - 2 * m)
        self.layout = lay = Layout.fit(board_area, s.size, coordinates=view.info.coordinates)
        self.draw_board(ui, lay)
        self.draw_panel(ui, panel, u)

    def draw_board(self, ui: Ui, lay: Layout) -> None:
        view = self.view
        s = view.state
        assert s is not None
        pos = ui.hovered_pos
        hover = lay.square_at(pos) if pos != (-1, -1) else None
        if self.review is None:
            board, last, legal = s.board, view.last_move, (s.legal if view.my_turn else [])
            flipped, placed, changed = view.flipped, view.placed, view.changed_at
        else:
            history = view.history()
            k = min(self.review, len(history) - 1)
            board = history[k]
            played = [m for m in s.moves[: self.review] if m != "pass"]
            last = int(played[-1]) if played else None
            flipped = board_changes(history[k - 1], board)[1] if k > 0 else frozenset()
            legal, placed, changed = [], None, 0.0
        draw_board(view.info.pieces, ui.surface, lay, board, legal=legal, last=last,
                   flipped=flipped, placed=placed, changed_at=changed,
                   hover=hover if view.my_turn and self.review is None else None)
        for square in range(s.size * s.size):
            ui.on_click(lay.square_rect(square), partial(self.click_square, square))

    def draw_panel(self, ui: Ui, area: pygame.Rect, u: float) -> None:
        view, known = self.view, self.app.known
        s = view.state
        assert s is not None
        x, y, width = area.left, float(area.top), area.width
        title = f"{view.info.label(s.size)}  -  match {s.match}"
        if view.role == "spectator":
            title += "  (watching)"
        ui.text(title, (x, y), u * 1.2, theme.MUTED, max_width=width)
        y += u * 2.2
        for seat in (0, 1):
            y = self.draw_player(ui, seat, x, y, width, u)
        y += u * 0.6
        over = s.status == "over"
        if over:
            won = view.seat is not None and s.result is not None and s.result.winner == view.seat
            ui.text(view.result_text(), (x, y), u * 2.6, theme.GOOD if won else theme.TEXT,
                    bold=True, max_width=width)
            y += u * 3.2
            y = ui.paragraph(view.reason_text(), pygame.Rect(x, int(y), width, int(u * 3.4)),
                             u * 1.2) + u * 0.5
            y = self.draw_rematch_offer(ui, x, y, width, u)
        else:
            turn = view.turn_text()
            if s.status == "playing" and view.is_bot(s.to_move):  # "thinking..." pulses
                turn = turn.rstrip(".") + "." * (1 + int(time.monotonic() * 2) % 3)
            colour = theme.GOOD if view.my_turn else theme.TEXT
            if not self.app.known.link_up:
                turn, colour = "Offline: moves wait until the link is back.", theme.WARN
            elif self.review is not None:
                turn = f"Looking back at move {self.review} (End: back to the game)"
                colour = theme.WARN
            y = ui.paragraph(turn, pygame.Rect(x, int(y), width, int(u * 4.6)), u * 1.7, colour,
                             bold=view.my_turn) + u * 0.6
            if s.status == "waiting" and view.seat is not None:
                ui.text(f"Tell your friend the code: {s.match}", (x, y), u * 1.4, theme.ACCENT,
                        bold=True, max_width=width)
                y += u * 2.2
                where = self.app.where
                if where is not None:
                    how = (f"Their window finds this server on the LAN and lists the match; "
                           f"or they run: taikyoku play --server {where.share} --join {s.match}")
                    y = ui.paragraph(how, pygame.Rect(x, int(y), width, int(u * 4)), u * 1.0,
                                     theme.MUTED) + u * 0.6
        note = view.pass_note()
        if note:
            ui.text(note, (x, y), u * 1.15, theme.WARN, max_width=width)
            y += u * 1.8
        if known.notice and time.monotonic() - known.notice_at < NOTICE_SECONDS:
            y = ui.paragraph(known.notice, pygame.Rect(x, int(y), width, int(u * 3)), u * 1.1,
                             theme.GOOD if known.notice_good else theme.BAD) + u * 0.5
        buttons_h = u * 2.8
        bottom = area.bottom - buttons_h
        review_h = u * 2.4
        moves_box = pygame.Rect(x, int(y + u * 0.4), width,
                                int(bottom - review_h - u * 1.4 - y))
        if moves_box.height > u * 3:
            self.draw_moves(ui, moves_box, u)
            self.draw_review_bar(ui, pygame.Rect(x, moves_box.bottom + int(u * 0.5), width,
                                                 int(review_h)), u)
        self.draw_buttons(ui, pygame.Rect(x, int(bottom), width, int(buttons_h)))

    def draw_player(self, ui: Ui, seat: int, x: int, y: float, width: int, u: float) -> float:
        view = self.view
        s = view.state
        assert s is not None
        row = pygame.Rect(x, int(y), width, int(u * 2.6))
        if s.to_move == seat and s.status == "playing":
            pygame.draw.rect(ui.surface, theme.PANEL, row, border_radius=int(u * 0.5))
            pygame.draw.rect(ui.surface, theme.ACCENT, row, 2, border_radius=int(u * 0.5))
        r = int(u * 0.8)
        draw_side_icon(ui.surface, view.info.pieces, seat, (int(x + u * 1.3), row.centery), r)
        p = view.player(seat)
        name = view.label(seat)
        if p is not None and seat == view.seat and p.name:
            name = f"You ({p.name})"
        elif p is not None and p.kind == "bot":
            name = f"The bot (level {p.level})" if p.level else "The bot"
        elif p is not None and p.name and name != p.name:
            name = f"{name} ({p.name})"
        text = f"{view.side(seat)}: {name}"
        if view.info.scored:
            score = f"{s.score[seat]}"
            ui.text(score, (row.right - u, row.centery), u * 1.6, bold=True, anchor="midright")
        ui.text(text, (x + u * 2.8, row.centery), u * 1.2, anchor="midleft",
                max_width=width - u * 9)
        if p is not None and p.kind == "human" and seat != view.seat:
            online = "online" if p.connected else "offline - waiting for them"
            dot = (row.right - u * 4.5, row.centery)
            pygame.draw.circle(ui.surface, theme.GOOD if p.connected else theme.BAD,
                               (int(dot[0]), int(dot[1])), max(3, int(u * 0.35)))
            if not p.connected:
                ui.text(online, (row.left + u * 2.8, row.bottom), u * 0.9, theme.BAD)
                return y + u * 4.0
        return y + u * 3.0

    def draw_rematch_offer(self, ui: Ui, x: int, y: float, width: int, u: float) -> float:
        view = self.view
        s = view.state
        assert s is not None
        if view.seat is None or not s.rematch:
            return y
        other = 1 - view.seat
        if other in s.rematch and view.seat not in s.rematch:
            text = f"{view.label(other)} wants a rematch: press Rematch (N)."
        else:
            text = f"Rematch asked: waiting for {view.label(other).lower()}..."
        ui.text(text, (x, y), u * 1.15, theme.ACCENT, max_width=width)
        return y + u * 1.8

    def draw_moves(self, ui: Ui, box: pygame.Rect, u: float) -> None:
        """The record as numbered moves in columns; the reviewed one highlighted.
        A click on a move shows the board after it."""
        view = self.view
        names = view.move_names()
        s = view.state
        assert s is not None
        if not view.info.coordinates:  # a bare slot number reads like a move count
            names = [f"{view.side(k % 2)} on {n}" for k, n in enumerate(names)]
        pygame.draw.rect(ui.surface, theme.PANEL, box, border_radius=int(u * 0.5))
        inner = box.inflate(-u, -u)
        ui.text(f"Moves ({len(names)})", inner.topleft, u * 1.0, theme.MUTED)
        px = u * 1.0
        f = theme.font(int(px))
        line_h = f.get_linesize()
        widest = max((f"{len(names)}. {n}" for n in names), key=lambda t: f.size(t)[0],
                     default="")
        cell_w = f.size(widest)[0] + int(u * 1.2)
        top = inner.top + int(u * 1.6)
        per_col = max(1, (inner.bottom - top) // line_h)
        cols = max(1, inner.width // cell_w)
        fit = per_col * cols
        shown_ply = len(names) if self.review is None else self.review
        first = 0
        if len(names) > fit:  # keep the move in focus visible
            first = max(0, min(len(names) - fit, shown_ply - fit // 2))
            first -= first % per_col
        for k in range(first, min(len(names), first + fit)):
            col, row = divmod(k - first, per_col)
            rect = pygame.Rect(inner.left + col * cell_w, top + row * line_h, cell_w - 4, line_h)
            if k + 1 == shown_ply:
                pygame.draw.rect(ui.surface, theme.SELECTED, rect, border_radius=3)
            colour = theme.TEXT if k % 2 == 0 else theme.TEXT_SOFT
            ui.text(f"{k + 1}. {names[k]}", (rect.left + 3, rect.top), px, colour)
            ui.on_click(rect, partial(self.step, None, k + 1))

    def draw_review_bar(self, ui: Ui, bar: pygame.Rect, u: float) -> None:
        s = self.view.state
        assert s is not None
        total = len(s.moves)
        shown = total if self.review is None else self.review
        buttons = columns(pygame.Rect(bar.left, bar.top, int(bar.width * 0.5), bar.height), 4,
                          u * 0.4)
        for rect, label, action in zip(buttons, ("|<", "<", ">", ">|"), (
                lambda: self.step(None, 0), lambda: self.step(-1), lambda: self.step(1),
                lambda: self.step(None, None))):
            ui.button(rect, label, action, enabled=total > 0)
        words = "live" if self.review is None else "looking back"
        ui.text(f"move {shown} of {total} ({words})", (bar.left + bar.width * 0.53, bar.centery),
                u * 1.0, theme.MUTED if self.review is None else theme.WARN, anchor="midleft",
                max_width=bar.width * 0.47)

    def draw_buttons(self, ui: Ui, row: pygame.Rect) -> None:
        view = self.view
        s = view.state
        assert s is not None
        now = time.monotonic()
        confirming = self.confirm if now - self.confirm_at < CONFIRM_SECONDS else None
        left, right = columns(row, 2, row.height * 0.3)
        if s.status == "over":
            if view.seat is not None:
                asked = view.seat in s.rematch
                ui.button(left, "Rematch asked" if asked else "Rematch", self.rematch,
                          enabled=not asked, primary=True, hint="N")
            ui.button(right, "Back to lobby", self.leave, hint="Esc")
            return
        if view.seat is not None and s.status == "playing":
            label = "Sure? Click to resign" if confirming == "resign" else "Resign"
            ui.button(left, label, self.resign, hint="R")
        label = "Sure? Leaving loses" if confirming == "leave" else (
            "Cancel" if s.status == "waiting" else "Back to lobby")
        ui.button(right, label, self.leave, hint="Esc")
