"""DNS rebinding: the page and the WebSocket upgrade answer only requests whose Host
names this server (server/shell/host_names.py); any other name gets 421 before the
protocol, and every documented client still connects."""

from __future__ import annotations

import asyncio
import json
import socket

import pytest
from websockets.asyncio.client import connect as websockets_connect

from server.shell.app import GameServer
from server.shell.host_names import HostNames, host_name, is_address

KEY = "dGhlIHNhbXBsZSBub25jZQ=="


async def _status(server: GameServer, host: str | None, upgrade: bool = True,
                  origin: str | None = None) -> int:
    """The HTTP status the server answers a request with these headers (raw, so the
    Host header can be anything)."""
    lines = ["GET / HTTP/1.1"]
    if host is not None:
        lines.append(f"Host: {host}")
    if upgrade:
        lines += ["Upgrade: websocket", "Connection: Upgrade", f"Sec-WebSocket-Key: {KEY}",
                  "Sec-WebSocket-Version: 13"]
    if origin is not None:
        lines.append(f"Origin: {origin}")
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    try:
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
        status_line = await asyncio.wait_for(reader.readline(), 10)
    finally:
        writer.close()
    return int(status_line.split()[1])


@pytest.mark.parametrize("upgrade", [True, False])
async def test_a_foreign_name_is_refused_with_421(game_server: GameServer,
                                                  upgrade: bool) -> None:
    port = game_server.port
    # the rebinding attack: the attacker's page at evil.example, now pointing here
    assert await _status(game_server, f"evil.example:{port}", upgrade,
                         origin=f"http://evil.example:{port}") == 421
    for host in (f"evil.example:{port}", "127.0.0.1.nip.io", f"localhost.evil.example:{port}",
                 f"{socket.gethostname()}.evil.example", ""):
        assert await _status(game_server, host, upgrade) == 421, host


async def test_a_request_without_a_host_is_refused(game_server: GameServer) -> None:
    assert await _status(game_server, None, upgrade=False) == 421


@pytest.mark.parametrize("upgrade", [True, False])
async def test_this_servers_names_are_answered(game_server: GameServer, upgrade: bool) -> None:
    port = game_server.port
    machine = socket.gethostname()
    ok = 101 if upgrade else 200
    for host in (f"127.0.0.1:{port}", f"[::1]:{port}", f"192.168.1.20:{port}", f"[fe80::1]:{port}",
                 f"localhost:{port}", "LOCALHOST.", f"app.localhost:{port}", f"{machine}:{port}",
                 f"{machine.partition('.')[0]}.local:{port}", f"{machine.upper()}.LOCAL."):
        assert await _status(game_server, host, upgrade) == ok, host
    # the server's own page, by the address on its QR code: Host and Origin agree
    assert await _status(game_server, f"192.168.1.20:{port}", upgrade,
                         origin=f"http://192.168.1.20:{port}") == ok


async def test_names_given_with_allow_host(make_server) -> None:
    server = await make_server(allowed_hosts=("games.school.lan", "Proxy.Example."))
    for host in ("games.school.lan", f"games.school.lan:{server.port}", "proxy.example:80"):
        assert await _status(server, host) == 101, host
    assert await _status(server, "other.school.lan") == 421


async def test_clients_connect_by_localhost_and_by_address(game_server: GameServer) -> None:
    """What the window, the terminal, bots and the tests use: ws://localhost:PORT and
    ws://127.0.0.1:PORT (the real client library, its own Host header)."""
    for url in (f"ws://localhost:{game_server.port}", game_server.url):
        async with websockets_connect(url) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": 1, "name": "a"}))
            assert json.loads(await ws.recv())["type"] == "welcome"


def test_host_names() -> None:
    assert host_name("Taro-PC.local.:8765") == "taro-pc.local"
    assert host_name("[::1]:8765") == "::1" and host_name("10.0.0.2") == "10.0.0.2"
    assert is_address("::1") and is_address("fe80::1%eth0") and is_address("10.0.0.2")
    assert not is_address("evil.example") and not is_address("127.0.0.1.nip.io")
    names = HostNames.of_this_machine("0.0.0.0", ["games.lan"])
    assert "localhost" in names.names and "games.lan" in names.names
    assert "0.0.0.0" not in names.names  # an address needs no entry
    assert names.allows(["games.lan:1"]) and not names.allows(["games.lan", "games.lan"])
    assert not names.allows([])
    assert HostNames.of_this_machine("gameserver.lan").allows(["GameServer.lan"])
