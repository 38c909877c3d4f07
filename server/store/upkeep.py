"""What a server's store does beside its writes: it says in the log when the database
grows past a size or its disk runs low (before writes fail with storage_unavailable),
and runs the retention rule (retention.py) every hour when the operator chose one.
"""

from __future__ import annotations

import logging
import shutil
from dataclasses import dataclass
from pathlib import Path

from server.config import ServerConfig

log = logging.getLogger("taikyoku.server")

CHECK_EVERY = 60.0
"""Seconds between two looks at the database's size and its disk's free space."""
FORGET_EVERY = 3600.0
"""Seconds between two runs of the retention rule."""
MB = 1 << 20


@dataclass(frozen=True)
class Upkeep:
    """The operator's choices for it (``taikyoku serve`` flags)."""

    forget_after_days: float | None = None
    warn_bytes: int = ServerConfig.store_warn_bytes
    disk_warn_bytes: int = ServerConfig.disk_warn_bytes

    @classmethod
    def of(cls, config: ServerConfig) -> Upkeep:
        return cls(config.forget_after_days, config.store_warn_bytes, config.disk_warn_bytes)


class SizeWatch:
    """Logs once when the database at ``path`` (with its write-ahead log) passes
    ``warn_bytes`` or its disk has less than ``disk_warn_bytes`` free, and once when
    that is over."""

    def __init__(self, path: str, upkeep: Upkeep) -> None:
        self.path = Path(path)
        self.upkeep = upkeep
        self.big = False
        self.low = False

    def look(self) -> None:
        try:
            size = sum(p.stat().st_size for p in (self.path, Path(f"{self.path}-wal"))
                       if p.exists())
            free = shutil.disk_usage(self.path.parent).free
        except OSError as err:
            log.warning("cannot see the size of the database %s (%s)", self.path, err)
            return
        warn, low = self.upkeep.warn_bytes, self.upkeep.disk_warn_bytes
        if size > warn and not self.big:
            log.warning("the database %s holds %d MB, past %d MB (--store-warn-mb): see "
                        "--forget-after and `taikyoku records prune` in docs/hosting.md",
                        self.path, size // MB, warn // MB)
        elif size <= warn and self.big:
            log.info("the database %s is back under %d MB", self.path, warn // MB)
        if free < low and not self.low:
            log.warning("the disk of the database %s has %d MB free, under %d MB "
                        "(--disk-warn-mb): when it is full, every change is refused with "
                        "storage_unavailable", self.path, free // MB, low // MB)
        elif free >= low and self.low:
            log.info("the disk of the database %s has %d MB free again", self.path, free // MB)
        self.big, self.low = size > warn, free < low
