"""Who gets the next free worker of the bot pool: bot moves before the engine's work.

Bot moves and the engine's hints and reviews (seconds each, and any player may ask)
share the pool's workers. A bot waiting for its move is a game stopped for everyone
in it, so a free worker goes to a waiting bot before any engine job, and engine jobs
hold at most all workers but one (one, in a pool of one): however many hints and
reviews are asked for, a bot waits at most for the end of one engine job.
"""

from __future__ import annotations

import asyncio
from collections import deque


class WorkerSlots:
    """One slot per worker; waiters are served bots first, then engine jobs, each kind
    in the order it came."""

    def __init__(self, size: int) -> None:
        self.free = size
        self.engine_cap = max(1, size - 1)
        """The most workers engine jobs hold at once."""
        self.engine_busy = 0
        self._waiting: dict[bool, deque[asyncio.Future[None]]] = {False: deque(),
                                                                  True: deque()}
        """Waiters for a slot, by whether they are engine jobs."""

    async def acquire(self, engine: bool = False) -> None:
        """Wait for a slot (``engine``: for an engine job); give it back with
        :meth:`release`. Cancelled while waiting, it holds none."""
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        queue = self._waiting[engine]
        queue.append(waiter)
        self._hand_out()
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter in queue:
                queue.remove(waiter)
            elif not waiter.cancelled():  # handed a slot as it gave up: pass it on
                self.release(engine)
            raise

    def release(self, engine: bool = False) -> None:
        """A slot taken by :meth:`acquire` with the same ``engine`` is free again."""
        self.free += 1
        if engine:
            self.engine_busy -= 1
        self._hand_out()

    def _hand_out(self) -> None:
        """Give the free slots to those waiting: bots first, engine jobs under their cap."""
        for engine in (False, True):
            queue = self._waiting[engine]
            while queue and self.free and (not engine or self.engine_busy < self.engine_cap):
                waiter = queue.popleft()
                if waiter.done():  # given up
                    continue
                self.free -= 1
                self.engine_busy += engine
                waiter.set_result(None)
