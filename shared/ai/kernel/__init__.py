"""The expert's engine as compiled kernels on ``uint64`` bitboards (numba).

Modules: :mod:`.jit` (the decorator and whether it compiles; its import runs
:mod:`.cache_guard`, which drops numba's cached kernels after any kernel source
changed), :mod:`.board` (to and from ``shared.games`` positions), :mod:`.bits` (moves
and flips), :mod:`.table` (the transposition table both searches keep), the exact
endgame solver in tiers (:mod:`.solver` its root driver, :mod:`.endgame_search` the
general search, :mod:`.last_empties` the last few empties), :mod:`.evaluate` and
:mod:`.midgame` (the evaluation and the midgame search), :mod:`.expert` (level 5:
deepening and solving within a time). Call :func:`warm_up` before anyone waits on a
move: the first call in a fresh install compiles every kernel (seconds); later processes
load numba's cache.
"""

from __future__ import annotations

from shared.ai.kernel.bits import flips, legal_moves, lowest_bit, popcount
from shared.ai.kernel.board import to_kernel
from shared.ai.kernel.expert import warm_up_midgame
from shared.ai.kernel.solver import solve_root
from shared.games.othello import OthelloState


def warm_up() -> None:
    """Compile (or load from numba's cache) every kernel the expert uses, by running each
    once on the 4x4 start position. Idempotent; cheap once warm."""
    own, opp, mask = to_kernel(OthelloState.start(4))
    moves = legal_moves(own, opp, mask)
    flips(own, opp, lowest_bit(moves), mask)
    popcount(moves)
    solve_root(own, opp, mask, 10**6)
    warm_up_midgame()
