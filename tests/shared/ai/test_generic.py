"""The generic search (shared.ai.generic), the bots of a game that brings no engine:
checked on tic-tac-toe's rules through the State protocol alone, against its own exact
engine."""

from __future__ import annotations

import random

import pytest

from shared.ai import generic
from shared.ai import tictactoe as exact
from shared.games import new_game


def sign(score: float) -> int:
    return (score > 0) - (score < 0)


def test_it_takes_a_win_and_blocks_a_loss_at_every_searching_level() -> None:
    win_now = new_game("tictactoe", board="XX.OO....")  # X to move: 2 wins at once
    for level in (2, 3, 4, 5):
        scores, margin = generic.scores(win_now, level, 5.0, vary=True)
        assert margin == 0 and max(scores, key=lambda sq: scores[sq]) == 2, level
    must_block = new_game("tictactoe", board="XX.O.....")  # O must take 2 (looking 2 plies)
    for level in (3, 4, 5):
        scores, _ = generic.scores(must_block, level, 5.0, vary=True)
        best = max(scores.values())
        assert [sq for sq, score in scores.items() if score == best] == [2], level


def test_analysis_agrees_with_the_exact_engine_once_solved() -> None:
    rng = random.Random(3)
    for _ in range(20):
        state = new_game("tictactoe")
        for _ in range(rng.randrange(3, 7)):
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_moves()))
        if state.is_over:
            continue
        found = generic.analyse(state, 30.0)
        truth = exact.analyse(state, 1.0)
        assert [entry.move for entry in found] == state.legal_moves()
        assert all(entry.exact for entry in found), state.to_text()
        assert [sign(entry.score) for entry in found] == [sign(e.score) for e in truth]


@pytest.mark.parametrize("level", [2, 3, 4])
def test_a_fixed_level_stops_at_its_depth(level: int) -> None:
    """Levels 2-4 search 1, 2 and 4 plies: from the start nothing is solved, and no
    line of that length ends the game, so every move scores 0."""
    scores, _ = generic.scores(new_game("tictactoe"), level, None, vary=False)
    assert scores == dict.fromkeys(range(9), 0)
    found = generic.analyse(new_game("tictactoe"), 0.05)
    assert not found[0].exact and found[0].depth >= 1
