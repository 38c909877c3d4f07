"""One client connection: its socket and message budget, and (as a Peer) its player."""

from __future__ import annotations

import time
from typing import Callable

from websockets.asyncio.server import ServerConnection, broadcast

from server.room.limits import MessageBudget
from server.room.presence import Peer
from shared.protocol import Error, ErrorCode, Message, encode


class Session(Peer):
    """A connected client: the match room knows it as a :class:`Peer`, the shell sends
    on its socket."""

    def __init__(
        self, ws: ServerConnection, address: str, budget: MessageBudget,
        before_send: Callable[[], None] = lambda: None,
    ) -> None:
        super().__init__()
        self.ws = ws
        self.before_send = before_send
        """Called before every frame: the server stores and sends pending moves there first."""
        self.address = address
        self.budget = budget
        self.opened = time.monotonic()
        self.received = 0

    async def send(self, message: Message) -> None:
        self.before_send()
        await self.ws.send(encode(message))

    def write(self, message: Message) -> None:
        """Send ``message`` without waiting for the socket (as a broadcast is): dropped if
        the connection is closing. A peer that stops reading is dropped by the ping
        timeout, its frames unread."""
        self.before_send()
        broadcast((self.ws,), encode(message))

    async def error(
        self, code: ErrorCode, message: str, ref: str | None = None, match: str | None = None,
        retry_after: float | None = None,
    ) -> None:
        await self.send(Error(code=code, message=message, ref=ref, match=match,
                              retry_after=retry_after))

    def __repr__(self) -> str:
        return f"<Session {self.address} {self.player or '-'}>"
