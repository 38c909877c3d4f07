"""The taikyoku game server: the only owner of match state."""

from __future__ import annotations

from importlib import metadata

try:
    __version__ = metadata.version("taikyoku")
except metadata.PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.1.0"
