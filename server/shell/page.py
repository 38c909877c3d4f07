"""The web page as the server serves it: which files, and the two it generates.

The page's files are package data of this distribution in ``client/web/`` (HTML, CSS,
JavaScript modules, icons), read as files from beside this package: the server never
imports a client. `FILES` is the only list of what the game server serves over HTTP:
URL path -> (file name in ``client/web/``, Content-Type). Nothing else is served, and no
request path is ever mapped onto the filesystem; a file added to the page must be added
to `FILES` (tests/client/web/test_web_manifest.py checks both ways).

`CATALOGUE_PATH` is the one generated resource: :func:`catalogue` as JSON, built once
at server start from ``shared.games``, ``shared.ai.levels`` and ``shared.protocol``, so
the page names games, sides, squares, bots and chat limits as the Python clients do
instead of keeping its own copy (docs/hosting.md describes it); their words are in the
catalogue of words.

`WORDS_PATH` is the other: :func:`words`, the catalogue of words (``shared.words``) in
every language as data for the page's resolver (words.js), so the page says what the
window and the terminal say, in the same words.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from shared.ai.levels import DEFAULT_LEVEL, LEVELS
from shared.games import DEFAULT_GAME, GAMES, GameInfo
from shared.protocol import CHAT_HISTORY_LINES, CHAT_MAX_CHARS
from shared.words import DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, get_words
from shared.words.page_form import every_language

PAGE_DIR = Path(__file__).resolve().parents[2] / "client" / "web"
"""Where the page's files are: ``client/web/`` beside the ``server`` package."""

_JS = "text/javascript; charset=utf-8"

FILES: dict[str, tuple[str, str]] = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
    "/app.js": ("app.js", _JS),
    "/connection.js": ("connection.js", _JS),
    "/known.js": ("known.js", _JS),
    "/catalogue.js": ("catalogue.js", _JS),
    "/words.js": ("words.js", _JS),
    "/match_view.js": ("match_view.js", _JS),
    "/replay.js": ("replay.js", _JS),
    "/record.js": ("record.js", _JS),
    "/lobby.js": ("lobby.js", _JS),
    "/game.js": ("game.js", _JS),
    "/board.js": ("board.js", _JS),
    "/chat.js": ("chat.js", _JS),
    "/clock.js": ("clock.js", _JS),
    "/dom.js": ("dom.js", _JS),
    "/sanitise.js": ("sanitise.js", _JS),
    "/sound.js": ("sound.js", _JS),
    # what "Add to home screen" reads: the app's name, colours and icon (docs/playing.md)
    "/manifest.webmanifest": ("manifest.webmanifest", "application/manifest+json; charset=utf-8"),
    "/icon.svg": ("icon.svg", "image/svg+xml; charset=utf-8"),
    "/icon-192.png": ("icon-192.png", "image/png"),
    "/icon-512.png": ("icon-512.png", "image/png"),
}

CATALOGUE_PATH = "/catalogue.json"
CATALOGUE_TYPE = "application/json; charset=utf-8"
WORDS_PATH = "/words.json"
MANIFEST = "manifest.webmanifest"
"""The web app manifest, in the default language; each other language's is made from it."""


def manifest_path(lang: str) -> str:
    """Where the manifest in ``lang`` is served: the file itself for the default language,
    '/manifest.ja.webmanifest' for Japanese (words.js points the page's link there)."""
    return f"/{MANIFEST}" if lang == DEFAULT_LANGUAGE else f"/manifest.{lang}.webmanifest"


def manifest(template: dict[str, Any], lang: str) -> dict[str, Any]:
    """The manifest ``template`` (the file) in ``lang``: its language and the catalogue's
    description, which "Add to home screen" shows."""
    return {**template, "lang": lang, "description": get_words(lang)("manifest-description")}


def catalogue() -> dict[str, Any]:
    """What the page needs to know about the games, the bots and the chat, as JSON data.

    Per-game behaviour is carried by the game's properties (its ``look``, ``coordinates``,
    ``scored``) so the page, like the window, never tests a game's name to draw it.
    """
    return {
        "games": [_game(info) for info in GAMES.values()],
        "default_game": DEFAULT_GAME,
        "bots": [{"level": level, "name": spec.name} for level, spec in LEVELS.items()],
        "default_level": DEFAULT_LEVEL,
        "chat": {"max_chars": CHAT_MAX_CHARS, "history_lines": CHAT_HISTORY_LINES},
    }


def words() -> dict[str, Any]:
    """The catalogue of words for the page: its languages (each named in its own words),
    the default, and every entry of every language as parts words.js evaluates."""
    return {
        "languages": list(LANGUAGES),
        "names": {lang: LANGUAGE_NAMES[lang] for lang in LANGUAGES},
        "default": DEFAULT_LANGUAGE,
        "manifests": {lang: manifest_path(lang) for lang in LANGUAGES},
        "entries": every_language(),
    }


def _game(info: GameInfo) -> dict[str, Any]:
    """One game's entry. Its callables become data: every square's name on every size.
    Its words (title, sides, how it ends) are in the catalogue of words (`words`), keyed
    by the game's name; ``reasons`` are its rules' ``result.reason`` values, worded by
    ``<game>-end-<reason>``."""
    return {
        "name": info.name,
        "sizes": list(info.sizes),
        "default_size": info.default_size,
        "look": info.look.data(),
        "coordinates": info.coordinates,
        "scored": info.scored,
        "reasons": list(info.reasons),
        "boards": {str(size): {
            "start": info.start(size).board,
            "squares": [info.name_square(sq, size) for sq in range(size * size)],
        } for size in info.sizes},
    }
