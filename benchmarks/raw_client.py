"""A WebSocket client on a bare socket that reads only when told to: what a broken or
hostile machine does that stops reading while it keeps sending.

Built on websockets' sans-I/O client protocol, so every byte is a real WebSocket frame,
but nothing reads the socket in the background (the library's own clients would, and
answer the server's pings). The socket's receive buffer is made tiny, so the server's
frames pile up on the server's side as soon as it stops reading.
"""

from __future__ import annotations

import asyncio
import json
import socket
from typing import Any

from websockets.client import ClientProtocol
from websockets.frames import Close, Frame, Opcode
from websockets.protocol import State
from websockets.uri import parse_uri

RECEIVE_BUFFER = 4096
"""SO_RCVBUF of the socket (the kernel may round it up)."""


class RawClient:
    """One connection from ``source`` (a loopback address) to the server at ``url``."""

    def __init__(self, sock: socket.socket, protocol: ClientProtocol) -> None:
        self.sock = sock
        self.protocol = protocol
        self._frames: list[Frame] = []

    @classmethod
    async def open(cls, url: str, source: str) -> RawClient:
        """Connect and upgrade (reading only the handshake's answer)."""
        loop = asyncio.get_running_loop()
        uri = parse_uri(url)
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, RECEIVE_BUFFER)
        sock.setblocking(False)
        sock.bind((source, 0))
        await loop.sock_connect(sock, (uri.host, uri.port))
        protocol = ClientProtocol(uri)
        protocol.send_request(protocol.connect())
        client = cls(sock, protocol)
        await client._flush()
        while protocol.state is State.CONNECTING:
            await client._receive()
        if protocol.handshake_exc is not None:
            raise protocol.handshake_exc
        client._frames.extend(  # any frames that came with the answer
            event for event in protocol.events_received() if isinstance(event, Frame))
        return client

    async def recv(self) -> dict[str, Any]:
        """Read up to the server's next text frame; that message."""
        while not any(frame.opcode is Opcode.TEXT for frame in self._frames):
            await self._receive()
            self._frames.extend(
                event for event in self.protocol.events_received() if isinstance(event, Frame))
        while (frame := self._frames.pop(0)).opcode is not Opcode.TEXT:
            pass
        message: dict[str, Any] = json.loads(bytes(frame.data))
        return message

    async def _receive(self) -> None:
        data = await asyncio.get_running_loop().sock_recv(self.sock, 65536)
        if not data:
            raise ConnectionError("the server closed the connection")
        self.protocol.receive_data(data)

    async def send(self, **fields: Any) -> None:
        self.protocol.send_text(json.dumps(fields).encode())
        await self._flush()

    async def _flush(self) -> None:
        for data in self.protocol.data_to_send():
            if data:
                await asyncio.get_running_loop().sock_sendall(self.sock, data)

    async def read_to_close(self) -> Close | None:
        """Read everything the server sent until it closes; its Close frame, if any
        arrived (None when the socket was cut first)."""
        loop = asyncio.get_running_loop()
        while True:
            try:
                data = await loop.sock_recv(self.sock, 65536)
            except ConnectionResetError:
                return self.protocol.close_rcvd
            if not data:
                self.protocol.receive_eof()
                return self.protocol.close_rcvd
            self.protocol.receive_data(data)
            self.protocol.events_received()
            if self.protocol.close_rcvd is not None:
                return self.protocol.close_rcvd

    def close(self) -> None:
        self.sock.close()
