"""The lock that says a server owns a database, held by the file's identity.

On POSIX systems it is ``flock`` on the database file itself: the lock belongs to the
file (its device and inode), not to the name it was opened by, so a second server
reaching the same file through a symlink or a hard link finds it taken. ``flock`` and
the ``fcntl`` byte-range locks SQLite uses on the same file do not touch each other, and
the lock goes with its process (a killed server leaves nothing to clean up). Within one
process (tests, a program embedding two servers) a registry of the files held answers,
since closing a second descriptor of the file would drop SQLite's own locks on it.

Elsewhere (Windows) it is a sidecar ``<real path>.lock`` held in an exclusive SQLite
transaction: a symlink resolves to the same one; a hard link does not.
"""

from __future__ import annotations

import errno
import os
import sqlite3

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

_HELD: set[tuple[int, int]] = set()
"""(device, inode) of every database file a lock in this process holds."""
IN_USE = (errno.EWOULDBLOCK, errno.EAGAIN)
"""What ``flock`` says when another process holds the lock."""


class FileLock:
    """The lock of the database at ``path`` (not taken until :meth:`take`)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.real = os.path.realpath(path)
        self._fd: int | None = None
        self._identity: tuple[int, int] | None = None
        self._sidecar: sqlite3.Connection | None = None

    def take(self) -> str | None:
        """Take the lock: None when taken, else why not, in words for the operator."""
        if fcntl is None:
            return self._take_sidecar()
        try:
            known = os.stat(self.real)
        except FileNotFoundError:
            known = None
        except OSError as err:
            return self._cannot(err)
        if known is not None and (known.st_dev, known.st_ino) in _HELD:
            return self._in_use("another taikyoku server (in this process)")
        try:
            fd = os.open(self.real, os.O_RDONLY | os.O_CREAT, 0o644)
        except OSError as err:
            return self._cannot(err)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as err:
            os.close(fd)
            return self._in_use("another taikyoku server") if err.errno in IN_USE \
                else self._cannot(err)
        status = os.fstat(fd)
        self._fd, self._identity = fd, (status.st_dev, status.st_ino)
        _HELD.add(self._identity)
        return None

    def release(self) -> None:
        """Let the lock go (after the database is closed)."""
        if self._fd is not None:
            os.close(self._fd)  # the flock goes with the file's last descriptor
            self._fd = None
        if self._identity is not None:
            _HELD.discard(self._identity)
            self._identity = None
        if self._sidecar is not None:
            self._sidecar.close()
            self._sidecar = None

    def _take_sidecar(self) -> str | None:
        sidecar = f"{self.real}.lock"
        try:
            lock = sqlite3.connect(sidecar, timeout=0, isolation_level=None)
        except sqlite3.Error as err:
            return f"cannot lock the database {self.path}: {sidecar} cannot be opened ({err})"
        try:
            lock.execute("BEGIN EXCLUSIVE")
        except sqlite3.OperationalError as err:
            lock.close()
            if "locked" in str(err):
                return self._in_use("another taikyoku server")
            return f"cannot lock the database {self.path}: {sidecar} refuses ({err})"
        self._sidecar = lock
        return None

    def _in_use(self, by: str) -> str:
        same = "" if self.real == os.path.abspath(self.path) else f" (the file {self.real})"
        return (f"the database {self.path}{same} is in use by {by}; stop that server or "
                "give this one another --db")

    def _cannot(self, err: OSError) -> str:
        return (f"cannot lock the database {self.path} ({err.strerror or err}): this is not "
                "another server holding it; fix the file's place or permissions, or give "
                "another --db")
