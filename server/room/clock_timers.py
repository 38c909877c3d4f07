"""The game clocks' flag timers: each running clock asks to be woken when it runs out.

Like :mod:`server.room.holds`, no I/O: the room passes the time in and carries the timer
effects out. A timer may ring late or stale (the clock was given an increment, a
takeback restarted it): the room asks :meth:`ClockTimers.fallen` when it rings, and a clock
that has not run out sets its timer again.
"""

from __future__ import annotations

from server.room.effects import FLAG_TIMER, CancelTimer, Effect, SetTimer
from server.room.match import Match


class ClockTimers:
    """Starts, charges and stops the clocks of matches; timer effects go to ``out``."""

    def __init__(self, out: list[Effect]) -> None:
        self.out = out

    def start(self, match: Match, now: float) -> None:
        """The side to move's clock runs from ``now`` (a match that started or came
        back after a restart, a takeback: time spent stays spent)."""
        clock = match.clock
        if clock is not None and match.status == "playing":
            clock.start(match.state.to_move, now)
            self.arm(match)

    def moved(self, match: Match) -> None:
        """``match``'s clocks changed (a move charged them, or the end stopped them):
        its flag timer follows."""
        if match.clock is not None:
            self.arm(match)

    def arm(self, match: Match) -> None:
        """Set the flag timer for when the running clock runs out, or cancel it."""
        key = (match.code, FLAG_TIMER)
        at = match.clock.flag_at() if match.clock is not None else None
        self.out.append(CancelTimer(key) if at is None else SetTimer(key, at))

    def fallen(self, match: Match, now: float) -> int | None:
        """The seat whose flag has fallen at ``now`` in an unfinished match, or None."""
        if match.clock is None or match.result is not None:
            return None
        return match.clock.fallen(now)
