"""`taikyoku tui`: the same games in a terminal, for SSH or a machine without a display.

The board is printed as text (slot numbers for tic-tac-toe, coordinates for Othello);
moves are typed as the game writes them (a slot number, a square like ``d3``), and every
bad entry gets a sentence and the prompt again. Commands typed at the same prompt ask
for the optional features (:mod:`client.tui.commands`). The start-up is the window's
(:mod:`client.common.startup`); the lobby's questions are :mod:`client.tui.lobby`'s; input and
output are :mod:`client.tui.console`'s.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Awaitable, Callable
from typing import TextIO

from client.common.client_state import ClientState
from client.common.clock_view import low_time_threshold
from client.common.connection import ConnectError, Connection
from client.common.launch import Where
from client.common.match_view import MatchView
from client.common.options import Plan, parse
from client.common.startup import Opening, Startup, follow, start_failure
from client.common.words import words
from client.tui.command_words import typed
from client.tui.commands import MatchCommands, snapshot
from client.tui.console import Incoming, InputEnded, Line, Lines
from client.tui.line_wrap import fit
from client.tui.lobby import LobbyQuestions
from client.tui.match_text import MatchPrinter, low_time_text, yes
from shared.protocol import TakebackDeclined
from shared.web_address import browser_url

DESCRIPTION = ("Play tic-tac-toe or Othello in the terminal, against the server's bot or a "
               "person on the LAN. Flags that say what to play skip the questions.")
LOW_TIME_MARGIN = 0.05
"""Seconds past the low-time mark at which the warning is printed (so it reads as low)."""


class Terminal(LobbyQuestions, MatchCommands):
    """One person at a terminal: the lobby questions, then matches, until they quit."""

    def __init__(self, conn: Connection, lines: Lines, out: TextIO, plan: Plan,
                 where: Where, known: ClientState) -> None:
        super().__init__(conn, lines, out, known)
        self.plan, self.where = plan, where
        self.printer = MatchPrinter(self.say, where.share)
        self.chat_shown = {}
        self.warned: tuple[str, int] | None = None
        """The match and ply whose low-time warning was printed (once per move)."""
        self.rang: tuple[str, int] | None = None
        """The match and ply at which the bell rang for our turn."""

    async def run(self, opening: Opening | None = None) -> int:
        """Play from ``opening``, what the start-up decided (None: the flags decide
        here), until the person quits."""
        welcome = self.known.welcome
        server = welcome.server.name if welcome else "?"
        self.say(self.words("tui-connected", server=server, name=self.plan.name,
                            where=self.where.label))
        # a friend without Python
        self.say(self.words("tui-invite", address=browser_url(self.where.share)))
        if opening is None:
            opening = "plan" if self.plan.decided else "lobby"
            if opening == "plan":
                await follow(self.conn, self.plan)
        if opening == "resume":
            self.say(self.words("tui-welcome-back", code=self.known.current or ""))
        elif opening == "choose" and not await self.choose_unfinished():
            return 0
        asked = opening == "plan"  # a request is on its way: wait for its answer
        while True:
            if self.known.view is None:
                if not asked:
                    outcome = await self.lobby()
                    if outcome == "quit":
                        return 0
                    if outcome == "back":
                        continue
                asked = False
                if not await self.wait_joined():
                    continue
            if await self.play() == "quit":
                return 0

    # ---- a match -------------------------------------------------------------------

    async def play(self) -> str:
        """Show the match and take moves and commands until the person leaves: 'lobby'
        or 'quit'."""
        self.printer.forget()
        shown: str | None = None
        event: Line | Incoming | None = None
        while True:
            view = self.known.view
            if view is None:
                return "lobby"
            s = view.state
            if s is not None:
                self.printer.show(view, s)
            if view.code != shown:  # the lines written before it came on screen
                shown = view.code
                self.show_chat(view, recent=True)
            # a declined takeback's state follows at once: the prompt waits for it
            question = "" if isinstance(event, TakebackDeclined) else self.question(view)
            if question:
                self.ring(view)
            self.prompt(question)
            event = await self.next_event(want_line=bool(question) or self.lines.interactive,
                                          timeout=self.low_time_wait(view))
            if event is None:
                self.warn_low_time(view)
            elif isinstance(event, InputEnded):
                return self.input_ended(view)
            elif isinstance(event, str):
                outcome = await self.answer(view, event)
                if outcome:
                    return outcome

    def question(self, view: MatchView) -> str:
        """The prompt for what the match waits for from us ('' for none)."""
        s = view.state
        if s is None or self.echo_due:
            return ""
        if self.sent_from is not None:
            if self.sent_from == snapshot(s):  # a request is on its way: its answer first
                return ""
            self.sent_from = None  # answered: the same snapshot later is a new question
        if s.status == "over":
            if view.seat is not None and view.seat in s.rematch and not view.opponent_left:
                return ""  # the rematch was asked; waiting for the other side
            return self.words(
                "tui-prompt-over",
                rematch=yes(view.seat is not None and not view.opponent_left),
                analyse=yes(self.known.has("analyse") and view.reviewable))
        if view.offer_to_answer and s.takeback is not None:
            return self.words("tui-prompt-takeback", who=view.label(s.takeback.seat))
        if view.my_turn:
            clocks = view.clocks()
            return self.words(
                "tui-prompt-move", side=view.side(s.to_move),
                clock=clocks.text(s.to_move, time.monotonic()) if clocks else "none",
                help=self.words(f"{s.game}-move-help"),
                hint=yes(self.known.has("hint") and s.hints),
                takeback=yes(self.known.has("takeback") and view.can_take_back))
        if self.lines.interactive and s.status == "playing" and not view.is_bot(s.to_move):
            return "> "  # waiting for a person: a command (chat, takeback) may be typed
        return ""

    def ring(self, view: MatchView) -> None:
        """The terminal's bell, once per turn of ours, when the person turned it on."""
        s = view.state
        if self.bell and view.my_turn and s is not None and self.rang != (s.match, s.ply):
            self.rang = (s.match, s.ply)
            self.out.write("\a")

    def low_time_wait(self, view: MatchView) -> float | None:
        """Seconds until our running clock becomes low on time (None: no warning due)."""
        clocks, s = view.clocks(), view.state
        if clocks is None or s is None or clocks.running != view.seat or view.seat is None \
                or self.warned == (s.match, s.ply):
            return None
        wait = clocks.left(view.seat, time.monotonic()) - low_time_threshold(clocks.initial)
        return wait + LOW_TIME_MARGIN if wait > 0 else None

    def warn_low_time(self, view: MatchView) -> None:
        s = view.state
        warning = low_time_text(view, time.monotonic())
        if s is not None and warning:
            self.warned = (s.match, s.ply)
            self.say(warning)

    async def answer(self, view: MatchView, text: str) -> str | None:
        """Act on one typed line; 'lobby' or 'quit' when the person leaves the match."""
        s = view.state
        if not text.strip():
            return None
        command = self.commands(text)
        if command == "quit" and not self.known.link_up:  # no leave to send: the seat stays
            if in_game(view):
                self.say(self.words("tui-quit-link-down", code=view.code))
            return command
        if command in ("quit", "lobby"):
            if command == "lobby" and self.link_down():
                return None
            if in_game(view):  # leaving loses the game: only when the person says so
                sure = await self.confirm(self.words("tui-confirm-leave"))
                if isinstance(sure, InputEnded):
                    return self.input_ended(view)
                if not sure:
                    self.printer.forget()
                    return None
            await self.leave()
            return command
        if command == "moves":
            self.say(self.words("tui-moves", moves=" ".join(
                f"{i}.{n}" for i, n in enumerate(view.move_names(), start=1))
                or self.words("tui-moves-none")))
        elif command == "help":
            self.print_lines(self.help_lines(view))
        elif command == "board":
            self.printer.forget()
        elif await self.command(view, text):
            pass
        elif s is not None and s.status == "over":
            if command == "rematch" and view.seat is not None and view.opponent_left:
                self.say(self.words("rematch-gone", who=view.label(1 - view.seat)))
            elif command == "rematch" and view.seat is not None:
                if self.link_down():
                    return None
                self.sent_from = snapshot(s)
                await self.conn.rematch(view.code)
                self.say(self.words("tui-rematch-asked"))
            else:
                self.say(self.words("tui-over-keys", text=text.strip()))
        elif command == "resign":
            if not in_game(view):
                self.say(self.words("tui-resign-not-playing"))
                return None
            if self.link_down():
                return None
            # asked first, as the page and the window do
            sure = await self.confirm(self.words("tui-confirm-resign"))
            if isinstance(sure, InputEnded):
                return self.input_ended(view)
            if sure and view.state is not None and in_game(view):  # not over meanwhile
                self.sent_from = snapshot(view.state)
                await self.conn.resign(view.code)
        else:
            await self.play_move(view, text)
        return None

    async def confirm(self, question: str) -> bool | InputEnded:
        """Ask ``question`` once: True for y or yes; anything else keeps playing."""
        answer = await self.ask(question)
        if isinstance(answer, InputEnded):
            return answer
        if self.commands.means(answer, "yes"):
            return True
        self.say(self.words("tui-still-playing"))
        return False

    async def play_move(self, view: MatchView, text: str) -> None:
        """Send the move ``text`` names (パス is read as pass), or say why it is none."""
        move = "pass" if self.commands.means(text, "pass") else typed(text)
        try:
            square = view.read_move(move)
        except ValueError as err:  # the match view's words for why
            self.say(self.words("tui-why-commands", why=str(err)) if view.my_turn else str(err))
            return
        s = view.state
        assert s is not None
        if self.link_down():
            return
        self.sent_from = snapshot(s)
        await self.conn.move(view.code, square, s.ply)

    def input_ended(self, view: MatchView) -> str:
        """The input ended (Ctrl-D, or the end of a script): quit as Ctrl-C does, without
        leaving the match, so a game in progress waits to be resumed."""
        if in_game(view):
            self.say("\n" + self.words("tui-input-ended", code=view.code))
        return "quit"

    async def leave(self) -> None:
        code = self.known.leave_current()
        if code is not None:
            await self.conn.leave(code)


def in_game(view: MatchView) -> bool:
    """True while we hold a seat in a game that is not over (leaving would lose it)."""
    s = view.state
    return view.seat is not None and s is not None and s.status == "playing"


async def run(
    plan: Plan,
    *,
    stdin: TextIO | None = None,
    out: TextIO | None = None,
    find: Callable[[], Awaitable[Where]] | None = None,
) -> int:
    """Start up (find or start a server, connect, take back our matches), then play
    until the person quits."""
    out = out or sys.stdout
    lines = Lines(stdin or sys.stdin, out)

    def say(text: str) -> None:
        out.write(fit(text, out) + "\n")
        out.flush()

    startup = Startup(plan, find=find, say=say)
    terminal: Terminal | None = None
    try:
        try:
            opening = await startup.run()
        except Exception as err:  # whatever stopped the start: one line, no traceback
            complain(words()("tui-could-not-start", why=start_failure(err)))
            return 1
        assert startup.conn is not None and startup.where is not None
        terminal = Terminal(startup.conn, lines, out, plan, startup.where, startup.known)
        if startup.note:
            terminal.say(startup.note)
        return await terminal.run(opening)
    except ConnectError as err:
        complain(words()("tui-stopped", why=str(err)))
        return 1
    finally:
        if terminal is not None:
            terminal.stop()
        await startup.close()


def complain(text: str) -> None:
    """Say on stderr why the terminal stops, broken to its width."""
    print(fit(text, sys.stderr), file=sys.stderr)


def main(argv: list[str]) -> int:
    return asyncio.run(run(parse("taikyoku tui", DESCRIPTION, argv)))
