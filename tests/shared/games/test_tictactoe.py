"""Tic-tac-toe rules: the reachable positions, every game, outcomes and illegal moves."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from benchmarks.naive_tictactoe import NaiveTicTacToe, winner
from shared.games import IllegalMoveError, new_game
from shared.games.tictactoe import TicTacToeState


def _reachable() -> set[TicTacToeState]:
    start = TicTacToeState.start()
    seen = {start}
    frontier = [start]
    while frontier:
        state = frontier.pop()
        for move in state.legal_moves():
            child = state.play(move)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return seen


def test_there_are_5478_legal_positions_reachable_from_the_start() -> None:
    assert len(_reachable()) == 5478


def test_a_board_is_accepted_exactly_when_it_is_reachable() -> None:
    """All 3**9 boards through the validating constructor: it rejects the other 14,205."""
    reachable = {state.board: state for state in _reachable()}
    accepted = {}
    for cells in itertools.product(".XO", repeat=9):
        board = "".join(cells)
        try:
            accepted[board] = new_game("tictactoe", board=board)
        except ValueError:
            pass
    assert accepted == reachable


def test_every_game_agrees_with_the_naive_rules_and_the_known_totals() -> None:
    """255,168 games: X wins 131,184, O wins 77,904, 46,080 draws.

    Memoised by position: each position is checked against the naive rules once and
    returns how the games below it end, as {(winner, marks on the board): games}.
    """
    endings: dict[TicTacToeState, Counter[tuple[int | None, int]]] = {}

    def walk(state: TicTacToeState, naive: NaiveTicTacToe) -> Counter[tuple[int | None, int]]:
        if state not in endings:
            moves = state.legal_moves()
            assert moves == naive.legal_moves()
            below: Counter[tuple[int | None, int]] = Counter()
            if moves:
                for move in moves:
                    below += walk(state.play(move), naive.play(move))
            else:
                outcome = state.outcome()
                assert outcome is not None and state.is_over
                assert outcome.winner == {0: None, 1: 0, 2: 1}[winner(naive.slots)]
                below[outcome.winner, sum(outcome.score)] = 1
            endings[state] = below
        return endings[state]

    assert walk(TicTacToeState.start(), NaiveTicTacToe()) == {
        (0, 5): 1440, (1, 6): 5328, (0, 7): 47952, (1, 8): 72576, (0, 9): 81792,
        (None, 9): 46080,
    }
    assert len(endings) == 5478


@pytest.mark.parametrize(
    ("board", "winner"),
    [
        ("XXXOO....", 0),  # top row
        ("OO.XXX...", 0),  # middle row
        ("X.OXO.X..", 0),  # left column
        ("XXOX.O..O", 1),  # right column
        ("OX.XOX..O", 1),  # the diagonal 0-4-8
        ("X.OXO.OX.", 1),  # the diagonal 2-4-6
        ("XOXXOOOXX", None),  # full board, no line: a draw
        ("XOXXOOXXO", 0),  # full board whose last mark made a line: X wins, not a draw
    ],
)
def test_outcomes_by_the_line_rule(board: str, winner: int | None) -> None:
    state = new_game("tictactoe", board=board)
    outcome = state.outcome()
    assert state.is_over and state.legal_moves() == []
    assert outcome is not None
    assert (outcome.winner, outcome.reason) == (winner, "line")
    assert outcome.score == (board.count("X"), board.count("O"))


def test_no_outcome_while_playing() -> None:
    state = new_game("tictactoe", board="XO..X...O")
    assert not state.is_over and state.outcome() is None
    assert state.to_move == 0 and state.legal_moves() == [2, 3, 5, 6, 7]
    assert state.play(6).to_move == 1


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (0, "slot 0 is already taken"),
        (9, r"slot 9 is off the board \(slots are 0-8\)"),
        (-1, "slot -1 is off the board"),
        ("4", r"'4' is not a move \(a slot number 0-8\)"),
        (2.0, "2.0 is not a move"),
        (False, "False is not a move"),
    ],
)
def test_illegal_moves_name_the_move_and_the_position(move: object, message: str) -> None:
    state = new_game("tictactoe", board="XO..X...O")
    with pytest.raises(IllegalMoveError, match=message) as err:
        state.play(move)  # type: ignore[arg-type]
    assert "in position XO..X...O X" in str(err.value)


def test_no_move_after_a_line() -> None:
    won = new_game("tictactoe", board="XXXOO....")
    with pytest.raises(IllegalMoveError, match=r"the game is over.*XXXOO\.\.\.\. O"):
        won.play(5)


@pytest.mark.parametrize(
    ("board", "to_move", "message"),
    [
        ("XX.......", None, "got 2 X and 0 O"),
        ("O........", None, "got 0 X and 1 O"),
        ("XXXOOO...", None, "play went on after a line"),  # both have a line
        ("XXXOO.O..", None, "play went on after a line"),  # O moved after X's line
        ("OOOXX.XX.", None, "play went on after a line"),  # X moved after O's line
        ("X........", 0, "it is O's turn, not X's"),
        ("X........", 2, "the side to move is seat 0 or 1, got 2"),
        ("X........", True, "the side to move is seat 0 or 1, got True"),
    ],
)
def test_impossible_positions_are_refused(
    board: str, to_move: object, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        new_game("tictactoe", board=board, to_move=to_move)  # type: ignore[arg-type]


def test_move_names_are_slot_numbers() -> None:
    state = new_game("tictactoe")
    assert [state.move_name(m) for m in state.legal_moves()] == [str(m) for m in range(9)]
    assert [state.parse_move(f" {m} ") for m in range(9)] == list(range(9))
    for bad in ("9", "-1", "", "x", "10", "\u0661", "4.0"):
        with pytest.raises(ValueError, match="is not a slot number 0-8"):
            state.parse_move(bad)
