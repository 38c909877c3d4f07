"""Drop numba's cached kernels when any kernel source has changed since they were cached.

numba checks a cached function against the source file that holds it, not against the
files it calls: after ``bits.py`` changes, a cached solver kernel would go on running
the old, inlined ``bits`` code. So at import (from :mod:`.jit`, before any kernel is
compiled or loaded) one hash of every ``.py`` file of this package and numba's version
is compared with a stamp kept in the cache directory numba uses for these kernels; when
they differ, the kernels' cache files there (``<module>.*.nbi`` and ``*.nbc`` of this
package's modules, nothing else) are deleted and the new stamp is written.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import cast

import numba

PACKAGE = Path(__file__).resolve().parent
STAMP = "kernel-sources.sha256"
"""The stamp's file name in the cache directory: the hex hash of the cached sources."""


def sources_hash() -> str:
    """One hash of this package's sources (each file's name and bytes) and numba's version."""
    digest = hashlib.sha256(numba.__version__.encode())
    for path in sorted(PACKAGE.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _locate() -> None:
    """Never compiled: its dispatcher only asks numba where this directory's kernels go."""


def cache_dir() -> Path:
    """The directory numba caches this package's kernels in: the one its locators pick for
    a function of this directory (next to the sources, or the user's cache directory, or
    ``NUMBA_CACHE_DIR``). Making the dispatcher compiles nothing."""
    return Path(cast(str, numba.njit(cache=True)(_locate).stats.cache_path))


def _is_kernel_cache(path: Path, modules: set[str]) -> bool:
    """Whether ``path`` is a numba index or data file of one of ``modules``: numba names
    them ``<module>.<function>-<line>.py<version>[.<n>].nbi|nbc``."""
    return path.suffix in (".nbi", ".nbc") and path.name.split(".", 1)[0] in modules


def refresh() -> None:
    """Delete this package's cached kernels if its sources changed since they were cached
    (or nothing is stamped yet), and stamp the cache with the current sources. Only for
    when numba compiles: with ``NUMBA_DISABLE_JIT=1`` nothing is cached (nor locatable)."""
    directory = cache_dir()
    stamp = directory / STAMP
    current = sources_hash()
    try:
        if stamp.read_text(encoding="ascii").strip() == current:
            return
    except (OSError, UnicodeDecodeError):
        pass  # no stamp yet (a new cache, or one from before this guard): start clean
    modules = {path.stem for path in PACKAGE.glob("*.py")}
    for path in directory.iterdir():
        if _is_kernel_cache(path, modules):
            path.unlink(missing_ok=True)  # another process starting now may beat us to it
    # written whole, then renamed: a process starting meanwhile reads the old or the new
    temporary = directory / f"{STAMP}.{os.getpid()}.tmp"
    temporary.write_text(current + "\n", encoding="ascii")
    temporary.replace(stamp)
