"""`taikyoku tui`: the same games in a terminal, for SSH or a machine without a display.

The board is printed as text (slot numbers for tic-tac-toe, coordinates for Othello);
moves are typed as the game writes them (a slot number, a square like ``d3``), and every
bad entry gets a sentence and the prompt again. The start-up is the window's
(:mod:`client.startup`); input and output are :mod:`client.console`'s.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable
from typing import Literal, TextIO

from client.client_state import ClientState
from client.connection import ConnectError, Connection, LinkStatus
from client.console import Console, InputEnded, Lines, Snapshot
from client.launch import Where
from client.match_text import MatchPrinter
from client.match_view import MatchView, lobby_line
from client.options import Plan, Seat, Vs, match_code, parse
from client.startup import Opening, Startup, follow, start_failure
from shared.ai.levels import DEFAULT_LEVEL, LEVELS
from shared.games import DEFAULT_GAME, catalogue
from shared.protocol import Error, Lobby, State

DESCRIPTION = ("Play tic-tac-toe or Othello in the terminal, against the server's bot or a "
               "person on the LAN. Flags that say what to play skip the questions.")
HELP = ("Type a move ({how}), or: resign, moves (the record so far), board, "
        "lobby (leave this match), quit.")
LobbyOutcome = Literal["sent", "back", "quit"]
RESUME_WAIT = 2.0
"""Seconds after a reconnect to wait for the server to give back a match we asked for."""


class Terminal(Console):
    """One person at a terminal: the lobby questions, then matches, until they quit."""

    def __init__(self, conn: Connection, lines: Lines, out: TextIO, plan: Plan,
                 where: Where, known: ClientState) -> None:
        super().__init__(conn, lines, out, known)
        self.plan, self.where = plan, where
        self.printer = MatchPrinter(self.say, where.share)

    # ---- the lobby -----------------------------------------------------------------

    async def run(self, opening: Opening | None = None) -> int:
        """Play from ``opening``, what the start-up decided (None: the flags decide
        here), until the person quits."""
        welcome = self.known.welcome
        server = welcome.server.name if welcome else "?"
        self.say(f"Connected to {server} as {self.plan.name}: {self.where.label}.")
        if opening is None:
            opening = "plan" if self.plan.decided else "lobby"
            if opening == "plan":
                await follow(self.conn, self.plan)
        if opening == "resume":
            self.say(f"Welcome back: your unfinished game (match {self.known.current}) "
                     "goes on.")
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

    async def choose_unfinished(self) -> bool:
        """Several unfinished games: the person picks one, or the lobby. False when the
        input ended (quit, every seat kept)."""
        codes = self.known.unfinished()
        self.say(f"\nYou have {len(codes)} unfinished game{'s' if len(codes) != 1 else ''}:")
        for i, code in enumerate(codes, start=1):
            what, now = self.known.views[code].resume_lines()
            self.say(f"  {i}  {code}  {what}: {now}")
        options = {str(i): code for i, code in enumerate(codes, start=1)} | {"l": ""}
        chosen = await self.choose("Go on with which one? (a number, or l for the lobby)",
                                   options, "1")
        if chosen is None:
            return False
        self.known.current = chosen or None
        return True

    async def wait_joined(self) -> bool:
        """After create/join/watch: True once in the match; False when refused, or when
        the link came back without the match (the request was lost with the link, or
        never sent again: the server gives back every match it made for us at once)."""
        loop = asyncio.get_running_loop()
        back_at: float | None = None
        while self.known.view is None:
            wait = None if back_at is None else back_at + RESUME_WAIT - loop.time()
            try:
                msg = await asyncio.wait_for(self.next_event(want_line=False), wait)
            except TimeoutError:
                self.say("! The request was lost with the connection: please choose again.")
                return False
            if isinstance(msg, Error):
                return False
            if isinstance(msg, LinkStatus) and msg.up:
                back_at = loop.time()
        return True

    async def lobby(self) -> LobbyOutcome:
        """The start questions: 'sent' the chosen request, 'back' to them (nothing was
        chosen, or an unfinished game was), or 'quit'."""
        games = catalogue()
        menu = ", ".join(f"{i} {info.label(size)}" for i, (info, size) in enumerate(games, 1))
        options = {str(i): str(i) for i in range(1, len(games) + 1)}
        default = next(str(i) for i, (info, size) in enumerate(games, 1)
                       if info.name == DEFAULT_GAME and size == info.default_size)
        unfinished = self.known.unfinished()
        more = f"u your unfinished games ({len(unfinished)}), " if unfinished else ""
        options |= {"u": "u"} if unfinished else {}
        choice = await self.choose(
            f"\nPlay: {menu}; {more}j join a match, w watch one, q quit",
            options | {"j": "j", "w": "w", "q": "q"}, default)
        if choice in (None, "q"):
            return "quit"
        if choice == "u":
            return "back" if await self.choose_unfinished() else "quit"
        if choice in ("j", "w"):
            code = await self.pick_match(watch=choice == "w")
            if code is None:
                return "back"
            await (self.conn.watch(code) if choice == "w" else self.conn.join(code))
            return "sent"
        assert choice is not None
        info, size = games[int(choice) - 1]
        plan = Plan(name=self.plan.name, game=info.name, size=size)
        vs_options: dict[str, Vs] = {"b": "bot", "p": "human"}
        vs = await self.choose("Opponent: b the bot, p a person on the LAN", vs_options, "b")
        if vs is None:
            return "quit"
        plan.vs = vs
        if vs == "bot":
            bots = ", ".join(f"{level} {spec.name}" for level, spec in LEVELS.items())
            level = await self.choose(f"Bot level ({bots})", {str(n): n for n in LEVELS},
                                      str(DEFAULT_LEVEL))
            if level is None:
                return "quit"
            plan.level = level
        other = "the bot" if vs == "bot" else "your friend"
        seats: dict[str, Seat] = {"f": "first", "s": "second", "r": "random"}
        seat = await self.choose(f"Who moves first: f you, s {other}, r random", seats, "f")
        if seat is None:
            return "quit"
        plan.seat = seat
        await self.conn.create(**plan.create_args())
        return "sent"

    async def pick_match(self, *, watch: bool) -> str | None:
        """List the matches one can join (or watch); the code typed or picked by number.
        None to go back, also when the server refused the list (take() said why)."""
        await self.conn.list_matches()
        while not isinstance(reply := await self.next_event(want_line=False), Lobby):
            if isinstance(reply, Error):
                return None
        matches = [m for m in self.known.lobby if (m.status != "waiting") == watch]
        if matches:
            self.say("Matches to watch:" if watch else "Open matches:")
            for i, m in enumerate(matches, start=1):
                self.say(f"  {i}  {lobby_line(m)}")
        else:
            self.say("No matches to watch right now." if watch else
                     "No open matches right now; you can still type a code.")
        while True:
            answer = await self.ask("Match code or number (Enter to go back): ")
            if isinstance(answer, InputEnded):
                return None
            text = answer.strip().upper()
            if not text:
                return None
            if text.isdigit():
                if 1 <= int(text) <= len(matches):
                    return matches[int(text) - 1].match
                self.say(f"{text} is not a number from the list (1 to {len(matches)}).")
            else:
                try:
                    return match_code(answer)
                except ValueError as err:
                    self.say(f"{err}.")

    # ---- a match -------------------------------------------------------------------

    async def play(self) -> str:
        """Show the match and take moves until the person leaves: 'lobby' or 'quit'."""
        self.printer.forget()
        while True:
            view = self.known.view
            if view is None:
                return "lobby"
            s = view.state
            if s is not None:
                self.printer.show(view, s)
            question = self.question(view)
            if question:
                self.prompt(question)
            event = await self.next_event(want_line=bool(question) or self.lines.interactive)
            if isinstance(event, InputEnded):
                return self.input_ended(view)
            if isinstance(event, str):
                outcome = await self.answer(view, event)
                if outcome:
                    return outcome

    def question(self, view: MatchView) -> str:
        s = view.state
        if s is None or self.sent_from == snapshot(s):  # a request is on its way: its answer first
            return ""
        if s.status == "over":
            if view.seat is not None and view.seat in s.rematch:
                return ""  # the rematch was asked; waiting for the other side
            again = "r rematch, " if view.seat is not None else ""
            return f"{again}l lobby, m moves, q quit: "
        if view.my_turn:
            return f"Your move ({view.side(s.to_move)}), {view.info.move_help}: "
        return ""

    async def answer(self, view: MatchView, text: str) -> str | None:
        """Act on one typed line; 'lobby' or 'quit' when the person leaves the match."""
        s = view.state
        word = text.strip().lower()
        if not word:
            return None
        if word in ("q", "quit", "exit", "l", "lobby"):
            if in_game(view):  # leaving loses the game: only when the person says so
                sure = await self.ask("Leave and lose this game? (y/n) ")
                if isinstance(sure, InputEnded):
                    return self.input_ended(view)
                if sure.strip().lower() not in ("y", "yes"):
                    self.say("Still playing.")
                    self.printer.forget()
                    return None
            await self.leave()
            return "quit" if word in ("q", "quit", "exit") else "lobby"
        if word in ("m", "moves"):
            self.say("Moves: " + (" ".join(f"{i}.{n}" for i, n in
                                         enumerate(view.move_names(), start=1)) or "none yet"))
            return None
        if word in ("h", "help", "?"):
            self.say(HELP.format(how=view.info.move_help if s is not None else "as the game "
                                 "writes it"))
            return None
        if word == "board":
            self.printer.forget()
            return None
        if s is not None and s.status == "over":
            if word in ("r", "rematch") and view.seat is not None:
                self.sent_from = snapshot(s)
                await self.conn.rematch(view.code)
                self.say("Rematch asked.")
            else:
                self.say(f"{text.strip()!r}: the game is over; type r, l, m or q.")
            return None
        if word == "resign":
            if view.seat is not None and s is not None and s.status == "playing":
                self.sent_from = snapshot(s)
                await self.conn.resign(view.code)
            else:
                self.say("You can resign only a game you are playing.")
            return None
        try:
            square = view.read_move(text)
        except ValueError as err:
            self.say(str(err))
            return None
        assert s is not None
        self.sent_from = snapshot(s)
        await self.conn.move(view.code, square, s.ply)
        return None

    def input_ended(self, view: MatchView) -> str:
        """The input ended (Ctrl-D, or the end of a script): quit as Ctrl-C does, without
        leaving the match, so a game in progress waits to be resumed."""
        if in_game(view):
            self.say(f"\nThe input ended: your seat in match {view.code} is kept; run the "
                     "same command again to go on.")
        return "quit"

    async def leave(self) -> None:
        code = self.known.leave_current()
        if code is not None:
            await self.conn.leave(code)


def in_game(view: MatchView) -> bool:
    """True while we hold a seat in a game that is not over (leaving would lose it)."""
    s = view.state
    return view.seat is not None and s is not None and s.status == "playing"


def snapshot(s: State) -> Snapshot:
    """What a request can change: no new question until the server answered it."""
    return (s.match, s.ply, s.status, tuple(s.rematch))


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
    lines = Lines(stdin or sys.stdin)

    def say(text: str) -> None:
        out.write(text + "\n")
        out.flush()

    startup = Startup(plan, find=find, say=say)
    terminal: Terminal | None = None
    try:
        try:
            opening = await startup.run()
        except Exception as err:  # whatever stopped the start: one line, no traceback
            print(f"taikyoku tui: could not start: {start_failure(err)}", file=sys.stderr)
            return 1
        assert startup.conn is not None and startup.where is not None
        terminal = Terminal(startup.conn, lines, out, plan, startup.where, startup.known)
        if startup.note:
            terminal.say(startup.note)
        return await terminal.run(opening)
    except ConnectError as err:
        print(f"taikyoku tui: {err}", file=sys.stderr)
        return 1
    finally:
        if terminal is not None:
            terminal.stop()
        await startup.close()


def main(argv: list[str]) -> int:
    return asyncio.run(run(parse("taikyoku tui", DESCRIPTION, argv)))
