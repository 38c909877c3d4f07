"""Who you are on a server between runs, and taking your seats back when you return.

A server knows a returning player by the token it handed out in ``welcome``: a client
that says ``hello`` with it again gets its seats back (the server re-sends ``joined`` +
``state`` for every match the player sits in). So the window and the terminal keep one
token per server in the user's data directory, readable by the user only, and a crash
or a closed terminal in the middle of a game costs nothing: start again, and you are
back at your game.

Two clients on one machine against one server must not become the same player (the
usual way to try the game is two windows side by side). Each run holds an advisory
lock on its token file for as long as it runs; a second client finds the first slot
taken and takes the next one, so it is a different player, and is remembered too.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import IO
from urllib.parse import urlsplit

import platformdirs

from client.common.client_state import ClientState
from client.common.connection import ConnectError, Connection
from client.common.words import words
from shared.protocol import Lobby

SLOTS = 8
"""Players remembered per server on one machine (one per client running at once)."""
REJOIN_TIMEOUT = 10.0
"""Seconds to wait for the server to answer the request that follows hello."""


class IdentityError(Exception):
    """The token file cannot be used; the message says why."""


def players_dir() -> Path:
    """Where the tokens live: beside the server's database, in the user's data directory."""
    return platformdirs.user_data_path("taikyoku") / "players"


def url_key(url: str) -> str:
    """A server's address, normalised: ws://Host:8765/ and ws://host:8765 are one server."""
    parts = urlsplit(url.strip())
    scheme = parts.scheme.lower() or "ws"
    try:
        port = parts.port or (443 if scheme == "wss" else 80)
    except ValueError:  # a port that is not a number: the text itself is the key
        return url.strip()
    host = (parts.hostname or "").lower()
    return f"{scheme}://{host}:{port}{parts.path.rstrip('/')}"


def file_stem(key: str) -> str:
    """A file name for a server key: readable, and unique through a hash of the whole key."""
    readable = re.sub(r"[^A-Za-z0-9.]+", "-", key.split("://")[-1]).strip("-.")[:48]
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:12]
    return f"{readable or 'server'}-{digest}"


@dataclass
class Identity:
    """The token file this run uses (None: a new player, forgotten at exit), held locked."""

    token_file: Path | None
    note: str = ""
    """For the person, when it matters: why this run is not the remembered player."""
    _lock: IO[bytes] | None = None

    def release(self) -> None:
        """Let the next client on this machine use this player (closing drops the lock)."""
        if self._lock is not None:
            self._lock.close()
            self._lock = None


def claim(
    key: str,
    *,
    token_file: Path | None = None,
    directory: Path | None = None,
    new_player: bool = False,
) -> Identity:
    """The identity for the server ``key``: ``token_file`` if given, else a free slot.

    With neither ``token_file`` nor ``directory`` nothing is remembered (nor when the
    directory cannot be used: the note says so). ``new_player`` forgets the token found
    there, so the server makes a new player (remembered from then on). IdentityError
    when ``token_file`` is in use by another client or cannot be created.
    """
    if token_file is not None:
        lock = _lock(token_file)
        if lock is None:
            raise IdentityError(words()("identity-in-use", path=str(token_file)))
        return _taken(token_file, lock, new_player)
    if directory is None:
        return Identity(None)
    stem = file_stem(key)
    for slot in range(1, SLOTS + 1):
        path = directory / (f"{stem}.token" if slot == 1 else f"{stem}-{slot}.token")
        try:
            lock = _lock(path)
        except IdentityError as err:  # never a reason not to play: just not remembered
            return Identity(None, words()("identity-not-remembered", why=str(err)))
        if lock is not None:
            identity = _taken(path, lock, new_player)
            if slot > 1:
                identity.note = words()("identity-another-slot")
            return identity
    return Identity(None, words()("identity-all-slots", count=SLOTS))


def _taken(path: Path, lock: IO[bytes], new_player: bool) -> Identity:
    if new_player:
        try:
            path.unlink(missing_ok=True)
        except OSError as err:
            lock.close()
            raise IdentityError(words()("identity-cannot-forget", path=str(path),
                                        error=str(err.strerror or err))) from err
    return Identity(path, _lock=lock)


def _lock(path: Path) -> IO[bytes] | None:
    """An exclusive advisory lock on ``path``.lock, held while the file stays open.

    None when another client holds it. flock (not lockf) on POSIX: two opens in one
    process exclude each other too, as two windows in one test process must.
    """
    lock_path = path.with_name(path.name + ".lock")
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        handle = os.fdopen(os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600), "r+b")
    except OSError as err:
        raise IdentityError(words()("identity-cannot-use", directory=str(path.parent),
                                    error=str(err.strerror or err))) from err
    try:
        if sys.platform == "win32":
            import msvcrt

            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return None
    return handle


async def rejoin(conn: Connection, known: ClientState) -> None:
    """Take what the server re-sent after hello into ``known`` (see ``unfinished``).

    The server sends ``joined`` + ``state`` for each of our seats right after ``welcome``,
    before it reads anything from us; so everything up to the answer of one ``list``
    request is what it gave back. No match is put on screen here: the start-up decides.
    """
    await conn.list_matches()
    try:
        async with asyncio.timeout(REJOIN_TIMEOUT):
            while not isinstance(msg := await conn.recv(), Lobby):
                known.handle(msg)
    except TimeoutError as err:
        raise ConnectError(words()("rejoin-timeout", url=conn.url)) from err
    known.handle(msg)
    known.current = None
