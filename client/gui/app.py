"""The window's frame loop and the actions its screens trigger.

One asyncio loop runs everything: each frame handles pygame events, takes what the
connection received (``drain``, never blocking), draws, flips, then yields to the
loop with ``await asyncio.sleep`` so the network, an embedded server and its bots run
between frames. Network intents are sent from tasks, so a click never waits on I/O.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path

import msgspec
import pygame

from client.common import launch
from client.common import settings as prefs
from client.common.connection import Connection, LinkStatus
from client.common.match_view import game_label
from client.common.options import Plan
from client.common.startup import Startup, start_failure
from client.common.words import use_language, words
from client.gui import theme
from client.gui.game_screen import GameScreen
from client.gui.lobby_screen import LobbyScreen
from client.gui.sound import Sounds
from client.gui.widgets import Ui, wrap
from shared.protocol import MatchState, Message, ServerMessage

HEADLESS = ("offscreen", "dummy")
"""SDL video drivers that show nothing: chosen only on purpose (tests), never as a window."""

FPS = 60
IDLE_FRAME = 0.25
"""Seconds between redraws when nothing happens: a caret blinks, the bot's dots pulse,
a notice times out. Sooner while discs turn over or when a clock's text changes."""
LOBBY_REFRESH = 2.0
"""Seconds between lobby updates while the start screen is up."""
MIN_SIDE = 480
MIN_LONG_SIDE = 640
"""The window's smallest sizes, at which every label of the start screen and the match
reads whole in each language and the start screen lists a match
(tests/client/gui/test_gui_smallest_window.py): 640x480, or 480x640 standing up. (A
nearly square window, 640x600 to 800x800, stacks the start screen's form over its
list, which may then show no match until scrolled.) At
480x360, the minimum before, the start screen's labels were cut (its form beside the
matches) or its rows overlapped (stacked over them)."""


def allowed_size(w: int, h: int) -> tuple[int, int]:
    """The size nearest to ``w`` x ``h`` the window may take: each side at least
    MIN_SIDE, the longer one (the width, in a square) at least MIN_LONG_SIDE."""
    w, h = max(MIN_SIDE, w), max(MIN_SIDE, h)
    if max(w, h) >= MIN_LONG_SIDE:
        return w, h
    return (MIN_LONG_SIDE, h) if w >= h else (w, MIN_LONG_SIDE)


Script = Callable[["App"], bool]
"""Called after every frame (tests drive the window with it); True ends the loop."""


class App:
    """The window: boots (:class:`~client.common.startup.Startup`), then lobby or match screen."""

    def __init__(
        self,
        plan: Plan,
        *,
        size: tuple[int, int] = (1024, 720),
        find: Callable[[], Awaitable[launch.Where]] | None = None,
        settings_file: Path | None = None,
    ) -> None:
        self.plan = plan
        self.settings_file = settings_file or prefs.settings_path()
        self.settings = prefs.load(self.settings_file)
        self.startup = Startup(plan, find=find, say=self.set_status)
        self.known = self.startup.known
        self.status = words()("window-starting")
        self.boot_failed = False
        self.running = True
        self.dirty = True
        """Something changed beside events and messages (a start-up step, a task's end):
        draw on the next frame."""
        self._tasks: set[asyncio.Task[None]] = set()
        self._last_list = 0.0
        self._caption = "taikyoku"
        """The window's title as last set: set again only when it changes (a call to the
        window system, not worth making on every frame of a turning disc)."""
        pygame.display.init()  # only what the window uses: no joystick
        if pygame.display.get_driver() in HEADLESS and "SDL_VIDEODRIVER" not in os.environ:
            pygame.display.quit()  # SDL fell back to drawing nowhere: there is no screen
            raise pygame.error("no display found")
        pygame.font.init()
        pygame.display.set_caption("taikyoku")
        pygame.key.set_repeat(400, 40)
        self.surface = pygame.display.set_mode(allowed_size(*size), pygame.RESIZABLE)
        self.ui = Ui(self.surface)
        self.sounds = Sounds(muted=self.settings.muted)
        self.lobby = LobbyScreen(plan, self.known, self.ui, self)
        self.game = GameScreen(self.known, self.ui, self)

    # ---- the loop ------------------------------------------------------------------

    async def run(self, script: Script | None = None) -> int:
        """Boot and run frames until the window closes (or ``script`` says stop).

        Events and messages are taken FPS times a second; the picture is drawn again
        only when one came, or when it would go stale (see :meth:`still_for`)."""
        self.spawn(self.boot())
        frame = 1.0 / FPS
        next_draw = 0.0
        try:
            while self.running:
                start = time.monotonic()
                if self.step(pygame.event.get(), redraw=start >= next_draw):
                    pygame.display.flip()
                    next_draw = start + self.still_for(start)
                if script is not None and script(self):
                    break
                await asyncio.sleep(max(0.001, frame - (time.monotonic() - start)))
        finally:
            await self.shutdown()
        return 0

    def step(self, events: list[pygame.event.Event], *, redraw: bool = True) -> bool:
        """One frame without the flip: events -> network -> update -> draw. Drawn when
        an event or a message came, something else changed (``dirty``), or ``redraw``;
        True when it was."""
        for event in events:
            self.handle_event(event)
        changed = bool(events)
        if self.conn is not None:
            for msg in self.conn.drain():
                self.take(msg)
                changed = True
        self.update()
        if changed or redraw or self.dirty:
            self.dirty = False
            self.draw()
            return True
        return False

    def still_for(self, now: float) -> float:
        """How long the picture drawn at ``now`` stays right if nothing comes: not at all
        while discs turn over, until the running clock's text changes, else IDLE_FRAME."""
        view = self.known.view
        anim = self.game.anim
        if view is None or anim is None:
            return IDLE_FRAME
        if anim.running(now):
            return 0.0
        clocks = view.clocks()
        change = None if clocks is None else clocks.next_change(now)
        return IDLE_FRAME if change is None else min(IDLE_FRAME, change)

    def take(self, msg: ServerMessage | LinkStatus) -> None:
        """One message from the connection into the client's state, with the sounds a
        new state of the match on screen calls for."""
        before = None
        if isinstance(msg, MatchState) and msg.match in self.known.views:
            before = self.known.views[msg.match].state
        self.known.handle(msg)
        view = self.known.view
        if isinstance(msg, MatchState) and view is not None and view.code == msg.match:
            self.sounds.play_for(before, msg, view.seat)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.VIDEORESIZE:
            w, h = allowed_size(event.w, event.h)
            if (w, h) != (event.w, event.h):
                self.surface = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.ui.focus = None  # a click on a text box takes it back
            self.ui.click(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.screen().scroll(event.y)
        elif event.type == pygame.TEXTINPUT:
            if self.ui.focus is not None:
                self.ui.focus.type(event.text)
            elif self.booted:
                self.screen().key_text(event.text)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
                self.running = False
            elif self.ui.focus is not None:  # typing: letters are text, not shortcuts
                if event.key == pygame.K_ESCAPE:
                    self.ui.focus = None
                elif not self.ui.focus.key(event.key) and event.key == pygame.K_TAB:
                    self.screen().key(event.key)
            elif not self.booted:
                self.boot_key(event.key)
            else:
                self.screen().key(event.key)

    @property
    def conn(self) -> Connection | None:
        """The connection, once the start-up has made one."""
        return self.startup.conn

    @property
    def where(self) -> launch.Where | None:
        """The server we play on, once found or started."""
        return self.startup.where

    @property
    def booted(self) -> bool:
        """Connected (welcomed) at least once: the lobby or a match is on screen."""
        return self.known.welcome is not None

    def screen(self) -> LobbyScreen | GameScreen:
        return self.game if self.known.view is not None else self.lobby

    def update(self) -> None:
        """Time-driven work: keep the lobby fresh while it is on screen."""
        if self.conn is None or self.known.view is not None or not self.known.link_up:
            return
        now = time.monotonic()
        if now - self._last_list > LOBBY_REFRESH:
            self._last_list = now
            self.spawn(self.conn.list_matches())

    def draw(self) -> None:
        self.surface = pygame.display.get_surface() or self.surface
        self.surface.fill(theme.BG)
        self.ui.begin(self.surface)
        if not self.booted:
            self.draw_boot()
        elif self.known.view is not None:
            self.game.draw(self.ui, top=self.banner()[0])  # below the link-down strip
        else:
            self.lobby.draw(self.ui)
        self.draw_link_banner()
        self.ui.end()
        caption = self.caption()
        if caption != self._caption:
            self._caption = caption
            pygame.display.set_caption(caption)

    def caption(self) -> str:
        view = self.known.view
        if view is None or view.state is None:
            return "taikyoku"
        s = view.state
        return words()("page-title-match", turn=view.turn_text(), game=game_label(s.game, s.size))

    def draw_boot(self) -> None:
        """While looking for or starting a server: what is happening, or what failed."""
        w, h = self.surface.get_size()
        u = theme.unit((w, h))
        self.ui.text("taikyoku", (w / 2, h * 0.32), u * 4, bold=True, anchor="center")
        colour = theme.BAD if self.boot_failed else theme.MUTED
        self.ui.paragraph(self.status, pygame.Rect(w * 0.15, h * 0.42, w * 0.7, h * 0.25),
                          u * 1.4, colour, centred=True)
        if self.boot_failed:
            bw, bh = u * 10, u * 3
            retry = pygame.Rect(w / 2 - bw - u, h * 0.7, bw, bh)
            quit_ = pygame.Rect(w / 2 + u, h * 0.7, bw, bh)
            self.ui.button(retry, words()("window-try-again"), self.retry_boot, primary=True,
                           hint="Enter")
            self.ui.button(quit_, words()("window-quit"), self.quit, hint="Esc")

    def banner(self) -> tuple[int, list[str]]:
        """The link-down strip's height and its lines of detail (0 while the link is up).

        The why and the countdown wrap onto a second line rather than being cut off;
        the game screen lays itself out below the strip, so nothing hides under it.
        """
        if not self.booted or self.known.link_up:
            return 0, []
        w = self.surface.get_width()
        u = theme.unit(self.surface.get_size())
        detail = wrap(self.known.link_message, u * 1.0, int(w - 2 * u))[:2]
        return int(u * (2.4 + 1.4 * len(detail))), detail

    def draw_link_banner(self) -> None:
        """A strip across the top while the link is down: say so, and that we retry."""
        height, detail = self.banner()
        if not height:
            return
        w = self.surface.get_width()
        u = theme.unit(self.surface.get_size())
        pygame.draw.rect(self.surface, theme.LINK_DOWN, pygame.Rect(0, 0, w, height))
        kept = "yes" if self.known.view is not None else "no"
        self.ui.text(words()("page-banner", kept=kept), (w / 2, u * 0.3),
                     u * 1.3, bold=True, anchor="midtop", max_width=w - 2 * u)
        for i, line in enumerate(detail):
            self.ui.text(line, (w / 2, u * (2.0 + 1.4 * i)), u * 1.0, anchor="midtop",
                         max_width=w - 2 * u)

    # ---- booting -----------------------------------------------------------------------

    def set_status(self, text: str) -> None:
        self.status, self.dirty = text, True

    async def boot(self) -> None:
        """Start up, then show what it decided: the unfinished game, a choice between
        several (on the start screen), what the flags asked for, or the start screen."""
        self.boot_failed = False
        try:
            opening = await self.startup.run()
        except Exception as err:  # whatever it was, say it and offer Try again / Quit
            self.status = words()("window-start-failed", why=start_failure(err))
            self.boot_failed = True
            return
        if opening == "resume":
            self.known.say(words()("welcome-back-one"), good=True)
        elif opening == "choose":
            self.known.say(words()("window-welcome-back-many",
                                   count=len(self.known.unfinished())), good=True)
        elif self.startup.note:
            self.known.say(self.startup.note, good=True)
        self.refresh_lobby()

    async def connect(self, name: str) -> None:
        """Connect again under a new name (the same player); the screen stays as it is."""
        await self.startup.connect(name)
        self.refresh_lobby()

    def boot_key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            self.quit()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.boot_failed:
            self.retry_boot()

    def retry_boot(self) -> None:
        self.status = words()("window-retrying")
        self.spawn(self.boot())

    # ---- actions the screens trigger -----------------------------------------------------

    def spawn(self, coro: Coroutine[object, None, None]) -> None:
        """Run ``coro`` beside the frame loop; a failure becomes a notice, not a crash."""
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        self.dirty = True
        if not task.cancelled() and task.exception() is not None:
            self.known.say(str(task.exception()))

    def create(self, plan: Plan) -> None:
        """A new match as ``plan`` says (its clock and hints too), under its name."""
        args = plan.create_args()

        async def go() -> None:
            await self.rename(plan.name)
            assert self.conn is not None
            await self.conn.create(**args)

        self.spawn(go())

    def tell(self, message: Message) -> None:
        """Send a request (a takeback, a hint, a chat line...) beside the frame loop."""
        if self.conn is not None:
            self.spawn(self.conn.send(message))

    @property
    def muted(self) -> bool:
        return self.sounds.muted

    @property
    def silent_because(self) -> str | None:
        return self.sounds.silent_because

    def toggle_mute(self) -> None:
        """Sound on or off, remembered in the settings file for the next start."""
        self.sounds.muted = not self.sounds.muted
        self.remember(msgspec.structs.replace(self.settings, muted=self.sounds.muted))

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` from the next frame on (the matches' words too), and remember it
        for the next start."""
        use_language(lang)
        for view in self.known.views.values():
            view.words = words()
        self.dirty = True
        self.remember(msgspec.structs.replace(self.settings, lang=lang))

    def remember(self, settings: prefs.Settings) -> None:
        """Take ``settings`` and save them for the next start; when they cannot be saved,
        say so (they hold until the window closes)."""
        self.settings = settings
        try:
            prefs.save(settings, self.settings_file)
        except prefs.SettingsError as err:
            self.known.say(words()("window-setting-unsaved", path=str(err.path), why=err.why))

    def join(self, code: str, name: str, *, watch: bool = False) -> None:
        """Join (or watch) the match ``code`` under ``name`` (a reconnect if it changed)."""
        code = code.strip().upper()
        if not code:
            self.known.say(words()("page-type-code"))
            return

        async def go() -> None:
            await self.rename(name)
            assert self.conn is not None
            await (self.conn.watch(code) if watch else self.conn.join(code))

        self.spawn(go())

    async def rename(self, name: str) -> None:
        """Reconnect under a new name when the person changed it on the start screen."""
        name = name.strip() or self.plan.name
        if name != self.plan.name:
            await self.connect(name)

    def resume(self, code: str) -> None:
        """Go on with one of our unfinished matches (its state is here already)."""
        if code in self.known.views:
            self.known.current = code
            self.known.notice = ""

    def move(self, square: int) -> None:
        view = self.known.view
        if view is None or view.state is None or self.conn is None:
            return
        self.spawn(self.conn.move(view.code, square, view.state.ply))

    def resign(self) -> None:
        view = self.known.view
        if view is not None and self.conn is not None:
            self.spawn(self.conn.resign(view.code))

    def rematch(self) -> None:
        view = self.known.view
        if view is not None and self.conn is not None:
            self.spawn(self.conn.rematch(view.code))

    def back_to_lobby(self) -> None:
        code = self.known.leave_current()
        self.game.reset()
        if code is not None and self.conn is not None:
            self.spawn(self.conn.leave(code))
        self.refresh_lobby()

    def refresh_lobby(self) -> None:
        """Ask for the lobby on the next frame."""
        self._last_list = 0.0

    def quit(self) -> None:
        self.running = False

    async def shutdown(self) -> None:
        """Close the connection and any server we started; cancel what is still running."""
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        await self.startup.close()
        self.close_window()

    def close_window(self) -> None:
        """Close the window; cached fonts die with pygame's font module."""
        theme.forget_fonts()
        pygame.quit()
