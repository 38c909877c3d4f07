"""The bots: one entry point for every level, a pure function of the position, and the
engine's analysis of a position (hints).

    from shared.ai import analyse, choose_move
    move = choose_move(state, level=5, seconds=1.0, seed=None)
    for entry in analyse(state, seconds=1.0): print(entry.move, entry.score, entry.exact)

Levels (see :mod:`shared.ai.levels` and docs/rules-and-bots.md): 1 random, 2 greedy,
3 minimax, 4 alpha-beta, 5 expert (in Othello the compiled kernel of
:mod:`shared.ai.kernel`). Everything here is pure computation: no I/O, no threads; the
server runs it in a worker process. The kernel (numba) is imported by the first Othello
search that needs it, not with this package, so a client that only names the levels
(:mod:`shared.ai.levels`, ``BOT_NAMES``) starts without the engine.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from functools import cache
from typing import Final

from shared.ai import othello_fixed, tictactoe
from shared.ai.levels import LEVELS
from shared.ai.move_time import move_seconds
from shared.ai.othello_eval import tables
from shared.games import PASS, State
from shared.games.othello import OthelloState
from shared.games.tictactoe import TicTacToeState

BOT_NAMES: Final[dict[int, str]] = {level: spec.name for level, spec in LEVELS.items()}
"""Bot levels and their names, weakest first (the protocol's `welcome.bots`)."""


VARIETY_DISCS: Final = 2
"""Level 5 without a seed plays any move whose score is within this many discs of the
best, at random, while more than ``VARIETY_SHARE`` of the board is empty (the opening
and early midgame), unless the position is solved: so repeated games differ."""

VARIETY_SHARE: Final = 0.5
"""The share of the board that must still be empty for level 5 to vary its moves."""


def choose_move(
    state: State, level: int, seconds: float | None = None, seed: int | None = None
) -> int:
    """A legal move for the side to move (PASS when that is the only one).

    ``seconds`` caps the thinking time of the levels that search to a deadline
    (level 5; default its level's own, :func:`shared.ai.move_time.move_seconds`); given
    to Othello's fixed-depth levels, they deepen to their depth and play by the deepest
    they finished within it (without it, they search their depth however long it
    takes). Tic-tac-toe ignores it.
    ``seed`` makes the choice reproducible (for level 5, as long as the search
    reaches the same depth) and plays a best move; without one, equally good moves are
    chosen at random, and level 5 varies in the opening (``VARIETY_DISCS``).
    ValueError for an unknown level, an unsupported game or a finished game.
    """
    if isinstance(level, bool) or level not in LEVELS:
        raise ValueError(f"bot levels are 1-5, not {level!r}")
    if seconds is not None:
        _check_seconds(seconds)
    legal = _legal_moves(state)
    rng = random.Random(seed)
    if len(legal) == 1 or level == 1:
        return rng.choice(legal)
    margin = 0
    if isinstance(state, TicTacToeState):
        own, opp = (state.x, state.o) if state.to_move == 0 else (state.o, state.x)
        scores = tictactoe.SCORERS[level](own, opp)
    elif isinstance(state, OthelloState):
        scores, margin = _othello_scores(state, level, seconds, seed is None)
    else:
        raise ValueError(f"no bot plays {type(state).__name__}")
    best = max(scores.values())
    return rng.choice(sorted(sq for sq, score in scores.items() if score >= best - margin))


def _othello_scores(
    state: OthelloState, level: int, seconds: float | None, vary: bool
) -> tuple[dict[int, int], int]:
    """The moves' scores by the level's search, and the margin below the best within
    which a move may be chosen (level 5's variety; else 0: only the best)."""
    t = tables(state.size)
    own, opp = state.own_opp()
    depth = LEVELS[level].depth
    if level in (2, 3, 4):  # greedy is minimax one ply deep
        search = othello_fixed.minimax_scores if level < 4 else othello_fixed.alphabeta_scores
        if seconds is None:
            return search(t, own, opp, depth), 0
        deadline = time.perf_counter() + seconds
        return othello_fixed.deepened(lambda d, until: search(t, own, opp, d, until), depth,
                                      deadline), 0
    budget = move_seconds(level) if seconds is None else seconds
    _load_kernels()
    from shared.ai.kernel.board import square_of
    from shared.ai.kernel.evaluate import UNIT
    from shared.ai.kernel.expert import appraise

    empties = state.size * state.size - (own | opp).bit_count()
    vary = vary and empties > VARIETY_SHARE * state.size * state.size
    slack = VARIETY_DISCS * UNIT if vary else 0
    appraisal = appraise(state, budget, every_exact=False, slack=slack)
    scores = {square_of(bit, state.size): score for bit, score in appraisal.scores.items()}
    return scores, 0 if appraisal.exact else slack


def quick_move(state: State) -> int:
    """A move worth playing, found at once (milliseconds, pure Python, no engine to load):
    the best by one ply (level 2), for a bot that got no time to think (not a random one)."""
    return choose_move(state, 2)


@dataclass(frozen=True)
class MoveScore:
    """The engine's verdict on one legal move (see :func:`analyse`)."""

    move: int
    """The square (or PASS)."""
    score: float
    """Othello: the final disc margin the side to move can expect after this move
    (positive: ahead), exact or estimated by the evaluation (in discs), never beyond
    what the board allows (:mod:`shared.ai.kernel.bounds`: the squares, less the
    stable discs). Tic-tac-toe: 10 - d for a win d plies from now (the move itself is
    ply 1), d - 10 for a loss, 0 for a draw."""
    exact: bool
    """True when ``score`` is the value under perfect play by both sides."""
    depth: int
    """Plies searched from the position, the move itself included (when exact: the
    empties, enough to reach the end of the game)."""


def analyse(state: State, seconds: float) -> list[MoveScore]:
    """Every legal move of the side to move scored by the engine, in square order.

    Othello moves get the expert's search (every move its own value, not only the best
    ones) within ``seconds``, or the exact margin when the game can be solved in that
    time; tic-tac-toe moves get their exact perfect-play value (at once, whatever
    ``seconds``). A forced pass is one entry, PASS, scored from the position after it.
    ValueError for a bad ``seconds``, an unsupported game or a finished game.
    """
    _check_seconds(seconds)
    legal = _legal_moves(state)
    if isinstance(state, TicTacToeState):
        own, opp = (state.x, state.o) if state.to_move == 0 else (state.o, state.x)
        empties = 9 - (own | opp).bit_count()
        return [
            MoveScore(sq, float(score), exact=True, depth=empties)
            for sq, score in sorted(tictactoe.minimax_scores(own, opp).items())
        ]
    if not isinstance(state, OthelloState):
        raise ValueError(f"no engine analyses {type(state).__name__}")
    if legal == [PASS]:
        replies = analyse(state.play(PASS), seconds)
        best = max(replies, key=lambda entry: entry.score)
        return [MoveScore(PASS, -best.score, best.exact, best.depth)]
    _load_kernels()
    from shared.ai.kernel.board import square_of, to_kernel
    from shared.ai.kernel.bounds import margin_bounds
    from shared.ai.kernel.evaluate import UNIT
    from shared.ai.kernel.expert import appraise

    appraisal = appraise(state, seconds, every_exact=True)
    board = to_kernel(state)
    entries = []
    for bit, score in appraisal.scores.items():
        low, high = margin_bounds(*board, bit)  # an estimate may not pass them
        margin = min(float(high), max(float(low), score / UNIT))
        entries.append(MoveScore(square_of(bit, state.size), margin, appraisal.exact,
                                 appraisal.depth))
    return sorted(entries, key=lambda entry: entry.move)


@cache
def _load_kernels() -> None:
    """Import numba and load (or, on a cold cache, compile) the kernels once per process
    before a search starts its clock, so that the first search's time is not spent
    loading them; the kernel's modules are imported here and not at the top of this
    package (see the module's docstring)."""
    from shared.ai.kernel import warm_up

    warm_up()


def _check_seconds(seconds: float) -> None:
    if isinstance(seconds, bool) or not seconds > 0:
        raise ValueError(f"seconds must be a positive number, not {seconds!r}")


def _legal_moves(state: State) -> list[int]:
    legal = state.legal_moves()
    if not legal:
        raise ValueError(f"the game is over, there is no move to choose in {state.to_text()}")
    return legal


__all__ = ["BOT_NAMES", "PASS", "MoveScore", "analyse", "choose_move",
           "quick_move"]
