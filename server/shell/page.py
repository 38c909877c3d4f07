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
instead of keeping its own copy (docs/hosting.md describes it).

`WORDS_PATH` is the other: :func:`words`, the catalogue of words (``shared.words``) in
every language as data for the page's resolver (words.js), so the page says what the
window and the terminal say, in the same words.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from shared.ai.levels import DEFAULT_LEVEL, LEVELS, level_words
from shared.games import DEFAULT_GAME, GAMES, GameInfo
from shared.protocol import CHAT_HISTORY_LINES, CHAT_MAX_CHARS
from shared.words import DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES
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


def catalogue() -> dict[str, Any]:
    """What the page needs to know about the games, the bots and the chat, as JSON data.

    Per-game behaviour is carried by the game's properties (``pieces``, ``coordinates``,
    ``scored``) so the page, like the window, never tests a game's name to draw it.
    """
    return {
        "games": [_game(info) for info in GAMES.values()],
        "default_game": DEFAULT_GAME,
        "bots": [{"level": level, "name": spec.name, "title": spec.title,
                  "words": level_words(level)} for level, spec in LEVELS.items()],
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
        "entries": every_language(),
    }


def _game(info: GameInfo) -> dict[str, Any]:
    """One game's entry. Its callables become data: every square's name on every size.

    ``ends`` is how the rules decided a finished game when that does not depend on the
    score (null for a scored game, whose end is its count of pieces).
    """
    return {
        "name": info.name,
        "title": info.title,
        "sizes": list(info.sizes),
        "default_size": info.default_size,
        "sides": list(info.sides),
        "move_help": info.move_help,
        "pieces": info.pieces,
        "coordinates": info.coordinates,
        "scored": info.scored,
        "illegal_why": info.illegal_why,
        "ends": None if info.scored else {
            "draw": info.end_words(None, (0, 0)),
            "won": [info.end_words(seat, (0, 0)) for seat in (0, 1)],
        },
        "boards": {str(size): {
            "label": info.label(size),
            "start": info.start(size).board,
            "squares": [info.name_square(sq, size) for sq in range(size * size)],
            "square_words": [info.square_words(sq, size) for sq in range(size * size)],
        } for size in info.sizes},
    }
