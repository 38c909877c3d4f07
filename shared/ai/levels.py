"""The bot levels: name, words for players, default thinking time and search depth.

Every client names a level the same way, from here: :func:`level_words` ("3
Intermediate: looks a few moves ahead") in the web page's lobby (through its catalogue),
the window's start screen and the terminal's questions; ``title`` alone where there is
room for one word. ``name`` is the engine's name (a bot player's name on the wire).

A level's ``seconds`` is its own thinking time; how long a bot thinks on a move also
depends on the server's cap and the clock, decided in one place:
:func:`shared.ai.move_time.move_seconds`. Levels with ``seconds=None`` search to a fixed
depth and finish in well under a second on 8x8; the expert searches to its deadline.
"""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_LEVEL = 3
"""The level a new match against the bot gets unless the person chooses (as in `create`)."""


@dataclass(frozen=True)
class Level:
    """One bot level: what it is called, how long and how deep it thinks, what it does."""

    name: str
    title: str
    """The level's name for players: Beginner ... Expert."""
    feel: str
    """What playing it feels like, in a player's words (no algorithm names)."""
    seconds: float | None
    """The level's own thinking time per move (None: a fixed depth, no deadline of its own)."""
    depth: int
    """Othello search depth in plies (0: no fixed depth: random play, or the expert's search to
    its deadline); tic-tac-toe levels 3+ search to the end."""
    summary: str


LEVELS: dict[int, Level] = {
    1: Level("random", "Beginner", "random moves", None, 0, "a uniformly random legal move"),
    2: Level("greedy", "Casual", "grabs what looks best right now", None, 1,
             "the best move by a one-ply evaluation"),
    3: Level("minimax", "Intermediate", "looks a few moves ahead", None, 3,
             "plain minimax to a fixed depth (the whole game in tic-tac-toe)"),
    4: Level(
        "alphabeta", "Strong", "looks further ahead and rarely blunders", None, 5,
        "alpha-beta with static move ordering, deeper fixed depth (whole game in tic-tac-toe)",
    ),
    5: Level(
        "expert", "Expert", "the engine at full strength", 1.0, 0,
        "compiled (numba) principal-variation search deepened to a deadline, with a "
        "transposition table, killer/history/fastest-first ordering and an evaluation "
        "learned from self-play (symmetric patterns per game phase, in discs); solves the "
        "endgame exactly as soon as its time allows (whole game in tic-tac-toe)",
    ),
}


def level_words(level: int) -> str:
    """A level for players: '1 Beginner: random moves' (KeyError for an unknown level)."""
    spec = LEVELS[level]
    return f"{level} {spec.title}: {spec.feel}"
