"""The one network connection every client uses: the window, the terminal and the bots.

    async with Connection("ws://host:8765/", "Taro") as conn:   # hello -> welcome
        await conn.create("othello", vs="bot", level=3)
        while True:
            message = await conn.recv()      # Joined, MatchState, Error, Lobby ... or LinkStatus

A background reader task decodes every server frame into the inbox (an asyncio.Queue).
When the link drops without us closing it, the reader reconnects with capped exponential
backoff and jitter, sends ``hello`` with the player's token (the server then re-sends
``joined`` + ``state`` for every match the player holds), and puts a :class:`LinkStatus`
in the inbox each time the link goes down or comes back, so a client can tell its user.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Literal

from websockets.asyncio.client import ClientConnection
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import (
    ConnectionClosed,
    InvalidHandshake,
    InvalidURI,
)

from client.common.link_errors import ConnectError, describe_failure
from client.common.sanitise import clean, clean_text, plain
from client.common.words import refusal, words
from shared.ai.levels import DEFAULT_LEVEL
from shared.protocol import (
    PROTOCOL_VERSION,
    BotChoice,
    Clock,
    Create,
    Error,
    Hello,
    Join,
    Leave,
    ListMatches,
    Message,
    Move,
    Position,
    ProtocolError,
    Rematch,
    Resign,
    ServerMessage,
    Watch,
    Welcome,
    decode_server,
    encode,
)

log = logging.getLogger(__name__)

MAX_SERVER_FRAME = 16 * 2**20
"""Server frames can be larger than client ones (a lobby with thousands of matches)."""


CLOSE_REASONS = {1000: "link-closed", 1001: "link-going-away", 1002: "link-other-protocol",
                 1006: "link-broke", 1008: "link-refused", 1009: "link-too-large",
                 1011: "link-no-answer"}
"""The catalogue's words for why the link closed, by the close code (the page's too); the
server's own reason is English for bot authors, and only logged."""
RESENT = (Move, ListMatches)
"""The intents sent again when a link closed under them: the server acts on them once."""


@dataclass(frozen=True)
class LinkStatus:
    """Put in the inbox whenever the link drops or comes back.

    ``message`` is for people, in the client's language: "Connection lost (the link
    broke); trying again in 2 s…" / "Reconnected.".
    ``final`` is True when the connection has given up (or reconnecting is off): no
    further message will arrive.
    """

    up: bool
    message: str
    final: bool = False


class Connection:
    """A player's link to one server: hello, intents out, server messages in, resume.

    ``token`` (or the contents of ``token_file``) resumes a known player; after every
    welcome the token is written back to ``token_file`` so the next run resumes too.
    ``backoff`` is (first delay, cap) in seconds; ``give_up_after`` stops reconnecting
    when the link has been down that long (None: keep trying until closed).
    ``on_status`` is also called with every LinkStatus (e.g. to log it at once).
    """

    def __init__(
        self,
        url: str,
        name: str = "",
        *,
        token: str | None = None,
        token_file: Path | None = None,
        reconnect: bool = True,
        backoff: tuple[float, float] = (0.5, 10.0),
        give_up_after: float | None = None,
        open_timeout: float = 10.0,
        on_status: Callable[[LinkStatus], None] | None = None,
    ) -> None:
        self.url = url
        self.name = name
        self.token_file = token_file
        if token is None and token_file is not None:
            token = _read_token(token_file)
        self.token: str | None = token
        self.reconnect = reconnect
        self.backoff = backoff
        self.give_up_after = give_up_after
        self.open_timeout = open_timeout
        self.on_status = on_status
        self.welcome: Welcome | None = None
        self.player: str | None = None
        self.up = False
        self._ws: ClientConnection | None = None
        self._inbox: asyncio.Queue[ServerMessage | LinkStatus] = asyncio.Queue()
        self._link_up = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None
        self._closing = False
        self._finished = False  # the reader has stopped for good
        self._end: str | None = None  # why, once finished

    # ---- life cycle ------------------------------------------------------------

    async def connect(self) -> Welcome:
        """Open the link and introduce ourselves; ConnectError says why it failed."""
        if self._reader is not None:
            raise RuntimeError("this connection is already open")
        self._ws, welcome = await self._open()
        self._accept(welcome)
        try:
            self._save_token()
        except ConnectError:
            await self._ws.close()
            self._set_down()
            raise
        self._reader = asyncio.create_task(self._read_forever(), name=f"reader {self.url}")
        return welcome

    async def close(self) -> None:
        """Close deliberately: no reconnect; a pending recv gets a final LinkStatus."""
        if self._closing:
            return
        self._closing = True
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        if self._ws is not None:
            await self._ws.close()
        self._set_down()
        self._finish(words()("link-disconnected"))

    async def __aenter__(self) -> Connection:
        await self.connect()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    @property
    def alive(self) -> bool:
        """False once closed or given up: nothing more will be received or sent."""
        return not (self._closing or self._finished)

    # ---- messages ----------------------------------------------------------------

    async def send(self, message: Message) -> None:
        """Send an intent; while the link is being re-established, wait for it.

        A frame refused because the link had just closed may still have reached the
        server. Moves and the match list are sent again once the link is back (a move
        carries its ply, so the server never plays one twice); any other intent is not,
        since the server may have acted on it (two `create`s would be two matches): the
        server's resume re-sends the matches it made, and a caller that hears nothing
        after the reconnect asks again.
        ConnectError once the connection has been closed or has given up.
        """
        text = encode(message)
        while True:
            if self._closing or self._finished:
                raise self._not_connected()
            await self._wait_for_link()
            ws = self._ws
            if ws is None:
                continue
            try:
                await ws.send(text)
                return
            except ConnectionClosed:
                self._set_down()  # the reader notices too and reconnects
                if not isinstance(message, RESENT):
                    log.info("%s not sent again after the link to %s closed",
                             type(message).__name__, self.url)
                    return

    async def recv(self, timeout: float | None = None) -> ServerMessage | LinkStatus:
        """The next server message or link event; TimeoutError after ``timeout`` s.

        After the final LinkStatus (closed, or gave up) it raises ConnectError.
        """
        if self._finished and self._inbox.empty():
            raise self._not_connected()
        if timeout is None:
            return await self._inbox.get()
        return await asyncio.wait_for(self._inbox.get(), timeout)

    def drain(self) -> list[ServerMessage | LinkStatus]:
        """Everything already received, without waiting (for a frame loop)."""
        items: list[ServerMessage | LinkStatus] = []
        while not self._inbox.empty():
            items.append(self._inbox.get_nowait())
        return items

    # ---- one-liners for the protocol's intents -----------------------------------

    async def list_matches(self) -> None:
        await self.send(ListMatches())

    async def create(
        self,
        game: str,
        size: int | None = None,
        vs: Literal["bot", "human"] = "bot",
        seat: Literal["first", "second", "random"] = "first",
        level: int = DEFAULT_LEVEL,
        position: Position | None = None,
        clock: Clock | None = None,
        hints: bool = False,
        unlisted: bool = False,
        spectator_chat: bool = True,
    ) -> None:
        """Ask for a new match; the server answers ``joined`` + ``state`` (or ``error``).

        ``clock``, ``hints`` (hints between people) and the privacy (``unlisted``,
        ``spectator_chat``) are optional features: a server without them
        (``welcome.features``) ignores the fields and starts the match plain.
        """
        bot = BotChoice(level=level) if vs == "bot" else None
        await self.send(Create(game=game, size=size, vs=vs, seat=seat, bot=bot,
                               position=position, clock=clock, hints=hints,
                               unlisted=unlisted, spectator_chat=spectator_chat))

    async def join(self, code: str) -> None:
        await self.send(Join(match=code))

    async def watch(self, code: str) -> None:
        await self.send(Watch(match=code))

    async def leave(self, code: str) -> None:
        await self.send(Leave(match=code))

    async def move(self, code: str, move: int, ply: int) -> None:
        await self.send(Move(match=code, move=move, ply=ply))

    async def resign(self, code: str) -> None:
        await self.send(Resign(match=code))

    async def rematch(self, code: str) -> None:
        await self.send(Rematch(match=code))

    # ---- internals -----------------------------------------------------------------

    async def _open(self) -> tuple[ClientConnection, Welcome]:
        """One connection attempt: websocket handshake, hello, welcome."""
        try:
            ws = await ws_connect(
                self.url, open_timeout=self.open_timeout, max_size=MAX_SERVER_FRAME,
                proxy=None,
            )
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI, ValueError) as err:
            raise ConnectError(clean_text(describe_failure(self.url, err))) from err
        try:
            await ws.send(encode(Hello(protocol=PROTOCOL_VERSION, name=self.name,
                                       token=self.token)))
            raw = await asyncio.wait_for(ws.recv(), self.open_timeout)
            reply = _decode(raw)
        except (ConnectionClosed, TimeoutError, ProtocolError) as err:
            await ws.close()
            raise ConnectError(clean_text(
                words()("link-no-hello", url=self.url, error=str(err)))) from err
        if isinstance(reply, Error):
            await ws.close()
            if reply.code == "unsupported_protocol":
                raise ConnectError(words()("link-protocol-mismatch", url=self.url,
                                           version=str(PROTOCOL_VERSION)))
            raise ConnectError(words()("link-refused-us", url=self.url, why=refusal(reply)))
        if not isinstance(reply, Welcome):
            await ws.close()
            raise ConnectError(words()("link-not-welcome", url=self.url,
                                       what=type(reply).__name__))
        return ws, reply

    def _accept(self, welcome: Welcome) -> None:
        self.welcome = welcome
        self.player = welcome.player
        self.token = welcome.token
        self.up = True
        self._link_up.set()

    def _save_token(self) -> None:
        """Write the token to ``token_file``, for the next run; ConnectError if it fails."""
        if self.token_file is not None and self.token is not None:
            _write_token(self.token_file, self.token)

    def _status(self, status: LinkStatus) -> None:
        self._inbox.put_nowait(status)
        if self.on_status is not None:
            self.on_status(status)

    def _not_connected(self) -> ConnectError:
        """Why nothing more can be sent or received: closed, or given up (``_end``)."""
        why = self._end or words()("link-disconnected")
        return ConnectError(words()("link-not-connected", url=self.url, why=why))

    def _set_down(self) -> None:
        self.up = False
        self._link_up.clear()

    def _finish(self, message: str) -> None:
        if not self._finished:
            self._finished, self._end = True, message
            self._status(LinkStatus(False, message, final=True))
            self._link_up.set()  # wake senders so they see the end

    async def _wait_for_link(self) -> None:
        await self._link_up.wait()

    async def _read_forever(self) -> None:
        while True:
            ws = self._ws
            assert ws is not None
            try:
                async for raw in ws:
                    try:
                        self._inbox.put_nowait(_decode(raw))
                    except ProtocolError as err:
                        log.warning("ignored a frame from %s: %s", self.url,
                                    clean_text(err.message))
            except ConnectionClosed:
                pass
            self._set_down()
            if self._closing:
                return
            if ws.close_reason:
                log.info("%s closed the link: %s", self.url, clean_text(ws.close_reason))
            reason = words()(CLOSE_REASONS.get(ws.close_code or 0, "link-broke"))
            if not self.reconnect:
                self._finish(words()("link-lost", reason=reason))
                return
            if not await self._reconnect(reason):
                return

    async def _reconnect(self, reason: str) -> bool:
        """Retry with capped exponential backoff and jitter until back, or give up."""
        first, cap = self.backoff
        delay = first
        loop = asyncio.get_running_loop()
        started = loop.time()
        while True:
            wait = delay * random.uniform(0.5, 1.0)
            self._status(LinkStatus(False, words()("link-retry", first="no", reason=reason,
                                                   seconds=f"{wait:.1f}")))
            await asyncio.sleep(wait)
            try:
                ws, welcome = await self._open()
            except ConnectError as err:
                reason = str(err)
                if self.give_up_after is not None and (
                        loop.time() - started >= self.give_up_after):
                    self._finish(words()("link-gave-up", reason=reason,
                                         seconds=f"{loop.time() - started:.0f}"))
                    return False
                delay = min(cap, delay * 2)
                continue
            previous = self.player
            self._ws = ws
            self._accept(welcome)
            try:
                self._save_token()
            except ConnectError as err:  # we play on; only a later run may not resume us
                log.warning("%s (after reconnecting to %s)", err, self.url)
            forgotten = previous is not None and welcome.player != previous
            self._status(LinkStatus(True, words()(
                "link-reconnected-unknown" if forgotten else "link-reconnected")))
            return True


def _decode(raw: str | bytes) -> ServerMessage:
    """A server frame as a message whose every string is safe to show (the server, or a
    player through it, may have put escape sequences in a name or a message)."""
    message = decode_server(raw)
    return message if plain(raw) else clean(message)


def _read_token(path: Path) -> str | None:
    """The saved token, or None when the file does not exist yet."""
    try:
        token = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return None
    except OSError as err:
        raise ConnectError(words()("token-unreadable", path=str(path),
                                   error=str(err.strerror or err))) from err
    return token or None


def _write_token(path: Path, token: str) -> None:
    """Save the token readable by its owner only: it is the player's password."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(token + "\n")
    except OSError as err:
        raise ConnectError(words()("token-unwritable", path=str(path),
                                   error=str(err.strerror or err))) from err


__all__ = ["ConnectError", "Connection", "LinkStatus"]
