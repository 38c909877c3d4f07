"""A hint belongs to the position it was asked in: `taikyoku tui` in a real
pseudo-terminal, against a small fake server that answers each hint late, after the
position has changed (the person moved meanwhile; the opponent resigned meanwhile).
Neither late answer is printed; a hint for the board on screen is."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from msgspec.structs import replace
from websockets.asyncio.server import ServerConnection, serve

from shared.games import new_game
from shared.protocol import (
    PROTOCOL_VERSION,
    Analysis,
    BotInfo,
    GameSpec,
    Joined,
    Lobby,
    MatchState,
    Message,
    PlayerInfo,
    Result,
    ScoredMove,
    ServerInfo,
    Welcome,
    encode,
)
from tests.client.client_support import state_after
from tests.client.tui.pty_support import Pty
from tests.waiting import LIMIT

B1 = 1
HANA_REPLY = min(new_game("othello", 4).play(B1).legal_moves())
PEOPLE = [PlayerInfo(0, "Taro", "human", True, "p_me"), PlayerInfo(1, "Hana", "human", True, "p_2")]


def state(moves: list[int], result: Result | None = None) -> MatchState:
    return replace(state_after("othello", 4, moves, players=PEOPLE, result=result), hints=True)


def scores(s: MatchState) -> Analysis:
    """A hint for ``s``: every legal move scored +2."""
    return Analysis(s.match, s.ply, [ScoredMove(m, 2, False, 6) for m in s.legal])


async def late_hints(ws: ServerConnection) -> None:
    """The first hint is answered after the person's move and Hana's reply; the second,
    asked then, after Hana resigns; the third (by then the game is over) never."""
    asked = 0
    async for raw in ws:
        kind = json.loads(raw)["type"]
        replies: list[Message] = []
        if kind == "hello":
            replies = [Welcome(protocol=PROTOCOL_VERSION, player="p_me", token="t0k3n",
                               server=ServerInfo("Fake", "1"), games=[GameSpec("othello", [4])],
                               bots=[BotInfo(1, "random")], features=["hint"])]
        elif kind == "list":
            replies = [Lobby([])]
        elif kind == "create":
            replies = [Joined("K7QX", 0, "player"), state([])]
        elif kind == "move":
            replies = [state([B1]), state([B1, HANA_REPLY]), scores(state([]))]
        elif kind == "hint":
            asked += 1
            if asked == 2:
                replies = [state([B1, HANA_REPLY], Result(0, "resign", [3, 2])),
                           scores(state([B1, HANA_REPLY]))]
        for message in replies:
            await ws.send(encode(message))


async def test_a_hint_that_comes_after_the_position_changed_is_not_printed(
        tmp_path: Path) -> None:
    async with serve(late_hints, "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        term = Pty(["--server", f"ws://127.0.0.1:{port}", "--name", "Taro", "--token-file",
                    str(tmp_path / "taro.token"), "--game", "othello", "--size", "4",
                    "--vs", "human"])
        try:
            for cue, keys in (("? help): ", "h"), ("Asking the engine", "b1"),
                              ("Hana (White) played", "h"), ("Hana resigned.", "m"),
                              ("Moves: ", "q")):
                await term.until(cue)
                term.type(keys + "\r")
            await term.until("q\r")
            assert await asyncio.to_thread(term.proc.wait, LIMIT) == 0
        finally:
            term.close()
    text = term.text()
    assert text.count("Asking the engine") == 2
    assert "You won! Hana resigned." in text
    assert "Best first" not in text and "+2" not in text  # neither late answer shown
    assert "ask again" not in text
