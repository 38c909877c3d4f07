"""The game server: the websockets listener and each connection's loop (its settings are
ServerConfig, in server/config.py, re-exported here).

    async with GameServer(ServerConfig(port=0, db=":memory:")) as server:
        print(server.url)          # ws://127.0.0.1:<port>
        await server.serve_forever()

Frames are checked here (binary, size, budget, schema); requests go to the
EffectRunner, which hands them to the match room and carries out what it returns
(server/shell/effect_runner.py, server/room/room.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time
from http import HTTPStatus
from types import TracebackType
from typing import TYPE_CHECKING

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.frames import CloseCode
from websockets.http11 import Request, Response
from websockets.protocol import State

from server import __version__
from server.config import ServerConfig as ServerConfig  # callers import it from here
from server.room.addresses import AddressCounter, address_key, is_loopback
from server.room.message_budget import MessageBudget
from server.shell.address_log import SESSION_SECONDS, SUMMARY_SECONDS, AddressLog
from server.shell.admission import (
    Admission,
    CountedConnection,
    Refusal,
    connection_cap,
    counted,
    raise_descriptor_limit,
)
from server.shell.bot_pool import BotRunner
from server.shell.effect_runner import EffectRunner
from server.shell.host_names import HostNames
from server.shell.session import SLOW_READER, AddressSessions, Session
from server.shell.web_files import WebClient
from server.store.database import Store
from server.store.upkeep import Upkeep
from shared.protocol import (
    Error,
    ErrorCode,
    ProtocolError,
    ServerInfo,
    decode_client,
    encode,
    peek,
    request_id,
)

if TYPE_CHECKING:  # imported only when discovery is on (it loads zeroconf)
    from server.shell.discovery import Advertiser

log = logging.getLogger("taikyoku.server")

YOUNG_COLLECTION = 10_000
"""Container allocations (net of those freed) between two collections of the youngest
generation, where Python's default is 700: a move allocates dozens (frames, futures,
the state, the store's rows) and most of them die young, but each collection also
walks what survived and every tenth goes on to the older generations, about 10 us a
move at 100 games (benchmarks/README.md, load). Cycles are still collected, later."""


class GameServer:
    """A running taikyoku server (start/close may be called inside any running loop)."""

    def __init__(self, config: ServerConfig | None = None) -> None:
        self.config = config or ServerConfig()
        self.port = self.config.port
        self.store: Store | None = None
        self.runner: EffectRunner | None = None
        self.bots = BotRunner(self.config.bot_workers, self.config.bot_seconds)
        self._admission = Admission(AddressCounter(
            self.config.max_connections_per_address, self.config.exempt_loopback
        ), cap=self.config.max_connections or 0)  # the cap is set by start()
        self._server: Server | None = None
        self._web = WebClient.load()
        self._hosts = HostNames.of_this_machine(self.config.host, self.config.allowed_hosts)
        self._refused_hosts: set[str] = set()
        self._news = AddressLog()
        self._summaries: asyncio.Task[None] | None = None
        self._sessions_by_address: dict[str, AddressSessions] = {}
        """The open sessions of each address (:func:`address_key`), whose unread frames
        are bounded together (:meth:`Session.check_unread`)."""
        self._advertiser: Advertiser | None = None
        self._closed = asyncio.Event()
        self._threshold: tuple[int, int, int] | None = None
        """The collector's thresholds before :meth:`start` set its own (put back by close);
        None when another server of this process had set them, which puts them back."""

    @property
    def url(self) -> str:
        """An address that reaches this server from this machine."""
        host = self.config.host
        if host in ("", "0.0.0.0", "::"):
            host = "127.0.0.1"
        elif ":" in host:
            host = f"[{host}]"
        return f"ws://{host}:{self.port}"

    async def start(self) -> None:
        """Open the database, bind the port, load the bots' engine and start its workers
        (``warm_bots``, :meth:`BotRunner.prepare`: seconds on a first run, when it
        compiles; the workers start while the server serves, and a bot move or a hint
        waits for them), restore unfinished matches, then accept connections; serving
        when it returns.

        A failed start touches no match: the database is locked first (another server
        on it: :class:`DatabaseInUseError`), the port is bound before any match is
        restored (taken: OSError), and no bot thinks before both succeeded.
        """
        cfg = self.config
        self._admission.cap = cfg.max_connections or connection_cap(
            raise_descriptor_limit(), self.bots.size)
        self.store = Store(cfg.db, exclusive=True, upkeep=Upkeep.of(cfg))
        self.runner = EffectRunner(self.store, self.bots, cfg,
                                   ServerInfo(name=cfg.name, version=__version__), self._news)
        try:
            self._server = await serve(
                self._connection, cfg.host, cfg.port,
                max_size=cfg.max_frame, compression=None,
                ping_interval=cfg.ping_interval, ping_timeout=cfg.ping_timeout,
                close_timeout=cfg.close_timeout, start_serving=False,
                # Frames go out without waiting for the socket (session.deliver), which
                # closes a connection past max_outgoing unread; only the library's own
                # frames wait for the buffer to drain below write_limit, so a keepalive
                # ping is written at once however much the peer left unread.
                write_limit=2 * cfg.max_outgoing,
                process_request=self._process_request,  # Host check, then the web client
                create_connection=counted(self._admission),  # counted from the TCP accept
            )
            if cfg.warm_bots:  # the engine here; its workers start while the server serves
                await self.bots.prepare()
            restored = self.runner.restore()
            # What start-up made (the modules, the engine, the restored matches) lives as
            # long as the server: out of the collector's way, a full collection scans only
            # what came after (tens of ms less of a stalled loop each time; see gc.freeze).
            gc.freeze()
            if (threshold := gc.get_threshold())[0] != YOUNG_COLLECTION:  # not a server's
                self._threshold = threshold  # already: this one puts it back
                gc.set_threshold(YOUNG_COLLECTION, *threshold[1:])
            await self._server.start_serving()  # players resuming find their matches
            self._summaries = asyncio.create_task(self._summarise(), name="log summaries")
        except BaseException:  # undo what was set up
            await self.close()
            raise
        self.port = self._server.sockets[0].getsockname()[1] if self._server.sockets else cfg.port
        log.info("%s listening on ws://%s:%d (database %s, %d unfinished matches restored, "
                 "at most %d connections)", cfg.name, cfg.host, self.port, self.store.path,
                 restored, self._admission.cap)
        if cfg.host in ("", "0.0.0.0"):
            log.info("players on the LAN connect to %s", ", ".join(self._lan_urls()))
        if cfg.discovery:
            await self._advertise()

    def _lan_urls(self) -> list[str]:
        from server.shell.discovery import advertised_addresses  # zeroconf's own interface list

        try:
            return [f"ws://{address}:{self.port}" for address in advertised_addresses(None)]
        except OSError as err:
            return [f"(the machine's addresses are unknown: {err})"]

    async def _advertise(self) -> None:
        try:
            from server.shell.discovery import Advertiser

            advertiser = Advertiser(self.config.name, self.port, __version__,
                                    host=self.config.host)
            await advertiser.start()
        except Exception as err:  # no multicast, no network: serve anyway
            log.warning("LAN discovery is off: %s", err)
        else:
            self._advertiser = advertiser

    async def close(self) -> None:
        """Stop serving; unfinished matches stay in the database for the next start."""
        advertiser, self._advertiser = self._advertiser, None
        if advertiser is not None:
            await advertiser.close()
        if self._server is not None:
            await _close_connections(self._server)
            self._server = None
        if self._summaries is not None:
            self._summaries.cancel()
            self._summaries = None
            self._news.summarise()
        if self.runner is not None:
            await self.runner.close()
        await self.bots.close()
        if self.store is not None:
            self.store.close()
            self.store = None
        if self._threshold is not None:
            gc.set_threshold(*self._threshold)
            self._threshold = None
        self._closed.set()

    async def serve_forever(self) -> None:
        """Serve until :meth:`close` is called (by a signal handler, say)."""
        await self._closed.wait()

    async def __aenter__(self) -> GameServer:
        await self.start()
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, err: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    # ---- one connection -------------------------------------------------------------

    def _process_request(
        self, connection: ServerConnection, request: Request
    ) -> Response | None:
        """A connection over the server's cap (counted from its TCP accept) gets 503,
        one over the cap of its address 429. Every request, the page's or the upgrade's,
        must name this server in Host (server/shell/host_names.py): 421 otherwise. Then
        the web client's answer."""
        refusal = connection.refusal if isinstance(connection, CountedConnection) else None
        address = connection.remote_address[0] if connection.remote_address else "?"
        if refusal is Refusal.BUSY:
            self._news.note(
                address, "connections refused (the server was full)", logging.WARNING,
                "connection from %s refused: the server holds %d connections, the most it "
                "may (--max-connections)", address, self._admission.cap)
            return connection.respond(
                HTTPStatus.SERVICE_UNAVAILABLE,
                f"server_busy: this server holds {self._admission.cap} connections, the "
                "most it may; try again later\n")
        if refusal is Refusal.ADDRESS:
            cap = self._admission.per_address.cap
            self._news.note(
                address, "connections refused (over the address's cap)", logging.INFO,
                "connection from %s refused: over %d connections from that address",
                address, cap)
            return connection.respond(
                HTTPStatus.TOO_MANY_REQUESTS,
                f"too_many_connections: this server accepts at most {cap} "
                "open connections from one address; close some and try again\n")
        hosts = request.headers.get_all("Host")
        if self._hosts.allows(hosts):
            return self._web.process_request(connection, request)
        named = ", ".join(hosts)[:100] or "no Host"
        if len(self._refused_hosts) < 100 and named not in self._refused_hosts:
            self._refused_hosts.add(named)  # said once a name, so a flood cannot fill the log
            log.warning("refused a request for %r: not a name of this server (if it is, "
                        "start it with --allow-host NAME)", named)
        return connection.respond(HTTPStatus.MISDIRECTED_REQUEST,
                                  "This game server does not answer to that name.\n")

    async def _connection(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        port = ws.remote_address[1] if ws.remote_address else 0
        assert self.runner is not None
        cfg = self.config
        key = address_key(address)
        exempt = cfg.exempt_loopback and is_loopback(address)
        session = Session(ws, address, MessageBudget(cfg.rate, cfg.burst, time.monotonic),
                          before_send=self.runner.flush, max_outgoing=cfg.max_outgoing,
                          close_timeout=cfg.close_timeout,
                          neighbours=self._sessions_by_address.setdefault(key, AddressSessions()),
                          max_outgoing_per_address=None if exempt
                          else cfg.max_outgoing_per_address)
        overdue = asyncio.get_running_loop().call_later(
            cfg.hello_timeout, self._hello_overdue, session)
        try:
            await self._serve(session)
        except ConnectionClosed:
            pass
        finally:
            overdue.cancel()
            session.neighbours.discard(session)
            if not session.neighbours:
                del self._sessions_by_address[key]
            if self.runner is not None:
                self.runner.disconnected(session)
            self._log_close(session, port)

    def _log_close(self, session: Session, port: int) -> None:
        """The line at a connection's end, with the unfinished matches its player is
        seated at (what an operator greps for when a player says their game dropped): a
        player's session (long enough to have played, or seated at an unfinished match)
        always has one (within a generous budget), any other connection within its
        address's share."""
        code = _close_code(session.ws)
        seconds = time.monotonic() - session.opened
        seated = [match.code for match in self.runner.room.seated(session.player)
                  if match.result is None] if self.runner and session.player else []
        cut = session.ws.why_cut if isinstance(session.ws, CountedConnection) else None
        why = session.why_closed or cut
        args = (session.address, port,
                f"player {session.player} ({session.name})" if session.player else "anon",
                code, seconds, session.received,
                f"; seated at {', '.join(seated)}" if seated else "", f": {why}" if why else "")
        line = "connection %s:%s %s closed (code %s) after %.1f s and %d messages%s%s"
        level = logging.WARNING if code == SLOW_READER or cut else logging.INFO
        if session.player is not None and (seconds >= SESSION_SECONDS or seated):
            self._news.session_end(session.address, level, line, *args)
        else:
            self._news.note(session.address, "brief connections closed", level,
                                      line, *args)

    async def _summarise(self) -> None:
        """Sum up, once every SUMMARY_SECONDS, the lines about connections and matches held back."""
        while True:
            await asyncio.sleep(SUMMARY_SECONDS)
            self._news.summarise()

    def _hello_overdue(self, session: Session) -> None:
        """Close a connection that has not been welcomed ``hello_timeout`` seconds after
        its upgrade: an idle socket must not hold a descriptor for good."""
        if session.player is None:
            timeout = self.config.hello_timeout
            session.drop(CloseCode.POLICY_VIOLATION,
                         f"hello_timeout: no hello within {timeout:g} s",
                         why=f"no hello within {timeout:g} s")

    async def _serve(self, session: Session) -> None:
        ws = session.ws
        assert self.runner is not None
        while True:  # recv, not ``async for``: no async generator around every frame
            frame = await ws.recv()  # ConnectionClosed ends the connection (_connection)
            session.received += 1
            if (unsettled := self.runner.unsettled(session)) is not None:
                await unsettled  # its last request is stored or refused first
            if isinstance(frame, bytes):
                _cut(ws, CloseCode.UNSUPPORTED_DATA,
                     "binary frames are not accepted; send JSON text frames")
                return
            if not session.budget.take():
                if session.budget.abusive:
                    _cut(ws, CloseCode.POLICY_VIOLATION, "too many messages")
                    return
                wait = session.budget.wait()
                session.error("rate_limited", f"over the budget of {self.config.rate:g} "
                              f"messages per second (bursts of {self.config.burst}); "
                              f"this message was dropped: send it again in {wait:g} s",
                              *peek(frame), retry_after=wait, request_id=request_id(frame))
                continue
            if session.player is None and (named := peek(frame))[0] != "hello":
                await _refuse(ws, "hello_required", "the first message must be a hello, e.g. "
                              '{"type":"hello","protocol":1,"name":"Taro","token":null}', *named)
                return
            try:
                msg = decode_client(frame)
            except ProtocolError as err:
                session.error(err.code, err.message, *peek(frame),
                              request_id=request_id(frame))
                continue
            try:
                await self.runner.handle(session, msg)  # before hello, msg is a Hello
            except ProtocolError as err:
                session.error(err.code, err.message, peek(frame)[0],
                              getattr(msg, "match", None), err.retry_after, msg.id)
                if err.code == "unsupported_protocol":
                    await ws.close(CloseCode.PROTOCOL_ERROR, "unsupported protocol version")
                    return


SHUTDOWN_GRACE = 1.0
"""Seconds the connections have to answer the server's closing 1001 when it stops."""


async def _close_connections(server: Server) -> None:
    """Stop accepting, close every connection with 1001 and wait until they are gone:
    a peer that has not answered within :data:`SHUTDOWN_GRACE` (one that stopped
    reading, one whose network went away) has its socket cut, so a stop is prompt."""
    server.close()
    try:
        await asyncio.wait_for(server.wait_closed(), SHUTDOWN_GRACE)
    except TimeoutError:
        late = [ws for ws in server.all_connections if ws.state is not State.CLOSED]
        log.info("cutting %d connections that did not answer the close in %g s",
                 len(late), SHUTDOWN_GRACE)
        for ws in late:
            ws.transport.abort()
        await server.wait_closed()


def _close_code(ws: ServerConnection) -> int | None:
    """The connection's close code; for one :func:`_cut` (still closing), the code the
    server sent."""
    if ws.close_code is not None:
        return ws.close_code
    sent = ws.protocol.close_sent
    return None if sent is None else int(sent.code)


def _cut(ws: ServerConnection, code: int, reason: str) -> None:
    """Send the close frame and stop reading the peer at once: the socket closes once the
    close frame is written, without waiting for the peer's answer.

    For a peer that broke the rules (a flood, a binary frame, no hello): a graceful
    close would read, and parse, everything it goes on sending until its answer or
    ``close_timeout``, and a peer streaming thousands of tiny frames a second costs the
    event loop a few microseconds each, which every other player would wait for.
    """
    if ws.state is not State.OPEN:
        return
    ws.protocol.send_close(code, reason)
    for data in ws.protocol.data_to_send():
        if data:
            ws.transport.write(data)
    ws.transport.close()  # no more reading; closes once the close frame is written


async def _refuse(ws: ServerConnection, code: ErrorCode, message: str,
                  ref: str | None = None, match: str | None = None) -> None:
    """One error frame (naming the frame refused, if any), then the close with 1008
    (policy violation), reading nothing more (:func:`_cut`)."""
    with contextlib.suppress(ConnectionClosed):  # the peer may be gone already
        await ws.send(encode(Error(code=code, message=message, ref=ref, match=match)))
    _cut(ws, CloseCode.POLICY_VIOLATION, code)
