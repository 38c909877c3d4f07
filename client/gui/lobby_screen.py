"""The start screen: your name and server, a new game (which, against whom, who moves
first), your unfinished games to go on with, and the matches on the server to join or
watch.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial

import pygame

from client.common.client_state import ClientState
from client.common.match_view import clock_words, game_label, lobby_line
from client.common.options import Plan, Seat, Vs
from client.common.words import words
from client.gui import theme
from client.gui.actions import LobbyActions
from client.gui.qr import qr_surface, smallest_readable
from client.gui.widgets import TextField, Ui, choice_row, columns, rows, wrap
from shared.ai.levels import LEVELS
from shared.games import DEFAULT_GAME, catalogue, get_game
from shared.protocol import Clock
from shared.web_address import browser_url
from shared.words import LANGUAGE_NAMES, LANGUAGES

GAMES = [(info.name, size) for info, size in catalogue()]
"""The game buttons, in the catalogue's order; keys 1, 2, ... pick them."""
SEAT_KEYS: dict[int, Seat] = {pygame.K_f: "first", pygame.K_s: "second", pygame.K_r: "random"}
CLOCKS: tuple[Clock | None, ...] = (None, Clock(60, 0), Clock(180, 2), Clock(300, 3))
"""The time controls offered at create (minutes + seconds per move); C steps through them."""
NOTICE_SECONDS = 8.0
FORM_UNITS = 40
"""The new-game form's width beside the matches, in layout units: every choice's label
whole at its size, in each language (a small window gives it up to 70 %; the matches'
lines wrap)."""
SHORTCUTS = ("games", "opponent", "level", "first", "clock", "hints", "unlisted", "spectators",
             "play", "code", "tab", "refresh", "language", "quit")
"""The keys, in the legend at the foot of the start screen (each kept whole on a line):
the catalogue's ``window-key-<name>``."""
Row = tuple[str, tuple[str, Callable[[], None]] | None]
"""A line of the matches panel: its text (a second line after a newline) and its button
(label, action), or None for a heading."""


class LobbyScreen:
    """Choices are kept here; the lobby list is the client state's (the window refreshes
    it every few seconds). ``plan`` is what the flags said (its name follows a rename)."""

    def __init__(self, plan: Plan, known: ClientState, ui: Ui, actions: LobbyActions) -> None:
        self.plan, self.known, self.ui, self.actions = plan, known, ui, actions
        game = get_game(plan.game or DEFAULT_GAME)
        self.choice = Plan(name=plan.name, game=game.name, size=plan.size or game.default_size,
                           vs=plan.vs, level=plan.level, seat=plan.seat)
        self.clocks = CLOCKS if plan.clock in CLOCKS else (*CLOCKS[:-1], plan.clock)
        """The clock choices: the offered ones, the longest giving way to one the flags
        asked for (a fifth button would not fit its words)."""
        self.name = TextField(plan.name, max_len=32, on_enter=self.name_done)
        self.code = TextField("", max_len=16, upper=True, on_enter=self.join_code)
        self.scroll_rows = 0
        self.qr_rect: pygame.Rect | None = None
        """Where the browser address's QR code was last drawn (None: not shown)."""
        self.clock = plan.clock
        self.hints = plan.hints
        """Whether a match against a person lets both ask for hints."""
        self.unlisted, self.spectator_chat = plan.unlisted, plan.spectator_chat
        """A match against a person's privacy: out of the lobby's list; spectators may chat."""

    # ---- actions ---------------------------------------------------------------------

    def play(self) -> None:
        self.choice.name = self.name.text.strip() or self.plan.name
        known = self.known
        self.choice.clock = self.clock if known.has("clock") else None
        self.choice.hints = self.hints and self.choice.vs == "human" and known.has("hint")
        private = self.choice.vs == "human" and known.has("private")
        self.choice.unlisted = self.unlisted and private
        self.choice.spectator_chat = self.spectator_chat or not private
        self.actions.create(self.choice)

    def set_clock(self, clock: Clock | None) -> None:
        self.clock = clock

    def next_clock(self) -> None:
        self.clock = self.clocks[(self.clocks.index(self.clock) + 1) % len(self.clocks)]

    def set_hints(self, allowed: bool) -> None:
        self.hints = allowed

    def toggle_unlisted(self) -> None:
        self.unlisted = not self.unlisted

    def toggle_spectator_chat(self) -> None:
        self.spectator_chat = not self.spectator_chat

    def name_done(self) -> None:
        """Enter in the name box keeps the name; the next Enter plays."""
        self.ui.focus = None

    def join_code(self) -> None:
        self.join(self.code.text)

    def join(self, code: str, watch: bool = False) -> None:
        """Join (or watch) ``code`` under the name in the name box."""
        self.actions.join(code, self.name.text, watch=watch)

    def pick_game(self, game: str, size: int) -> None:
        self.choice.game, self.choice.size = game, size

    def set_vs(self, vs: Vs) -> None:
        self.choice.vs = vs

    def set_level(self, level: int) -> None:
        self.choice.level = max(min(LEVELS), min(max(LEVELS), level))

    def set_seat(self, seat: Seat) -> None:
        self.choice.seat = seat

    def next_language(self) -> None:
        """The catalogue's next language (L), as the switch's buttons choose one."""
        now = LANGUAGES.index(words().lang)
        self.actions.set_language(LANGUAGES[(now + 1) % len(LANGUAGES)])

    def scroll(self, dy: int) -> None:
        self.scroll_rows = max(0, self.scroll_rows - dy)

    def key_text(self, text: str) -> None:
        if text == "+":
            self.set_level(self.choice.level + 1)
        elif text == "-":
            self.set_level(self.choice.level - 1)

    def key(self, key: int) -> None:
        ui = self.ui
        digits = {pygame.K_1 + i: i for i in range(len(GAMES))} | {
            pygame.K_KP1 + i: i for i in range(len(GAMES))}
        if key in digits:
            self.pick_game(*GAMES[digits[key]])
        elif key == pygame.K_b:
            self.set_vs("bot")
        elif key == pygame.K_p:
            self.set_vs("human")
        elif key in SEAT_KEYS:
            self.set_seat(SEAT_KEYS[key])
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.play()
        elif key == pygame.K_j:
            ui.focus = self.code
        elif key == pygame.K_n:
            ui.focus = self.name
        elif key == pygame.K_TAB:
            ui.focus = self.code if ui.focus is self.name else self.name
        elif key == pygame.K_c:
            self.next_clock()
        elif key == pygame.K_h and self.choice.vs == "human":
            self.set_hints(not self.hints)
        elif key == pygame.K_u and self.choice.vs == "human":
            self.toggle_unlisted()
        elif key == pygame.K_w and self.choice.vs == "human":
            self.toggle_spectator_chat()
        elif key == pygame.K_l:
            self.next_language()
        elif key == pygame.K_F5:
            self.known.lobby = []
            self.actions.refresh_lobby()
        elif key == pygame.K_ESCAPE:
            self.actions.quit()

    # ---- drawing -------------------------------------------------------------------------

    def draw(self, ui: Ui) -> None:
        w, h = ui.surface.get_size()
        u = theme.unit((w, h))
        m = int(u * 1.5)
        known = self.known
        ui.text("taikyoku", (m, m), u * 3, bold=True)
        names = [known.welcome.server.name] if known.welcome is not None else []
        if self.actions.where is not None:
            names.append(self.actions.where.label)
        server = ", ".join(names)
        ui.text(words()("window-server", name=server), (m, m + u * 3.6), u * 1.1, theme.MUTED,
                max_width=w - 2 * m)
        self.draw_language_switch(ui, pygame.Rect(m, m, w - 2 * m, int(u * 2.6)), u)
        legend = self.legend_lines(u * 0.95, w - 2 * m)
        foot = h - m - len(legend) * theme.line_height(u * 0.95)
        body = pygame.Rect(m, int(m + u * 6), w - 2 * m, int(foot - u * 2.2 - m - u * 6))
        wide = w >= h * 1.1
        if wide:
            left, right = columns(body, 2, m)
            left.width = int(min(body.width * 0.7, max(body.width * 0.55, FORM_UNITS * u)))
            right.left, right.width = left.right + m, body.right - left.right - m
        else:  # the form as tall as it needs (at most 62 %), the matches below it
            form = min(int(body.height * 0.62), self.form_height(u))
            left = pygame.Rect(body.left, body.top, body.width, form)
            right = pygame.Rect(body.left, left.bottom + m, body.width,
                                body.bottom - left.bottom - m)
        if self.actions.where is not None:  # a friend without Python joins from a browser
            share = self.actions.where.share
            qr = int(min(u * 9, right.height * 0.4))
            if not wide:  # the matches first: a smaller code, or the words alone
                qr = min(qr, int(right.height - u - self.matches_height(u)))
            if qr < smallest_readable(browser_url(share)):
                qr = 0
            right = self.draw_invitation(ui, right, u, share, qr)
        self.draw_new_game(ui, left, u, games_below=wide)
        self.draw_matches(ui, right, u)
        if known.notice and time.monotonic() - known.notice_at < NOTICE_SECONDS:
            ui.text(known.notice, (m, foot - u * 1.9), u * 1.2,
                    theme.GOOD if known.notice_good else theme.BAD, max_width=w - 2 * m)
        ui.paragraph("\n".join(legend), pygame.Rect(m, int(foot), w - 2 * m, h - int(foot)),
                     u * 0.95, theme.MUTED)

    def draw_language_switch(self, ui: Ui, row: pygame.Rect, u: float) -> None:
        """A button per language, each in its own words, at the right of ``row``: the
        chosen one selected; a click speaks it at once (and remembers it)."""
        px = u * 1.0
        chosen = words().lang
        right = row.right
        for lang in reversed(LANGUAGES):
            name = LANGUAGE_NAMES[lang]
            cell = pygame.Rect(0, 0, theme.text_size(name, px)[0] + int(u * 1.6), row.height)
            cell.topright = (right, row.top)
            ui.button(cell, name, partial(self.actions.set_language, lang),
                      selected=lang == chosen, px=px)
            right = cell.left - int(u * 0.5)
        ui.text(words()("lobby-language"), (right - int(u * 0.3), row.centery), px,
                theme.MUTED, anchor="midright")

    @staticmethod
    def legend_lines(px: float, width: int) -> list[str]:
        """The keys' legend on as many lines as ``width`` needs, no key cut in two."""
        lines: list[str] = []
        for key in SHORTCUTS:
            item = words()(f"window-key-{key}", count=len(GAMES))
            trial = f"{lines[-1]}   {item}" if lines else item
            if lines and theme.text_size(trial, px)[0] <= width:
                lines[-1] = trial
            else:
                lines.append(item)
        return lines

    def draw_invitation(self, ui: Ui, area: pygame.Rect, u: float, server: str,
                        qr: int) -> pygame.Rect:
        """The browser address and its QR code ``qr`` pixels wide (a phone's camera opens
        it; 0: the words alone, where the matches need the room) at the foot of ``area``;
        returns the part of ``area`` left above them."""
        said = words()("window-invitation", address=browser_url(server))
        if not qr:
            self.qr_rect = None
            tall = len(wrap(said, u * 1.15, area.width)) * theme.line_height(u * 1.15)
            box = pygame.Rect(area.left, area.bottom - tall, area.width, tall)
            ui.paragraph(said, box, u * 1.15, theme.MUTED)
            return pygame.Rect(area.left, area.top, area.width, box.top - int(u * 0.5)
                               - area.top)
        code = qr_surface(browser_url(server), qr)
        self.qr_rect = ui.surface.blit(code, code.get_rect(bottomleft=area.bottomleft))
        box = pygame.Rect(self.qr_rect.right + int(u), self.qr_rect.top,
                          area.right - self.qr_rect.right - int(u), self.qr_rect.height)
        ui.paragraph(said, box, u * 1.15, theme.MUTED)
        return pygame.Rect(area.left, area.top, area.width,
                           self.qr_rect.top - int(u) - area.top)

    def form_rows(self, u: float, games_below: bool = False) -> tuple[list[float], float]:
        """The new-game form's row heights and the gap between them: name, the games
        (headed on their left, or with ``games_below`` a line, then their buttons across
        the form: a form beside the matches is too narrow for their names beside the
        heading), the opponent (each headed on its left), the bot's level (a line, then
        its buttons) or how a friend joins (a line, hints, privacy), who moves first, the
        clock, Play."""
        label, row = u * 1.3, u * 2.8
        if self.choice.vs == "bot":
            middle = [label, row]
        else:
            middle = [label, row] + [row] * (self.known.has("private"))
        games = [label, row] if games_below else [row]
        return [row, *games, row, *middle, row, row, row * 1.3], u * 0.55

    def form_height(self, u: float) -> int:
        """How tall the new-game form is when nothing in it is squeezed."""
        heights, gap = self.form_rows(u)
        return int(sum(heights) + gap * (len(heights) - 1) + 2 * u)

    def draw_new_game(self, ui: Ui, area: pygame.Rect, u: float, games_below: bool) -> None:
        c, w = self.choice, words()
        ui.panel(area)
        inner = area.inflate(-2 * u, -2 * u)
        heights, gap = self.form_rows(u, games_below)
        # a short window: all of it, smaller; a tall one: the rows further apart
        fit = min(1.0, inner.height / (sum(heights) + gap * (len(heights) - 1)))
        spread = min(gap * 2.5, (inner.height - sum(heights)) / (len(heights) - 1))
        r = rows(inner, [h * fit for h in heights], max(gap * fit, spread))
        size = u * 1.15
        heads = [w(key) for key in ("lobby-your-name", "lobby-game", "lobby-opponent",
                                    "lobby-first", "window-head-clock")]
        head = max(theme.text_size(t, size)[0] for t in heads) + int(u)
        apart = theme.button_gap(u)  # between the buttons of a row

        def headed(row: pygame.Rect, words: str) -> pygame.Rect:
            """``words`` on the left of ``row``; the rest of the row, for its choices."""
            ui.text(words, (row.left, row.centery), size, theme.MUTED, anchor="midleft")
            return pygame.Rect(row.left + head, row.top, row.width - head, row.height)

        name = headed(r[0], heads[0])
        ui.field(pygame.Rect(name.left, name.top, int(name.width * 0.7), name.height),
                 self.name, w("lobby-name-placeholder"))
        if games_below:
            ui.text(heads[1], r[1].topleft, size, theme.MUTED, max_width=r[1].width)
            games, r = r[2], [r[0], *r[2:]]  # its two rows as one: the others keep their place
        else:
            games = headed(r[1], heads[1])
        titles = [game_label(game, n) for game, n in GAMES]  # "三目並べ（○×）" whole
        cells, px = choice_row(games, titles, apart, keyed=True)
        for i, (cell, title, (game, n)) in enumerate(zip(cells, titles, GAMES)):
            ui.button(cell, title, partial(self.pick_game, game, n),
                      selected=(c.game, c.size) == (game, n), hint=str(i + 1), px=px)
        opponents = [w("lobby-opponent-bot"), w("window-opponent-person")]
        vs_cells, px = choice_row(headed(r[2], heads[2]), opponents, apart, keyed=True)
        ui.button(vs_cells[0], opponents[0], lambda: self.set_vs("bot"),
                  selected=c.vs == "bot", hint="B", px=px)
        ui.button(vs_cells[1], opponents[1], lambda: self.set_vs("human"),
                  selected=c.vs == "human", hint="P", px=px)
        if c.vs == "bot":
            ui.text(w("window-bot-level", level=level_line(c.level)), r[3].topleft, size,
                    theme.MUTED, max_width=r[3].width)
            labels = {level: w("window-level-button", level=level, title=w(f"level-{level}-title"))
                      for level in LEVELS}
            cells, px = choice_row(r[4], list(labels.values()), apart)  # "3 Intermediate" whole
            for (level, label), cell in zip(labels.items(), cells):
                ui.button(cell, label, partial(self.set_level, level),
                          selected=c.level == level, px=px)
        else:
            self.draw_between_people(ui, r[3:-3], size, apart)
        seats: tuple[tuple[Seat, str, str], ...] = (
            ("first", w("lobby-first-you"), "F"), ("second", w("lobby-first-other", vs=c.vs), "S"),
            ("random", w("lobby-first-random"), "R"))
        cells, px = choice_row(headed(r[-3], heads[3]), [text for _, text, _ in seats], apart,
                               keyed=True)
        for cell, (seat, text, key) in zip(cells, seats):
            ui.button(cell, text, partial(self.set_seat, seat), selected=c.seat == seat,
                      hint=key, px=px)
        if self.known.has("clock"):
            self.draw_clock_choice(ui, headed(r[-2], heads[4]), apart)
        play = pygame.Rect(r[-1].left, r[-1].top, int(r[-1].width * 0.5), r[-1].height)
        ui.button(play, w("lobby-play"), self.play, primary=True, hint="Enter")

    def draw_between_people(self, ui: Ui, lines: list[pygame.Rect], size: float,
                            gap: float) -> None:
        """Against a person: how the friend joins, then the hints and (a third line, when
        the server offers private matches) the privacy choices."""
        w = words()
        ui.text(w("window-friend-joins"), lines[0].topleft, size, theme.MUTED,
                max_width=lines[0].width)
        if self.known.has("hint"):
            choices = [w("window-hints-no"), w("window-hints-yes")]
            cells, px = choice_row(lines[1], choices, gap, keyed=True)
            ui.button(cells[0], choices[0], partial(self.set_hints, False),
                      selected=not self.hints, hint="H", px=px)
            ui.button(cells[1], choices[1], partial(self.set_hints, True),
                      selected=self.hints, hint="H", px=px)
        if len(lines) > 2:
            unlisted, chat = w("lobby-unlisted"), w("lobby-spectator-chat")
            px = lines[2].height * 0.42  # as wide as each needs: even text
            cells = columns(lines[2], 2, gap, [theme.text_size(t, px)[0] + lines[2].height * 2.2
                                               for t in (unlisted, chat)])
            ui.check(cells[0], unlisted, self.unlisted, self.toggle_unlisted, hint="U")
            ui.check(cells[1], chat, self.spectator_chat, self.toggle_spectator_chat, hint="W")

    def draw_clock_choice(self, ui: Ui, row: pygame.Rect, gap: float) -> None:
        """The clock's choices in ``row``: none, or minutes + seconds per move."""
        labels = [words()("lobby-clock-none") if clock is None else clock_words(clock)
                  for clock in self.clocks]
        cells, px = choice_row(row, labels, gap, keyed=True)
        for cell, label, clock in zip(cells, labels, self.clocks):
            ui.button(cell, label, partial(self.set_clock, clock), selected=self.clock == clock,
                      hint="C" if clock is None else "", px=px)

    def draw_matches(self, ui: Ui, area: pygame.Rect, u: float) -> None:
        ui.panel(area)
        inner = area.inflate(-2 * u, -2 * u)
        size, row, gap = u * 1.15, u * 2.6, u * 0.5
        w = words()
        ui.text(w("window-join-head"), inner.topleft, size, theme.MUTED, max_width=inner.width)
        top = inner.top + int(u * 1.8)
        field = pygame.Rect(inner.left, top, int(inner.width * 0.6), int(row))
        ui.field(field, self.code, w("lobby-code-placeholder"))
        ui.button(pygame.Rect(field.right + gap, top, inner.right - field.right - gap, row),
                  w("button-join"), self.join_code, hint="J")
        y = top + row + u * 1.2
        lines = self.match_rows()
        room, step = inner.width - int(u * 7) - gap, u * 1.3  # beside a row's button
        said = [row_lines(text, size, room) if button else [] for text, button in lines]
        heights = [row + step * max(0, len(t) - 2) if button else u * 1.8  # headings are short
                   for t, (_, button) in zip(said, lines)]
        self.scroll_rows = min(self.scroll_rows, self.last_start(heights, inner.bottom - y, gap))
        shown = list(zip(lines, said, heights))[self.scroll_rows:]
        if self.scroll_rows:  # scrolled: say what is above, in the place of its first row
            shown[0] = ((w("window-more-above", count=self.scroll_rows), None), [], u * 1.8)
        for i, ((text, button), texts, height) in enumerate(shown):
            below = len(shown) - i - 1
            if below and y + height + gap + u * 1.8 > inner.bottom:
                ui.text(w("window-more-below", count=below + 1), (inner.left, y + u * 0.9),
                        size, theme.ACCENT, anchor="midleft")
                break
            line = pygame.Rect(inner.left, int(y), inner.width, int(height))
            if button is None:
                muted = text.startswith(" ") or (i == 0 and self.scroll_rows > 0)
                ui.text(text.strip(), (line.left + (u if text.startswith(" ") else 0),
                                       line.centery), size, theme.MUTED if muted else theme.TEXT,
                        bold=not muted, anchor="midleft", max_width=line.width)
            else:
                for k, (part, px) in enumerate(texts):
                    ui.text(part, (line.left, line.centery + (k - (len(texts) - 1) / 2) * step),
                            px, theme.TEXT if k == 0 else theme.MUTED, anchor="midleft",
                            max_width=room)
                label, action = button  # as tall as in any row, beside its lines' middle
                cell = pygame.Rect(line.right - int(u * 7), line.top, int(u * 7), int(row))
                cell.centery = line.centery
                ui.button(cell, label, action, primary=label == w("button-resume"))
            y += height + gap

    def matches_height(self, u: float) -> float:
        """How tall the matches panel is with every line of its list shown."""
        rows_h = sum(u * 3.1 if button else u * 2.3 for _, button in self.match_rows())
        return u * 7.6 + rows_h

    @staticmethod
    def last_start(heights: list[float], room: float, gap: float) -> int:
        """The furthest row the list may be scrolled to: the one from which the rest fits."""
        used, start = 0.0, len(heights)
        while start > 0 and used + heights[start - 1] + gap <= room:
            start -= 1
            used += heights[start] + gap
        return start

    def match_rows(self) -> list[Row]:
        """Our unfinished games first (Resume), then the open matches (Join) and the
        ones to watch (Watch)."""
        known, w = self.known, words()
        none: list[Row] = [("  " + w("lobby-none"), None)]
        lines: list[Row] = []
        unfinished = known.unfinished()
        if unfinished:
            lines.append((w("window-unfinished"), None))
            for code in unfinished:
                what, now = known.views[code].resume_lines()
                resume = partial(self.actions.resume, code)
                lines.append((f"{code}  {what}\n{now}", (w("button-resume"), resume)))
        mine = set(known.views)
        waiting = [m for m in known.lobby if m.status == "waiting" and m.match not in mine]
        playing = [m for m in known.lobby if m.status != "waiting" and m.match not in mine]
        lines.append((w("lobby-open-matches"), None))
        lines += [(lobby_line(m), (w("button-join"), partial(self.join, m.match)))
                  for m in waiting] or none
        lines.append((w("lobby-watch-matches"), None))
        lines += [(lobby_line(m), (w("button-watch"), partial(self.join, m.match, watch=True)))
                  for m in playing] or none
        return lines


def row_lines(text: str, px: float, width: float) -> list[tuple[str, float]]:
    """A match's row as lines of ``width`` and their sizes: its first line, the rest
    smaller, wrapped where one line cannot hold them (at 640x480 "Hana vs Ken, 2 watching"
    takes two beside the Watch button, where it was cut)."""
    first, _, rest = text.partition("\n")
    if not rest and theme.text_size(first, px)[0] > width:
        first = wrap(first, px, int(width))[0]
        rest = text[len(first):].strip()
    return [(first, px)] + [(part, px * 0.85) for part in (wrap(rest, px * 0.85, int(width))
                                                           if rest else [])]


def level_line(level: int) -> str:
    """A bot level for players: '3 Intermediate: looks a few moves ahead'."""
    w = words()
    return w("level-words", level=level, title=w(f"level-{level}-title"),
             feel=w(f"level-{level}-feel"))
