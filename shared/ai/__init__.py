"""The bots: one entry point for every level, a pure function of the position.

    from shared.ai import choose_move
    move = choose_move(state, level=5, seconds=1.0, seed=None)

SCAFFOLD: every level plays a random legal move until the real searches land
(the AI work replaces this module's body, keeping this API).
"""

from __future__ import annotations

import random
from typing import Final

from shared.games import State

BOT_NAMES: Final[dict[int, str]] = {
    1: "random",
    2: "greedy",
    3: "minimax",
    4: "alphabeta",
    5: "expert",
}
"""Bot levels and their names, weakest first (the protocol's `welcome.bots`)."""


def choose_move(
    state: State, level: int, seconds: float | None = None, seed: int | None = None
) -> int:
    """A legal move for the side to move (PASS when that is the only one).

    ``seconds`` caps the thinking time (levels that search to a deadline); ``seed``
    makes the choice reproducible. ValueError for an unknown level or a finished game.
    """
    if level not in BOT_NAMES:
        raise ValueError(f"bot levels are 1-5, not {level!r}")
    legal = state.legal_moves()
    if not legal:
        raise ValueError(f"the game is over, there is no move to choose in {state.to_text()}")
    return random.Random(seed).choice(legal)


__all__ = ["BOT_NAMES", "choose_move"]
