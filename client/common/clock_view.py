"""A match's two clocks as a player sees them between the server's states.

The server owns the time (docs/protocol.md §11): each `state` carries both remaining
times as of its sending and the seat whose clock runs. A client counts that clock down
from the moment the state arrived and takes the next state's figures as they come; it
never decides that a flag fell. Pure arithmetic on times the caller passes in (a
monotonic clock), so the window, the terminal and the tests share it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from shared.protocol import MatchState

LOW_TIME_SHARE = 1 / 8
"""A clock below this share of its initial time is shown as low on time (lichess's
rule), but the warning comes...
"""
LOW_TIME_FLOOR = 10.0
"""...at least this many seconds before the flag (a 1-minute game warns at 10 s, not 7.5),"""
LOW_TIME_CEILING = 60.0
"""...at most this many (an hour's game warns at a minute),"""
LOW_TIME_MOST = 1 / 6
"""...and never with more than this share of a clock shorter than a minute left."""
TENTHS_BELOW = 10.0
"""Under this many seconds a clock shows tenths (9.4) instead of minutes and seconds."""


def low_time_threshold(initial: float) -> float:
    """The remaining time under which a clock with ``initial`` seconds warns its player:
    it grows with the time control (1+0: 10 s, 3+2: 22.5 s, 5+3: 37.5 s, 10+0: 60 s)."""
    scaled = max(LOW_TIME_FLOOR, initial * LOW_TIME_SHARE)
    return min(LOW_TIME_CEILING, scaled, initial * LOW_TIME_MOST)


def format_clock(seconds: float) -> str:
    """'1:02:03' from an hour, '4:59' down to ten seconds, then '9.4'.

    Rounded down, as clocks do: the display never shows more time than is left, and
    reads 0.0 only when (almost) nothing is. Negative times show as 0.0.
    """
    if seconds < TENTHS_BELOW:
        tenths = max(0, math.floor(seconds * 10 + 1e-9))  # 2.3 * 10 is 22.999...
        return f"{tenths // 10}.{tenths % 10}"
    hours, rest = divmod(math.floor(seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


@dataclass(frozen=True)
class ClockView:
    """The clocks of one `state`, received at ``received`` (the caller's monotonic time)."""

    remaining: tuple[float, float]
    running: int | None
    received: float
    initial: float
    increment: float

    @classmethod
    def of(cls, state: MatchState, received: float) -> ClockView | None:
        """The clocks of ``state`` (None when the match has no clock)."""
        clock = state.clock
        if clock is None:
            return None
        return cls((clock.remaining[0], clock.remaining[1]), clock.running, received,
                   clock.initial, clock.increment)

    def left(self, seat: int, now: float) -> float:
        """Seconds left to ``seat`` at ``now``: the running clock counts down, never below 0."""
        if seat == self.running:
            return max(0.0, self.remaining[seat] - max(0.0, now - self.received))
        return self.remaining[seat]

    def text(self, seat: int, now: float) -> str:
        return format_clock(self.left(seat, now))

    def low(self, seat: int, now: float) -> bool:
        """Whether ``seat`` is low on time (its player should be warned)."""
        return self.left(seat, now) < low_time_threshold(self.initial)

    def next_change(self, now: float) -> float | None:
        """Seconds until the running clock's text changes (None when none runs or it reads
        0.0), so a screen redraws the clock when it must rather than every frame."""
        if self.running is None:
            return None
        left = self.left(self.running, now)
        if left <= 0:
            return None
        step = 1.0 if left >= TENTHS_BELOW else 0.1
        shown = math.floor(left / step + 1e-9) * step  # as format_clock rounds
        if shown <= 0:
            return None  # it reads 0.0 until the server's next state
        return max(0.0, left - shown)
