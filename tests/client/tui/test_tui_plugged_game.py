"""`taikyoku tui` in a real pseudo-terminal plays the extra game of the tests
(tests/games/blocks.py, plugged in through TAIKYOKU_GAMES only) against the server's
bot to its end, reading each board it prints as a person would: the board is drawn by
the game's look (its labels), the moves typed are the squares as that board names them."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from tests import OUTPUT
from tests.client.plugged_game import TIMEOUT
from tests.client.tui.pty_support import Pty
from tests.games.blocks import GAME
from tests.waiting import LIMIT

pytestmark = pytest.mark.timeout(TIMEOUT)

MOVE_PROMPT = "? help): "
AFTER_PROMPT = "q quit: "
COORDINATE_ROW = re.compile(r"^ *(\d+) (.*)$")


def printed_board(chunk: str, size: int) -> tuple[str, list[str]]:
    """The last board with coordinates in ``chunk``: as a board string ('.' free, '*'
    legal), and the name of each legal square as its column and row headings say."""
    lines = chunk.replace("\r", "").split("\n")
    header = "    " + "  ".join("abcdefghijklmnopqrstuvwxyz"[:size])
    start = max(i for i, line in enumerate(lines) if line == header)
    cells, legal = [], []
    for row in lines[start + 1:start + 1 + size]:
        found = COORDINATE_ROW.match(row)
        assert found, row
        text = found[2].ljust(3 * size)
        for col in range(size):
            ch = text[3 * col + 1]
            cells.append(ch)
            if ch == "*":
                legal.append(f"{header[4 + 3 * col]}{found[1]}")
    return "".join(cells), legal


async def next_prompt(term: Pty) -> str:
    """What the client printed up to its next question: a move, or what after the game."""
    chunk = ""
    while not chunk.endswith((MOVE_PROMPT, AFTER_PROMPT)):
        chunk += await term.until(": ")
    return chunk


async def test_the_terminal_draws_and_plays_the_plugged_in_game(plugged_server: int,
                                                                tmp_path: Path) -> None:
    size = GAME.default_size
    assert GAME.look.labels == "coordinates"  # the board this test reads
    term = Pty(["--server", f"ws://127.0.0.1:{plugged_server}", "--name", "Taro",
                "--token-file", str(tmp_path / "taro.token"), "--lang", "en",
                "--game", GAME.name, "--size", str(size), "--vs", "bot", "--level", "1",
                "--seat", "first"], columns=80)
    typed: list[str] = []
    try:
        chunk = await next_prompt(term)
        while chunk.endswith(MOVE_PROMPT):
            board, legal = printed_board(chunk, size)
            assert legal, chunk  # our turn: the legal squares are marked
            typed.append(legal[0])
            term.type(legal[0] + "\r")
            chunk = await next_prompt(term)
        final, _ = printed_board(chunk, size)
        term.type("q\r")
        assert await asyncio.to_thread(term.proc.wait, LIMIT) == 0
    finally:
        term.close()
    text = term.text()
    OUTPUT.mkdir(exist_ok=True)
    (OUTPUT / "tui_plugged_game.txt").write_text(text)
    assert term.overlong() == [], text
    finished = GAME.from_board(final, None, size)
    outcome = finished.outcome()
    assert outcome is not None, final  # the last board printed is a finished game
    assert sorted(GAME.read_move(name, size) for name in typed) == [
        i for i, ch in enumerate(final) if ch == "X"]  # our marks, where we typed them
    won = {0: "You won!", 1: "The bot won.", None: "Draw."}[outcome.winner]
    assert won in text, text
