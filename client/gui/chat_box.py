"""The match's chat beside the board: its last lines, and a box to write one (Enter
sends; a spectator where only the players chat gets a line saying so instead, as the
server would refuse what they wrote). Text comes through the clients' one sanitiser
(client/common/sanitise.py, where frames come in) and pygame renders it as glyphs, so
nothing in it is ever read as markup or a command.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from client.common.match_view import MatchView, chat_speaker
from client.common.words import words
from client.gui import theme
from client.gui.widgets import TextField, Ui, wrap
from shared.protocol import CHAT_MAX_CHARS


class ChatBox:
    """The chat's text field (kept between frames) and its drawing."""

    def __init__(self, enter: Callable[[str], None]) -> None:
        self.on_enter = enter
        self.field = TextField("", max_len=CHAT_MAX_CHARS, on_enter=self.enter)

    def enter(self) -> None:
        """Hand over what was typed (maybe nothing) and empty the box."""
        text, self.field.text = self.field.text, ""
        self.on_enter(text)

    def draw(self, ui: Ui, rect: pygame.Rect, view: MatchView, me: str | None,
             u: float) -> None:
        """The last lines that fit above the text field, oldest at the top."""
        pygame.draw.rect(ui.surface, theme.CHAT_BOX, rect, border_radius=int(u * 0.5))
        inner = rect.inflate(-u, -u * 0.8)
        field_h = int(u * 2.2)
        field = pygame.Rect(inner.left, inner.bottom - field_h, inner.width, field_h)
        if view.may_chat:
            focused = ui.focus is self.field
            ui.field(field, self.field, words()("window-chat-placeholder") if not focused else "")
        else:
            ui.text(words()("chat-closed"), (field.left, field.centery),
                    u * 1.0, theme.MUTED, anchor="midleft", max_width=field.width)
        px = u * 1.0
        line_h = theme.line_height(px)
        room = max(0, (field.top - inner.top - int(u * 0.3)) // line_h)
        lines: list[tuple[str, str]] = []  # (speaker's head, text) per drawn line; head once
        for line in view.chat:
            head = words()("chat-who", name=chat_speaker(line, me))
            for i, part in enumerate(wrap(head + line.text, px, inner.width)):
                lines.append((head if i == 0 else "", part))
        if not lines:
            empty = words()("chat-empty", open="yes" if view.may_chat else "no")
            lines = [("", part) for part in wrap(empty, px, inner.width)]
        y = field.top - int(u * 0.3) - line_h * min(room, len(lines))
        for who, part in lines[-room:] if room else []:
            x = inner.left
            if who:  # the speaker's name in its own colour, then the rest of the line
                head = who.rstrip()
                ui.text(head, (x, y), u * 1.0, theme.CHAT_NAME, max_width=inner.width)
                x += theme.text_size(who, px)[0]
                part = part[len(who):]
            ui.text(part, (x, y), u * 1.0, theme.TEXT if view.chat else theme.MUTED,
                    max_width=inner.right - x)
            y += line_h
