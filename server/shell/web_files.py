"""The web client over plain HTTP, on the game server's own port.

websockets hands every request to ``process_request`` before its opening handshake:
one that asks for the WebSocket upgrade goes on to the protocol untouched (return
None); any other is answered here, from the fixed list in ``page.FILES`` (the page's
files in client/web/) read into memory once, plus the games' catalogue
(``page.CATALOGUE_PATH``) and the catalogue of words (``page.WORDS_PATH``), generated
once. A request path is only
ever a key into that list (never a file name), so nothing else on the machine can be
served. GET and HEAD are answered; every other method gets 405. websockets closes the
connection after an HTTP answer, so each request is its own connection (a page is a
handful of small files).
"""

from __future__ import annotations

import email.utils
import json
import re
import urllib.parse
from dataclasses import dataclass
from http import HTTPStatus

from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from server.shell import page  # FILES and the catalogues: the one list of what is served
from shared.words import LANGUAGES

ALLOWED = "GET, HEAD"
BASE_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
    " manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
"""Only this server's own files run or style the page; the page opens only this
server's websocket (see :func:`content_security_policy`) and cannot be framed."""
_HOST = re.compile(r"(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")
"""A Host header that is a plain name or address with an optional port."""


def is_upgrade(request: Request) -> bool:
    """Whether the request asks for a WebSocket (those are the protocol's, not ours)."""
    return any(
        token.strip().lower() == "websocket"
        for value in request.headers.get_all("Upgrade")
        for token in value.split(",")
    )


def same_origin(origin: str | None, host: str | None) -> bool:
    """Whether an upgrade request may reach the protocol: a browser names the page that
    opens the socket (``Origin``), and only this server's own page, at the host the
    request was sent to (``Host``), may; so another website a player on the LAN visits
    cannot. Programs send no Origin (None) and are let in."""
    if origin is None:
        return True
    try:
        netloc = urllib.parse.urlsplit(origin).netloc
    except ValueError:
        return False
    return host is not None and netloc != "" and netloc.lower() == host.lower()


def content_security_policy(host: str | None) -> str:
    """The policy for a page reached at ``host`` (the request's Host header).

    ``connect-src 'self'`` admits the page's own ws:// origin in current browsers; the
    explicit ws://host is there for older Safari, which did not count ws: as 'self'.
    A Host that is not a plain host[:port] adds nothing, so it cannot inject policy.
    """
    connect = "connect-src 'self'"
    if host is not None and _HOST.fullmatch(host):
        connect += f" ws://{host}"
    return f"{BASE_POLICY}; {connect}"


@dataclass(frozen=True)
class WebFile:
    body: bytes
    content_type: str


class WebClient:
    """The web client's files in memory, and the HTTP answers made from them."""

    def __init__(self, files_by_path: dict[str, WebFile]) -> None:
        self.files = files_by_path

    @classmethod
    def load(cls) -> WebClient:
        """Read every file of ``page.FILES`` (a missing one fails here, at server
        start, not when a browser asks for it) and build the games' catalogue and the words
        once (a catalogue of words the page cannot read fails here too)."""
        served = {
            path: WebFile((page.PAGE_DIR / name).read_bytes(), content_type)
            for path, (name, content_type) in page.FILES.items()
        }
        catalogue = json.dumps(page.catalogue(), separators=(",", ":")).encode()
        served[page.CATALOGUE_PATH] = WebFile(catalogue, page.CATALOGUE_TYPE)
        words = json.dumps(page.words(), ensure_ascii=False, separators=(",", ":"))
        served[page.WORDS_PATH] = WebFile(words.encode(), page.CATALOGUE_TYPE)
        default = served[f"/{page.MANIFEST}"]  # the file: the default language's
        for lang in LANGUAGES:
            if (path := page.manifest_path(lang)) not in served:
                body = page.manifest(json.loads(default.body), lang)
                served[path] = WebFile(json.dumps(body, ensure_ascii=False).encode(),
                                       default.content_type)
        return cls(served)

    def process_request(self, connection: ServerConnection, request: Request) -> Response | None:
        """websockets' hook: None lets an upgrade request through to the protocol (403
        for one from another site's page, see :func:`same_origin`)."""
        if is_upgrade(request):
            if same_origin(request.headers.get("Origin"), request.headers.get("Host")):
                return None
            return connection.respond(HTTPStatus.FORBIDDEN, "A page of another origin may "
                                      "not open a socket to this game server.\n")
        return self.respond(request.method, request.path, request.headers.get("Host"))

    def respond(self, method: str, target: str, host: str | None = None) -> Response:
        """The answer to ``method target`` (the query string is ignored)."""
        path = target.partition("?")[0]
        headers = Headers([
            ("Date", email.utils.formatdate(usegmt=True)),
            ("Connection", "close"),
            ("Cache-Control", "no-cache"),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("Content-Security-Policy", content_security_policy(host)),
        ])
        if method not in ("GET", "HEAD"):
            headers["Allow"] = ALLOWED
            status, file = HTTPStatus.METHOD_NOT_ALLOWED, _text(
                f"{method} is not allowed here: this server answers GET and HEAD.\n")
        elif path in self.files:
            status, file = HTTPStatus.OK, self.files[path]
        else:
            status, file = HTTPStatus.NOT_FOUND, _text(
                "Not found. This game server serves its web client at /.\n")
        headers["Content-Type"] = file.content_type
        headers["Content-Length"] = str(len(file.body))
        body = b"" if method == "HEAD" else file.body
        return Response(status.value, status.phrase, headers, body)


def _text(message: str) -> WebFile:
    return WebFile(message.encode(), "text/plain; charset=utf-8")
