"""The bot levels: name, default thinking time and Othello search depth of each.

The server reads ``DEFAULT_SECONDS`` to set its own deadline for a bot move. Levels
with ``seconds=None`` search to a fixed depth and finish in well under a second on
8x8; the expert searches to its deadline.
"""

from __future__ import annotations

from dataclasses import dataclass

EXPERT_SECONDS = 1.0
"""The expert's default thinking time per move."""

DEFAULT_LEVEL = 3
"""The level a new match against the bot gets unless the person chooses (as in `create`)."""


@dataclass(frozen=True)
class Level:
    """One bot level: what it is called, how long and how deep it thinks, what it does."""

    name: str
    seconds: float | None
    """Default deadline (None: fixed depth, no deadline)."""
    depth: int
    """Othello search depth in plies (0: no fixed depth: random play, or the expert's search to
    its deadline); tic-tac-toe levels 3+ search to the end."""
    summary: str


LEVELS: dict[int, Level] = {
    1: Level("random", None, 0, "a uniformly random legal move"),
    2: Level("greedy", None, 1, "the best move by a one-ply evaluation"),
    3: Level("minimax", None, 3, "plain minimax to a fixed depth (the whole game in tic-tac-toe)"),
    4: Level(
        "alphabeta", None, 5,
        "alpha-beta with static move ordering, deeper fixed depth (whole game in tic-tac-toe)",
    ),
    5: Level(
        "expert", EXPERT_SECONDS, 0,
        "compiled (numba) principal-variation search deepened to a deadline, with a "
        "transposition table, killer/history/fastest-first ordering and a phase-weighted "
        "mobility/corner/stability/parity evaluation; solves the endgame exactly as soon as "
        "its time allows (whole game in tic-tac-toe)",
    ),
}
