"""`taikyoku tui` run in a pseudo-terminal, as a person runs it: keys in, the screen's
bytes out, and what a terminal of so many columns would make of them."""

from __future__ import annotations

import asyncio
import fcntl
import os
import pty
import re
import struct
import subprocess
import sys
import termios

from client.tui.line_wrap import text_columns
from tests.client.client_support import LIMIT

EDITOR_MOVES = re.compile(r"\x1b\[(?:\d+A|J)")
"""The only escape sequences the client writes itself: the line editor going up rows
and clearing below, to draw the prompt again under news."""


class Pty:
    """`taikyoku tui` in a pseudo-terminal ``columns`` wide (24 rows)."""

    def __init__(self, args: list[str], columns: int = 200) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "client", "tui", *args], stdin=slave, stdout=slave,
            stderr=slave, env={**os.environ, "COLUMNS": str(columns), "TERM": "xterm"})
        self.slave = slave
        self.columns = columns
        self.seen = b""
        self.mark = 0

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    async def until(self, text: str) -> str:
        """What was printed from the end of the last text waited for to the end of
        ``text`` (waiting for it to appear)."""
        start, want = self.mark, text.encode()
        try:
            async with asyncio.timeout(LIMIT):
                while want not in self.seen[start:]:
                    try:
                        self.seen += await asyncio.to_thread(os.read, self.master, 4096)
                    except OSError:  # the client has exited
                        break
        except TimeoutError:
            pass  # said below, with what was printed instead
        found = self.seen.find(want, start)
        assert found >= 0, self.seen[start:].decode(errors="replace")
        self.mark = found + len(want)
        return self.seen[start:self.mark].decode(errors="replace")

    def text(self) -> str:
        """Everything printed so far, without the line editor's own moves."""
        return EDITOR_MOVES.sub("", self.seen.decode(errors="replace"))

    def overlong(self) -> list[str]:
        """The runs of text the terminal itself had to break at its last column: each
        starts at the row's start (after a carriage return or a newline), so one wider
        than the terminal ran on to the next row wherever it was, mid-word."""
        return [run for run in re.split(r"[\r\n]", self.text())
                if text_columns(run) > self.columns]

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        os.close(self.master)
        os.close(self.slave)
