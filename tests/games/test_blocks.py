"""Blocks' rules (the test game of tests/games/blocks.py): a 2x2 block of one's own
marks wins, a full board without one is a draw, and positions read back."""

from __future__ import annotations

import random

import pytest

from shared.games import IllegalMoveError
from tests.games.blocks import GAME, BlocksState, has_block, read_move, square_name


def played(*squares: str) -> BlocksState:
    state = BlocksState.start()
    for square in squares:
        state = state.play(read_move(square))
    return state


def test_the_first_block_of_four_wins() -> None:
    state = played("a1", "d4", "b1", "d3", "a2", "c4")
    assert not state.is_over and state.outcome() is None
    won = state.play(read_move("b2"))  # X: a1 b1 a2 b2
    assert won.is_over and won.legal_moves() == []
    outcome = won.outcome()
    assert outcome is not None and (outcome.winner, outcome.reason, outcome.score) == (
        0, "block", (4, 3))
    # the look finds the block to strike through, corner to corner: a1 to b2
    assert GAME.look.winning_line(won.board, 4) == tuple(map(read_move, ("a1", "b1", "a2", "b2")))
    assert GAME.look.winning_line(state.board, 4) is None


def test_a_full_board_without_a_block_is_a_draw() -> None:
    stripes = "XXOO" "OOXX" "XXOO" "OOXX"  # no 2x2 block of one mark anywhere
    state = BlocksState.from_board(stripes.replace("O", ".", 1))  # O's last mark to come
    assert state.to_move == 1 and not state.is_over
    final = state.play(2)
    assert final.board == stripes
    outcome = final.outcome()
    assert outcome is not None and (outcome.winner, outcome.reason) == (None, "block")


def test_a_taken_square_and_a_finished_game_are_refused() -> None:
    state = played("a1")
    with pytest.raises(IllegalMoveError, match="not a legal move"):
        state.play(read_move("a1"))
    with pytest.raises(IllegalMoveError):
        played("a1", "d4", "b1", "d3", "a2", "c4", "b2").play(read_move("c1"))
    with pytest.raises(ValueError, match="is not a square: type one like b3"):
        read_move("e5")


def test_random_games_end_and_positions_read_back() -> None:
    rng = random.Random(7)
    for _ in range(200):
        state = BlocksState.start()
        while not state.is_over:
            assert BlocksState.from_text(state.to_text()) == state
            state = state.play(rng.choice(state.legal_moves()))
        outcome = state.outcome()
        assert outcome is not None
        assert (outcome.winner is None) == (not has_block(state.x) and not has_block(state.o))
    assert [square_name(sq) for sq in (0, 3, 12, 15)] == ["a1", "d1", "a4", "d4"]
