"""The browser client: plain HTML, CSS and JavaScript modules, served as they are.

`FILES` is the only list of what the game server serves over HTTP: URL path ->
(file name in this package, Content-Type). Nothing else is served, and no request
path is ever mapped onto the filesystem; a file added here must be added to `FILES`
(tests/test_web_manifest.py checks both ways).
"""

from __future__ import annotations

FILES: dict[str, tuple[str, str]] = {
    "/": ("index.html", "text/html; charset=utf-8"),
}
