"""Addresses as the per-address limits count them (IPv6 by its /64), and the count of
open connections per address that the shell keeps from each TCP accept.

The room counts new players, matches and engine work per address (address_limits.py);
the shell's host check reads :func:`ip_of` too (server/shell/host_names.py).
"""

from __future__ import annotations

import ipaddress
from collections import Counter
from functools import lru_cache

PEERS_REMEMBERED = 4096
"""Peer addresses whose reading (:func:`is_loopback`, :func:`address_key`) is kept: the
room asks several times a match (its opening, its end, each limit), and parsing one
costs about 2 us; the peers of a server are far fewer."""


def ip_of(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The IP address ``text`` names (an IPv6 zone such as ``%eth0`` ignored), or None."""
    try:
        return ipaddress.ip_address(text.partition("%")[0])
    except ValueError:
        return None


@lru_cache(maxsize=PEERS_REMEMBERED)
def is_loopback(address: str) -> bool:
    """True for 127.0.0.0/8 and ::1 (local bots and load tests are exempt from address caps)."""
    ip = ip_of(address)
    return ip is not None and ip.is_loopback


@lru_cache(maxsize=PEERS_REMEMBERED)
def address_key(address: str) -> str:
    """The address as the per-address limits count it: IPv4 as it is (an IPv4-mapped
    IPv6 too), IPv6 by its /64 (a machine picks new addresses in its /64 at will);
    anything else (a Unix socket, a test's peer) as it is."""
    ip = ip_of(address)
    if ip is None:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class AddressCounter:
    """Open connections per remote address (:func:`address_key`), with a cap; loopback
    is counted like any address unless ``exempt_loopback``."""

    def __init__(self, cap: int, exempt_loopback: bool = False) -> None:
        self.cap = cap
        self.exempt_loopback = exempt_loopback
        self._open: Counter[str] = Counter()

    def admit(self, address: str) -> bool:
        """Count a new connection from ``address``; False (not counted) when over the cap."""
        if self.exempt_loopback and is_loopback(address):
            return True
        key = address_key(address)
        if self._open[key] >= self.cap:
            return False
        self._open[key] += 1
        return True

    def release(self, address: str) -> None:
        """A connection :meth:`admit` counted is closed."""
        if self.exempt_loopback and is_loopback(address):
            return
        key = address_key(address)
        self._open[key] -= 1
        if self._open[key] <= 0:
            del self._open[key]
