"""The terminal client at a real terminal (a pseudo-terminal), as a person runs it: a chat
line that arrives while a line is half typed prints above it, and the prompt and the
half-typed text are drawn again below; the finished line is sent whole; Backspace and
Ctrl-U edit it; Ctrl-D leaves with the seat kept and the terminal as it was."""

from __future__ import annotations

import asyncio
import os
import pty
import subprocess
import sys
import termios
from pathlib import Path

from server.shell.app import GameServer
from tests.client.client_support import LIMIT
from tests.conftest import ConnectPeer


class Pty:
    """`taikyoku tui` running in a pseudo-terminal: keys in, the screen's bytes out."""

    def __init__(self, args: list[str]) -> None:
        self.master, slave = pty.openpty()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "client", "tui", *args], stdin=slave, stdout=slave,
            stderr=slave, env={**os.environ, "COLUMNS": "200", "TERM": "xterm"})
        self.slave = slave
        self.seen = b""
        self.mark = 0

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    async def until(self, text: str) -> str:
        """What was printed from the end of the last text waited for to the end of
        ``text`` (waiting for it to appear)."""
        start, want = self.mark, text.encode()
        async with asyncio.timeout(LIMIT):
            while want not in self.seen[start:]:
                try:
                    self.seen += await asyncio.to_thread(os.read, self.master, 4096)
                except OSError:  # the client has exited
                    break
        found = self.seen.find(want, start)
        assert found >= 0, self.seen[start:].decode(errors="replace")
        self.mark = found + len(want)
        return self.seen[start:self.mark].decode(errors="replace")

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        os.close(self.master)
        os.close(self.slave)


async def test_news_prints_above_the_line_being_typed(
        game_server: GameServer, connect: ConnectPeer, tmp_path: Path) -> None:
    term = Pty(["--server", game_server.url, "--name", "Taro", "--token-file",
                str(tmp_path / "taro.token"), "--game", "tictactoe", "--level", "1"])
    try:
        await term.until("Your move (X), slot 0-8 (h hint, ? help): ")
        assert game_server.runner is not None
        [code] = list(game_server.runner.matches)
        hana = await connect(game_server, name="Hana")
        await hana.send(type="watch", match=code)
        await hana.expect("state", match=code)
        term.type("say helo")
        await term.until("say helo")
        term.type("\x7f")  # Backspace
        await term.until("\x1b[J")
        await hana.send(type="chat", match=code, text="are you there?")
        shown = await term.until("[Hana] are you there?")
        redrawn = await term.until("Your move (X), slot 0-8 (h hint, ? help): say hel")
        # the line (drawn again after the Backspace) is cleared, the news printed in its
        # place, and the prompt and the text typed so far below it
        prompt = "Your move (X), slot 0-8 (h hint, ? help): "
        assert shown == f"{prompt}say hel\r\x1b[J[Hana] are you there?"
        assert redrawn == f"\r\n{prompt}say hel"
        term.type("lo Hana\r")
        await term.until("[Taro] hello Hana")
        line = await hana.expect("chat", match=code, name="Taro")
        assert line["text"] == "hello Hana"  # typed in two parts around the news: sent whole
        term.type("junk\x15")  # Ctrl-U clears it
        await term.until("\x1b[J")
        term.type("\x04")  # Ctrl-D on the empty line
        await term.until(f"your seat in match {code} is kept")
        assert await asyncio.to_thread(term.proc.wait, LIMIT) == 0
        # the terminal has its own line editing and echo back
        lflag = termios.tcgetattr(term.slave)[3]
        assert lflag & termios.ICANON and lflag & termios.ECHO
    finally:
        term.close()
