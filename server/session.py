"""One client connection: its socket, its player once it said hello, its message budget."""

from __future__ import annotations

import time
from typing import Callable

from websockets.asyncio.server import ServerConnection

from server.limits import MessageBudget
from shared.protocol import Error, ErrorCode, Message, encode


class Session:
    """A connected client. ``player`` is set by ``hello``; ``watching`` holds spectated codes."""

    def __init__(
        self, ws: ServerConnection, address: str, budget: MessageBudget,
        before_send: Callable[[], None] = lambda: None,
    ) -> None:
        self.ws = ws
        self.before_send = before_send
        """Called before every frame: the server stores and sends pending moves there first."""
        self.address = address
        self.budget = budget
        self.player: str | None = None
        self.name = ""
        self.watching: set[str] = set()
        self.opened = time.monotonic()
        self.received = 0

    async def send(self, message: Message) -> None:
        self.before_send()
        await self.ws.send(encode(message))

    async def error(
        self, code: ErrorCode, message: str, ref: str | None = None, match: str | None = None
    ) -> None:
        await self.send(Error(code=code, message=message, ref=ref, match=match))

    def __repr__(self) -> str:
        return f"<Session {self.address} {self.player or '-'}>"
