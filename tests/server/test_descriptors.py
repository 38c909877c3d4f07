"""Descriptors stay bounded, over real sockets: a connection that never says hello is
closed, the server raises its own descriptor limit and caps its connections below it
(503 ``server_busy`` past the cap, whatever the address), and a flood of connections
past even that is cut at accept."""

from __future__ import annotations

import asyncio
import socket

import pytest
from websockets.asyncio.client import connect as websockets_connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from server.shell import admission
from server.shell.admission import connection_cap
from tests.waiting import until


async def test_a_connection_without_hello_is_closed(make_server) -> None:
    server = await make_server(hello_timeout=0.5)
    async with websockets_connect(server.url) as idle:  # it answers pings by itself
        with pytest.raises(ConnectionClosed):
            await asyncio.wait_for(idle.recv(), 10)
        assert idle.close_code == 1008
        assert (idle.close_reason or "").startswith("hello_timeout")
    await until(lambda: server._admission.open == 0, "the descriptor given back")


async def test_a_welcomed_connection_stays_past_the_hello_timeout(make_server,
                                                                   connect) -> None:
    server = await make_server(hello_timeout=0.3)
    peer = await connect(server)
    # a hello-less connection opened after it: once its timeout has closed it, the
    # welcomed one's would have fired too, however slow the machine
    async with websockets_connect(server.url) as idle:
        with pytest.raises(ConnectionClosed):
            await asyncio.wait_for(idle.recv(), 10)
        assert (idle.close_reason or "").startswith("hello_timeout")
    assert (await peer.request(type="list"))["type"] == "lobby"


def _from(source: str, port: int) -> socket.socket:
    """A socket connected to the server on ``port`` from the loopback address ``source``."""
    return socket.create_connection(("127.0.0.1", port), source_address=(source, 0))


async def test_the_server_refuses_connections_past_its_cap_with_503(make_server) -> None:
    server = await make_server(max_connections=3)
    port = server.port
    held = []
    for n in range(3):  # one address each: no address is near its own cap
        held.append(await websockets_connect(server.url, sock=_from(f"127.0.0.{n + 2}", port)))
    with pytest.raises(InvalidStatus) as refused:
        await websockets_connect(server.url, sock=_from("127.0.0.9", port))
    assert refused.value.response.status_code == 503
    assert refused.value.response.body.startswith(b"server_busy: ")
    await held.pop().close()
    await until(lambda: server._admission.open == 2, "the closed connection given back")
    held.append(await websockets_connect(server.url, sock=_from("127.0.0.9", port)))  # room again
    for ws in held:
        await ws.close()


async def test_connections_past_the_refusals_are_cut_at_accept(make_server,
                                                               monkeypatch) -> None:
    monkeypatch.setattr(admission, "REFUSING", 1)
    server = await make_server(max_connections=1)
    port = server.port
    opened = [await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
              for source in ("127.0.0.2", "127.0.0.3")]  # admitted, then refused (pending)
    await until(lambda: server._admission.open == 2, "both accepted")
    reader, writer = await asyncio.open_connection("127.0.0.1", port,
                                                   local_addr=("127.0.0.4", 0))
    try:  # closed at once (well before open_timeout), without a word of HTTP
        said = await asyncio.wait_for(reader.read(), 5)
    except ConnectionResetError:
        said = b""
    assert said == b""
    await until(lambda: server._admission.open == 2, "the cut one given back")
    for _, opened_writer in [*opened, (reader, writer)]:
        opened_writer.close()


async def test_the_descriptor_limit_is_raised_and_the_cap_left_below_it(make_server) -> None:
    resource = pytest.importorskip("resource")
    server = await make_server(bot_workers=2)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY:
        assert soft == hard
    assert server._admission.cap == connection_cap(soft, 2) < soft
