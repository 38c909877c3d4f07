"""The terminal client at a real terminal (a pseudo-terminal), as a person runs it: a chat
line that arrives while a line is half typed prints above it, and the prompt and the
half-typed text are drawn again below; the finished line is sent whole; Backspace and
Ctrl-U edit it; Ctrl-D leaves with the seat kept and the terminal as it was."""

from __future__ import annotations

import asyncio
import termios
from pathlib import Path

from server.shell.app import GameServer
from tests.client.tui.pty_support import Pty
from tests.conftest import ConnectPeer
from tests.waiting import LIMIT


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
        shown = await term.until("[Hana (watching)] are you there?")
        redrawn = await term.until("Your move (X), slot 0-8 (h hint, ? help): say hel")
        # the line (drawn again after the Backspace) is cleared, the news printed in its
        # place, and the prompt and the text typed so far below it
        prompt = "Your move (X), slot 0-8 (h hint, ? help): "
        assert shown == f"{prompt}say hel\r\x1b[J[Hana (watching)] are you there?"
        assert redrawn == f"\r\n{prompt}say hel"
        term.type("lo Hana\r")
        await term.until("[You] hello Hana")
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
