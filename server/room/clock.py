"""A match's game clocks as plain arithmetic: no timer, no I/O.

The room passes the time in (``now``, seconds of the shell's clock, UNIX time on a real
server). A clock keeps each side's ``remaining`` seconds as of ``since`` and which side's
clock runs; the time spent since then is charged when the clock is read or stopped.
The store keeps ``remaining`` (never ``since``): after a restart the running clock
starts again from the restore time, so nobody is charged for the time the server was down.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from server.room.wire import wire_seat
from shared.ai.move_time import Budget
from shared.protocol import Clock, ClockState


@dataclass
class MatchClock:
    """Both clocks of a match (seconds): ``remaining`` as of ``since`` for the ``running``
    seat (None: stopped, while waiting and once over)."""

    initial: float
    increment: float
    remaining: list[float] = field(default_factory=list)
    running: int | None = None
    since: float = 0.0

    def __post_init__(self) -> None:
        if not self.remaining:
            self.remaining = [self.initial, self.initial]

    @classmethod
    def of(cls, control: Clock) -> MatchClock:
        return cls(float(control.initial), float(control.increment))

    @property
    def control(self) -> Clock:
        """The time control as created (for the lobby and the store)."""
        return Clock(initial=self.initial, increment=self.increment)

    def copy(self) -> MatchClock:
        """A copy to change before the store has the change (the match keeps this one
        until then)."""
        return MatchClock(self.initial, self.increment, list(self.remaining), self.running,
                          self.since)

    @property
    def stored(self) -> tuple[float, float]:
        """``remaining`` as the store keeps it."""
        return (self.remaining[0], self.remaining[1])

    def left(self, seat: int, now: float) -> float:
        """What ``seat`` has left at ``now`` (never below 0)."""
        spent = now - self.since if seat == self.running else 0.0
        return max(0.0, self.remaining[seat] - max(0.0, spent))

    def start(self, seat: int, now: float) -> None:
        """``seat``'s clock runs from ``now`` (the other's stops, charged)."""
        self.stop(now)
        self.running, self.since = seat, now

    def stop(self, now: float) -> None:
        """Charge the running side up to ``now`` and stop its clock."""
        if self.running is not None:
            self.remaining[self.running] = self.left(self.running, now)
        self.running = None

    def moved(self, mover: int, now: float, next_seat: int | None) -> None:
        """``mover``'s move reached the server at ``now``: charge it, add the increment,
        and run ``next_seat``'s clock (None: the game is over)."""
        self.stop(now)
        if next_seat is not None:
            self.remaining[mover] += self.increment
            self.start(next_seat, now)

    def taken_back(self, movers: list[int], now: float) -> None:
        """Moves made by ``movers`` (a seat each) were taken back at ``now``: the running
        side is charged and the clocks stop, and each move's increment is taken back
        too; the time spent stays spent (none of it below 0)."""
        self.stop(now)
        for seat in movers:
            self.remaining[seat] = max(0.0, self.remaining[seat] - self.increment)

    def flag_at(self) -> float | None:
        """When the running clock reaches 0 (None when no clock runs)."""
        if self.running is None:
            return None
        return self.since + self.remaining[self.running]

    def fallen(self, now: float) -> int | None:
        """The seat whose flag has fallen at ``now``, or None."""
        if self.running is not None and self.left(self.running, now) <= 0.0:
            return self.running
        return None

    def budget(self, moves_left: int) -> Budget | None:
        """The running side's clock for a bot about to think (None when none runs)."""
        flag_at = self.flag_at()
        if flag_at is None:
            return None
        return Budget(flag_at, moves_left, self.increment)

    def to_message(self, now: float) -> ClockState:
        running = self.running
        return ClockState(
            initial=self.initial, increment=self.increment,
            remaining=[round(self.left(seat, now), 3) for seat in (0, 1)],
            running=None if running is None else wire_seat(running),
        )

