"""LAN discovery, client side: find taikyoku servers advertised over zeroconf.

    servers = await discover(timeout=2.0)    # [FoundServer(name=..., url="ws://..."), ...]

Servers announce ``_taikyoku._tcp.local.`` (server/shell/discovery.py) with a TXT record
holding their name, protocol version and server version.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from dataclasses import dataclass

from zeroconf import InterfaceChoice, IPVersion, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from client.common.connection import ConnectError
from client.common.sanitise import clean_text
from client.common.words import words
from shared.protocol import PROTOCOL_VERSION, SERVICE_TYPE

RESOLVE_TIMEOUT = 1.0
"""Seconds to wait for one server's address and TXT record once it has been seen."""


@dataclass(frozen=True)
class FoundServer:
    """A server seen on the LAN; ``protocol`` 0 means it did not say which it speaks."""

    name: str
    url: str
    host: str
    port: int
    protocol: int
    version: str


def _found(info: AsyncServiceInfo) -> FoundServer | None:
    """The server an mDNS record describes, or None without an IPv4 address or port; its
    name and version cleaned, as anyone on the LAN may advertise anything."""
    addresses = info.parsed_addresses(IPVersion.V4Only)
    if not addresses or not info.port:
        return None
    props = info.decoded_properties
    host = addresses[0]
    protocol = props.get("protocol") or ""
    default_name = info.name.removesuffix("." + SERVICE_TYPE)
    return FoundServer(
        name=clean_text(props.get("name") or default_name),
        url=f"ws://{host}:{info.port}/",
        host=host,
        port=info.port,
        protocol=int(protocol) if protocol.isdigit() else 0,
        version=clean_text(props.get("version") or ""),
    )


async def discover(
    timeout: float = 2.0, *, interfaces: Sequence[str] | None = None
) -> list[FoundServer]:
    """The servers that answer within ``timeout`` seconds, sorted by name.

    ``interfaces`` limits the search to those local IPv4 addresses (["127.0.0.1"] finds
    only servers on this machine advertised on loopback); default: every interface.
    """
    choice = InterfaceChoice.All if interfaces is None else list(interfaces)
    azc = AsyncZeroconf(interfaces=choice, ip_version=IPVersion.V4Only)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    resolving: dict[str, asyncio.Task[FoundServer | None]] = {}

    async def resolve(name: str) -> FoundServer | None:
        info = AsyncServiceInfo(SERVICE_TYPE, name)
        wait = max(RESOLVE_TIMEOUT, deadline - loop.time())
        if not await info.async_request(azc.zeroconf, int(wait * 1000)):
            return None
        return _found(info)

    def on_change(
        zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        if state_change is not ServiceStateChange.Removed and name not in resolving:
            resolving[name] = asyncio.ensure_future(resolve(name))

    browser = AsyncServiceBrowser(azc.zeroconf, SERVICE_TYPE, handlers=[on_change])
    try:
        await asyncio.sleep(timeout)
        found: dict[str, FoundServer] = {}
        for task in list(resolving.values()):
            with contextlib.suppress(asyncio.TimeoutError):
                server = await asyncio.wait_for(task, RESOLVE_TIMEOUT)
                if server is not None:
                    found[server.url] = server
    finally:
        for task in resolving.values():
            task.cancel()
        await browser.async_cancel()
        await azc.async_close()
    return sorted(found.values(), key=lambda s: (s.name, s.url))


def choose_server(found: list[FoundServer]) -> FoundServer:
    """The first server on the LAN that speaks our protocol; ConnectError otherwise."""
    usable = [s for s in found if s.protocol == PROTOCOL_VERSION]
    if usable:
        return usable[0]
    if found:
        w = words()
        others = w("words-comma").join(
            w("lan-server", name=s.name, url=s.url, protocol=str(s.protocol)) for s in found)
        raise ConnectError(w("lan-other-protocol", servers=others,
                             version=str(PROTOCOL_VERSION)))
    raise ConnectError(words()("lan-none"))


__all__ = ["FoundServer", "choose_server", "discover"]
