"""`taikyoku tui` in a real 80-column pseudo-terminal: every line it prints (questions,
lists, help, the game) is broken between words, never at the terminal's last column;
resign asks once to confirm."""

from __future__ import annotations

import asyncio
from pathlib import Path

from server.shell.app import GameServer
from tests.client.tui.pty_support import Pty
from tests.waiting import LIMIT

SENTENCES = ("j join a match, w watch one, q quit",
             "Who moves first: f you, s the bot, r random",
             "the engine's score for each of your moves",
             "ring the bell when it is your turn: off",
             "After the game: r rematch, a analyse (the engine on each move), l lobby, m moves, "
             "q quit.")
"""Sentences longer than what is left of their row: printed whole, between words."""


async def test_lines_break_between_words_and_resign_asks_first(
        game_server: GameServer, tmp_path: Path) -> None:
    term = Pty(["--server", game_server.url, "--name", "Taro", "--token-file",
                str(tmp_path / "taro.token")], columns=80)
    try:
        for cue, keys in (("[4]: ", "1"), ("Opponent", "b"), ("Bot level", "1"),
                          ("Who moves first", "f"), ("Clock:", ""), ("? help): ", "?"),
                          ("this list", "resign"), ("Resign this game? (y/n) ", "n"),
                          ("Still playing.", "resign"), ("Resign this game? (y/n) ", "y"),
                          ("You resigned.", "q")):
            await term.until(cue)
            term.type(keys + "\r")
        await term.until("q\r")
        assert await asyncio.to_thread(term.proc.wait, LIMIT) == 0
    finally:
        term.close()
    text = term.text()
    assert term.overlong() == [], text
    words = " ".join(text.split())
    for sentence in SENTENCES:
        assert sentence in words, (sentence, text)
    assert text.count("Resign this game? (y/n) ") == 2 and text.count("You resigned.") == 1


async def test_why_it_could_not_start_is_broken_between_words(tmp_path: Path) -> None:
    term = Pty(["--server", "ws://127.0.0.1:9", "--name", "Taro", "--token-file",
                str(tmp_path / "taro.token")], columns=80)
    try:
        await term.until("on that port?)")
        assert await asyncio.to_thread(term.proc.wait, LIMIT) == 1
    finally:
        term.close()
    assert term.overlong() == [], term.text()
    assert "the connection was refused (is `taikyoku serve` running there, on that port?)" \
        in " ".join(term.text().split())
