"""A token bucket: how many messages a sender may send, and how hard it overruns that.

The shell gives each connection one for its frames; the room one per connection for
chat and one per address in each match for chat (chat.py), and one per address for new
players (address_limits.py).
"""

from __future__ import annotations

import math
from typing import Callable


class MessageBudget:
    """A token bucket per connection, plus a record of how hard it is being overrun.

    ``take()`` says whether one more message fits the budget (``rate`` per second,
    bursts of ``burst``). Refused messages raise a leaky ``strikes`` level that drains
    at ``rate`` per second: a client that keeps sending faster than twice the budget
    climbs past ``burst`` strikes and :attr:`abusive` turns true (the server then
    closes the connection with 1008), while one that merely brushes the limit only
    gets ``rate_limited`` errors. ``clock`` gives the time in seconds: the room's (the
    time of the event it runs), or the shell's ``time.monotonic``.
    """

    def __init__(self, rate: float, burst: int, clock: Callable[[], float]) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError(f"a message budget needs rate > 0 and burst >= 1, got {rate}, {burst}")
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = float(burst)
        self._strikes = 0.0
        self._last = clock()

    def _refill(self) -> None:
        now = self._clock()
        elapsed = max(0.0, now - self._last)
        self._last = now
        self._tokens = min(float(self.burst), self._tokens + elapsed * self.rate)
        self._strikes = max(0.0, self._strikes - elapsed * self.rate)

    def take(self) -> bool:
        """Spend one message; False (and a strike) when the budget is exhausted."""
        self._refill()
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        self._strikes += 1.0
        return False

    def wait(self) -> float:
        """Seconds until the next message fits the budget (0 when one does now), to the
        millisecond above: what a refusal tells the sender to wait."""
        self._refill()
        return math.ceil(max(0.0, 1.0 - self._tokens) / self.rate * 1000) / 1000

    def refund(self) -> None:
        """Give back the message last taken: it did not count (see the server's use)."""
        self._tokens = min(float(self.burst), self._tokens + 1.0)

    @property
    def full(self) -> bool:
        """Whether the budget is as if unused (nothing to remember about its sender)."""
        self._refill()
        return self._tokens >= self.burst and self._strikes == 0

    @property
    def abusive(self) -> bool:
        return self._strikes > self.burst
