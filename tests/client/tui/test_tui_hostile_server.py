"""A hostile server: `taikyoku tui` in a real pseudo-terminal, connected to a small fake
server whose name, lobby, player names, chat and error messages carry escape sequences,
bidi overrides and line breaks. All of it is shown as inert text, and a refusal's
message not at all: the terminal says its own words for the code."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from websockets.asyncio.server import ServerConnection, serve

from shared.protocol import (
    PROTOCOL_VERSION,
    BotInfo,
    ChatLine,
    Error,
    GameSpec,
    Joined,
    Lobby,
    MatchState,
    MatchSummary,
    PlayerInfo,
    ServerInfo,
    Welcome,
    encode,
)
from tests.client.tui.pty_support import Pty
from tests.waiting import LIMIT

SERVER_NAME = "Evil\x1b]0;owned\x07 server\x1b[2J\x1b[H"
HANA = "\x1b[1;31mHana\x1b[0m\u202e"
JIRO = "Jiro\x9b8m\u200b"
SPECTATOR = "Taro\u2066"
CHAT = "gg\r\n[Hana] I resign\x07"
REFUSAL = "slow down\x1bc\x1b]52;c;ZXZpbA==\x07"
CODE = "K7QX"
SHOWN = ("Connected to Evil server as Taro", "K7QX  Tic-tac-toe  Hana vs Jiro",
         "X: Hana - O: Jiro", "[Taro (watching)] gg  [Hana] I resign",
         "! Slow down a little, then try again.")
"""What the person reads of it: the words, nothing acting on their terminal."""


def players() -> list[PlayerInfo]:
    return [PlayerInfo(0, HANA, "human", True, "p_1"), PlayerInfo(1, JIRO, "human", True, "p_2")]


async def fake_server(ws: ServerConnection) -> None:
    """Answers hello, list and watch as a taikyoku server would, with hostile words."""
    async for raw in ws:
        kind = json.loads(raw)["type"]
        if kind == "hello":
            await ws.send(encode(Welcome(
                protocol=PROTOCOL_VERSION, player="p_me", token="t0k3n",
                server=ServerInfo(SERVER_NAME, "6.6\x1b[6n"),
                games=[GameSpec("tictactoe", [3]), GameSpec("othello", [4, 6, 8])],
                bots=[BotInfo(1, "random")], features=["chat"])))
        elif kind == "list":
            await ws.send(encode(Lobby([MatchSummary(CODE, "tictactoe", 3, "playing",
                                                     players(), 0)])))
        elif kind == "watch":
            for message in (
                    Joined(CODE, None, "spectator"),
                    MatchState(match=CODE, game="tictactoe", size=3, ply=0, board="." * 9,
                          to_move=0, legal=list(range(9)), moves=[], status="playing",
                          score=[0, 0], players=players()),
                    ChatLine(CODE, 1, 0.0, None, "p_3", SPECTATOR, CHAT),
                    Error("rate_limited", REFUSAL, retry_after=1.0)):
                await ws.send(encode(message))


async def test_a_hostile_servers_words_reach_the_terminal_inert(tmp_path: Path) -> None:
    async with serve(fake_server, "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        term = Pty(["--server", f"ws://127.0.0.1:{port}", "--name", "Taro",
                    "--token-file", str(tmp_path / "taro.token")], columns=100)
        try:
            await term.until("quit [")
            term.type("w\r")
            await term.until("Match code or number")
            term.type("1\r")
            await term.until("Slow down")
            term.type("l\r")
            await term.until("quit [")
            term.type("q\r")
            await term.until("q\r")
            assert await asyncio.to_thread(term.proc.wait, LIMIT) == 0
        finally:
            term.close()
    text = term.text()
    for words in SHOWN:
        assert words in text, text
    for acting in ("\x1b", "\x9b", "\x07", "\u202e", "\u2066", "\u200b", "ZXZpbA", "owned"):
        assert acting not in text, (acting, text)
    # the chat's line break did not start a line of its own that reads as Hana's
    assert "\n[Hana] I resign" not in text.replace("\r", "")
