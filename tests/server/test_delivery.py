"""How a request's effects reach the sockets: every one is carried out, in order, in one
go, whatever becomes of the requester's socket, and no other request slips between them."""

from __future__ import annotations

import json
from typing import Any

from websockets.asyncio.client import connect as websockets_connect
from websockets.asyncio.server import ServerConnection
from websockets.frames import Frame, Opcode

from server.shell.app import GameServer
from server.shell.session import text_frame
from tests.waiting import until


def _link(server: GameServer, player: str) -> ServerConnection:
    """The server's side of ``player``'s only connection."""
    assert server.runner is not None
    (session,) = server.runner.sessions[player]
    return session.ws  # type: ignore[attr-defined,no-any-return]


async def test_a_create_is_carried_out_whole_when_its_socket_closes_at_once(
    make_server: Any, connect: Any
) -> None:
    """The page is closed right after 'Play' against a bot that moves first: the bot
    still moves, and whoever comes back finds its move (the reply to the closed socket
    is dropped, not the effects after it)."""
    server = await make_server()
    ws = await websockets_connect(server.url)
    await ws.send(json.dumps({"type": "hello", "protocol": 1, "name": "Taro", "token": None}))
    welcome = json.loads(await ws.recv())
    # the create and the close frame leave in one loop turn: the server reads both before
    # it answers the create, so its socket is closing when the answer is written
    await ws.send(json.dumps({"type": "create", "game": "tictactoe", "vs": "bot",
                              "bot": {"level": 1}, "seat": "second"}))
    await ws.close()

    back = await connect(server, name="Taro", token=welcome["token"])
    joined = await back.expect("joined")
    state = await back.expect("state", match=joined["match"], ply=1)
    assert state["to_move"] == 1 and state["status"] == "playing"


async def test_no_state_goes_backwards_while_a_reply_waits_on_a_full_socket(
    make_server: Any, connect: Any
) -> None:
    """Hana's join is answered while her socket's buffer is full; Taro moves meanwhile.
    Neither of them is then sent the board as it was before his move."""
    server = await make_server()
    taro, hana = await connect(server, name="Taro"), await connect(server, name="Hana")
    code = (await taro.create(game="tictactoe", vs="human", seat="first"))["match"]
    link = _link(server, hana.player)
    link.pause_writing()  # what asyncio calls when the socket's write buffer is full
    try:
        await hana.send(type="join", match=code)
        assert server.runner is not None
        await until(lambda: server.runner.matches[code].status == "playing", "Hana seated")
        await taro.send(type="move", match=code, move=4, ply=0)
        await taro.expect("state", match=code, ply=1)
    finally:
        link.resume_writing()
    plies = await _plies_until_answered(hana)
    assert plies == sorted(plies) and plies[-1:] == [1], plies
    assert set(await _plies_until_answered(taro)) <= {1}  # he had seen ply 1 already


async def _plies_until_answered(peer: Any) -> list[int]:
    """The plies of the states ``peer`` is sent before the answer to one more request."""
    await peer.send(type="list")
    plies = []
    while (msg := await peer.recv())["type"] != "lobby":
        if msg["type"] == "state":
            plies.append(msg["ply"])
    return plies


def test_a_frame_is_written_as_websockets_frames_it() -> None:
    """deliver builds each frame once for all its receivers (session.text_frame): the
    bytes are websockets' own unmasked text frame, at each length's header form."""
    for length in (0, 1, 125, 126, 127, 1200, 65535, 65536, 70_000):
        payload = bytes(range(256)) * (length // 256) + b"x" * (length % 256)
        assert text_frame(payload) == Frame(Opcode.TEXT, payload).serialize(mask=False)
