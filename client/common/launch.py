"""Find a game server or start one: what `taikyoku play` and `taikyoku tui` do first.

With an address, that server. Otherwise look on the LAN (zeroconf) and take the first
server found that speaks our protocol; finding none, start a server in this process, on
this asyncio loop, listening on every interface so a friend on the LAN can join the match.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Awaitable, Callable
from urllib.parse import urlsplit

from client.common.connection import ConnectError
from client.common.identity import url_key
from client.common.words import words

if TYPE_CHECKING:
    from client.common.discovery import FoundServer
    from server.config import ServerConfig
    from server.shell.app import GameServer

@dataclass
class Where:
    """The server we play on: its address, words for people, and ours if we started it.

    ``share`` is the address to give a friend on another machine (for a server started
    here, or one named by a loopback address, this machine's LAN address rather than the
    loopback one we use). ``key`` names
    the server for remembering who we are there: its address, or for a server started
    here its database (its port may differ from one run to the next; its players don't).
    """

    url: str
    label: str
    server: GameServer | None = None
    share: str = ""
    key: str = ""

    def __post_init__(self) -> None:
        self.share = self.share or self.url
        self.key = self.key or url_key(self.url)

    async def close(self) -> None:
        if self.server is not None:
            await self.server.close()


def lan_address() -> str:
    """This machine's address on the LAN, for telling a friend where to connect.

    Connecting a UDP socket sends nothing; it only asks the OS which interface
    would be used. Falls back to the host name.
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            return str(s.getsockname()[0])
    except OSError:
        return socket.gethostname()


def shared_address(server: str) -> str:
    """The address of ``server`` (``ws://HOST:PORT``) to give a friend on another machine:
    for a loopback host (127.0.0.1, ::1, localhost), which is how the host's own machine
    reaches its server and no one else's does, this machine's LAN address; else the same.
    """
    parts = urlsplit(server)
    host = parts.hostname
    if host is None:
        return server
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:  # a host name
        return server
    if not loopback:
        return server
    lan = lan_address()
    netloc = f"[{lan}]" if ":" in lan else lan
    if parts.port is not None:
        netloc += f":{parts.port}"
    return parts._replace(netloc=netloc).geturl()


async def _lan_servers(timeout: float) -> list[FoundServer]:
    from client.common.discovery import discover

    return await discover(timeout=timeout)


async def find_or_start(
    server: str | None,
    *,
    lan: bool = True,
    discover: Callable[[float], Awaitable[list[FoundServer]]] = _lan_servers,
    discover_timeout: float = 1.5,
    config: ServerConfig | None = None,
    say: Callable[[str], None] = lambda text: None,
) -> Where:
    """The server to play on; ``config`` is a started one's (default ServerConfig's:
    every interface, port 8765, the user's game database).

    ``say`` reports progress ("Looking for a server on the LAN...") to the caller, and
    while the bots' engine is compiled for a server started here (the first run after an
    install takes seconds; see :func:`server.shell.bot_pool.prepare_engine`).
    When the port is taken by something else, the started server takes any free port
    instead; when a server here already has the game database open (another window
    started it), we play on that one.
    """
    if server:
        return Where(server, server, share=shared_address(server))
    if lan:
        say(words()("start-looking"))
        try:
            found = await discover(discover_timeout)
        except Exception as err:  # no multicast here, or zeroconf trouble: never a reason
            # not to play, so start our own server instead
            say(words()("start-no-discovery", error=str(err)))
            found = []
        if found:
            from client.common.discovery import choose_server

            try:
                chosen = choose_server(found)
                return Where(chosen.url, words()("where-found",
                                                 address=f"{chosen.host}:{chosen.port}"))
            except ConnectError as err:  # none we can talk to: play here rather than not
                say(words()("start-none-usable", why=str(err)))
    # with --no-lan nobody looked: "no server found" would send them looking for one
    say(words()("start-here", looked="yes" if lan else "no"))
    from server.config import ServerConfig
    from server.shell.app import GameServer
    from server.shell.bot_pool import prepare_engine
    from server.store.database import DatabaseInUseError, default_db_path

    config = config or ServerConfig()
    db = str(config.db or default_db_path())
    # the players remembered here are filed by this key since the first release: it stays
    key = f"this computer {db if db == ':memory:' else Path(db).resolve()}"  # not words
    host = config.host
    local = "127.0.0.1" if host in ("0.0.0.0", "", "::") else host
    shown = lan_address() if host in ("0.0.0.0", "", "::") else host
    if config.warm_bots:  # compiled here, so the window can say why it waits
        await prepare_engine(lambda _: say(words()("start-preparing")))
    try:
        game_server = GameServer(config)
        await game_server.start()
    except DatabaseInUseError as err:  # a server here has our games: play on that one
        return await _already_here(err, local, shown, config.port, key)
    except OSError:
        game_server = GameServer(replace(config, port=0))
        await game_server.start()
    share = f"ws://{shown}:{game_server.port}"
    return Where(f"ws://{local}:{game_server.port}", words()("where-here", share=share),
                 game_server, share, key)


async def _already_here(err: OSError, local: str, shown: str, port: int, key: str) -> Where:
    """The server that holds this computer's game database (another `taikyoku play`
    window, or `taikyoku serve`), when it listens on ``port``: the same games, so the
    same key. An OSError that says what to do when it is not there."""
    try:
        _, writer = await asyncio.wait_for(asyncio.open_connection(local, port), 2.0)
    except (OSError, TimeoutError):
        raise OSError(words()("start-port-elsewhere", error=str(err))) from err
    writer.close()
    share = f"ws://{shown}:{port}"
    return Where(f"ws://{local}:{port}", words()("where-already", share=share),
                 share=share, key=key)
