"""The browser client: plain HTML, CSS and JavaScript modules, served as they are.

`FILES` is the only list of what the game server serves over HTTP: URL path ->
(file name in this package, Content-Type). Nothing else is served, and no request
path is ever mapped onto the filesystem; a file added here must be added to `FILES`
(tests/test_web_manifest.py checks both ways).
"""

from __future__ import annotations

_JS = "text/javascript; charset=utf-8"

FILES: dict[str, tuple[str, str]] = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
    "/app.js": ("app.js", _JS),
    "/connection.js": ("connection.js", _JS),
    "/known.js": ("known.js", _JS),
    "/match_view.js": ("match_view.js", _JS),
    "/replay.js": ("replay.js", _JS),
    "/lobby.js": ("lobby.js", _JS),
    "/game.js": ("game.js", _JS),
    "/board.js": ("board.js", _JS),
    "/chat.js": ("chat.js", _JS),
    "/clock.js": ("clock.js", _JS),
    "/dom.js": ("dom.js", _JS),
    "/sound.js": ("sound.js", _JS),
}
