"""server.shell.page.FILES, the one list of what the server serves, matches the web client's
files: every file is listed, every listed file exists, and everything the page asks
for (its stylesheet, scripts, web app manifest and icons, every module a module imports,
every icon the manifest names) is on the list, so a file added without its entry in
FILES fails here and not in someone's browser. The web app manifest gives "Add to home
screen" the game's name and icon."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path

import client.web
from server.shell.page import FILES

WEB = Path(client.web.__file__).parent
TYPES = {".html": "text/html", ".css": "text/css", ".js": "text/javascript",
         ".webmanifest": "application/manifest+json", ".svg": "image/svg+xml",
         ".png": "image/png"}
"""The Content-Type each kind of file is served with (browsers refuse a module
script served as anything but JavaScript)."""


def served_files() -> set[str]:
    return {name for name, _ in FILES.values()}


def test_every_file_is_listed_and_every_listed_file_exists() -> None:
    on_disk = {p.name for p in WEB.iterdir()
               if p.is_file() and p.name != "__init__.py" and p.suffix != ".pyc"}
    assert on_disk == served_files()


def test_paths_and_content_types() -> None:
    assert FILES["/"][0] == "index.html"
    for path, (name, content_type) in FILES.items():
        assert path == "/" or path == f"/{name}", path
        kind, _, charset = content_type.partition("; ")
        assert kind == TYPES[Path(name).suffix], name
        # text has its charset; an image's bytes are no text
        assert charset == ("" if kind == "image/png" else "charset=utf-8"), name


def test_what_the_page_asks_for_is_served() -> None:
    """The page's links and every relative import of every module are URLs in FILES."""
    wanted = set(re.findall(r'(?:href|src)="(/[^"]*)"', (WEB / "index.html").read_text()))
    manifest = json.loads((WEB / "manifest.webmanifest").read_text())
    wanted |= {icon["src"] for icon in manifest["icons"]}
    for name in served_files():
        if name.endswith(".js"):
            text = (WEB / name).read_text()
            wanted |= {"/" + m for m in re.findall(r'from\s+"\./([^"]+)"', text)}
    assert wanted, "the page asks for nothing: the patterns above no longer match"
    assert wanted <= set(FILES), sorted(wanted - set(FILES))
    unused = {p for p, (name, _) in FILES.items() if p != "/" and p not in wanted}
    assert not unused, f"served but never loaded: {sorted(unused)}"


def test_no_markup_from_strings() -> None:
    """Text from the wire (names above all) reaches the page only as text: no module uses
    innerHTML, outerHTML, insertAdjacentHTML or document.write."""
    for name in served_files():
        if name.endswith(".js"):
            text = (WEB / name).read_text()
            for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write"):
                assert sink not in text, f"{name} uses {sink}"


def test_the_web_app_manifest_names_the_game_and_its_icons() -> None:
    """What a phone's "Add to home screen" reads: a name, the page to open, colours, and
    icons whose declared sizes are their real ones (a 192 and a 512 pixel PNG, as
    Chrome on Android asks for, and the SVG for any size)."""
    manifest = json.loads((WEB / "manifest.webmanifest").read_text())
    assert manifest["name"] == manifest["short_name"] == "taikyoku"
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == (
        "/", "/", "standalone")
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    sizes = {}
    for icon in manifest["icons"]:
        name = icon["src"].lstrip("/")
        assert FILES[icon["src"]][1].startswith(icon["type"]), icon
        if icon["type"] == "image/png":
            data = (WEB / name).read_bytes()
            assert data[:8] == b"\x89PNG\r\n\x1a\n", name
            width, height = struct.unpack(">II", data[16:24])  # the IHDR chunk
            assert icon["sizes"] == f"{width}x{height}", name
            sizes[width] = name
        else:
            assert icon["sizes"] == "any"
    assert {192, 512} <= set(sizes), sizes
