"""The terminal's input and output: typed lines and server messages in, text out.

Input is read by a thread that feeds the asyncio loop, so the opponent's moves print
while a prompt waits, and piped or scripted input works the same as a keyboard.
:class:`Console` waits for whichever comes first, a line or a message, and takes every
message into the client's :class:`~client.common.client_state.ClientState` as it arrives.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Final, TextIO, TypeVar

from client.common.client_state import ClientState
from client.common.connection import ConnectError, Connection, LinkStatus
from client.common.words import words
from client.tui.command_words import CommandWords, typed
from client.tui.input import editor_for
from client.tui.line_wrap import fit, table, text_columns
from shared.protocol import Error, ServerMessage


class InputEnded:
    """The type of :data:`EOF`."""


EOF: Final = InputEnded()
"""The input ended (Ctrl-D, or the end of a script)."""

Line = str | InputEnded
Incoming = ServerMessage | LinkStatus
T = TypeVar("T")
Snapshot = tuple[str, int, str, tuple[int, ...], bool]
"""What a request can change in a match: code, ply, status, rematch offers, whether a
takeback offer is pending."""


class Lines:
    """Lines from a text stream, read by a daemon thread into the asyncio loop.

    With a terminal (``interactive``) lines are taken whenever typed; from a pipe or a
    file they are taken only when a question waits for one, so a script's answers
    meet the questions they were written for. When both the stream and ``out`` are a
    real terminal, the keys are read by a :class:`~client.tui.input.LineEditor`
    (``editor``), so what is printed meanwhile never breaks into the line being typed.
    """

    def __init__(self, stream: TextIO, out: TextIO | None = None) -> None:
        self.interactive = stream.isatty()
        self.editor = editor_for(stream, out) if out is not None else None
        self._queue: asyncio.Queue[Line] = asyncio.Queue()
        loop = asyncio.get_running_loop()
        source = self.editor.lines() if self.editor is not None else (
            line.rstrip("\r\n") for line in stream)

        def read() -> None:
            try:
                for line in source:
                    loop.call_soon_threadsafe(self._queue.put_nowait, line)
            finally:
                try:
                    loop.call_soon_threadsafe(self._queue.put_nowait, EOF)
                except RuntimeError:  # the loop has already finished
                    pass

        threading.Thread(target=read, name="stdin reader", daemon=True).start()

    async def get(self) -> Line:
        return await self._queue.get()

    def close(self) -> None:
        """Give the terminal back as it was."""
        if self.editor is not None:
            self.editor.restore()


class Console:
    """One person at a terminal on one connection: say, prompt, ask, choose, in the
    client's language (``words``, and the ``commands`` typed in it)."""

    def __init__(self, conn: Connection, lines: Lines, out: TextIO, known: ClientState) -> None:
        self.conn, self.lines, self.out, self.known = conn, lines, out, known
        self.words = words()
        self.commands = CommandWords(self.words)
        self._line: asyncio.Task[Line] | None = None
        self._msg: asyncio.Task[Incoming] | None = None
        self._prompted: str | None = None
        """The prompt on the screen's last line, waiting for its answer (None: the last
        line is complete, after a say or the person's Enter)."""
        self.sent_from: Snapshot | None = None
        """The match as it was when a request was sent: no new question until the server
        answers; a refusal or a reconnect (the request may be lost) clears it."""

    def fitted(self, text: str, hang: int | None = None) -> str:
        """``text`` broken between words to the terminal's width (``hang``: the indent
        of each row a line runs on to), as :func:`~client.tui.line_wrap.fit` does."""
        return fit(text, self.out, hang)

    def say(self, text: str = "", hang: int | None = None) -> None:
        """Print a line, broken to fit the terminal. Under a prompt that waits (news while
        the person types), the news goes above it: with the line editor the prompt and
        the typed text are drawn again below; otherwise the prompt's line is ended as it
        is, and the prompt is printed again after the news."""
        text = self.fitted(text, hang)
        editor = self.lines.editor
        if editor is not None:
            editor.news(text)
            return
        if self._prompted is not None:
            self.out.write("\n")
        self.out.write(text + "\n")
        self.out.flush()
        self._prompted = None

    def link_down(self) -> bool:
        """Whether the link to the server is down, and if so, says that nothing is sent: a
        request would wait for the link, and the terminal with it, however long the server
        is away."""
        if self.known.link_up:
            return False
        self.say(self.words("tui-link-down"))
        return True

    def print_table(self, rows: list[list[str]]) -> None:
        """Print ``rows`` of cells with their columns lined up (by the columns each
        character takes: a Japanese name is as wide as its characters on screen); a row
        too long for the terminal goes on under its last cell that says something (a
        match with no clock or watchers ends in an empty one)."""
        for row, line in zip(rows, table(rows)):
            last = next((cell for cell in reversed(row) if cell), "")
            self.say(line, hang=text_columns(line) - text_columns(last) if last else None)

    def prompt(self, text: str) -> None:
        """Show ``text`` as the question waiting for a line ('' for none), unless it is
        the one already waiting (no prompt twice in a row); a different question goes
        on a line of its own, or replaces the old one in the line editor."""
        if self._prompted == text or (not text and self.lines.editor is None):
            return
        shown = self.fitted(text)
        shown += " " if text.endswith(" ") and not shown.endswith(" ") else ""
        if self.lines.editor is not None:
            self.lines.editor.set_prompt(shown)
        else:
            if self._prompted is not None:
                self.out.write("\n")
            self.out.write(shown)
            self.out.flush()
        self._prompted = text

    async def next_event(self, want_line: bool,
                         timeout: float | None = None) -> Line | Incoming | None:
        """The next server message, or (when ``want_line``) a typed line or EOF; None when
        ``timeout`` seconds passed first.

        Pending reads survive between calls, so no line and no message is lost.
        """
        if self._msg is None:
            self._msg = asyncio.ensure_future(self.conn.recv())
        waiting: set[asyncio.Future[Line] | asyncio.Future[Incoming]] = {self._msg}
        if want_line:
            if self._line is None:
                self._line = asyncio.ensure_future(self.lines.get())
            waiting.add(self._line)
        done, _ = await asyncio.wait(waiting, timeout=timeout,
                                     return_when=asyncio.FIRST_COMPLETED)
        if not done:
            return None
        if self._line is not None and self._line in done:
            line, self._line = self._line.result(), None
            if line is not EOF:
                self._prompted = None  # the person pressed Enter: the next prompt is new
            return line
        assert self._msg is not None
        msg, self._msg = self._msg.result(), None
        self.take(msg)
        return msg

    async def next_message(self) -> Incoming:
        """The next server message (or link news), taken into ``known``."""
        event = await self.next_event(want_line=False)
        assert event is not None and not isinstance(event, (str, InputEnded))
        return event

    def stop(self) -> None:
        """Cancel the reads still pending when the person leaves; the terminal as it was."""
        for task in (self._line, self._msg):
            if task is not None:
                task.cancel()
        self._line = self._msg = None
        self.lines.close()

    def take(self, msg: Incoming) -> None:
        """Remember a server message, and say what a person needs to hear about it: the
        client state's notes (a refusal, a takeback declined or accepted) and the link."""
        was_up = self.known.link_up
        noted = (self.known.notice, self.known.notice_at)
        self.known.handle(msg)
        if (self.known.notice, self.known.notice_at) != noted and self.known.notice:
            self.say(("" if self.known.notice_good else "! ") + self.known.notice)
        if isinstance(msg, Error):
            self.sent_from = None
        elif isinstance(msg, LinkStatus):
            if msg.up != was_up or msg.final:  # once per drop, not once per retry
                self.say(f"! {msg.message}")
            if msg.up:  # a request may have been lost with the link: ask again
                self.sent_from = None
            if msg.final:
                raise ConnectError(msg.message)

    async def ask(self, question: str) -> Line:
        """Ask and wait for a line (EOF when the input ended); messages are taken meanwhile."""
        while True:
            self.prompt(question)
            event = await self.next_event(want_line=True)
            if isinstance(event, (str, InputEnded)):
                return event

    async def choose(self, question: str, options: dict[str, T], default: str) -> T | None:
        """Ask until the answer is one of ``options`` (Enter takes ``default``); None at EOF."""
        while True:
            answer = await self.ask(f"{question} [{default}]: ")
            if isinstance(answer, InputEnded):
                return None
            key = typed(answer) or default
            if key not in options and self.commands.means(key, "yes", "no"):
                key = "y" if self.commands.means(key, "yes") else "n"  # はい, いいえ
            if key in options:
                return options[key]
            self.say(self.words("tui-not-an-option", answer=answer.strip(),
                                options=self.words("words-comma").join(options)))
