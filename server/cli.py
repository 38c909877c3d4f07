"""`taikyoku serve` and `taikyoku records`: command-line front ends of the server."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import math
import signal
import sys
import time
from pathlib import Path
from typing import Callable

from server.room.effects import StoreFault
from server.shell.app import GameServer, ServerConfig
from server.store.database import DamagedRecordError, Store, UnusableDatabaseError, default_db_path
from server.store.records import FORMATS, format_record_as, list_line
from server.store.upkeep import MB
from shared.ai import check_engines
from shared.web_address import invitation

DEFAULTS = ServerConfig(name="")


def _number(kind: Callable[[str], float], fits: Callable[[float], bool],
            wanted: str) -> Callable[[str], float]:
    """An argparse type: a finite number of ``kind`` that ``fits``, else a clear message
    saying it must be ``wanted`` (argparse names the flag)."""

    def parse(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            whole = "whole " if kind is int else ""
            raise argparse.ArgumentTypeError(f"{text!r} is not a {whole}number") from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"must be a finite number, got {text}")
        if not fits(value):
            raise argparse.ArgumentTypeError(f"must be {wanted}, got {text}")
        return value

    return parse


def _positive(kind: Callable[[str], float]) -> Callable[[str], float]:
    return _number(kind, lambda value: value > 0, "more than 0")


def _serve_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="taikyoku serve",
        description="Run a taikyoku game server for the LAN (Ctrl-C stops it; unfinished "
                    "matches are kept and restored at the next start).",
    )
    p.add_argument("--host", default=DEFAULTS.host,
                   help="address to listen on (default %(default)s: every interface)")
    p.add_argument("--port", type=_number(int, lambda port: 0 <= port <= 65535, "0 to 65535"),
                   default=DEFAULTS.port,
                   help="TCP port (default %(default)s; 0 picks a free one)")
    p.add_argument("--db", type=Path, default=None,
                   help=f"SQLite database (default {default_db_path()})")
    p.add_argument("--name", default=None, help="server name shown to players "
                   "(default \"<hostname>'s server\")")
    p.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                   help="a name clients may reach this server by besides its addresses, "
                   "localhost and the machine's own name (a DNS name on the LAN, a proxy's); "
                   "repeat for several. Other names are refused (421), against DNS rebinding")
    p.add_argument("--no-discovery", action="store_true",
                   help="do not advertise the server on the LAN (zeroconf)")
    p.add_argument("--grace", type=_positive(float), default=DEFAULTS.grace,
                   help="seconds a disconnected player's seat is held (default %(default)s)")
    p.add_argument("--bot-hold", type=_positive(float), default=DEFAULTS.bot_hold,
                   metavar="SECONDS",
                   help="seconds a match against a bot waits for its absent person before "
                        "it ends as abandoned (default %(default)s: a day)")
    p.add_argument("--call-off", type=_positive(float), default=DEFAULTS.call_off,
                   metavar="SECONDS",
                   help="seconds a match nobody has moved in waits once nobody is at it, "
                        "before it is called off (default %(default)s)")
    p.add_argument("--abandon-after", type=_positive(float), default=DEFAULTS.abandon_after,
                   metavar="SECONDS",
                   help="seconds a game between two people waits once both are away, before "
                        "it ends as abandoned (default %(default)s: a day)")
    p.add_argument("--bot-seconds", type=_positive(float), default=None,
                   help="cap on a server bot's thinking time per move (default: each level's)")
    p.add_argument("--bot-workers", type=_positive(int), default=None,
                   help="processes for bot search (default: one per CPU)")
    limits = p.add_argument_group("limits")
    limits.add_argument("--max-frame", type=_positive(int), default=DEFAULTS.max_frame,
                        help="largest frame in bytes; larger closes with 1009 "
                             "(default %(default)s)")
    limits.add_argument("--rate", type=_positive(float), default=DEFAULTS.rate,
                        help="messages per second per connection (default %(default)s)")
    limits.add_argument("--burst", type=_positive(int), default=DEFAULTS.burst,
                        help="message burst per connection (default %(default)s)")
    limits.add_argument("--max-connections-per-address", type=_positive(int),
                        default=DEFAULTS.max_connections_per_address,
                        help="open connections per remote address, handshakes included; "
                             "an IPv6 address counts by its /64 (default %(default)s)")
    limits.add_argument("--max-connections", type=_positive(int), default=None,
                        help="open connections in all, handshakes included; past it HTTP 503 "
                             "server_busy (default: the descriptor limit, raised to what the "
                             "system allows, less room for the store and the bot workers)")
    limits.add_argument("--max-outgoing", type=_positive(int), default=DEFAULTS.max_outgoing,
                        metavar="BYTES",
                        help="bytes of frames a connection may leave unread before it is "
                             "closed with 4000 (default %(default)s)")
    limits.add_argument("--max-outgoing-per-address", type=_positive(int),
                        default=DEFAULTS.max_outgoing_per_address, metavar="BYTES",
                        help="bytes of frames the connections of one address may leave "
                             "unread together; past it, each of them that lags is closed "
                             "with 4000 (default %(default)s)")
    limits.add_argument("--hello-timeout", type=_positive(float),
                        default=DEFAULTS.hello_timeout, metavar="SECONDS",
                        help="seconds a new connection has to say hello before it is closed "
                             "with 1008 (default %(default)s)")
    limits.add_argument("--new-players-per-minute", type=_positive(int),
                        default=DEFAULTS.new_players_per_minute,
                        help="new players (a hello with no known token) per address a "
                             "minute (default %(default)s)")
    limits.add_argument("--max-unfinished-per-address", type=_positive(int),
                        default=DEFAULTS.unfinished_per_address,
                        help="unfinished matches opened from one address "
                             "(default %(default)s)")
    limits.add_argument("--stored-matches-per-hour", type=_positive(int),
                        default=DEFAULTS.stored_matches_per_hour, metavar="N",
                        help="matches one address may open (and so store) an hour, however "
                             "they go on (default %(default)s)")
    limits.add_argument("--stored-matches-per-day", type=_positive(int),
                        default=DEFAULTS.stored_matches_per_day, metavar="N",
                        help="... and a day: what bounds the database's growth "
                             "(default %(default)s)")
    limits.add_argument("--failed-lookups-per-minute", type=_positive(int),
                        default=DEFAULTS.failed_lookups_per_minute, metavar="N",
                        help="requests naming a match code this server does not know, per "
                             "address a minute; past them only the address's own matches "
                             "may be named (default %(default)s)")
    limits.add_argument("--max-engine-per-address", type=_positive(int),
                        default=DEFAULTS.engine_per_address,
                        help="bot moves, hints and reviews queued for one address "
                             "(default %(default)s)")
    limits.add_argument("--exempt-loopback", action="store_true",
                        help="do not limit clients on this machine (127.0.0.1, ::1) per "
                             "address: a reverse proxy here, whose clients all arrive "
                             "from loopback, enforces its own limits")
    limits.add_argument("--max-matches-per-player", type=_positive(int),
                        default=DEFAULTS.max_matches_per_player,
                        help="unfinished matches one player may hold (default %(default)s)")
    limits.add_argument("--max-spectators", type=_positive(int), default=DEFAULTS.max_spectators,
                        help="spectators per match (default %(default)s)")
    limits.add_argument("--spectators-per-address", type=_positive(int),
                        default=DEFAULTS.spectators_per_address,
                        help="spectator seats of one match the connections of one address "
                             "may take (default %(default)s)")
    limits.add_argument("--max-watching", type=_positive(int), default=DEFAULTS.max_watching,
                        help="matches one connection may watch at once (default %(default)s)")
    limits.add_argument("--ping-interval", type=_positive(float), default=DEFAULTS.ping_interval,
                        help="keepalive ping interval and timeout in seconds "
                             "(default %(default)s)")
    store = p.add_argument_group("the database")
    store.add_argument("--forget-after", type=_positive(float), default=None,
                       metavar="DAYS",
                       help="delete finished matches whose players have all been away this "
                            "many days, and such players with no match left, every hour "
                            "(default: keep everything)")
    store.add_argument("--store-warn-mb", type=_positive(int),
                       default=DEFAULTS.store_warn_bytes // MB, metavar="MB",
                       help="log a warning when the database grows past this "
                            "(default %(default)s)")
    store.add_argument("--disk-warn-mb", type=_positive(int),
                       default=DEFAULTS.disk_warn_bytes // MB, metavar="MB",
                       help="log a warning when the database's disk has less than this "
                            "free, before writes fail (default %(default)s)")
    p.add_argument("-q", "--quiet", action="store_true", help="log warnings only")
    return p


def config_from_args(args: argparse.Namespace) -> ServerConfig:
    extra = {"name": args.name} if args.name else {}
    return ServerConfig(
        host=args.host, port=args.port, db=args.db, discovery=not args.no_discovery,
        grace=args.grace, bot_hold=args.bot_hold, bot_seconds=args.bot_seconds,
        bot_workers=args.bot_workers,
        max_frame=args.max_frame, rate=args.rate, burst=args.burst,
        max_connections_per_address=args.max_connections_per_address,
        max_connections=args.max_connections, max_outgoing=args.max_outgoing,
        max_outgoing_per_address=args.max_outgoing_per_address,
        hello_timeout=args.hello_timeout,
        new_players_per_minute=args.new_players_per_minute,
        unfinished_per_address=args.max_unfinished_per_address,
        engine_per_address=args.max_engine_per_address, exempt_loopback=args.exempt_loopback,
        stored_matches_per_hour=args.stored_matches_per_hour,
        stored_matches_per_day=args.stored_matches_per_day,
        failed_lookups_per_minute=args.failed_lookups_per_minute,
        forget_after_days=args.forget_after, store_warn_bytes=args.store_warn_mb * MB,
        disk_warn_bytes=args.disk_warn_mb * MB,
        call_off=args.call_off, abandon_after=args.abandon_after,
        max_matches_per_player=args.max_matches_per_player,
        max_spectators=args.max_spectators,
        spectators_per_address=args.spectators_per_address, max_watching=args.max_watching,
        allowed_hosts=tuple(args.allow_host),
        ping_interval=args.ping_interval, ping_timeout=args.ping_interval, **extra,
    )


async def run_server(config: ServerConfig) -> None:
    """Serve until SIGINT or SIGTERM, then close cleanly (a signal during the start,
    while the engine loads, stops it there)."""
    log = logging.getLogger("taikyoku.server")
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()

    def stop_on(sig: signal.Signals) -> None:
        log.info("%s received: stopping", sig.name)
        stop.set()

    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop_on, sig)
    server = GameServer(config)
    starting = asyncio.create_task(server.start())
    stopping = asyncio.create_task(stop.wait())
    try:
        await asyncio.wait({starting, stopping}, return_when=asyncio.FIRST_COMPLETED)
        if not starting.done():  # stopped while starting: start() undoes what it did
            starting.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await starting
            return
        starting.result()  # a failed start (undone by start() itself) raises here
        _log_browser_address(config.host, server.port)
        await stopping
        began = time.monotonic()
        assert server.runner is not None
        unfinished = sum(1 for match in server.runner.matches.values() if match.result is None)
        await server.close()
        log.info("stopped in %.1f s; %d unfinished matches are kept for the next start",
                 time.monotonic() - began, unfinished)
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)
        stopping.cancel()


def _log_browser_address(host: str, port: int) -> None:
    """Where friends open the web client: each LAN address of this machine (for a
    server on every interface), or the one address the server is bound to."""
    from server.shell.discovery import advertised_addresses  # zeroconf's own interface list

    log = logging.getLogger("taikyoku.server")
    try:
        addresses = advertised_addresses(host)
    except OSError as err:
        log.warning("the browser address is unknown (this machine's addresses: %s)", err)
        return
    log.info("%s", invitation(*(f"{address}:{port}" for address in addresses)))


def serve_main(argv: list[str]) -> int:
    args = _serve_parser().parse_args(argv)
    check_engines()  # a plugged-in game's misspelt engine stops the start (PluginError)
    logging.basicConfig(
        level=logging.WARNING if args.quiet else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s", stream=sys.stderr,
    )
    logging.getLogger("websockets").setLevel(logging.WARNING)
    try:
        asyncio.run(run_server(config_from_args(args)))
    except OSError as err:
        print(f"taikyoku serve: cannot start: {err}", file=sys.stderr)
        return 1
    return 0


def prune_main(argv: list[str]) -> int:
    """`taikyoku records prune`: the retention rule (server/store/retention.py), by hand."""
    p = argparse.ArgumentParser(
        prog="taikyoku records prune",
        description="Delete finished matches whose players have all been away DAYS days "
                    "or more, and such players with no match left (a running server on "
                    "the database goes on).")
    p.add_argument("--older-than", type=_positive(float), required=True, metavar="DAYS",
                   help="how long they have been away")
    p.add_argument("--db", type=Path, default=None,
                   help=f"SQLite database (default {default_db_path()})")
    args = p.parse_args(argv)
    path = args.db or default_db_path()
    if not Path(path).is_file():
        print(f"taikyoku records prune: no database at {path}", file=sys.stderr)
        return 1
    try:
        store = Store(path)
    except UnusableDatabaseError as err:
        print(f"taikyoku records prune: {err}", file=sys.stderr)
        return 1
    try:
        forgotten = store.forget(args.older_than)
    except StoreFault as err:
        print(f"taikyoku records prune: the database refused it ({err}); nothing was "
              "deleted", file=sys.stderr)
        return 1
    finally:
        store.close()
    print(f"deleted {forgotten.matches} finished matches and {forgotten.players} players "
          f"away {args.older_than:g} days or more from {path}")
    return 0


def records_main(argv: list[str]) -> int:
    if argv[:1] == ["prune"]:  # no match code is "prune" (codes are 6 or 8 characters)
        return prune_main(argv[1:])
    p = argparse.ArgumentParser(prog="taikyoku records",
                                description="List stored games, or print one "
                                            "(`taikyoku records prune --help`: delete old "
                                            "ones).")
    p.add_argument("match", nargs="?", help="match code to print (omit to list them all)")
    p.add_argument("--db", type=Path, default=None,
                   help=f"SQLite database (default {default_db_path()})")
    p.add_argument("--format", choices=FORMATS, default="text",
                   help="how to print one match (default %(default)s)")
    args = p.parse_args(argv)
    path = args.db or default_db_path()
    if not Path(path).is_file():
        print(f"taikyoku records: no database at {path}", file=sys.stderr)
        return 1
    try:
        store = Store(path, readonly=True)
    except UnusableDatabaseError as err:
        print(f"taikyoku records: {err}", file=sys.stderr)
        return 1
    try:
        if args.match is None:
            records = store.records()
            if not records:
                print(f"no games stored in {path}")
            for record in records:
                print(list_line(record))
            return 0
        try:
            found = store.record(args.match.upper())
        except DamagedRecordError as err:
            print(f"taikyoku records: {err}", file=sys.stderr)
            return 1
        if found is None:
            print(f"taikyoku records: no match {args.match!r} in {path}", file=sys.stderr)
            return 1
        try:
            print(format_record_as(found, args.format))
        except ValueError as err:
            print(f"taikyoku records: {err}", file=sys.stderr)
            return 2
        return 0
    finally:
        store.close()
