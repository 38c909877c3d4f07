"""Preferences a person sets once and expects the window to remember: whether its sounds
are muted, and the language it speaks.

One small JSON file in the user's configuration directory (tokens, which are secrets,
live in the data directory: see client/common/identity.py). Nothing here may stop a game: a
missing file is the defaults, and so is a damaged or unreadable one (with a warning in
the log; the next save replaces it). Saving writes a new file and renames it over the
old one, so a crash never leaves half a file behind.
"""

from __future__ import annotations

import logging
import os
import tempfile
from pathlib import Path

import msgspec
import platformdirs

from client.common.words import words

log = logging.getLogger(__name__)


class Settings(msgspec.Struct, frozen=True, kw_only=True):
    """The remembered preferences; every field has a default, so an older or newer
    file still loads (fields it lacks take the default, fields we do not know are
    ignored). Change one with ``msgspec.structs.replace(settings, muted=True)``."""

    muted: bool = False
    """The window plays no sounds."""
    lang: str | None = None
    """The language chosen in the window ('en', 'ja'); None: the system locale's. ``--lang``
    overrides it for one run (client/common/words.py)."""


class SettingsError(Exception):
    """The settings could not be saved; the message says where and why (``path`` and
    ``why``, for a client to say it in its own words)."""

    def __init__(self, path: Path, why: str) -> None:
        super().__init__(words()("settings-unsaved", path=str(path), error=why))
        self.path, self.why = path, why


def settings_path() -> Path:
    """Where the settings live: ``settings.json`` in the user's configuration directory."""
    return platformdirs.user_config_path("taikyoku") / "settings.json"


def load(path: Path) -> Settings:
    """The settings saved in ``path``; the defaults when there are none or they are unusable."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return Settings()
    except OSError as err:
        log.warning("cannot read the settings in %s (%s); using the defaults",
                    path, err.strerror or err)
        return Settings()
    try:
        return msgspec.json.decode(data, type=Settings)
    except msgspec.DecodeError as err:  # ValidationError is a DecodeError too
        log.warning("the settings in %s are not valid (%s); using the defaults", path, err)
        return Settings()


def save(settings: Settings, path: Path) -> None:
    """Write ``settings`` to ``path`` (creating its directory); SettingsError on failure."""
    text = msgspec.json.format(msgspec.json.encode(settings)) + b"\n"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as file:
                file.write(text)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError as err:
        raise SettingsError(path, str(err.strerror or err)) from err
