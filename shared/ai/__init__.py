"""The bots: one entry point for every level, a pure function of the position.

    from shared.ai import choose_move
    move = choose_move(state, level=5, seconds=1.0, seed=None)

Levels (see :mod:`shared.ai.levels` and docs/rules-and-bots.md): 1 random, 2 greedy,
3 minimax, 4 alpha-beta, 5 expert. Everything here is pure computation: no I/O, no
threads; the server runs it in a worker process.
"""

from __future__ import annotations

import random
from typing import Final

from shared.ai import othello_expert, othello_fixed, tictactoe
from shared.ai.levels import EXPERT_SECONDS, LEVELS
from shared.ai.othello_eval import tables
from shared.games import PASS, State
from shared.games.othello import OthelloState
from shared.games.tictactoe import TicTacToeState

BOT_NAMES: Final[dict[int, str]] = {level: spec.name for level, spec in LEVELS.items()}
"""Bot levels and their names, weakest first (the protocol's `welcome.bots`)."""

DEFAULT_SECONDS: Final[dict[int, float | None]] = {
    level: spec.seconds for level, spec in LEVELS.items()
}
"""Each level's default thinking time; None for the fixed-depth levels (no deadline)."""


def choose_move(
    state: State, level: int, seconds: float | None = None, seed: int | None = None
) -> int:
    """A legal move for the side to move (PASS when that is the only one).

    ``seconds`` caps the thinking time of the levels that search to a deadline
    (level 5; default ``DEFAULT_SECONDS``); the fixed-depth levels ignore it.
    ``seed`` makes the choice reproducible (for level 5, as long as the search
    reaches the same depth); without one, equally good moves are chosen at random.
    ValueError for an unknown level, an unsupported game or a finished game.
    """
    if isinstance(level, bool) or level not in LEVELS:
        raise ValueError(f"bot levels are 1-5, not {level!r}")
    if seconds is not None and (isinstance(seconds, bool) or not seconds > 0):
        raise ValueError(f"seconds must be a positive number, not {seconds!r}")
    legal = state.legal_moves()
    if not legal:
        raise ValueError(f"the game is over, there is no move to choose in {state.to_text()}")
    rng = random.Random(seed)
    if len(legal) == 1 or level == 1:
        return rng.choice(legal)
    if isinstance(state, TicTacToeState):
        own, opp = (state.x, state.o) if state.to_move == 0 else (state.o, state.x)
        scores = tictactoe.SCORERS[level](own, opp)
    elif isinstance(state, OthelloState):
        scores = _othello_scores(state, level, seconds)
    else:
        raise ValueError(f"no bot plays {type(state).__name__}")
    best = max(scores.values())
    return rng.choice(sorted(sq for sq, score in scores.items() if score == best))


def _othello_scores(state: OthelloState, level: int, seconds: float | None) -> dict[int, int]:
    t = tables(state.size)
    own, opp = state.own_opp()
    depth = LEVELS[level].depth
    if level in (2, 3):  # greedy is minimax one ply deep
        return othello_fixed.minimax_scores(t, own, opp, depth)
    if level == 4:
        return othello_fixed.alphabeta_scores(t, own, opp, depth)
    budget = EXPERT_SECONDS if seconds is None else seconds
    return othello_expert.expert_scores(t, own, opp, budget)


__all__ = ["BOT_NAMES", "DEFAULT_SECONDS", "PASS", "choose_move"]
