"""The web client's address: a game server answers plain HTTP on its websocket port, so
the page of the server at ws://HOST:PORT is http://HOST:PORT.

One place for the address and the sentence that offers it, used by `taikyoku serve`'s
log, the window's start screen and the terminal client.
"""

from __future__ import annotations

from urllib.parse import urlsplit

_SCHEMES = {"ws": "http", "wss": "https"}


def browser_url(server: str) -> str:
    """``http://HOST:PORT`` for a server given as ``ws://HOST:PORT`` (any path; wss gives
    https) or as ``HOST:PORT``. A ValueError names an address that is neither."""
    parts = urlsplit(server if "://" in server else f"ws://{server}")
    try:
        host, port = parts.hostname, parts.port  # port: ValueError unless 0-65535
    except ValueError:
        host = None
    if parts.scheme not in _SCHEMES or not host:
        raise ValueError(f"not a game server address (ws://HOST:PORT or HOST:PORT): {server!r}")
    netloc = f"[{host}]" if ":" in host else host
    if port is not None:
        netloc += f":{port}"
    return f"{_SCHEMES[parts.scheme]}://{netloc}"


def invitation(*servers: str) -> str:
    """The line that tells a person where friends join from a browser."""
    return f"Friends can open {' or '.join(browser_url(s) for s in servers)} in a browser"
