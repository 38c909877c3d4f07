"""`taikyoku tui` under LANG=ja_JP.UTF-8 (or with --lang ja) in a real 80x24
pseudo-terminal, as a Japanese player runs it: whole games of tic-tac-toe and Othello
8x8 against the bot, typed with Japanese command words and full-width digits, the lists
lined up by the columns characters take (a Japanese name is two columns a character),
every line broken where Japanese may break, the board in view under each prompt, and no
English word on screen but names, codes, squares and the commands one types."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from pathlib import Path

from client.tui.line_wrap import text_columns
from server.shell.app import GameServer
from tests.client.client_support import ENGINE_LIMIT
from tests.client.tui.japanese_terminal import (
    JAPANESE,
    MOVE_PROMPT,
    OTHELLO_TOP,
    OVER_PROMPT,
    TICTACTOE_TOP,
    board_in_view,
    check_screen,
    othello_pick,
    record,
    server_name,
    tictactoe_pick,
)
from tests.client.tui.pty_support import Pty
from tests.conftest import ConnectPeer, MakeServer
from tests.waiting import LIMIT


async def play_out(term: Pty, pick: Callable[[str], str], top: str) -> list[str]:
    """Answer each prompt for our move with ``pick`` of the screen, written in full-width
    forms (ｄ３, ４) as a Japanese keyboard may send them, until the game is over; what was
    printed before each of our prompts. ``top`` is the board's first row, printed again
    once the move is played."""
    screens: list[str] = []
    while True:
        shown = await term.until("： ")
        if OVER_PROMPT in shown:
            return screens
        if MOVE_PROMPT in shown:
            screens.append(shown)
            move = pick(term.text())
            term.type("".join(chr(ord(ch) + 0xFEE0) for ch in move) + "\r")  # full width
            await term.until(top)  # the move played, before the next prompt


async def test_tictactoe_in_japanese_with_an_aligned_list(
        make_server: MakeServer, connect: ConnectPeer, tmp_path: Path) -> None:
    """The list of open matches lines up 花子 (two characters, four columns) and Ken
    (three and three); then a whole game against the bot with ヘルプ, ヒント and 棋譜 (the
    engine ready when the server starts, so the hint does not wait for it)."""
    game_server = await make_server(warm_bots=True)
    for name, game in (("花子", "othello"), ("Ken", "tictactoe")):
        peer = await connect(game_server, name=name)
        await peer.create(game=game, vs="human", clock={"initial": 300, "increment": 3})
    term = Pty(["--server", game_server.url, "--name", "太郎", "--token-file",
                str(tmp_path / "taro.token")], columns=80, lang=JAPANESE)
    try:
        for cue, keys_ in (("[4]: ", "j"), ("（戻るなら Enter キー）： ", ""), ("[4]: ", "1"),
                           ("相手", "b"), ("コンピューターの強さ", "1"), ("先手", "f"),
                           ("持ち時間", "５＋３"), (MOVE_PROMPT, "９"),
                           ("打てる手ではありません", "ヘルプ"), ("この一覧", "ヒント")):
            await term.until(cue)
            term.type(keys_ + "\r")
        await term.until("二人とも最善を尽くすと", ENGINE_LIMIT)  # the engine's answer
        screens = await play_out(term, tictactoe_pick, TICTACTOE_TOP)
        term.type("棋譜\r")
        await term.until(OVER_PROMPT)
        term.type("q\r")
        assert await asyncio.to_thread(term.proc.wait, LIMIT) == 0
    finally:
        term.close()
    text = record(term, "tui_japanese_tictactoe")
    listed = [row for row in term.rows() if "持ち時間 5分 +3秒" in row and "  1  " in row
              or "  2  " in row and "持ち時間" in row]
    assert len(listed) == 2, text
    assert {"花子" in row or "Ken" in row for row in listed} == {True}
    clock_column = {text_columns(row[:row.index("持ち時間")]) for row in listed}
    assert len(clock_column) == 1, listed  # the name's column is as wide on screen
    assert "持ち時間は 5分 +3秒 です。" in text  # typed in full width
    assert "「9」は打てる手ではありません（マスの番号 0-8）。" in text
    assert "コマンド：" in text and "t, takeback, 待った" in text
    assert "で引き分け" in text or "で勝ち" in text or "で負け" in text  # the hint, in words
    assert "棋譜：1." in text
    assert re.search(r"あなたの勝ち！|コンピューターの勝ち。|引き分け。", text)
    assert sum(board_in_view(screen, TICTACTOE_TOP) for screen in screens) >= 2, text
    check_screen(term, text, {"Ken", *server_name(game_server)})


async def test_othello_8x8_in_japanese_against_the_bot(
        game_server: GameServer, tmp_path: Path) -> None:
    """A whole game of Othello 8x8 from the flags, in Japanese by ``--lang ja`` on a
    system whose locale has no language; moves typed as ｄ３; the board stays in view
    under every prompt of an 80x24 terminal."""
    term = Pty(["--server", game_server.url, "--name", "太郎", "--token-file",
                str(tmp_path / "taro.token"), "--game", "othello", "--size", "8", "--vs",
                "bot", "--level", "1", "--seat", "first", "--lang", "ja"], columns=80,
               lang="C.UTF-8")
    try:
        screens = await play_out(term, othello_pick, OTHELLO_TOP)
        term.type("q\r")
        assert await asyncio.to_thread(term.proc.wait, LIMIT) == 0
    finally:
        term.close()
    text = record(term, "tui_japanese_othello")
    assert sum(board_in_view(screen, OTHELLO_TOP) for screen in screens) >= 10, text
    assert re.search(r"黒 \d+ 石、白 \d+ 石。", text), text  # the end, by the discs
    check_screen(term, text, set(server_name(game_server)))


