"""`taikyoku tui` in a real 80-column pseudo-terminal: every line it prints (questions,
lists, help, the game) is broken between words, never at the terminal's last column;
resign asks once to confirm; a list's row too long for a narrow terminal goes on under
its last cell that says something."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest

from client.common.client_state import ClientState
from client.tui.console import Console, Lines
from server.shell.app import GameServer
from tests.client.client_support import welcome
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


class _Terminal(io.StringIO):
    """What the console prints to, standing for a terminal (lines are broken to fit)."""

    def isatty(self) -> bool:
        return True


async def test_a_list_row_runs_on_under_its_last_cell_that_says_something(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A match to watch with no clock or watchers ends in an empty cell: at 40 columns
    its players ran on at the left edge, under the numbers, as if a row of their own."""
    monkeypatch.setenv("COLUMNS", "40")
    out = _Terminal()
    console = Console(None, Lines(io.StringIO("")), out,  # type: ignore[arg-type]
                      ClientState(welcome=welcome()))
    console.print_table([["1", "JY2H4D", "Othello 8x8", "Player One vs the bot (level 3)", ""]])
    assert out.getvalue().splitlines() == [
        "  1  JY2H4D  Othello 8x8",
        "      Player One vs the bot (level 3)"]
