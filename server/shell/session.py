"""One client connection: its socket and message budget, and (as a Peer) its player.

Every frame the server sends leaves through :func:`deliver`, which writes without
waiting for the socket (a slow reader must not stall anyone else) and keeps what a
connection has not read bounded: a connection with more than ``max_outgoing`` bytes
queued is closed with :data:`SLOW_READER`, so a client that never reads cannot fill the
server's memory; nor can the many connections of one machine together: past
``max_outgoing_per_address`` for an address, those of its connections that lag are
closed the same way.
"""

from __future__ import annotations

import asyncio
import struct
import time
from collections.abc import Iterable
from typing import Callable, Final

from websockets.asyncio.server import ServerConnection
from websockets.protocol import State

from server.config import ServerConfig
from server.room.message_budget import MessageBudget
from server.room.presence import Peer
from shared.protocol import Error, ErrorCode, Message, encode_bytes

LAGGING: Final = 64 * 1024
"""Unread bytes past which a connection's address is looked at as a whole: one that keeps
up never has this much unread, so its writes cost no sum over its address."""
SLOW_READER: Final = 4000
"""Close code of a connection that left more than its bound of frames unread
(docs/protocol.md §8)."""


SUM_EVERY = 0.05
"""Seconds an address's unread total is reused for before it is summed again."""


class AddressSessions(set["Session"]):
    """The open sessions of one address (:func:`address_key`), and what they leave unread
    together. The total is summed at most every :data:`SUM_EVERY` seconds: summed at
    every write to a lagging session, hundreds of sessions of one address that lag and
    ask for small replies would cost the server a sum over all of them a message."""

    def __init__(self) -> None:
        super().__init__()
        self._total = 0
        self._summed_at = -SUM_EVERY

    def unread(self) -> int:
        now = time.monotonic()
        if now - self._summed_at >= SUM_EVERY:
            self._total = sum(session.unread() for session in self)
            self._summed_at = now
        return self._total


class Session(Peer):
    """A connected client: the match room knows it as a :class:`Peer`, the shell sends
    on its socket."""

    def __init__(
        self, ws: ServerConnection, address: str, budget: MessageBudget,
        before_send: Callable[[], None] = lambda: None, *,
        max_outgoing: int = ServerConfig.max_outgoing,
        close_timeout: float = ServerConfig.close_timeout,
        neighbours: AddressSessions | None = None,
        max_outgoing_per_address: int | None = ServerConfig.max_outgoing_per_address,
    ) -> None:
        super().__init__()
        self.ws = ws
        self.before_send = before_send
        """Called before every reply: the server stores and sends pending moves there first."""
        self.address = address
        self.budget = budget
        self.max_outgoing = max_outgoing
        """Bytes this connection may leave unread before it is closed."""
        self.close_timeout = close_timeout
        """Seconds a close started by the server may take before the socket is cut."""
        self.neighbours = neighbours if neighbours is not None else AddressSessions()
        """The open sessions of this one's address (:func:`address_key`), itself among
        them: the server keeps one set per address."""
        self.neighbours.add(self)
        self.max_outgoing_per_address = max_outgoing_per_address
        """Bytes the sessions of this address may leave unread together (None: no bound,
        for an exempt loopback)."""
        self.opened = time.monotonic()
        self.received = 0
        self.closing: asyncio.Task[None] | None = None
        """The close the server started (it sends nothing more from then on)."""
        self.why_closed: str | None = None
        """Why the server closed it, in the words of the log's line at its end."""

    def write(self, message: Message) -> None:
        """Send ``message`` without waiting for the socket; dropped if the connection is
        closing."""
        self.write_frame(encode_bytes(message))

    def write_frame(self, frame: bytes) -> None:
        """Send a message already encoded, as :meth:`write` does."""
        self.before_send()
        deliver((self,), frame)

    def error(
        self, code: ErrorCode, message: str, ref: str | None = None, match: str | None = None,
        retry_after: float | None = None, request_id: str | int | None = None,
    ) -> None:
        self.write(Error(code=code, message=message, ref=ref, match=match,
                         retry_after=retry_after, id=request_id))

    def drop(self, code: int, reason: str, why: str | None = None) -> None:
        """Close the connection with ``code`` now, whatever it has not read: the close
        frame goes after its unread frames, and a peer that does not read up to it within
        ``close_timeout`` has its socket cut (the unread frames go with it). ``why`` is
        for the log's line at its end."""
        if self.closing is not None:
            return
        self.why_closed = why
        loop = asyncio.get_running_loop()
        self.closing = loop.create_task(self.ws.close(code, reason), name=f"close {self!r}")
        loop.call_later(self.close_timeout, self.ws.transport.abort)

    def unread(self) -> int:
        """Bytes written to this connection that its peer has not taken yet."""
        return self.ws.transport.get_write_buffer_size()

    def check_unread(self) -> None:
        """Close the connection (:data:`SLOW_READER`) if its unread bytes pass its bound,
        or if it lags while its address's sessions together pass theirs: hundreds of
        connections of one machine, each under its own bound, would otherwise hold
        hundreds of megabytes. (Those closing count until they are gone: their frames
        are still held.)"""
        unread = self.unread()
        if unread > self.max_outgoing:
            self.drop(SLOW_READER, "slow_reader: too many frames left unread",
                      why=f"{unread} bytes unread, over its bound of {self.max_outgoing} "
                      "(--max-outgoing)")
        elif unread > LAGGING and self.max_outgoing_per_address is not None:
            together = self.neighbours.unread()
            if together > self.max_outgoing_per_address:
                self.drop(SLOW_READER, "slow_reader: too many frames left unread by this "
                          "address", why=f"{unread} bytes unread, and {together} by the "
                          "connections of its address, over the "
                          f"{self.max_outgoing_per_address} they may leave unread together")

    def __repr__(self) -> str:
        return f"<Session {self.address} {self.player or '-'}>"


def deliver(sessions: Iterable[Session], frame: bytes) -> None:
    """Write ``frame`` (a message's UTF-8 JSON, :func:`~shared.protocol.encode_bytes`:
    encoded once for all) to each open session as a text frame without waiting for its
    socket, then close any session whose unread bytes pass its bound.

    The websocket frame is built once for every receiver (:func:`text_frame`) and written
    to each socket as it is: what ``websockets.broadcast`` writes, without framing it
    again for each connection (4 us of a move's 150 for its two players). Only to a
    connection whose protocol is open, as ``broadcast`` does: not after a close frame.

    A socket that is closing is skipped: one that failed (its peer reset it) is still
    open to websockets until the event loop runs its ``connection_lost``, and the frames
    a gone peer had queued go on being answered meanwhile; asyncio logs a warning for
    each write to it, thousands from one flood."""
    receivers = [session for session in sessions
                 if session.closing is None and session.ws.protocol.state is State.OPEN
                 and not session.ws.transport.is_closing()]
    if not receivers:
        return
    data = text_frame(frame)
    for session in receivers:
        session.ws.transport.write(data)
    for session in receivers:
        session.check_unread()


def text_frame(payload: bytes) -> bytes:
    """``payload`` as one unmasked, final websocket text frame (RFC 6455 §5.2), as a
    server sends it with no extension (the server turns compression off)."""
    length = len(payload)
    if length < 126:
        return struct.pack("!BB", 0x81, length) + payload
    if length < 65536:
        return struct.pack("!BBH", 0x81, 126, length) + payload
    return struct.pack("!BBQ", 0x81, 127, length) + payload
