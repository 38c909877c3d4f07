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
from tests.waiting import LIMIT

EDITOR_MOVES = re.compile(r"\x1b\[(?:\d+A|J)")
"""The only escape sequences the client writes itself: the line editor going up rows
and clearing below, to draw the prompt again under news."""


class Pty:
    """`taikyoku tui` in a pseudo-terminal ``columns`` wide (24 rows), under the system
    locale ``lang`` (LANG, with LC_ALL and LC_MESSAGES unset) when given."""

    def __init__(self, args: list[str], columns: int = 200, lang: str | None = None) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
        env = {**os.environ, "COLUMNS": str(columns), "TERM": "xterm"}
        if lang is not None:
            env = {k: v for k, v in env.items() if k not in ("LC_ALL", "LC_MESSAGES")}
            env["LANG"] = lang
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "client", "tui", *args], stdin=slave, stdout=slave,
            stderr=slave, env=env)
        self.slave = slave
        self.columns = columns
        self.seen = b""
        self.mark = 0

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    async def until(self, text: str, limit: float = LIMIT) -> str:
        """What was printed from the end of the last text waited for to the end of
        ``text`` (waiting for it to appear, at most ``limit`` seconds)."""
        start, want = self.mark, text.encode()
        try:
            async with asyncio.timeout(limit):
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

    def rows(self) -> list[str]:
        """What was printed, row by row as the terminal shows it (a row ends at a line
        feed, or where a carriage return starts it again)."""
        return re.split(r"\r\n|[\r\n]", self.text())

    def overlong(self) -> list[str]:
        """The runs of text the terminal itself had to break at its last column: each
        starts at the row's start (after a carriage return or a newline), so one wider
        than the terminal ran on to the next row wherever it was, mid-word."""
        return [run for run in self.rows() if text_columns(run) > self.columns]

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        os.close(self.master)
        os.close(self.slave)
