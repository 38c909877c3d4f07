"""Othello rules: perft counts, whole-tree and random-game cross-checks, flips, passes, errors.

The cross-checks compare the bitboards move for move with ``benchmarks/naive_othello.py``,
a list-of-lists implementation written independently, the way the tutorials write it.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.naive_othello import NaiveOthello, flips
from shared.games import PASS, IllegalMoveError, new_game
from shared.games.othello import OthelloState, geometry, square_name


def perft_counts(state: OthelloState, depth: int) -> list[int]:
    """perft(1), ..., perft(depth) in one walk.

    A pass is a ply; a game that ends at ply k is one leaf of every count deeper than k.
    """
    counts = [0] * (depth + 1)

    def walk(node: OthelloState, ply: int) -> None:
        counts[ply] += 1
        if node.is_over:
            for deeper in range(ply + 1, depth + 1):
                counts[deeper] += 1
        elif ply < depth:
            for move in node.legal_moves():
                walk(node.play_unchecked(move), ply + 1)

    walk(state, 0)
    return counts[1:]


def test_perft_8x8_matches_the_published_counts() -> None:
    assert perft_counts(OthelloState.start(8), 7) == [4, 12, 56, 244, 1396, 8200, 55092]


def test_perft_6x6_matches_the_counts_of_two_independent_programs() -> None:
    # depth 8 (308,716) is left to benchmarks/perft.py: it takes seconds
    assert perft_counts(OthelloState.start(6), 7) == [4, 12, 56, 244, 1364, 7604, 47740]


def test_start_positions_are_the_standard_centre_on_every_size() -> None:
    assert new_game("othello").board == (
        "........" * 3 + "...OX..." + "...XO..." + "........" * 3
    )
    assert new_game("othello", size=6).board == "......" * 2 + "..OX....XO.." + "......" * 2
    assert new_game("othello", size=4).board == ".....OX..XO....."
    start = new_game("othello")
    assert start.to_move == 0
    assert [square_name(m, 8) for m in start.legal_moves()] == ["d3", "c4", "f5", "e6"]


def _naive(state: OthelloState) -> NaiveOthello:
    return NaiveOthello.from_board(state.board, state.to_move)


def test_4x4_whole_game_tree_agrees_with_the_naive_rules() -> None:
    """Every reachable 4x4 position and every move in it, against the naive rules.

    Memoised by position, so the tree's games cost one visit per position.
    """
    games: dict[OthelloState, int] = {}
    finished: list[OthelloState] = []

    def walk(state: OthelloState, naive: NaiveOthello) -> int:
        if state not in games:
            moves = state.legal_moves()
            assert moves == naive.legal_moves(), state.to_text()
            games[state] = 0 if moves else 1
            if not moves:
                finished.append(state)
            for move in moves:
                child, naive_child = state.play(move), naive.play(move)
                assert child.board == naive_child.board, (state.to_text(), move)
                assert child.to_move == naive_child.to_move == 1 - state.to_move
                games[state] += walk(child, naive_child)
        return games[state]

    assert walk(OthelloState.start(4), NaiveOthello(4)) == 60060
    assert len(games) == 62789
    # Every finished game is scored by its discs, as the naive rules count them.
    winners: Counter[int | None] = Counter()
    for state in finished:
        outcome = state.outcome()
        assert outcome is not None and outcome.score == _naive(state).score()
        winners[outcome.winner] += 1
    assert set(winners) == {0, 1, None}


def test_4x4_perfect_play_is_a_white_win_by_eight_discs() -> None:
    """The known result for 4x4 Othello (White wins 11-3), by plain minimax."""
    memo: dict[OthelloState, int] = {}

    def black_margin(node: OthelloState) -> int:
        if node not in memo:
            if node.is_over:
                black, white = node.score()
                memo[node] = black - white
            else:
                margins = [black_margin(node.play(m)) for m in node.legal_moves()]
                memo[node] = max(margins) if node.to_move == 0 else min(margins)
        return memo[node]

    assert black_margin(OthelloState.start(4)) == -8


def _check_step(before: OthelloState, move: int, after: OthelloState) -> None:
    """The invariants of one move, and agreement with the naive rules."""
    naive = _naive(before)
    assert before.legal_moves() == naive.legal_moves() == sorted(before.legal_moves())
    assert after.to_move == 1 - before.to_move
    own_before, opp_before = before.own_opp()
    opp_after, own_after = after.own_opp()
    if move == PASS:
        assert before.legal_moves() == [PASS]
        assert after.board == before.board
        assert after.legal_moves() not in ([PASS], [])  # never two passes in a row
        return
    assert before.board[move] == "."
    flipped = own_after & opp_before
    assert flipped, "a move must flip at least one disc"
    assert own_after == own_before | flipped | 1 << move
    assert opp_after == opp_before & ~flipped
    assert own_after.bit_count() == own_before.bit_count() + 1 + flipped.bit_count()
    assert after.board == naive.play(move).board


def _play_out(state: OthelloState, rng: random.Random) -> tuple[OthelloState, int]:
    """A random game to its end, checking every move; (the final state, passes played)."""
    passes = 0
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        after = state.play(move)
        _check_step(state, move, after)
        state, passes = after, passes + (move == PASS)
    return state, passes


def _check_finished(state: OthelloState) -> None:
    naive = _naive(state)
    assert state.legal_moves() == naive.legal_moves() == []
    assert naive.play(PASS).legal_moves() == []  # neither side can move
    black, white = state.score()
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.score == (black, white) == naive.score()
    assert outcome.reason == "discs"
    assert outcome.winner == (0 if black > white else 1 if white > black else None)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        state.play(PASS)


@pytest.mark.parametrize("size", [4, 6, 8])
@settings(max_examples=40, deadline=None)
@given(rng=st.randoms(use_true_random=False))
def test_random_games_keep_the_invariants_and_agree_with_the_naive_rules(
    size: int, rng: random.Random
) -> None:
    state, _ = _play_out(OthelloState.start(size), rng)
    _check_finished(state)


def test_random_games_reach_passes_and_early_endings() -> None:
    """The playouts above exercise passes and games that end with empty squares."""
    rng = random.Random(2024)
    passes = early_ends = 0
    for _ in range(150):
        state, game_passes = _play_out(OthelloState.start(4), rng)
        _check_finished(state)
        passes += game_passes
        early_ends += "." in state.board
    assert passes > 0 and early_ends > 0


# ---- flips, hand-made ------------------------------------------------------------------

DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def _board(size: int, cells: dict[tuple[int, int], str]) -> str:
    """A board string from {(row, col): 'X' | 'O'}, with the centre filled by 'O' if unset."""
    mid = size // 2
    grid = [["."] * size for _ in range(size)]
    for r in (mid - 1, mid):
        for c in (mid - 1, mid):
            grid[r][c] = "O"
    for (r, c), ch in cells.items():
        grid[r][c] = ch
    return "".join("".join(row) for row in grid)


@pytest.mark.parametrize("direction", DIRECTIONS)
@pytest.mark.parametrize("run", [1, 2])
def test_a_move_flips_a_run_in_each_direction(direction: tuple[int, int], run: int) -> None:
    """Black plays on an edge square; a White run and then a Black disc lie in one direction."""
    dr, dc = direction
    row = 0 if dr > 0 else 7 if dr < 0 else 1
    col = 0 if dc > 0 else 7 if dc < 0 else 1
    whites = [(row + dr * k, col + dc * k) for k in range(1, run + 1)]
    end = (row + dr * (run + 1), col + dc * (run + 1))
    cells = {sq: "O" for sq in whites} | {end: "X"}
    state = new_game("othello", size=8, board=_board(8, cells), to_move=0)
    move = row * 8 + col
    assert move in state.legal_moves()
    after = state.play(move)
    flipped = {(sq // 8, sq % 8) for sq in range(64) if state.board[sq] == "O" != after.board[sq]}
    assert flipped == set(whites)
    assert after.board == NaiveOthello.from_board(state.board, 0).play(move).board


def test_one_move_flips_in_all_eight_directions_at_once() -> None:
    # Black plays c3 (row 2, col 2); White runs of different lengths end in Black discs.
    whites = [(1, 2), (3, 2), (4, 2), (2, 1), (2, 3), (2, 4), (2, 5),
              (1, 1), (1, 3), (3, 1), (3, 3), (4, 4)]
    blacks = [(0, 2), (5, 2), (2, 0), (2, 6), (0, 0), (0, 4), (4, 0), (5, 5)]
    cells = {sq: "O" for sq in whites} | {sq: "X" for sq in blacks}
    cells |= {(3, 4): "X", (4, 3): "X"}  # the rest of the centre
    state = new_game("othello", size=8, board=_board(8, cells), to_move=0)
    after = state.play(2 * 8 + 2)
    assert after.score() == (len(blacks) + 2 + 1 + len(whites), 0)


def test_runs_not_closed_by_an_own_disc_do_not_flip() -> None:
    # From a1 (Black to move): to the right and diagonally White runs into an empty
    # square, down it runs into the edge. Black's centre discs give it other moves.
    cells = {(0, 1): "O", (0, 2): "O", (1, 1): "O"} | {(r, 0): "O" for r in range(1, 8)}
    cells |= {(3, 4): "X", (4, 3): "X"}
    state = new_game("othello", size=8, board=_board(8, cells), to_move=0)
    assert 0 not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match=r"a1 \(0\) is not a legal move for X"):
        state.play(0)


def test_runs_do_not_wrap_around_the_board_edge() -> None:
    # a2 is square 8, right after h1 (square 7): a wrapping left shift would see O on h1
    # and X on g1 as a run to flip.
    cells = {(0, 7): "O", (0, 6): "X"}
    state = new_game("othello", size=8, board=_board(8, cells), to_move=0)
    assert 8 not in state.legal_moves()
    assert 8 not in NaiveOthello.from_board(state.board, 0).legal_moves()
    # and the same from the right edge: h2 (15) must not see a1 (wrap of a row below)
    cells = {(2, 0): "O", (2, 1): "X"}
    state = new_game("othello", size=8, board=_board(8, cells), to_move=0)
    assert 15 not in state.legal_moves()


@pytest.mark.parametrize("size", [4, 6, 8])
def test_flips_of_every_empty_square_agree_with_the_naive_scan(size: int) -> None:
    """Geometry.flips on random boards (not only reachable ones), for every empty square
    and both sides, legal move or not (the solver asks about squares that flip nothing)."""
    rng = random.Random(size)
    g = geometry(size)
    for _ in range(150):
        density = rng.random()
        grid = [
            [0 if rng.random() > density else rng.choice((1, 2)) for _ in range(size)]
            for _ in range(size)
        ]
        discs = {1: 0, 2: 0}
        for row in range(size):
            for col in range(size):
                if grid[row][col]:
                    discs[grid[row][col]] |= 1 << (row * size + col)
        for row in range(size):
            for col in range(size):
                if grid[row][col]:
                    continue
                for player in (1, 2):
                    expected = sum(1 << (r * size + c) for r, c in flips(grid, row, col, player))
                    got = g.flips(discs[player], discs[3 - player], row * size + col)
                    assert got == expected, (grid, row, col, player)


# ---- passes, the end, and illegal moves ------------------------------------------------

MUST_PASS = "OOOOXOXO.XOO..XO X"  # 4x4: Black has no move, White has
FULL_DRAW = "XXXXXXXXOOOOOOOO O"
ENDED_EARLY = "XXX..XXXXXXXXXXX O"  # White has no disc left; two squares stay empty


def test_a_pass_is_the_only_move_when_forced() -> None:
    state = OthelloState.from_text(MUST_PASS)
    assert state.legal_moves() == [PASS]
    assert not state.is_over and state.outcome() is None
    after = state.play(PASS)
    assert after.board == state.board and after.to_move == 1
    assert after.legal_moves() and PASS not in after.legal_moves()
    with pytest.raises(IllegalMoveError, match=r"X has no legal move and must pass; a3 \(8\)"):
        state.play(8)


def test_pass_when_a_move_exists_is_illegal() -> None:
    start = new_game("othello")
    with pytest.raises(IllegalMoveError) as err:
        start.play(PASS)
    assert "X may pass only with no legal move, and has 4" in str(err.value)
    assert start.to_text() in str(err.value)


def test_game_over_outcomes() -> None:
    draw = OthelloState.from_text(FULL_DRAW)
    assert draw.is_over
    outcome = draw.outcome()
    assert outcome is not None and (outcome.winner, outcome.score) == (None, (8, 8))
    early = OthelloState.from_text(ENDED_EARLY)
    assert early.is_over and early.legal_moves() == []
    outcome = early.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.reason, outcome.score) == (0, "discs", (14, 0))


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (27, r"d4 \(27\) is already occupied"),
        (0, r"a1 \(0\) is not a legal move for X: it flips nothing"),
        (64, r"64 is off the 8x8 board"),
        (-2, r"-2 is off the 8x8 board"),
        ("d3", r"'d3' is not a move \(a square index or PASS\)"),
        (19.0, r"19.0 is not a move"),
        (True, r"True is not a move"),
        (None, r"None is not a move"),
    ],
)
def test_illegal_moves_name_the_move_and_the_position(move: object, message: str) -> None:
    start = new_game("othello")
    with pytest.raises(IllegalMoveError, match=message) as err:
        start.play(move)  # type: ignore[arg-type]
    assert isinstance(err.value, ValueError)
    assert f"in position {start.to_text()}" in str(err.value)



@pytest.mark.parametrize("size", [4, 6, 8])
def test_the_start_is_its_own_image_under_the_diagonal_mirrors_and_the_half_turn(
    size: int,
) -> None:
    """The four centre discs sit crosswise: the two diagonal mirrors and the half turn
    keep them (b1 goes to a2, to the last row's second-to-last square and to the
    second-to-last row's last), the axis mirrors and the quarter turns swap the colours."""
    last = size - 1
    images = OthelloState.start(size).symmetries()
    assert sorted(image[1] for image in images) == sorted(
        [size, last * size + last - 1, (last - 1) * size + last])



def test_after_the_first_move_no_symmetry_keeps_the_position() -> None:
    """(Why White's three replies to f5 have names of their own: perpendicular,
    diagonal, parallel.)"""
    assert OthelloState.start(8).play(37).symmetries() == []
