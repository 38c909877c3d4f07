"""The names this server answers to: the defence against DNS rebinding.

A web page anyone on the LAN opens can point a name of its own (``evil.example``) at
this server's address once its page has loaded; the browser then counts the server as
that page's own site, sends the attacker's name as ``Host`` and the matching
``Origin``, and the Origin check alone (server/shell/web_files.py) lets it in. So every
request, the page's and the WebSocket upgrade's alike, must name this server in
``Host``:

- an IP address, whichever: a page cannot rebind an address, it is where the browser
  connects (and the machine's own addresses change with the network it is on);
- ``localhost`` and names under ``.localhost``, which browsers keep on this machine;
- the machine's host name, with and without ``.local`` (its mDNS name);
- the name the server was told to listen on, and every name given with
  ``taikyoku serve --allow-host NAME`` (a DNS name on the LAN, a reverse proxy's).

Anything else is answered 421 (Misdirected Request) and never reaches the protocol.
"""

from __future__ import annotations

import socket
from collections.abc import Iterable

from server.room.addresses import ip_of


def host_name(header: str) -> str:
    """The name in a ``Host`` header, without its port, lower case, with no final dot
    (``"Taro-PC.local.:8765"`` -> ``"taro-pc.local"``; ``"[::1]:8765"`` -> ``"::1"``)."""
    host = header.strip()
    if host.startswith("["):
        host = host[1:].partition("]")[0]
    elif host.count(":") == 1:
        host = host.partition(":")[0]
    return host.rstrip(".").lower()


def is_address(name: str) -> bool:
    """Whether ``name`` is an IPv4 or IPv6 address (an IPv6 zone is allowed)."""
    return ip_of(name) is not None


class HostNames:
    """The names that are this server; :meth:`allows` checks a request's Host header."""

    def __init__(self, names: Iterable[str]) -> None:
        self.names = frozenset(host_name(name) for name in names if name.strip())

    @classmethod
    def of_this_machine(cls, listen_on: str = "", allowed: Iterable[str] = ()) -> HostNames:
        """This machine's names, the name it listens on (when not an address) and
        ``allowed``."""
        machine = socket.gethostname()
        short = machine.partition(".")[0]
        names = {machine, short, f"{short}.local", f"{machine}.local", "localhost",
                 listen_on, *allowed}
        return cls(name for name in names if not is_address(host_name(name)))

    def allows(self, headers: list[str]) -> bool:
        """Whether a request whose Host headers are ``headers`` is addressed to this
        server (exactly one header, naming it)."""
        if len(headers) != 1:
            return False
        name = host_name(headers[0])
        return (is_address(name) or name in self.names or name.endswith(".localhost"))
