"""The line being typed at a real terminal, kept here so news can print above it.

With the terminal's own line editing, what a person has typed is held where the program
cannot see it: a chat line or a move printed meanwhile lands in the middle of their
line, and what they typed vanishes from view while it is still there (typing "d" then
"3" after the news sends "d3" but shows "3"). So at a terminal the client reads the keys
itself (cbreak mode: no echo, no line buffering; Ctrl-C still interrupts) and keeps the
line: news goes above, and the prompt and the typed text are drawn again below it, as a
chat program does. Enter, Backspace, Ctrl-U (clear), Ctrl-W (word) and Ctrl-D (end, on
an empty line) work; other keys' escape sequences (arrows, F-keys) are ignored.
"""

from __future__ import annotations

import atexit
import codecs
import os
import shutil
import sys
import threading
from collections.abc import Iterator
from typing import TextIO

from client.tui.line_wrap import text_columns

if sys.platform != "win32":  # Windows has neither; its console keeps its own editing
    import termios
    import tty

ERASE = "\x7f\x08"
"""Backspace, as terminals send it."""


def editor_for(stream: TextIO, out: TextIO) -> LineEditor | None:
    """A line editor when both ``stream`` and ``out`` are a terminal we can drive, else
    None (a pipe, a file, a test's stream, Windows)."""
    if sys.platform == "win32" or not (stream.isatty() and out.isatty()):
        return None
    try:
        return LineEditor(stream.fileno(), out)
    except (OSError, ValueError, termios.error):
        return None


class LineEditor:
    """Keys from the terminal ``fd`` into lines; the prompt and the typed text on ``out``.

    The reader thread calls :meth:`lines`; the console calls :meth:`news` and
    :meth:`set_prompt` from the event loop. One lock orders their writes.
    """

    def __init__(self, fd: int, out: TextIO) -> None:
        self.fd, self.out = fd, out
        self.lock = threading.Lock()
        self.prompt = ""
        self.typed = ""
        self._drawn = ""  # the prompt and text on the screen's last lines
        self._saved = termios.tcgetattr(fd)
        tty.setcbreak(fd)
        atexit.register(self.restore)

    def restore(self) -> None:
        """Take the prompt away and give the terminal its own line editing back (at the
        end, or at exit)."""
        with self.lock:
            self._erase()
            self.prompt = self.typed = ""
        termios.tcsetattr(self.fd, termios.TCSADRAIN, self._saved)

    # ---- what the console prints ---------------------------------------------------

    def news(self, text: str) -> None:
        """Print ``text`` above the line being typed, which is drawn again below it."""
        with self.lock:
            self._erase()
            self.out.write(text + "\n")
            self._draw()

    def set_prompt(self, prompt: str) -> None:
        """Show ``prompt`` ('' for none) before the text typed so far."""
        with self.lock:
            self._erase()
            self.prompt = prompt
            self._draw()

    # ---- the keys ------------------------------------------------------------------

    def lines(self) -> Iterator[str]:
        """Each line as Enter ends it, until Ctrl-D on an empty line or the input closes."""
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        escape = 0  # 1 after ESC, 2 inside a CSI/SS3 sequence
        while data := os.read(self.fd, 1024):
            for ch in decoder.decode(data):
                if escape:
                    escape = 2 if escape == 1 and ch in "[O" else (
                        2 if escape == 2 and not "@" <= ch <= "~" else 0)
                elif ch == "\x1b":
                    escape = 1
                elif ch in "\r\n":
                    yield self._enter()
                elif ch == "\x04":
                    if not self.typed:
                        return
                elif ch in ERASE or ch in "\x15\x17":
                    self._edit(ch)
                elif ch.isprintable():
                    with self.lock:
                        self.typed += ch
                        self._drawn += ch
                        self.out.write(ch)
                        self.out.flush()

    def _enter(self) -> str:
        with self.lock:
            line, self.typed, self.prompt, self._drawn = self.typed, "", "", ""
            self.out.write("\n")
            self.out.flush()
        return line

    def _edit(self, key: str) -> None:
        with self.lock:
            if key in ERASE:
                self.typed = self.typed[:-1]
            elif key == "\x17":  # Ctrl-W: the last word
                head = self.typed.rstrip()
                self.typed = head[: head.rfind(" ") + 1]
            else:  # Ctrl-U: the whole line
                self.typed = ""
            self._erase()
            self._draw()

    # ---- drawing (with the lock held) ----------------------------------------------

    def _erase(self) -> None:
        """Clear the prompt (maybe of several lines) and the typed text, which may have
        run on over more rows."""
        if self._drawn:
            up = rows_above(self._drawn, max(1, shutil.get_terminal_size().columns))
            self.out.write("\r" + (f"\x1b[{up}A" if up else "") + "\x1b[J")
            self._drawn = ""

    def _draw(self) -> None:
        self.out.write(self.prompt + self.typed)
        self.out.flush()
        self._drawn = self.prompt + self.typed


def rows_above(drawn: str, width: int) -> int:
    """How many rows above the cursor ``drawn`` reaches, on a terminal ``width`` columns
    wide: each of its lines takes as many rows as it runs on to; the cursor is on the
    last one (at a full row's end it waits there, as terminals do)."""
    *before, last = drawn.split("\n")
    return (sum(max(1, -(-text_columns(line) // width)) for line in before)
            + max(0, text_columns(last) - 1) // width)
