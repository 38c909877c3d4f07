"""Shared fixtures: a real server on 127.0.0.1, port 0, with its own database."""

from __future__ import annotations

import asyncio
import dataclasses
import json
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable, Iterator

import pytest
from websockets.asyncio.client import ClientConnection
from websockets.asyncio.client import connect as websockets_connect

from client.common.words import use_language
from server.shell.app import GameServer, ServerConfig
from shared.protocol import decode_server
from shared.words import DEFAULT_LANGUAGE

MakeServer = Callable[..., Awaitable[GameServer]]

# The browser tests' fixtures (browser, open_page, web_server): tests/client/web/web_support.py;
# the window tests' `app`: tests/client/client_support.py.
# client_support first: web_support imports it, and a plugin imported before its turn
# loses pytest's assertion rewriting (PytestAssertRewriteWarning).
pytest_plugins = ["tests.client.client_support", "tests.client.web.web_support",
                  "tests.client.plugged_game"]


@pytest.fixture(autouse=True)
def english_to_start() -> Iterator[None]:
    """Every test starts with the clients speaking English, whatever the one before chose
    (``--lang``, the window's setting) or the machine's locale says."""
    use_language(DEFAULT_LANGUAGE)
    yield
    use_language(DEFAULT_LANGUAGE)


def server_config(tmp_path: Path, **overrides: Any) -> ServerConfig:
    """A config for tests: loopback, port 0, no discovery, a tmp database, short timers."""
    base = ServerConfig(
        host="127.0.0.1", port=0, db=tmp_path / "taikyoku.sqlite3", name="test server",
        discovery=False, grace=2.0, bot_seconds=0.2, bot_workers=1, warm_bots=False,
    )
    return dataclasses.replace(base, **overrides)


@pytest.fixture
async def make_server(tmp_path: Path) -> AsyncIterator[MakeServer]:
    """A factory: ``await make_server(grace=0.5)`` starts a server with those overrides.

    Every server it started is closed at teardown.
    """
    servers: list[GameServer] = []

    async def make(**overrides: Any) -> GameServer:
        server = GameServer(server_config(tmp_path, **overrides))
        await server.start()
        servers.append(server)
        return server

    yield make
    for server in servers:
        await server.close()


@pytest.fixture
async def game_server(make_server: MakeServer) -> GameServer:
    """A started server with the test defaults (see :func:`server_config`)."""
    return await make_server()


class Peer:
    """A test client speaking raw JSON, checking that every server frame is valid."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.welcome: dict[str, Any] = {}

    @property
    def player(self) -> str:
        return str(self.welcome["player"])

    @property
    def token(self) -> str:
        return str(self.welcome["token"])

    async def send(self, **fields: Any) -> None:
        await self.ws.send(json.dumps(fields))

    async def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        """The next frame, decoded and validated against the protocol."""
        frame = await asyncio.wait_for(self.ws.recv(), timeout)
        decode_server(frame)  # raises if the server broke the contract
        data: dict[str, Any] = json.loads(frame)
        return data

    async def expect(self, kind: str, timeout: float = 10.0, **fields: Any) -> dict[str, Any]:
        """Skip frames until one of type ``kind`` whose fields equal ``fields`` arrives."""
        async with asyncio.timeout(timeout):
            while True:
                msg = await self.recv(timeout)
                if msg["type"] == kind and all(msg.get(k) == v for k, v in fields.items()):
                    return msg

    async def request(self, timeout: float = 10.0, **fields: Any) -> dict[str, Any]:
        """Send a frame and return the next one that comes back."""
        await self.send(**fields)
        return await self.recv(timeout)

    async def create(self, **fields: Any) -> dict[str, Any]:
        """Create a match; its first `state` (after `joined`)."""
        await self.send(type="create", **fields)
        joined = await self.expect("joined")
        return await self.expect("state", match=joined["match"])

    async def play_out(self, state: dict[str, Any], seat: int) -> dict[str, Any]:
        """Play the lowest legal square whenever ``seat`` is to move, until the match ends.

        Returns the final `state`; every intermediate one is checked for consistency.
        """
        while state["status"] != "over":
            assert state["ply"] == len(state["moves"])
            if state["status"] == "playing" and state["to_move"] == seat and state["legal"]:
                await self.send(type="move", match=state["match"], move=state["legal"][0],
                                ply=state["ply"])
            state = await self.expect("state", match=state["match"])
        return state

    async def expect_error(
        self, code: str, ref: str | None, match: str | None = None, retry: bool = False,
        request_id: str | int | None = None,
    ) -> dict[str, Any]:
        """The next frame, checked to be exactly the error ``code`` with a readable message
        (and a positive ``retry_after`` when ``retry``, else null), echoing the refused
        request's ``request_id``."""
        msg = await self.recv()
        retry_after = msg.get("retry_after")
        assert msg == {"type": "error", "code": code, "message": msg.get("message"),
                       "ref": ref, "match": match, "retry_after": retry_after,
                       "id": request_id}, msg
        assert (retry_after is not None and retry_after > 0) == retry, msg
        assert isinstance(msg["message"], str) and len(msg["message"]) > 10
        return msg

    async def close(self) -> None:
        await self.ws.close()


ConnectPeer = Callable[..., Awaitable[Peer]]


@pytest.fixture
async def connect() -> AsyncIterator[ConnectPeer]:
    """``await connect(server, name="Taro", token=None)``: a Peer that said hello."""
    peers: list[Peer] = []

    async def open_peer(
        server: GameServer, name: str = "tester", token: str | None = None, hello: bool = True
    ) -> Peer:
        peer = Peer(await websockets_connect(server.url, max_size=None))
        peers.append(peer)
        if hello:
            await peer.send(type="hello", protocol=1, name=name, token=token)
            peer.welcome = await peer.recv()
            assert peer.welcome["type"] == "welcome", peer.welcome
        return peer

    yield open_peer
    for peer in peers:
        await peer.close()

