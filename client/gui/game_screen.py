"""The match screen: the board, and beside it who plays (with their clocks), whose turn
it is, notes, a takeback offer, the move list with a way to step through it, the chat,
and the buttons (take back, hint, analyse, sound, resign, rematch, lobby).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial

import pygame

from client.common.client_state import ClientState
from client.common.match_view import MatchView, board_changes, clock_words, game_label
from client.common.words import words
from client.gui import theme
from client.gui.actions import GameActions
from client.gui.animation import BoardAnimation
from client.gui.board import Layout, draw_board
from client.gui.chat_box import ChatBox
from client.gui.hint_layer import draw_engine_choice, draw_hints
from client.gui.move_list import draw_moves, draw_step_bar
from client.gui.players import draw_player, draw_rematch_offer, draw_takeback_offer
from client.gui.widgets import Ui, choice_row, columns
from shared.protocol import Analyse, Chat, Hint, ScoredMove, Takeback, TakebackAnswer

NOTICE_SECONDS = 5.0
PANEL_UNDER_BOARD = 36.0
"""Layout units a tall window keeps under the board for the panel: the players, the turn,
three lines of notes, the move list beside the chat and two rows of buttons. Fixed, so
the board never moves when a note or an offer comes and goes."""
PANEL_BESIDE_BOARD = 260
"""Pixels a window wider than tall keeps beside the board for the panel, at least: its
text stops shrinking at theme.MIN_FONT, so at 640x480 a panel of 62 % cut its buttons
to "Take…" and "Back to lob…"; the board gives way instead."""
RECORD_OVER_CHAT = 17.0
"""Layout units the move list and the chat need one above the other; less: side by side."""
RECORD_BESIDE_CHAT = 7.0
"""Layout units the move list needs at the least (its heading, two lines, its bar)."""
CONFIRM_SECONDS = 3.0
"""A second press within this time confirms resigning or leaving a running game."""


class GameScreen:
    """Draws the current match and turns clicks and keys into intents, which it asks
    of ``actions`` (the window)."""

    def __init__(self, known: ClientState, ui: Ui, actions: GameActions) -> None:
        self.known, self.ui, self.actions = known, ui, actions
        self.layout: Layout | None = None
        self.looking: int | None = None  # a ply being looked at, None for the live board
        self.confirm: str | None = None
        self.confirm_at = 0.0
        self.typed = ""  # the start of a move being typed, e.g. "d" of "d3"
        self.shown: str | None = None  # the match drawn last frame
        self.anim: BoardAnimation | None = None  # the board as drawn, turning over
        self.chat = ChatBox(self.say)

    def reset(self) -> None:
        self.looking, self.confirm, self.typed, self.anim = None, None, "", None
        self.chat.field.text = ""

    @property
    def view(self) -> MatchView:
        view = self.known.view
        assert view is not None
        return view

    # ---- input ---------------------------------------------------------------------

    def click_square(self, square: int) -> None:
        """Play ``square`` if the server would take it; otherwise say why not."""
        view, known = self.view, self.known
        if self.looking is not None:
            known.say(words()("window-looking-back-click"))
            return
        why = view.why_not(square)
        if why is not None:
            known.say(why)
            return
        known.notice = ""
        self.actions.move(square)

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
            self.actions.resign()

    def leave(self) -> None:
        """Back to the lobby; leaving a game in progress loses it, so that asks twice."""
        s = self.view.state
        in_game = s is not None and s.status == "playing" and self.view.seat is not None
        if not in_game or self.ask("leave"):
            self.actions.back_to_lobby()

    def rematch(self) -> None:
        s = self.view.state
        if (s is not None and s.status == "over" and self.view.seat is not None
                and not self.view.opponent_left):
            self.actions.rematch()

    # ---- the optional features (docs/protocol.md section 11) ------------------------

    def takeback(self) -> None:
        """Ask to take back our last move (at once against the bot, an offer otherwise)."""
        view, known = self.view, self.known
        if not known.has("takeback") or view.state is None:
            return
        if not view.can_take_back:
            s = view.state
            known.say(words()("window-takeback-nothing" if s.takeback is None
                              and s.status == "playing" else "window-takeback-not-now"))
            return
        self.looking = None
        self.actions.tell(Takeback(match=view.code, ply=view.state.ply))

    def answer(self, accept: bool) -> None:
        """Accept or decline the opponent's takeback offer."""
        if self.view.offer_to_answer:
            self.actions.tell(TakebackAnswer(match=self.view.code, accept=accept))

    def hint(self) -> None:
        """Ask the engine for the scores of our legal moves."""
        view, known = self.view, self.known
        s = view.state
        if not known.has("hint") or s is None or view.hint_asked or view.hints:
            return
        if not s.hints:
            known.say(words()("window-hints-off"))
        elif not view.my_turn:
            known.say(words()("window-hint-wait"))
        else:
            view.hint_asked = True
            self.actions.tell(Hint(match=view.code))

    def analyse(self) -> None:
        """Ask the engine to review the finished game."""
        view = self.view
        if (self.known.has("analyse") and view.reviewable and view.review is None
                and not view.review_asked):
            view.review_asked = True
            self.actions.tell(Analyse(match=view.code))

    def sound(self) -> None:
        """Sound on or off; where there is none at all, say why instead."""
        missing = self.actions.silent_because
        if missing is None:
            self.actions.toggle_mute()
        else:
            self.known.say(words()("window-no-sound", why=missing))

    def say(self, text: str) -> None:
        """Enter in the chat box: send the line (a blank one is not sent), and give the
        keyboard back to the board, where letters are moves and shortcuts again."""
        if text.strip():
            self.actions.tell(Chat(match=self.view.code, text=text))
        self.ui.focus = None

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
        current = last if self.looking is None else self.looking
        target = to if delta is None else current + delta
        target = last if target is None else max(0, min(last, target))
        self.looking = None if target == last else target

    def scroll(self, dy: int) -> None:
        self.step(-dy)

    def key_text(self, text: str) -> None:
        """Typing a move as the game writes it: a slot digit ('4'), a square ('d3').
        A key that does not complete a move is kept as the start of the next one."""
        s = self.view.state
        if text == "?":
            self.hint()
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
        elif key in (pygame.K_y, pygame.K_n) and self.view.offer_to_answer:
            self.answer(key == pygame.K_y)
        elif key == pygame.K_u:
            self.takeback()
        elif key == pygame.K_a and not self.playing:
            self.analyse()
        elif key == pygame.K_m:
            self.sound()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.known.has("chat") \
                and self.view.may_chat:
            self.ui.focus = self.chat.field

    # ---- drawing -------------------------------------------------------------------

    def draw(self, ui: Ui, top: int) -> None:
        """The match below ``top``, the window's link-down strip (0: none)."""
        view = self.view
        w, full = ui.surface.get_size()
        u = theme.unit((w, full))
        m = int(u * 1.5)
        h = full - top
        if view.state is None:
            ui.text(words()("match-loading"), (w / 2, top + h / 2), u * 2, anchor="center",
                    max_width=w - 2 * m)
            return
        s = view.state
        if self.shown != s.match:  # a new match (a rematch): back to the live board
            self.reset()
            self.shown = s.match
        wide = w >= full * 1.15
        if wide:
            side = min(h - 2 * m, int(w * 0.62), w - 3 * m - PANEL_BESIDE_BOARD)
            board_area = pygame.Rect(m, top + (h - side) // 2, side, side)
            panel = pygame.Rect(board_area.right + m, top + m, w - board_area.right - 2 * m,
                                h - 2 * m)
        else:
            side = max(int(u * 20), min(w - 2 * m, int(h * 0.58),
                                        int(h - 2 * m - u * PANEL_UNDER_BOARD)))
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
        now = time.monotonic()
        if self.looking is None:
            board, last, legal = s.board, view.last_move, (s.legal if view.my_turn else [])
            flipped = view.flipped
        else:
            history = view.history()
            k = min(self.looking, len(history) - 1)
            board = history[k]
            played = [m for m in s.moves[: self.looking] if m != "pass"]
            last = int(played[-1]) if played else None
            flipped = board_changes(history[k - 1], board)[1] if k > 0 else frozenset()
            legal = []
        self.anim = (BoardAnimation.still(board) if self.anim is None
                     else self.anim.then(board, now))
        draw_board(view.info.look, ui.surface, lay, board, self.anim.looks(now), legal=legal,
                   last=last, flipped=flipped,
                   hover=hover if view.my_turn and self.looking is None else None)
        if self.looking is None:
            draw_hints(ui.surface, lay, self.hints, view.score_words, view.info.look)
        shown = len(s.moves) if self.looking is None else self.looking
        reviewed = view.reviewed(shown - 1)
        if reviewed is not None and reviewed.mistake:  # the server's verdict, not any loss
            draw_engine_choice(ui.surface, lay, reviewed.best)
        for square in range(s.size * s.size):
            ui.on_click(lay.square_rect(square), partial(self.click_square, square))

    def draw_panel(self, ui: Ui, area: pygame.Rect, u: float) -> None:
        view = self.view
        s = view.state
        assert s is not None
        x, y, width = area.left, float(area.top), area.width
        w = words()
        title = w("page-match-title", game=game_label(s.game, s.size), code=s.match)
        if s.unlisted:
            title += w("page-match-unlisted")
        if s.clock is not None:
            title += w("page-match-clock", clock=clock_words(s.clock))
        if view.role == "spectator":
            title += w("page-match-watching")
        ui.text(title, (x, y), u * 1.2, theme.MUTED, max_width=width)
        y += u * 2.2
        for seat in (0, 1):
            y = draw_player(ui, view, seat, x, y, width, u)
        y += u * 0.6
        if s.status == "over":
            won = view.seat is not None and s.result is not None and s.result.winner == view.seat
            result, colour = view.result_text(), theme.GOOD if won else theme.TEXT
            fitting = [px for px in (u * 2.6, u * 2.0) if ui.fits(result, px, width, bold=True)]
            if fitting:  # shrunk a little by ui.text, or a size smaller (a long Japanese one)
                ui.text(result, (x, y), fitting[0], colour, bold=True, max_width=width)
                y += fitting[0] + u * 0.6
            else:
                y = ui.paragraph(result, pygame.Rect(x, int(y), width, int(u * 5)), u * 2.0,
                                 colour, bold=True) + u * 0.6
            y = ui.paragraph(view.reason_text(), pygame.Rect(x, int(y), width, int(u * 3.4)),
                             u * 1.2) + u * 0.5
            y = draw_rematch_offer(ui, view, x, y, width, u)
        else:
            y = self.draw_turn(ui, x, y, width, u)
        y = draw_takeback_offer(ui, view, self.answer, x, y, width, u)
        buttons_h = u * 2.6
        bottom = area.bottom - 2 * buttons_h - u * 0.5
        limit = bottom - u * 4.4  # the chat's field and a line, whatever the notes say
        for note, colour in self.notes():  # up to three lines each (the hint's legend)
            room = min(u * 4.6, limit - y)
            if room < u * 1.4:  # not even a line left: the first notes are the news
                break
            y = ui.paragraph(note, pygame.Rect(x, int(y), width, int(room)), u * 1.1,
                             colour) + u * 0.4
        self.draw_record_and_chat(ui, pygame.Rect(x, int(y + u * 0.4), width,
                                                  int(bottom - y - u * 0.4)), u)
        self.draw_buttons(ui, pygame.Rect(x, int(bottom), width, int(buttons_h)),
                          pygame.Rect(x, int(bottom + buttons_h + u * 0.5), width,
                                      int(buttons_h)))

    def draw_record_and_chat(self, ui: Ui, area: pygame.Rect, u: float) -> None:
        """The move list with its |< < > >| bar, and the chat: one above the other, or
        side by side where the panel is short (a small window), so neither is lost."""
        view, known = self.view, self.known
        s = view.state
        assert s is not None
        chat = known.has("chat")
        step_h = int(u * 2.4)
        if area.height < u * 3:  # a crowded panel (an offer, notes, an absent opponent)
            return
        record: pygame.Rect | None = area
        chat_area: pygame.Rect | None = None
        if not chat:
            if area.height < u * RECORD_BESIDE_CHAT:
                record = None
        elif area.height >= u * RECORD_OVER_CHAT:  # one above the other
            chat_h = int(u * 8.5)
            record = pygame.Rect(area.left, area.top, area.width, area.height - chat_h)
            chat_area = pygame.Rect(area.left, record.bottom, area.width, chat_h)
        elif area.height >= u * RECORD_BESIDE_CHAT and area.width >= u * 30:  # side by side
            record = pygame.Rect(area.left, area.top, int(area.width * 0.52), area.height)
            chat_area = pygame.Rect(record.right + int(u * 0.6), area.top,
                                    area.right - record.right - int(u * 0.6), area.height)
        else:  # no room for the record: the chat takes it
            record, chat_area = None, area
        if record is not None:
            moves_box = pygame.Rect(record.left, record.top, record.width,
                                    record.height - step_h - int(u * 1.5))
            draw_moves(ui, moves_box, u, view, self.looking, partial(self.step, None))
            draw_step_bar(ui, pygame.Rect(record.left, moves_box.bottom + int(u * 0.5),
                                          record.width, step_h), u, len(s.moves),
                          self.looking, self.step, partial(self.step, None))
        if chat_area is not None:
            me = known.welcome.player if known.welcome is not None else None
            self.chat.draw(ui, pygame.Rect(chat_area.left, chat_area.top, chat_area.width,
                                           chat_area.height - int(u * 0.5)), view, me, u)

    def draw_turn(self, ui: Ui, x: int, y: float, width: int, u: float) -> float:
        """Whose turn it is (or why nothing moves), and the code to share while waiting."""
        view = self.view
        s = view.state
        assert s is not None
        turn, w = view.turn_text(), words()
        if s.status == "playing" and view.is_bot(s.to_move):  # "thinking..." pulses
            turn = w("window-thinking", turn=turn.rstrip(".…"),
                     dots=1 + int(time.monotonic() * 2) % 3)
        colour = theme.GOOD if view.my_turn else theme.TEXT
        if not self.known.link_up:
            turn, colour = w("window-offline"), theme.WARN
        elif self.looking is not None:
            turn = w("window-looking-back", number=self.looking)
            colour = theme.WARN
        y = ui.paragraph(turn, pygame.Rect(x, int(y), width, int(u * 4.6)), u * 1.7, colour,
                         bold=view.my_turn) + u * 0.6
        if s.status == "waiting" and view.seat is not None:
            ui.text(w("window-share-code", code=s.match), (x, y), u * 1.4, theme.ACCENT,
                    bold=True, max_width=width)
            y += u * 2.2
            where = self.actions.where
            if where is not None:
                how = w("window-share-how", unlisted="yes" if s.unlisted else "no",
                        address=where.share, code=s.match)
                y = ui.paragraph(how, pygame.Rect(x, int(y), width, int(u * 4)), u * 1.0,
                                 theme.MUTED) + u * 0.6
        return y

    def notes(self) -> list[tuple[str, tuple[int, int, int]]]:
        """The lines under the turn: the latest notice (the answer to a click, first as
        the news), a pass, the hints' legend, the engine at work, the engine's word on the
        move shown."""
        view, known = self.view, self.known
        s = view.state
        assert s is not None
        out: list[tuple[str, tuple[int, int, int]]] = []
        if known.notice and time.monotonic() - known.notice_at < NOTICE_SECONDS:
            out.append((known.notice, theme.GOOD if known.notice_good else theme.BAD))
        note = view.pass_note()
        if note:
            out.append((note, theme.WARN))
        if self.hints:
            out.append((self.hint_legend(), theme.HINT_BEST_TEXT))
        elif view.hint_asked:
            out.append((words()("hint-working"), theme.MUTED))
        if view.review_asked:
            out.append((words()("review-working"), theme.MUTED))
        shown = len(s.moves) if self.looking is None else self.looking
        said = view.review_text(shown - 1)
        if said:
            r = view.reviewed(shown - 1)
            assert r is not None  # it was said
            out.append((said, theme.REVIEW_LOSS if r.mistake else
                        theme.GOOD if r.loss <= 0 else theme.TEXT))
        return out

    @property
    def hints(self) -> list[ScoredMove]:
        """The engine's scores to draw: the view's (which go when the position changes or
        the game ends), and none over a position looked back at."""
        return [] if self.looking is not None else self.view.hints

    def hint_legend(self) -> str:
        """What the numbers on the board mean, saying whose they are: the side to move's."""
        view = self.view
        s = view.state
        assert s is not None
        exact = "yes" if any(h.exact for h in self.hints) else "no"
        return words()("hint-note-discs" if view.info.scored else "hint-note-outcome",
                       side=view.side(s.to_move), exact=exact)

    def draw_buttons(self, ui: Ui, features: pygame.Rect, row: pygame.Rect) -> None:
        """Two rows: the optional features (take back, hint or analyse, sound), then
        resign or rematch, and back to the lobby."""
        view, known = self.view, self.known
        s = view.state
        assert s is not None
        now, w = time.monotonic(), words()
        sound = w("window-sound-none" if self.actions.silent_because is not None else
                  "button-sound-off" if self.actions.muted else "button-sound-on")
        extra: list[tuple[str, Callable[[], None], bool, str]] = []
        if s.status != "over" and view.seat is not None:
            if known.has("takeback"):
                extra.append((w("button-takeback"), self.takeback, view.can_take_back, "U"))
            if known.has("hint"):
                asked = view.hint_asked or bool(self.hints)
                extra.append((w("button-hint"), self.hint, view.may_hint and not asked, "?"))
        elif view.reviewable and known.has("analyse"):
            label = w("button-analysed" if view.review is not None else
                      "button-analysing" if view.review_asked else "button-analyse")
            extra.append((label, self.analyse, view.review is None and not view.review_asked,
                           "A"))
        extra.append((sound, self.sound, True, "M"))
        cells, px = choice_row(features, [label for label, *_ in extra], features.height * 0.3,
                               keyed=True)
        for cell, (label, action, enabled, key) in zip(cells, extra):
            ui.button(cell, label, action, enabled=enabled, hint=key, px=px)
        confirming = self.confirm if now - self.confirm_at < CONFIRM_SECONDS else None
        left, right = columns(row, 2, row.height * 0.3)
        if s.status == "over":
            if view.seat is not None and view.opponent_left:
                ui.button(left, w("window-rematch-gone"), self.rematch, enabled=False)
            elif view.seat is not None:
                asked = view.seat in s.rematch
                ui.button(left, w("button-rematch-asked" if asked else "button-rematch"),
                          self.rematch, enabled=not asked, primary=True, hint="N")
            ui.button(right, w("button-lobby"), self.leave, hint="Esc")
            return
        if view.seat is not None and s.status == "playing":
            label = w("window-resign-sure" if confirming == "resign" else "button-resign")
            ui.button(left, label, self.resign, hint="R", danger=True)
        label = w("window-leave-sure" if confirming == "leave" else
                  "button-cancel" if s.status == "waiting" else "button-lobby")
        ui.button(right, label, self.leave, hint="Esc")
