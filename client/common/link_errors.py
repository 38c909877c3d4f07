"""Why a link to a server failed, in a sentence for a person: what went wrong and what to do.

Kept apart from :mod:`client.common.connection` so the words for each failure (a wrong
address, a refusal, a name the server does not answer to, too many connections) are in
one place that reads on its own.
"""

from __future__ import annotations

import asyncio
import socket

from websockets.exceptions import InvalidHandshake, InvalidStatus, InvalidURI


class ConnectError(Exception):
    """The server could not be reached or refused us; the message says why and what to do."""


def describe_failure(url: str, err: BaseException) -> str:
    """A sentence for a person about why opening ``url`` failed."""
    if isinstance(err, InvalidURI):
        return f"{url!r} is not a websocket address; expected ws://HOST:PORT/"
    if isinstance(err, socket.gaierror):
        return f"cannot find the host of {url} ({err.strerror or err})"
    if isinstance(err, ConnectionRefusedError):
        return (f"no server at {url}: the connection was refused "
                "(is `taikyoku serve` running there, on that port?)")
    if isinstance(err, (TimeoutError, asyncio.TimeoutError)):
        return f"no answer from {url} in time (wrong address, or a firewall?)"
    if isinstance(err, InvalidStatus) and err.response.status_code == 421:
        return (f"{url}: that server does not answer to this name; connect by its address "
                "(or its operator starts it with --allow-host and this name)")
    if isinstance(err, InvalidStatus) and err.response.status_code == 429:
        return (f"{url}: too many connections from this address are open on that server; "
                "close some and try again (or its operator raises "
                "--max-connections-per-address)")
    if isinstance(err, InvalidStatus):
        return (f"{url} answered HTTP {err.response.status_code} instead of a websocket: "
                "not a taikyoku server, or the wrong path")
    if isinstance(err, InvalidHandshake):
        return f"{url} is not a taikyoku server (websocket handshake failed: {err})"
    if isinstance(err, OSError):
        return f"cannot connect to {url}: {err.strerror or err}"
    return f"cannot connect to {url}: {err}"
