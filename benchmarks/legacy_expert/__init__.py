"""The level-5 expert as it was before the numba kernel: pure Python, frozen as a baseline.

``benchmarks/ladder.py`` plays the kernel expert against :func:`legacy_choose_move`, and
``benchmarks/search.py`` compares the kernel's exact solver with this :class:`Solver`
(``Solver(tables(8), Deadline(seconds)).solve(own, opp, -65, 65)``; ``.deadline.nodes``
counts its nodes).
The modules are copies of ``shared/ai`` at the commit before the kernel (othello_expert,
othello_search, endgame, clock; the level-5 part of othello_eval as expert_eval; the
square tables, ``ordered`` and ``final_score`` as tables), so that ``shared.ai`` can change
without moving them; only the rules and ``shared.ai.roots.root_scores`` (level 4's too)
are imported. Do not improve this code: it is the yardstick.
``tests/shared/ai/test_legacy_expert.py`` checks that it still plays legal moves.
"""

from __future__ import annotations

import random

from shared.games.othello import OthelloState

from .clock import Deadline, Timeout
from .endgame import Solver
from .othello_expert import ExpertSearch, expert_scores
from .tables import tables


def legacy_choose_move(state: OthelloState, seconds: float, seed: int | None = None) -> int:
    """The legacy expert's move, chosen as ``shared.ai.choose_move(state, 5, ...)`` chose it.

    Equally good moves are chosen at random, reproducibly with ``seed``; the only
    legal move (or PASS) is returned without a search. ValueError for a finished game.
    """
    legal = state.legal_moves()
    if not legal:
        raise ValueError(f"the game is over, there is no move to choose in {state.to_text()}")
    rng = random.Random(seed)
    if len(legal) == 1:
        return legal[0]
    scores = expert_scores(tables(state.size), *state.own_opp(), seconds)
    best = max(scores.values())
    return rng.choice(sorted(sq for sq, score in scores.items() if score == best))


__all__ = ["Deadline", "ExpertSearch", "Solver", "Timeout", "legacy_choose_move", "tables"]
