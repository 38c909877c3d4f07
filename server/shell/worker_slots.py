"""Who gets the next free worker of the bot pool: bot moves before the engine's work, and
within each, every address in turn, then every match (or connection) of that address in
turn.

Bot moves and the engine's hints and reviews (seconds each, and any player may ask)
share the pool's workers. A bot waiting for its move is a game stopped for everyone
in it, so a free worker goes to a waiting bot before any engine job, and engine jobs
hold at most all workers but one (one, in a pool of one): however many hints and
reviews are asked for, a bot waits at most for the end of one engine job.

Waiters are served round-robin, not in arrival order: one address with hundreds of
searches queued (its per-address cap allows 256) takes one worker in turn with every
other address that waits, so another player's bot waits for about one search, not for
the whole queue; and within an address, its matches take turns too.
"""

from __future__ import annotations

import asyncio
from collections import deque


class _Turns:
    """Waiters of one kind, by owner (an address) then by match. The next is the oldest
    waiter of the match served longest ago, of the owner served longest ago (one that
    was not served while it waited comes first), so an owner with a search running
    lets every other owner's waiter go before its next."""

    def __init__(self) -> None:
        self._owners: dict[str, dict[str, deque[asyncio.Future[None]]]] = {}
        """Owner -> match -> waiters, each in the order they came."""
        self._served: dict[str | tuple[str, str], int] = {}
        """When each owner, and each (owner, match), waiting was last served (a count of
        hand-outs; absent: not while it waited)."""
        self._count = 0

    def add(self, owner: str, match: str, waiter: asyncio.Future[None]) -> None:
        self._owners.setdefault(owner, {}).setdefault(match, deque()).append(waiter)

    def remove(self, owner: str, match: str, waiter: asyncio.Future[None]) -> bool:
        """Take out a waiter that gave up; whether it was still here."""
        queue = self._owners.get(owner, {}).get(match)
        if queue is None or waiter not in queue:
            return False
        queue.remove(waiter)
        self._tidy(owner, match)
        return True

    def __bool__(self) -> bool:
        return bool(self._owners)

    def next(self) -> asyncio.Future[None]:
        """The next waiter in turn, taken out."""
        owner = min(self._owners, key=lambda key: self._served.get(key, 0))
        matches = self._owners[owner]
        match = min(matches, key=lambda key: self._served.get((owner, key), 0))
        waiter = matches[match].popleft()
        self._count += 1
        self._served[owner] = self._served[owner, match] = self._count
        self._tidy(owner, match)
        return waiter

    def _tidy(self, owner: str, match: str) -> None:
        """Forget a match, and an owner, with nobody waiting."""
        matches = self._owners[owner]
        if not matches[match]:
            del matches[match]
            self._served.pop((owner, match), None)
        if not matches:
            del self._owners[owner]
            self._served.pop(owner, None)


class WorkerSlots:
    """One slot per worker; waiters are served bots first, then engine jobs, each kind
    round-robin across owners (addresses), then across matches."""

    def __init__(self, size: int) -> None:
        self.free = size
        self.engine_cap = max(1, size - 1)
        """The most workers engine jobs hold at once."""
        self.engine_busy = 0
        self._waiting: dict[bool, _Turns] = {False: _Turns(), True: _Turns()}
        """Waiters for a slot, by whether they are engine jobs."""

    async def acquire(self, engine: bool = False, owner: str = "", match: str = "") -> None:
        """Wait for a slot (``engine``: for an engine job) in the turn of ``owner`` (the
        address the work counts for) and ``match``; give it back with :meth:`release`.
        Cancelled while waiting, it holds none."""
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        turns = self._waiting[engine]
        turns.add(owner, match, waiter)
        self._hand_out()
        try:
            await waiter
        except asyncio.CancelledError:
            if not turns.remove(owner, match, waiter) and not waiter.cancelled():
                self.release(engine)  # handed a slot as it gave up: pass it on
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
            turns = self._waiting[engine]
            while turns and self.free and (not engine or self.engine_busy < self.engine_cap):
                waiter = turns.next()
                if waiter.done():  # given up
                    continue
                self.free -= 1
                self.engine_busy += engine
                waiter.set_result(None)
