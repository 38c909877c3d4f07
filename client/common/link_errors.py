"""Why a link to a server failed, in a sentence for a person: what went wrong and what to do.

Kept apart from :mod:`client.common.connection` so the words for each failure (a wrong
address, a refusal, a name the server does not answer to, too many connections) are in
one place that reads on its own. The sentences are the catalogue's ``connect-…`` entries,
in the client's language; the system's own words for an OS error stay as they come.
"""

from __future__ import annotations

import asyncio
import socket

from websockets.exceptions import InvalidHandshake, InvalidStatus, InvalidURI

from client.common.words import words

REFUSED_BY_STATUS = {421: "connect-wrong-name", 429: "connect-too-many"}
"""The HTTP refusals of a taikyoku server that say what to do (docs/hosting.md)."""


class ConnectError(Exception):
    """The server could not be reached or refused us; the message says why and what to do."""


def describe_failure(url: str, err: BaseException) -> str:
    """A sentence for a person about why opening ``url`` failed."""
    w = words()
    if isinstance(err, InvalidURI):
        return w("connect-not-an-address", url=url)
    if isinstance(err, socket.gaierror):
        return w("connect-no-host", url=url, error=str(err.strerror or err))
    if isinstance(err, ConnectionRefusedError):
        return w("connect-refused", url=url)
    if isinstance(err, (TimeoutError, asyncio.TimeoutError)):
        return w("connect-timeout", url=url)
    if isinstance(err, InvalidStatus):
        status = err.response.status_code
        if status in REFUSED_BY_STATUS:
            return w(REFUSED_BY_STATUS[status], url=url)
        return w("connect-not-websocket", url=url, status=str(status))
    if isinstance(err, InvalidHandshake):
        return w("connect-not-taikyoku", url=url, error=str(err))
    if isinstance(err, OSError):
        return w("connect-failed", url=url, error=str(err.strerror or err))
    return w("connect-failed", url=url, error=str(err))
