"""Which pages may open a socket to the game server: a browser names the page's origin
in the upgrade request, and only the server's own page (the same host) is let in, so
another website a player on the LAN visits cannot play in their name. Programs that
send no Origin (the window, the terminal, bots) are let in as before."""

from __future__ import annotations

import json

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from server.shell.app import GameServer


async def _welcomed(server: GameServer, origin: str | None) -> bool:
    """Whether a socket opened with ``origin`` (None: no Origin header) is welcomed."""
    async with connect(server.url, origin=origin) as ws:  # type: ignore[arg-type]
        await ws.send(json.dumps({"type": "hello", "protocol": 1, "name": "a", "token": None}))
        return bool(json.loads(await ws.recv())["type"] == "welcome")


async def test_no_origin_and_the_servers_own_page_are_let_in(game_server: GameServer) -> None:
    assert await _welcomed(game_server, None)
    assert await _welcomed(game_server, f"http://127.0.0.1:{game_server.port}")
    assert await _welcomed(game_server, f"HTTP://127.0.0.1:{game_server.port}/")


@pytest.mark.parametrize("origin", ["http://evil.example", "http://127.0.0.1",
                                    "http://127.0.0.1:1", "null", "not a url"])
async def test_another_origin_is_refused_before_the_protocol(game_server: GameServer,
                                                             origin: str) -> None:
    with pytest.raises(InvalidStatus) as refused:
        await _welcomed(game_server, origin)
    response = refused.value.response
    assert response.status_code == 403
    assert b"origin" in response.body.lower()
