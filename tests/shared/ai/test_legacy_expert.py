"""The frozen pre-kernel expert in ``benchmarks/legacy_expert`` still plays and solves.

It is the baseline of ``benchmarks/ladder.py`` and ``benchmarks/search.py``; these tests
keep it from rotting silently as ``shared.ai`` changes underneath what it imports.
"""

from __future__ import annotations

import random

import pytest

from benchmarks.legacy_expert import Deadline, Solver, legacy_choose_move, tables
from shared.games.othello import OthelloState


@pytest.mark.parametrize("size", [4, 6])
def test_legacy_expert_plays_whole_games_of_legal_moves(size: int) -> None:
    rng = random.Random(size)
    state = OthelloState.start(size)
    plies = 0
    while not state.is_over:
        if state.to_move == 0:
            move = legacy_choose_move(state, seconds=0.05, seed=plies)
        else:
            move = rng.choice(state.legal_moves())
        assert move in state.legal_moves(), (state.to_text(), move)
        state = state.play(move)
        plies += 1
    assert state.outcome() is not None


def test_legacy_solver_finds_the_known_4x4_result() -> None:
    # perfect play on 4x4 ends 3-11: Black, to move, loses by 8
    solver = Solver(tables(4), Deadline(None))
    assert solver.solve(*OthelloState.start(4).own_opp(), -65, 65) == -8
    assert solver.deadline.nodes > 0
