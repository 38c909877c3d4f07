"""A peer that floods the server costs it little and is gone at once: its reads are small
(a burst of thousands of tiny frames is parsed a slice at a time, between everyone
else's), and a peer closed for breaking the rules (a flood, a binary frame, no hello)
is not read any further: the server sends its close frame and closes the socket without
waiting for an answer, so nothing the peer goes on sending is parsed. A peer that is gone
is written nothing more, though the frames it had sent are still answered. What a peer
leaves unread is held by the server, where --max-outgoing bounds it, not by the kernel.

The peers are bare sockets (benchmarks/raw_client.py) that never answer a close frame,
as a flooder would not; the server's ``close_timeout`` is made long, so a server that
waited for their answer would keep them (and keep reading them) past the tests' limit.
"""

from __future__ import annotations

import asyncio
import logging
import socket

from benchmarks.raw_client import RawClient
from server.shell.admission import RECEIVE_BUFFER, SEND_BUFFER
from server.shell.app import GameServer
from server.shell.session import Session
from tests.waiting import LIMIT, until

PATIENT = 3600.0
"""A close_timeout no test waits for."""


async def _cut_after(client: RawClient, code: int) -> None:
    """Read up to the server's close frame (``code``), then check that the server closed
    the socket itself, though this client never answered that frame."""
    close = await client.read_to_close()
    assert close is not None and close.code == code, close
    loop = asyncio.get_running_loop()
    async with asyncio.timeout(LIMIT):  # bounds a failure: the server would wait PATIENT
        while True:
            try:
                if not await loop.sock_recv(client.sock, 65536):
                    break  # the server closed its side
            except ConnectionResetError:
                break  # or cut it, having left our frames unread


async def _write(client: RawClient) -> None:
    """Write the frames queued on ``client``'s protocol in one go."""
    data = b"".join(client.protocol.data_to_send())
    await asyncio.get_running_loop().sock_sendall(client.sock, data)


async def _welcomed(server: GameServer, source: str) -> RawClient:
    client = await RawClient.open(server.url, source)
    await client.send(type="hello", protocol=1, name="Flood", token=None)
    assert (await client.recv())["type"] == "welcome"
    return client


async def test_a_flood_is_closed_without_reading_on(make_server, caplog) -> None:
    server = await make_server(rate=5.0, burst=5, close_timeout=PATIENT)
    client = await _welcomed(server, "127.0.0.21")
    for _ in range(200):  # in one write: far over the budget at once
        client.protocol.send_text(b'{"type":"list"}')
    with caplog.at_level(logging.INFO, logger="taikyoku.server"):
        await _write(client)
        await _cut_after(client, 1008)
        # the log says the code it was closed with, though its closing handshake never ended
        await until(lambda: any("(Flood) closed (code 1008)" in r.getMessage()
                                for r in caplog.records), "the log of the close")
    client.close()


async def test_a_binary_frame_is_closed_without_reading_on(make_server) -> None:
    server = await make_server(close_timeout=PATIENT)
    client = await _welcomed(server, "127.0.0.22")
    client.protocol.send_binary(b"\x00" * 16)
    await _write(client)
    await _cut_after(client, 1003)
    client.close()


async def test_a_first_frame_that_is_no_hello_is_closed_without_reading_on(make_server) -> None:
    server = await make_server(close_timeout=PATIENT)
    client = await RawClient.open(server.url, "127.0.0.23")
    await client.send(type="list")
    error = await client.recv()
    assert error["type"] == "error" and error["code"] == "hello_required"
    await _cut_after(client, 1008)
    client.close()


async def test_a_connection_reads_and_buffers_small_slices(make_server) -> None:
    """What one read of a socket may bring, and websockets parses at once before anyone
    else is served, is the kernel's receive buffer, set small (not its default of a
    hundred kilobytes or more); and the kernel's send buffer is set too, which stops
    Linux growing it to megabytes for a peer that stops reading, frames --max-outgoing
    would never see. (Linux reports a buffer doubled, for its own bookkeeping.)"""
    server = await make_server()
    client = await _welcomed(server, "127.0.0.24")
    assert server._server is not None
    (connection,) = server._server.connections
    sock = connection.transport.get_extra_info("socket")
    assert sock.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF) <= 2 * RECEIVE_BUFFER
    assert sock.getsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF) in (SEND_BUFFER,
                                                                    2 * SEND_BUFFER)
    client.close()


async def test_nothing_is_written_to_a_socket_that_failed(make_server, connect,
                                                          caplog) -> None:
    """A reset socket is closing at once, but open to websockets until the event loop
    runs its ``connection_lost``; the frames its peer had queued are answered meanwhile,
    and asyncio warned once for each answer written to it (thousands from one flood)."""
    server = await make_server()
    peer = await connect(server)
    (session,) = server.runner.sessions[peer.player]
    assert isinstance(session, Session)
    session.ws.transport.abort()  # as when its peer resets it: closing, not yet lost
    with caplog.at_level(logging.WARNING, logger="asyncio"):
        for _ in range(10):
            session.error("bad_message", "the answer to a frame the peer sent before it went")
    assert [r.getMessage() for r in caplog.records if r.name == "asyncio"] == []


async def test_a_peer_that_pings_and_never_reads_is_cut(make_server, connect, caplog) -> None:
    """websockets answers every ping with a pong by itself, past the server's own bound
    on unread frames: a peer streaming pings that never reads is cut once the pongs pass
    twice --max-outgoing (the keepalive, which would drop it only after a minute, is off
    here)."""
    server = await make_server(max_outgoing=16 * 1024, ping_interval=PATIENT)
    client = await _welcomed(server, "127.0.0.25")
    for _ in range(1000):
        client.protocol.send_ping(b"p" * 125)
    pings = b"".join(client.protocol.data_to_send())
    loop = asyncio.get_running_loop()
    with caplog.at_level(logging.WARNING, logger="taikyoku.server"):
        async with asyncio.timeout(LIMIT):  # bounds a failure: unbounded, it never ends
            while True:
                try:
                    await loop.sock_sendall(client.sock, pings)
                except (ConnectionResetError, BrokenPipeError):
                    break
        await until(lambda: any("pings sent without reading" in r.getMessage()
                                for r in caplog.records), "the log of the cut")
    client.close()
    await connect(server)  # everyone else is served as before
