"""Shared fixtures: a real server on 127.0.0.1, port 0, with its own database."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable

import pytest

from server.app import GameServer, ServerConfig

MakeServer = Callable[..., Awaitable[GameServer]]


def server_config(tmp_path: Path, **overrides: Any) -> ServerConfig:
    """A config for tests: loopback, port 0, no discovery, a tmp database, short timers."""
    base = ServerConfig(
        host="127.0.0.1", port=0, db=tmp_path / "taikyoku.sqlite3", name="test server",
        discovery=False, grace=2.0, bot_seconds=0.2, bot_workers=1,
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
