"""How long a bot thinks on a move: one function, :func:`move_seconds`, and its constants.

The time comes from three things: the level (its own time in :data:`shared.ai.levels.LEVELS`:
the expert's 1 s; none for the fixed-depth levels), the server's cap (``bot_seconds``),
and, in a match with a clock, the bot's :class:`Budget`: what its clock has left for
the moves it probably still has to make (the position's, by the game's entry). The
server asks here for every bot move (server/shell/bot_pool.py); ``choose_move`` asks
here for the expert's time when its caller gives none. Within that time the expert's
search keeps its own margin for its last slice (``USE`` in shared/ai/kernel/expert.py).

No engine is imported here: the room and the clients may read it.
"""

from __future__ import annotations

from dataclasses import dataclass

from shared.ai.levels import LEVELS

UNTIMED_SECONDS = 10.0
"""Thinking time of a level that has none of its own (a fixed depth) when nothing else
bounds it: a server's search stops there, with the deepest depth it finished."""
SHARE_OF_INCREMENT = 0.8
"""The part of its increment a bot spends on each move (the rest is a margin)."""
SHARE_OF_REMAINING = 0.5
"""A bot never plans a move longer than this part of what its clock has left."""


@dataclass(frozen=True)
class Budget:
    """A bot's clock when its search was asked for: when its flag falls, the moves it
    probably still has to make, and its increment. Read when a worker starts the search,
    so time spent waiting for a free worker is counted."""

    flag_at: float
    moves_left: int
    increment: float

    def share(self, now: float) -> float:
        """The clock's share for this move from ``now``: what it has left spread over
        the moves to come, plus most of the increment, never more than
        :data:`SHARE_OF_REMAINING` of what is left (0 once the flag has fallen)."""
        left = max(0.0, self.flag_at - now)
        share = left / max(1, self.moves_left) + SHARE_OF_INCREMENT * self.increment
        return min(share, SHARE_OF_REMAINING * left)


def move_seconds(
    level: int, cap: float | None = None, budget: Budget | None = None, now: float = 0.0
) -> float:
    """The seconds a bot of ``level`` thinks on its move: the level's own time
    (:data:`UNTIMED_SECONDS` for a level without one), at most ``cap``, and with a
    ``budget`` at most its clock's share at ``now``. KeyError for an unknown level."""
    seconds = LEVELS[level].seconds
    if seconds is None:
        seconds = UNTIMED_SECONDS if cap is None else cap
    elif cap is not None:
        seconds = min(seconds, cap)
    if budget is not None:
        seconds = min(seconds, budget.share(now))
    return seconds
