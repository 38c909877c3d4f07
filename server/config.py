"""The server's settings: one frozen ServerConfig, the single source of every limit.

Kept apart from the asyncio server (server/shell/app.py) so the match room, which reads
its limits from here, imports no network code.
"""

from __future__ import annotations

import socket
from dataclasses import dataclass, field
from pathlib import Path

from shared.protocol import MAX_FRAME_BYTES


def _default_name() -> str:
    return f"{socket.gethostname()}'s server"


@dataclass(frozen=True)
class ServerConfig:
    """Everything `taikyoku serve` can set; each limit is also a command-line flag."""

    host: str = "0.0.0.0"
    port: int = 8765
    db: str | Path | None = None
    """None: taikyoku.sqlite3 in the user's data directory; ":memory:" keeps nothing."""
    name: str = field(default_factory=_default_name)
    discovery: bool = True
    grace: float = 60.0
    """Seconds a disconnected player's seat is held before a human match is abandoned."""
    bot_hold: float = 24 * 3600.0
    """Seconds a match against a bot waits for its absent person before it is abandoned."""
    call_off: float = 300.0
    """Seconds a match in which nobody has moved yet waits once everyone is away (its
    creator, both people, or the person playing a bot) before it is called off."""
    abandon_after: float = 24 * 3600.0
    """Seconds a game between two people, both away, waits before it ends as abandoned."""
    bot_seconds: float | None = None
    """Cap on a bot's thinking time per move (None: each level's own time)."""
    bot_workers: int | None = None
    """Bot process pool size (None: one per CPU)."""
    warm_bots: bool = True
    """Start the bot workers, the engine loaded, before accepting anyone (a first run
    compiles the engine: seconds); off, a worker starts on the first bot move (test
    servers, most of which have no bot, start in milliseconds)."""
    max_frame: int = MAX_FRAME_BYTES
    rate: float = 20.0
    """Messages per second each connection may send on average..."""
    burst: int = 40
    """...and in a burst."""
    max_connections_per_address: int = 512
    """Open connections per address (an IPv6 /64 counts as one), handshakes included."""
    max_connections: int | None = None
    """Open connections in all, handshakes included (None: what the process's descriptor
    limit leaves once the store and the bot workers have theirs; server/shell/admission.py)."""
    max_outgoing: int = 1 << 20
    """Bytes of frames a connection may leave unread before it is closed (4000)."""
    max_outgoing_per_address: int = 64 << 20
    """Bytes of frames the connections of one address may leave unread together; past
    it, each of them that leaves more than a little unread is closed (4000)."""
    hello_timeout: float = 10.0
    """Seconds a connection has from its upgrade to a welcomed ``hello`` (then 1008)."""
    new_players_per_minute: int = 1000
    """New players (a hello with no known token) per address a minute, on average..."""
    unfinished_per_address: int = 256
    """Unfinished matches opened from one address (by create or rematch)."""
    stored_matches_per_hour: int = 2000
    """Matches one address may open (and so store) an hour, on average, in bursts as
    large, however they go on..."""
    stored_matches_per_day: int = 10000
    """...and a day: what bounds the database's growth (docs/hosting.md)."""
    failed_lookups_per_minute: int = 30
    """Requests naming a match code the server does not know, per address a minute, in
    bursts as large; past them an address may name only matches it plays or watches."""
    forget_after_days: float | None = None
    """Finished matches whose players have all been away this many days are deleted from
    the store, and so are players away as long with no match left (None: kept for good)."""
    store_warn_bytes: int = 1 << 30
    """The log warns when the database (with its write-ahead log) grows past this..."""
    disk_warn_bytes: int = 256 << 20
    """...or when its disk has less than this free, before writes start failing."""
    engine_per_address: int = 256
    """Engine work queued or running for one address: bot moves, hints and reviews."""
    exempt_loopback: bool = False
    """Loopback is limited like any address unless this is set (--exempt-loopback: a
    reverse proxy on the same machine, whose clients all arrive from 127.0.0.1)."""
    max_matches_per_player: int = 10
    max_spectators: int = 50
    spectators_per_address: int = 10
    """Spectator seats of one match the connections of one address may take, so one
    machine cannot fill a match's ``max_spectators``."""
    max_watching: int = 20
    """Matches one connection may watch at once (more is a scraper, not a spectator)."""
    allowed_hosts: tuple[str, ...] = ()
    """Names besides this machine's own that requests may give as Host (a DNS name on the
    LAN, a reverse proxy's); see server/shell/host_names.py."""
    ping_interval: float = 20.0
    ping_timeout: float = 20.0
    close_timeout: float = 10.0
    """How long a closing handshake may take before the socket is dropped."""
