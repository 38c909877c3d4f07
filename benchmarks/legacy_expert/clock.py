"""A search deadline that is cheap to poll, and the exception that unwinds a search."""

from __future__ import annotations

import time


class Timeout(Exception):
    """The deadline passed; the search unwinds and the caller keeps its last result."""


class Deadline:
    """A point in time (or none) that a search polls as it counts nodes.

    Reading the clock costs more than a node's bit operations, so :meth:`tick` counts
    nodes and looks at the clock only every 256 of them (about 10-30 ms of search).
    """

    MASK = 255

    def __init__(self, seconds: float | None) -> None:
        self.end = None if seconds is None else time.perf_counter() + seconds
        self.nodes = 0

    def tick(self) -> None:
        """Count one node; raise :class:`Timeout` if the deadline has passed."""
        self.nodes += 1
        if self.nodes & self.MASK == 0 and self.end is not None:
            if time.perf_counter() > self.end:
                raise Timeout

    def remaining(self) -> float:
        """Seconds left (infinite without a deadline)."""
        return float("inf") if self.end is None else self.end - time.perf_counter()
