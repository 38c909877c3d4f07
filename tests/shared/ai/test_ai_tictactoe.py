"""Tic-tac-toe bots: perfect from level 3 up, checked over every reachable position.

The reference is a plain minimax written here on board strings (independent of the
bots' bitmask code) with the seeds' ``10 - depth`` scoring: a move that wins at once
is worth 9, a win one full move later 7, a loss ``depth - 10``, a draw 0.
"""

from __future__ import annotations

from functools import cache

import pytest

from shared.ai import choose_move
from shared.games import new_game
from shared.games.tictactoe import TicTacToeState

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def _winner(board: str) -> str | None:
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


@cache
def node_value(board: str, mover: str) -> int:
    """The value for ``mover`` of the position, relative to it (a win now would be 10)."""
    other = "O" if mover == "X" else "X"
    if _winner(board) == other:
        return -10
    if "." not in board:
        return 0
    return max(move_value(board, mover, sq) for sq, ch in enumerate(board) if ch == ".")


def move_value(board: str, mover: str, square: int) -> int:
    """The ``10 - depth`` value of playing ``square``: one ply further than the child's."""
    other = "O" if mover == "X" else "X"
    child = -node_value(board[:square] + mover + board[square + 1 :], other)
    return child - 1 if child > 0 else child + 1 if child < 0 else 0


def reachable() -> list[TicTacToeState]:
    """Every position reachable from the empty board by legal play (finished ones too)."""
    seen: dict[str, TicTacToeState] = {}
    frontier = [TicTacToeState.start()]
    while frontier:
        state = frontier.pop()
        if state.board in seen:
            continue
        seen[state.board] = state
        frontier.extend(state.play(m) for m in state.legal_moves())
    return list(seen.values())


POSITIONS = reachable()


def test_reference_counts_every_legal_position() -> None:
    assert len(POSITIONS) == 5478
    assert node_value("." * 9, "X") == 0  # perfect play draws


@pytest.mark.parametrize("level", [3, 4, 5])
def test_perfect_play_from_every_reachable_position(level: int) -> None:
    checked = 0
    for state in POSITIONS:
        if state.is_over:
            continue
        mover = "XO"[state.to_move]
        values = {m: move_value(state.board, mover, m) for m in state.legal_moves()}
        best = max(values.values())
        move = choose_move(state, level, seed=checked)
        where = f"level {level} chose {move} in {state.to_text()} (values {values})"
        assert values[move] == best, where
        # the same, spelled out: a win is taken, a loss avoided when a draw exists,
        # the quickest win and the slowest loss preferred
        if best > 0:
            assert values[move] > 0 and values[move] == best, where
        if best == 0:
            assert values[move] == 0, where
        checked += 1
    assert checked == 5478 - 958  # 958 reachable positions are finished


def test_quicker_win_preferred_over_a_slower_one() -> None:
    # X to move: X wins at once on 2 (top row); other moves win later or not at all
    state = TicTacToeState.from_board("XX.OO....", 0)
    for level in (3, 4, 5):
        assert choose_move(state, level, seed=1) == 2


def test_slowest_loss_preferred() -> None:
    # O to move is lost; blocking X's column on 2 loses two plies later than the rest
    state = TicTacToeState.from_board(".X...XOOX", 1)
    values = {m: move_value(state.board, "O", m) for m in state.legal_moves()}
    assert values == {0: -8, 2: -6, 3: -8, 4: -8}
    for level in (3, 4, 5):
        assert choose_move(state, level, seed=2) == 2


def test_greedy_takes_a_win_and_blocks_a_line() -> None:
    assert choose_move(TicTacToeState.from_board("XX.OO....", 0), 2, seed=0) == 2
    assert choose_move(TicTacToeState.from_board("XX..O....", 1), 2, seed=0) == 2


def test_equal_best_moves_are_chosen_at_random() -> None:
    # every first move draws, so unseeded choices vary and seeded ones repeat
    start = new_game("tictactoe")
    seeded = {choose_move(start, 5, seed=s) for s in range(40)}
    assert len(seeded) > 1
    assert all(choose_move(start, 5, seed=s) == choose_move(start, 5, seed=s) for s in range(10))
    unseeded = {choose_move(start, 4) for _ in range(40)}
    assert len(unseeded) > 1
