"""`taikyoku tui`: the same games in a terminal, for SSH or a machine without a display.

The board is printed as in seed 001 (slot numbers for tic-tac-toe, coordinates for
Othello); moves are typed as a slot number or a square like ``d3``, and every bad
entry gets a sentence and the prompt again. Input is read by a thread that feeds
the asyncio loop, so the opponent's moves print while the prompt waits, and piped
or scripted input works the same as a keyboard.
"""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Awaitable, Callable
from typing import Any, Literal, TextIO

from client import identity, launch
from client.client_state import ClientState
from client.connection import ConnectError, Connection, LinkStatus
from client.match_view import MatchView, game_title, move_name, side_name
from client.options import Plan, match_code, parse
from client.textboard import othello_text, tictactoe_text
from shared.protocol import Error, Lobby, MatchSummary, State

DESCRIPTION = ("Play tic-tac-toe or Othello in the terminal, against the server's bot or a "
               "person on the LAN. Flags that say what to play skip the questions.")
HELP = ("Type a move ({how}), or: resign, moves (the record so far), board, "
        "lobby (leave this match), quit.")
GAMES = {"1": ("tictactoe", 3), "2": ("othello", 4), "3": ("othello", 6), "4": ("othello", 8)}
EOF = object()
"""The input ended (Ctrl-D, or the end of a script)."""
LobbyOutcome = Literal["sent", "back", "quit"]
RESUME_WAIT = 2.0
"""Seconds after a reconnect to wait for the server to give back a match we asked for."""


class Lines:
    """Lines from a text stream, read by a daemon thread into the asyncio loop.

    With a terminal (``interactive``) lines are taken whenever typed; from a pipe or a
    file they are taken only when a question waits for one, so a script's answers
    meet the questions they were written for.
    """

    def __init__(self, stream: TextIO) -> None:
        self.interactive = stream.isatty()
        self._queue: asyncio.Queue[str | object] = asyncio.Queue()
        loop = asyncio.get_running_loop()

        def read() -> None:
            try:
                for line in stream:
                    loop.call_soon_threadsafe(self._queue.put_nowait, line.rstrip("\r\n"))
            finally:
                try:
                    loop.call_soon_threadsafe(self._queue.put_nowait, EOF)
                except RuntimeError:  # the loop has already finished
                    pass

        threading.Thread(target=read, name="stdin reader", daemon=True).start()

    async def get(self) -> str | object:
        return await self._queue.get()


class Terminal:
    """One person at a terminal: the lobby questions, then matches, until they quit."""

    def __init__(self, conn: Connection, lines: Lines, out: TextIO, plan: Plan,
                 where: launch.Where, known: ClientState) -> None:
        self.conn, self.lines, self.out, self.plan, self.where = conn, lines, out, plan, where
        self.known = known
        self._line: asyncio.Task[str | object] | None = None
        self._msg: asyncio.Task[Any] | None = None
        self._shown: tuple[Any, ...] | None = None
        self._sent: tuple[Any, ...] | None = None  # the state a request was sent from
        self._fresh = True  # something was printed since the last prompt

    # ---- output and input ----------------------------------------------------------

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()
        self._fresh = True

    def prompt(self, text: str) -> None:
        if self._fresh:
            self.out.write(text)
            self.out.flush()
            self._fresh = False

    async def next_event(self, want_line: bool) -> Any:
        """The next server message, or (when ``want_line``) a typed line or EOF.

        Pending reads survive between calls, so no line and no message is lost.
        """
        if self._msg is None:
            self._msg = asyncio.ensure_future(self.conn.recv())
        waiting: set[asyncio.Future[Any]] = {self._msg}
        if want_line:
            if self._line is None:
                self._line = asyncio.ensure_future(self.lines.get())
            waiting.add(self._line)
        done, _ = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
        if self._line is not None and self._line in done:
            line, self._line = self._line.result(), None
            if line is not EOF:
                self._fresh = True  # the person pressed Enter: the next prompt is new
            return line
        msg, self._msg = self._msg.result(), None
        self.take(msg)
        return msg

    def stop(self) -> None:
        """Cancel the reads still pending when the person leaves."""
        for task in (self._line, self._msg):
            if task is not None:
                task.cancel()
        self._line = self._msg = None

    def take(self, msg: Any) -> None:
        """Remember a server message, and say what a person needs to hear about it."""
        was_up = self.known.link_up
        self.known.handle(msg)
        if isinstance(msg, Error):
            self._sent = None
            if msg.code != "stale_ply":
                self.say(f"! {msg.message}")
        elif isinstance(msg, LinkStatus):
            if msg.up != was_up or msg.final:  # once per drop, not once per retry
                self.say(f"! {msg.message}")
            if msg.up:  # a request may have been lost with the link: ask again
                self._sent = None
            if msg.final:
                raise ConnectError(msg.message)

    async def ask(self, question: str) -> str | object:
        """Ask and wait for a line (EOF when the input ended); messages are taken meanwhile."""
        self._fresh = True
        while True:
            self.prompt(question)
            event = await self.next_event(want_line=True)
            if isinstance(event, str) or event is EOF:
                return event

    async def choose(self, question: str, options: dict[str, str], default: str) -> str | None:
        """Ask until the answer is one of ``options`` (Enter takes ``default``); None at EOF."""
        while True:
            answer = await self.ask(f"{question} [{default}]: ")
            if answer is EOF:
                return None
            assert isinstance(answer, str)
            key = answer.strip().lower() or default
            if key in options:
                return options[key]
            self.say(f"{answer.strip()!r} is not one of: {', '.join(options)}.")

    # ---- the lobby -----------------------------------------------------------------

    async def run(self) -> int:
        welcome = self.known.welcome
        server = welcome.server.name if welcome else "?"
        self.say(f"Connected to {server} as {self.plan.name}: {self.where.label}.")
        first = self.plan.decided
        if self.known.view is not None:  # the server gave us back an unfinished game
            first = False
            self.say(f"Welcome back: your unfinished game (match {self.known.current}) "
                     "goes on.")
        while True:
            if self.known.view is None:
                if first:
                    first = False
                    await self.start(self.plan)
                elif (outcome := await self.lobby()) == "quit":
                    return 0
                elif outcome == "back":
                    continue
                if not await self.wait_joined():
                    continue
            if await self.play() == "quit":
                return 0

    async def start(self, plan: Plan) -> None:
        if plan.join:
            await self.conn.join(plan.join)
        elif plan.watch:
            await self.conn.watch(plan.watch)
        else:
            await self.conn.create(**plan.create_args())

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
        chosen), or 'quit'."""
        choice = await self.choose(
            "\nPlay: 1 tic-tac-toe, 2 Othello 4x4, 3 Othello 6x6, 4 Othello 8x8; "
            "j join a match, w watch one, q quit",
            {"1": "1", "2": "2", "3": "3", "4": "4", "j": "j", "w": "w", "q": "q"}, "4")
        if choice in (None, "q"):
            return "quit"
        if choice in ("j", "w"):
            code = await self.pick_match(watch=choice == "w")
            if code is None:
                return "back"
            await (self.conn.watch(code) if choice == "w" else self.conn.join(code))
            return "sent"
        game, size = GAMES[choice]
        plan = Plan(name=self.plan.name, game=game, size=size)
        vs = await self.choose("Opponent: b the bot, p a person on the LAN",
                               {"b": "bot", "p": "human"}, "b")
        if vs is None:
            return "quit"
        plan.vs = vs
        if vs == "bot":
            bots = ", ".join(f"{b.level} {b.name}" for b in welcome_bots(self.known))
            level = await self.choose(f"Bot level ({bots})",
                                      {str(i): str(i) for i in range(1, 6)}, "3")
            if level is None:
                return "quit"
            plan.level = int(level)
        other = "the bot" if vs == "bot" else "your friend"
        seat = await self.choose(f"Who moves first: f you, s {other}, r random",
                                 {"f": "first", "s": "second", "r": "random"}, "f")
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
                self.say(f"  {i}  {summary(m)}")
        else:
            self.say("No matches to watch right now." if watch else
                     "No open matches right now; you can still type a code.")
        while True:
            answer = await self.ask("Match code or number (Enter to go back): ")
            if answer is EOF:
                return None
            assert isinstance(answer, str)
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
        self._shown = None
        while True:
            view = self.known.view
            if view is None:
                return "lobby"
            s = view.state
            if s is not None:
                self.show(view, s)
            question = self.question(view)
            if question:
                self.prompt(question)
            event = await self.next_event(want_line=bool(question) or self.lines.interactive)
            if event is EOF:
                return self.input_ended(view)
            if isinstance(event, str):
                outcome = await self.answer(view, event)
                if outcome:
                    return outcome

    def question(self, view: MatchView) -> str:
        s = view.state
        if s is None or self._sent == snapshot(s):  # a request is on its way: its answer first
            return ""
        if s.status == "over":
            if view.seat is not None and view.seat in s.rematch:
                return ""  # the rematch was asked; waiting for the other side
            again = "r rematch, " if view.seat is not None else ""
            return f"{again}l lobby, m moves, q quit: "
        if view.my_turn:
            how = "slot 0-8" if s.game == "tictactoe" else "a square like d3"
            return f"Your move ({side_name(s.game, view.seat or 0)}), {how}: "
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
                if sure is EOF:
                    return self.input_ended(view)
                assert isinstance(sure, str)
                if sure.strip().lower() not in ("y", "yes"):
                    self.say("Still playing.")
                    self._shown = None
                    return None
            await self.leave()
            return "quit" if word in ("q", "quit", "exit") else "lobby"
        if word in ("m", "moves"):
            self.say("Moves: " + (" ".join(f"{i}.{n}" for i, n in
                                         enumerate(view.move_names(), start=1)) or "none yet"))
            return None
        if word in ("h", "help", "?"):
            self.say(HELP.format(how="a slot number 0-8" if s and s.game == "tictactoe"
                                 else "a square like d3"))
            return None
        if word == "board":
            self._shown = None
            return None
        if s is not None and s.status == "over":
            if word in ("r", "rematch") and view.seat is not None:
                self._sent = snapshot(s)
                await self.conn.rematch(view.code)
                self.say("Rematch asked.")
            else:
                self.say(f"{text.strip()!r}: the game is over; type r, l, m or q.")
            return None
        if word == "resign":
            if view.seat is not None and s is not None and s.status == "playing":
                self._sent = snapshot(s)
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
        self._sent = snapshot(s)
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

    def show(self, view: MatchView, s: State) -> None:
        """Print what changed: the board after a move, the end, players coming and going."""
        online = tuple(p.connected for p in s.players)
        key = (s.match, s.ply, s.status, len(s.players))
        if self._shown is not None and self._shown[0] == key:
            if self._shown[1] != online:
                for p in s.players:
                    if p.seat != view.seat and p.kind == "human":
                        self.say(f"{view.label(p.seat)} is back online." if p.connected else
                                 f"{view.label(p.seat)} lost the connection; their seat is "
                                 "held for a while.")
            if self._shown[2] != tuple(s.rematch) and s.rematch and view.seat is not None:
                other = 1 - view.seat
                if other in s.rematch and view.seat not in s.rematch:
                    self.say(f"{view.label(other)} wants a rematch: type r to accept.")
            self._shown = (key, online, tuple(s.rematch))
            return
        moved = self._shown is None or self._shown[0][:2] != key[:2]
        self._shown = (key, online, tuple(s.rematch))
        self.say()
        self.say(self.heading(view, s))
        if s.game == "tictactoe":
            self.say(tictactoe_text(s.board))
        else:
            self.say(othello_text(s.board, s.size, legal=s.legal if view.my_turn else (),
                                  last=view.last_move))
        for line in (self.last_move_text(view, s), view.pass_note()) if moved else ():
            if line:
                self.say(line)
        if s.status == "over":
            self.say(f"{view.result_text()} {view.reason_text()}")
        elif s.status == "waiting" and view.seat is not None:
            self.say(f"Waiting for an opponent. Tell your friend the code {s.match}: they "
                     "find it in the lobby (j), or run `taikyoku tui --server "
                     f"{self.where.share} --join {s.match}` (or `taikyoku play` with the same "
                     "flags).")
        elif not view.my_turn:
            self.say(view.turn_text())

    @staticmethod
    def heading(view: MatchView, s: State) -> str:
        sides = []
        for seat in (0, 1):
            if s.game == "othello":  # the board shows Black as X and White as O
                side = f"{side_name(s.game, seat)} ({'XO'[seat]}) {view.label(seat)}"
                sides.append(f"{side} {s.score[seat]}")
            else:
                sides.append(f"{side_name(s.game, seat)}: {view.label(seat)}")
        watching = " (watching)" if view.role == "spectator" else ""
        return f"{game_title(s.game, s.size)}, match {s.match}{watching}: {' - '.join(sides)}"

    @staticmethod
    def last_move_text(view: MatchView, s: State) -> str:
        if not s.moves or s.moves[-1] == "pass":
            return ""
        seat = (s.to_move + 1) % 2  # sides alternate strictly, passes included
        flips = f", turning over {len(view.flipped)}" if s.game == "othello" and view.flipped \
            else ""
        return (f"{view.label(seat)} ({side_name(s.game, seat)}) played "
                f"{move_name(s.game, s.size, s.moves[-1])}{flips}.")


def in_game(view: MatchView) -> bool:
    """True while we hold a seat in a game that is not over (leaving would lose it)."""
    s = view.state
    return view.seat is not None and s is not None and s.status == "playing"


def snapshot(s: State) -> tuple[Any, ...]:
    """What a request can change: no new question until the server answered it."""
    return (s.match, s.ply, s.status, tuple(s.rematch))


def welcome_bots(known: ClientState) -> list[Any]:
    return known.welcome.bots if known.welcome is not None else []


def summary(m: MatchSummary) -> str:
    """One lobby line, e.g. 'K7QX  Othello 8x8: Taro vs the bot'."""
    names = [("the bot" if p.kind == "bot" else p.name or "someone")
             for p in sorted(m.players, key=lambda p: p.seat)]
    return f"{m.match}  {game_title(m.game, m.size)}: {' vs '.join(names) or 'nobody'}"


async def run(
    plan: Plan,
    *,
    stdin: TextIO | None = None,
    out: TextIO | None = None,
    find: Callable[[], Awaitable[launch.Where]] | None = None,
) -> int:
    """Find or start a server, connect, and play until the person quits."""
    out = out or sys.stdout
    lines = Lines(stdin or sys.stdin)

    def say(text: str) -> None:
        out.write(text + "\n")
        out.flush()

    where: launch.Where | None = None
    terminal: Terminal | None = None
    me: identity.Identity | None = None
    conn: Connection | None = None
    try:
        try:
            where = await (find() if find is not None else
                           launch.find_or_start(plan.server, lan=plan.lan, say=say))
            me = identity.claim(where.key, token_file=plan.token_file,
                                directory=plan.players_dir, new_player=plan.new_player)
            conn = Connection(where.url, plan.name, token_file=me.token_file)
            known = ClientState(welcome=await conn.connect())
            await identity.rejoin(conn, known)
        except Exception as err:  # whatever stopped the start: one line, no traceback
            print(f"taikyoku tui: could not start: {launch.start_failure(err)}",
                  file=sys.stderr)
            return 1
        terminal = Terminal(conn, lines, out, plan, where, known)
        if me.note:
            terminal.say(me.note)
        return await terminal.run()
    except ConnectError as err:
        print(f"taikyoku tui: {err}", file=sys.stderr)
        return 1
    finally:
        if terminal is not None:
            terminal.stop()
        if conn is not None:
            await conn.close()
        if me is not None:
            me.release()
        if where is not None:
            await where.close()


def main(argv: list[str]) -> int:
    return asyncio.run(run(parse("taikyoku tui", DESCRIPTION, argv)))
