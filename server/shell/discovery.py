"""LAN discovery, server side: advertise the server over zeroconf (mDNS/DNS-SD).

Clients browse for ``_taikyoku._tcp.local.`` (client/common/discovery.py) and read the TXT
record: the server's name, the protocol version and the server version, so a client
can skip a server that speaks another protocol before it connects.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import socket

import ifaddr
from zeroconf import InterfaceChoice, IPVersion
from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf

from shared.protocol import PROTOCOL_VERSION, SERVICE_TYPE

log = logging.getLogger(__name__)

WILDCARD_HOSTS = ("", "0.0.0.0", "::", None)


def _instance_label(name: str) -> str:
    """A DNS-SD instance label from the server's name (no dots, at most 63 bytes)."""
    label = re.sub(r"[.\x00-\x1f]", " ", name).strip() or "taikyoku"
    while len(label.encode()) > 63:
        label = label[:-1]
    return label


def advertised_addresses(host: str | None) -> list[str]:
    """The IPv4 addresses clients should use to reach a server bound to ``host``.

    A wildcard bind is reachable on every non-loopback address of the machine (or on
    127.0.0.1 when the machine has no other); a specific bind only on that address.
    """
    if host not in WILDCARD_HOSTS:
        return [socket.gethostbyname(str(host))]
    # ifaddr is what zeroconf itself uses to list the machine's addresses.
    addresses = [
        str(ip.ip) for adapter in ifaddr.get_adapters() for ip in adapter.ips
        if ip.is_IPv4 and not str(ip.ip).startswith("127.")
    ]
    return addresses or ["127.0.0.1"]


class Advertiser:
    """Announce one server on the LAN while it runs.

    ``host`` is the address the server listens on: a specific address (127.0.0.1 in
    tests) is advertised on that interface only; a wildcard on every interface.
    """

    def __init__(self, name: str, port: int, version: str, *, host: str | None = None) -> None:
        self.name = name
        self.port = port
        self.version = version
        self.addresses = advertised_addresses(host)
        self.interfaces = (
            InterfaceChoice.All if host in WILDCARD_HOSTS else list(self.addresses)
        )
        self._zeroconf: AsyncZeroconf | None = None
        self._registering: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Start announcing; probing the name takes about a second, so it runs in the
        background and never delays the server's start."""
        if self._zeroconf is not None:
            raise RuntimeError("the advertiser is already running")
        self._zeroconf = AsyncZeroconf(interfaces=self.interfaces,
                                       ip_version=IPVersion.V4Only)
        self._registering = asyncio.create_task(self._register(self._zeroconf),
                                                name="zeroconf register")

    async def _register(self, zeroconf: AsyncZeroconf) -> None:
        info = AsyncServiceInfo(
            SERVICE_TYPE,
            f"{_instance_label(self.name)}.{SERVICE_TYPE}",
            addresses=[socket.inet_aton(a) for a in self.addresses],
            port=self.port,
            properties={
                "name": self.name,
                "protocol": str(PROTOCOL_VERSION),
                "version": self.version,
            },
            server=f"{_instance_label(socket.gethostname()).replace(' ', '-')}.local.",
        )
        try:
            # allow_name_change: two servers named alike on one LAN become "name (2)".
            announced = await zeroconf.async_register_service(info, allow_name_change=True)
            await announced
        except Exception:  # discovery is a convenience: the server runs on without it
            log.exception("could not advertise the server on the LAN")
            return
        log.info("advertising %r on the LAN at %s port %d", self.name,
                 ", ".join(self.addresses), self.port)

    async def close(self) -> None:
        """Withdraw the service (goodbye packets) and stop zeroconf."""
        if self._zeroconf is None:
            return
        zeroconf, self._zeroconf = self._zeroconf, None
        if self._registering is not None:
            self._registering.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._registering
        await zeroconf.async_close()  # unregisters every service it registered


__all__ = ["Advertiser", "advertised_addresses"]
