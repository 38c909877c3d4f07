"""Abuse limits that do not depend on the network: message budgets and per-address counts."""

from __future__ import annotations

import ipaddress
import math
import time
from collections import Counter
from typing import Callable


class MessageBudget:
    """A token bucket per connection, plus a record of how hard it is being overrun.

    ``take()`` says whether one more message fits the budget (``rate`` per second,
    bursts of ``burst``). Refused messages raise a leaky ``strikes`` level that drains
    at ``rate`` per second: a client that keeps sending faster than twice the budget
    climbs past ``burst`` strikes and :attr:`abusive` turns true (the server then
    closes the connection with 1008), while one that merely brushes the limit only
    gets ``rate_limited`` errors.
    """

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError(f"a message budget needs rate > 0 and burst >= 1, got {rate}, {burst}")
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = float(burst)
        self._strikes = 0.0
        self._last = clock()

    def _refill(self) -> None:
        now = self._clock()
        elapsed = max(0.0, now - self._last)
        self._last = now
        self._tokens = min(float(self.burst), self._tokens + elapsed * self.rate)
        self._strikes = max(0.0, self._strikes - elapsed * self.rate)

    def take(self) -> bool:
        """Spend one message; False (and a strike) when the budget is exhausted."""
        self._refill()
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        self._strikes += 1.0
        return False

    def wait(self) -> float:
        """Seconds until the next message fits the budget (0 when one does now), to the
        millisecond above: what a refusal tells the sender to wait."""
        self._refill()
        return math.ceil(max(0.0, 1.0 - self._tokens) / self.rate * 1000) / 1000

    def refund(self) -> None:
        """Give back the message last taken: it did not count (see the server's use)."""
        self._tokens = min(float(self.burst), self._tokens + 1.0)

    @property
    def full(self) -> bool:
        """Whether the budget is as if unused (nothing to remember about its sender)."""
        self._refill()
        return self._tokens >= self.burst and self._strikes == 0

    @property
    def abusive(self) -> bool:
        return self._strikes > self.burst


def ip_of(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The IP address ``text`` names (an IPv6 zone such as ``%eth0`` ignored), or None."""
    try:
        return ipaddress.ip_address(text.partition("%")[0])
    except ValueError:
        return None


def is_loopback(address: str) -> bool:
    """True for 127.0.0.0/8 and ::1 (local bots and load tests are exempt from address caps)."""
    ip = ip_of(address)
    return ip is not None and ip.is_loopback


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
