"""Discs turning over, as arithmetic the board painter reads each frame.

When a new `state` arrives the match is already in its new position: input goes to it
at once, and the animation only changes how the squares are drawn for about a quarter
of a second. Given the previous board, the new one and the time, each square has a
:class:`Look`: which face shows and how wide and how large the disc is drawn. A disc
that changed colour turns over (narrowing to its edge, then widening with the other
face), the nearer ones to the new disc first, as on a real board; a new disc or mark
grows in; one taken back shrinks away. Pure (no pygame), so it is tested on its own.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

FLIP_SECONDS = 0.25
"""From a new state to the last disc lying flat again."""
TURN_SHARE = 0.6
"""Each disc turns over in this share of FLIP_SECONDS; the rest staggers the turning
outward from the new disc."""
GROW_SHARE = 0.5
"""A new (or taken-back) disc grows in (or shrinks away) in this share of FLIP_SECONDS."""
EMPTY = "."


@dataclass(frozen=True)
class Look:
    """How one square is drawn at one moment.

    ``face`` is the colour showing ('X', 'O', or '.' for nothing). ``width`` is the
    disc's width against its height (1 flat on the board, 0 edge-on, mid-turn);
    ``size`` scales the whole disc (growing in, shrinking away).
    """

    face: str
    width: float = 1.0
    size: float = 1.0


@dataclass(frozen=True)
class BoardAnimation:
    """The change from ``before`` to ``after`` (row-major boards), starting at ``start``."""

    before: str
    after: str
    start: float
    duration: float = FLIP_SECONDS

    @classmethod
    def still(cls, board: str) -> BoardAnimation:
        """A board shown as it is."""
        return cls(board, board, 0.0)

    def then(self, board: str, now: float) -> BoardAnimation:
        """The animation to a newer ``board`` from this one's end, starting ``now``.

        A change that arrives mid-animation cuts the running one short: the screen must
        never lag behind the game. Another board size (a new match) is shown at once.
        """
        if board == self.after:
            return self
        if len(board) != len(self.after):
            return BoardAnimation.still(board)
        return BoardAnimation(self.after, board, now, self.duration)

    def running(self, now: float) -> bool:
        """Whether any square still moves at ``now`` (the painter may redraw less when not)."""
        return self.before != self.after and self.start <= now < self.start + self.duration

    @cached_property
    def _delays(self) -> dict[int, float]:
        """When each turning disc starts turning, after ``start``: a wave from the one new
        disc, nearest first (all at once when there is no single new disc, e.g. a takeback)."""
        turning = [i for i, (a, b) in enumerate(zip(self.before, self.after))
                   if EMPTY not in (a, b) and a != b]
        placed = [i for i, (a, b) in enumerate(zip(self.before, self.after))
                  if a == EMPTY != b]
        if len(placed) != 1 or not turning:
            return {i: 0.0 for i in turning}
        n = math.isqrt(len(self.after))
        row, col = divmod(placed[0], n)
        rings = {i: max(abs(i // n - row), abs(i % n - col)) for i in turning}
        spread = max(rings.values()) - 1
        stagger = self.duration * (1 - TURN_SHARE)
        return {i: stagger * (ring - 1) / spread if spread else 0.0
                for i, ring in rings.items()}

    def look(self, square: int, now: float) -> Look:
        """How ``square`` is drawn at ``now``."""
        old, new = self.before[square], self.after[square]
        elapsed = now - self.start
        if old == new or elapsed >= self.duration:
            return Look(new)
        if old == EMPTY:  # placed: grows in
            return Look(new, size=_progress(elapsed, self.duration * GROW_SHARE))
        if new == EMPTY:  # taken back: shrinks away
            left = 1.0 - _progress(elapsed, self.duration * GROW_SHARE)
            return Look(old, size=left) if left > 0 else Look(EMPTY)
        turned = _progress(elapsed - self._delays[square], self.duration * TURN_SHARE)
        return Look(old if turned < 0.5 else new, width=abs(math.cos(math.pi * turned)))

    def looks(self, now: float) -> list[Look]:
        """Every square's look at ``now``, in board order."""
        return [self.look(i, now) for i in range(len(self.after))]


def _progress(elapsed: float, length: float) -> float:
    """How far along (0 to 1) a motion of ``length`` seconds is after ``elapsed``."""
    return min(1.0, max(0.0, elapsed / length))
