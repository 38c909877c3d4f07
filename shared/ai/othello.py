"""Othello's engine: its bots' scores by level and the expert's analysis (the module
``GameInfo.engine`` names for Othello; :mod:`shared.ai` calls it).

Levels 2-4 are the pure-Python fixed-depth searches of :mod:`shared.ai.othello_fixed`;
level 5 and the analysis are the compiled expert of :mod:`shared.ai.kernel`, imported by
the first search that needs it, not with this module, so a client that only names the
levels starts without numba.
"""

from __future__ import annotations

import time
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, Final

from shared.ai import othello_fixed
from shared.ai.levels import LEVELS
from shared.ai.move_score import MoveScore
from shared.ai.move_time import move_seconds
from shared.ai.othello_eval import tables
from shared.games import PASS, State
from shared.games.othello import OthelloState

if TYPE_CHECKING:
    from shared.ai.kernel.expert import Appraisal

VARIETY_DISCS: Final = 2
"""Level 5 without a seed plays any move whose score is within this many discs of the
best, at random, while more than ``VARIETY_SHARE`` of the board is empty (the opening
and early midgame), unless the position is solved: so repeated games differ."""

VARIETY_SHARE: Final = 0.5
"""The share of the board that must still be empty for level 5 to vary its moves."""


def scores(state: State, level: int, seconds: float | None,
           vary: bool) -> tuple[dict[int, int], int]:
    """The moves' scores by the level's search, and the margin below the best within
    which a move may be chosen (level 5's variety; else 0: only the best)."""
    assert isinstance(state, OthelloState)
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
    found = {square_of(bit, state.size): score for bit, score in appraisal.scores.items()}
    return found, 0 if appraisal.exact else slack


def analyse(state: State, seconds: float) -> list[MoveScore]:
    """Every legal move scored by the expert's search (every move its own value, not
    only the best ones) within ``seconds``, or the exact margin when the game can be
    solved in that time. A forced pass is one entry, PASS, scored from the position
    after it."""
    assert isinstance(state, OthelloState)
    if state.legal_moves() == [PASS]:
        replies = analyse(state.play(PASS), seconds)
        best = max(replies, key=lambda entry: entry.score)
        return [MoveScore(PASS, -best.score, best.exact, best.depth)]
    _load_kernels()
    from shared.ai.kernel.expert import appraise

    return _move_scores(state, appraise(state, seconds, every_exact=True))


def analyse_to_depth(state: OthelloState, depth: int) -> list[MoveScore]:
    """:func:`analyse` with the expert's search deepened to ``depth`` plies and no clock
    (exact only if that reaches the end): the estimates a review reaching that depth
    makes, the same on any machine. The side to move must have a move."""
    _load_kernels()
    from shared.ai.kernel.expert import appraise_to_depth

    return _move_scores(state, appraise_to_depth(state, depth, every_exact=True))


def _move_scores(state: OthelloState, appraisal: Appraisal) -> list[MoveScore]:
    """An every-move appraisal as margins in discs, each within what its move can still
    reach, in square order."""
    from shared.ai.kernel.board import square_of, to_kernel
    from shared.ai.kernel.bounds import margin_bounds
    from shared.ai.kernel.evaluate import UNIT

    board = to_kernel(state)
    entries = []
    for bit, score in appraisal.scores.items():
        low, high = margin_bounds(*board, bit)  # an estimate may not pass them
        margin = min(float(high), max(float(low), score / UNIT))
        entries.append(MoveScore(square_of(bit, state.size), margin, appraisal.exact,
                                 appraisal.depth))
    return sorted(_alike_scored_alike(state, entries), key=lambda entry: entry.move)


def _alike_scored_alike(state: OthelloState, entries: list[MoveScore]) -> list[MoveScore]:
    """The entries, each move that one of the position's symmetries maps onto another
    given the best score of the two: they lead to the same position seen another way,
    but the search, reaching them by other paths through its table and its cut-offs, may
    estimate them apart (at the 8x8 start, to depth 12, 0.32 and 1.29 discs), and a hint
    or a review must not call one of them better."""
    images = state.symmetries()
    if not images:
        return entries
    score = {entry.move: entry.score for entry in entries}
    return [replace(entry, score=max(score[entry.move],
                                     *(score[image[entry.move]] for image in images)))
            for entry in entries]


@cache
def _load_kernels() -> None:
    """Import numba and load (or, on a cold cache, compile) the kernels once per process
    before a search starts its clock, so that the first search's time is not spent
    loading them; the kernel's modules are imported here and not at the top of this
    module (see the module's docstring)."""
    from shared.ai.kernel import warm_up

    warm_up()
