"""Who may open a connection: at most so many per address, and so many in all, counted
from the TCP accept (so handshakes in progress count too).

Every connection holds a file descriptor, and so do the store and the bot workers: if
connections took them all, ``accept()`` would fail for everyone and the store could not
open its journal. So the server raises its own descriptor limit as far as the system
lets it (:func:`raise_descriptor_limit`) and admits connections only up to a cap below it
(:func:`connection_cap`); past the cap a connection is refused with HTTP 503
``server_busy`` once its request arrives, and past that by more than :data:`REFUSING`
it is cut at once, so even refusals cannot use up the descriptors left.
"""

from __future__ import annotations

import asyncio
import logging
import socket
from enum import Enum
from typing import Final

from websockets.asyncio.server import ServerConnection

from server.room.addresses import AddressCounter

log = logging.getLogger("taikyoku.server")

RESERVED: Final = 64
"""Descriptors kept for the server itself: the store (database, journal, lock), the
listening sockets, LAN discovery, the log, the web client's files."""
PER_WORKER: Final = 4
"""Descriptors a bot worker costs the server (its process's sentinel and pipes)."""
REFUSING: Final = 64
"""Connections over the cap that are still answered (503) rather than cut at accept."""
RECEIVE_BUFFER: Final = 16 * 1024
"""Bytes the kernel holds for a connection before the server reads them (SO_RCVBUF;
Linux doubles it for its bookkeeping), and so the most one read brings. websockets
parses all of a read before the event loop serves anyone else, and at the default
(128 KiB and more) one peer's burst of tiny frames held every other player for a
tenth of a second, a hundred such peers for seconds; a slice of this size is parsed
in milliseconds. Plenty for the protocol: its frames are a few hundred bytes."""
SEND_BUFFER: Final = 64 * 1024
"""Bytes the kernel holds for a connection that its peer has not taken yet (SO_SNDBUF,
doubled by Linux). Left to itself Linux grows it to 4 MiB, where a client that stops
reading parks the server's frames before --max-outgoing ever sees them: 400 such
connections of one address held 285 MiB of the kernel's memory in 10 s, none closed.
Set, the unread frames pass this bound and reach the transport's, which closes the
connection at --max-outgoing."""
UNKNOWN_LIMIT: Final = 1024
"""The descriptor limit assumed where the system does not say (no ``resource``: Windows)."""


def raise_descriptor_limit() -> int:
    """Raise this process's soft limit on open descriptors to its hard limit (when the
    hard limit is unlimited, as far as the system accepts); the soft limit now."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise
        return UNKNOWN_LIMIT
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError) as err:  # macOS refuses more than OPEN_MAX
            log.warning("could not raise the open-file limit from %d to %d: %s",
                        soft, wanted, err)
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


def connection_cap(descriptors: int, workers: int) -> int:
    """The most connections a process with ``descriptors`` may admit, leaving the
    server's own, the bot workers' and the refusals' (at least 1)."""
    return max(1, descriptors - RESERVED - PER_WORKER * workers - REFUSING)


class Refusal(Enum):
    """Why a connection was not admitted."""

    ADDRESS = "too_many_connections"
    """Its address holds as many connections as one may."""
    BUSY = "server_busy"
    """The server holds as many connections as it may."""


class Admission:
    """The open connections, per address and in all, with their caps."""

    def __init__(self, per_address: AddressCounter, cap: int) -> None:
        self.per_address = per_address
        self.cap = cap
        self.open = 0
        """Connections accepted and not yet closed, refused ones included."""

    def admit(self, address: str) -> Refusal | None:
        """Count a connection accepted from ``address``; why it is refused, if it is."""
        self.open += 1
        if self.open > self.cap:
            return Refusal.BUSY
        if not self.per_address.admit(address):
            return Refusal.ADDRESS
        return None

    def release(self, address: str, refusal: Refusal | None) -> None:
        """A connection :meth:`admit` counted (and refused for ``refusal``) is closed."""
        self.open -= 1
        if refusal is None:
            self.per_address.release(address)

    @property
    def overflowing(self) -> bool:
        """Whether even a refusal is too many now: cut the connection at once."""
        return self.open > self.cap + REFUSING


class CountedConnection(ServerConnection):
    """A connection counted by its server's :class:`Admission` from its TCP accept to
    its close (the handshake has ``open_timeout`` to finish), with small socket buffers
    (:data:`RECEIVE_BUFFER`, :data:`SEND_BUFFER`), cut when what it leaves unread passes
    ``write_limit`` however it got there. ``admission`` is set by :func:`counted` for
    each server."""

    admission: Admission
    why_cut: str | None = None
    """Why it was cut (:meth:`data_received`), for the log's line at its end."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        self.refusal = self.admission.admit(self.address)
        self.counted = True
        sock = transport.get_extra_info("socket")
        if sock is not None:  # small reads, so no peer's burst holds the others up;
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, RECEIVE_BUFFER)
            # and what a peer leaves unread is counted by the server, not the kernel
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
        super().connection_made(transport)
        if self.admission.overflowing:
            self.transport.abort()

    def data_received(self, data: bytes) -> None:
        """Read as websockets does, then cut the socket if its unread bytes passed
        ``write_limit`` (twice --max-outgoing).

        The server's own frames never get this far (past --max-outgoing the connection
        is closed, session.py), but websockets answers each ping with a pong by itself,
        here: a peer that streams pings and never reads would have them pile up without
        end (100 MiB of the server's memory in 10 s from one connection), and no close
        frame could reach it past them."""
        super().data_received(data)
        unread = self.transport.get_write_buffer_size()
        if unread > self.transport.get_write_buffer_limits()[1]:
            self.why_cut = (f"cut with {unread} bytes unread, past twice --max-outgoing "
                            "(pings sent without reading the answers)")
            self.transport.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        if self.counted:
            self.counted = False
            self.admission.release(self.address, self.refusal)


def counted(admission: Admission) -> type[CountedConnection]:
    """The connection class of a server whose connections ``admission`` counts."""
    return type("CountedConnection", (CountedConnection,), {"admission": admission})
