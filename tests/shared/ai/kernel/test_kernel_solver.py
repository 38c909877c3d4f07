"""The kernel's exact endgame solver against a plain alpha-beta reference written here
(sharing only the rules of ``shared.games`` with it), the 4x4 result, passes, and solves
cut short by their node limit.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from shared.ai.kernel.board import square_of, to_kernel
from shared.ai.kernel.endgame_search import EVAL_EMPTIES
from shared.ai.kernel.evaluate import UNIT, eval_tables
from shared.ai.kernel.expert import move_bits
from shared.ai.kernel.midgame import Memory, search_root
from shared.ai.kernel.solver import memory_for, solve_root
from shared.games import PASS
from shared.games.othello import Geometry, OthelloState

UNLIMITED = 10**12


def reference(g: Geometry, own: int, opp: int, alpha: int = -65, beta: int = 65) -> int:
    """The final margin for ``own`` (to move) by plain fail-hard alpha-beta: no table, no
    move ordering; exact when it lies inside (alpha, beta)."""
    empty = g.full & ~(own | opp)
    moved = False
    for sq in range(g.squares):
        if empty >> sq & 1:
            flipped = g.flips(own, opp, sq)
            if flipped:
                moved = True
                alpha = max(alpha, -reference(g, opp ^ flipped, own | flipped | 1 << sq,
                                              -beta, -alpha))
                if alpha >= beta:
                    return beta
    if moved:
        return alpha
    if g.moves(opp, own):
        return -reference(g, opp, own, -beta, -alpha)
    return max(alpha, min(beta, own.bit_count() - opp.bit_count()))


def reference_moves(state: OthelloState) -> dict[int, int]:
    """Each legal move's exact margin for the side to move, by the reference."""
    g = state.geometry
    own, opp = state.own_opp()
    out = {}
    for sq in state.legal_moves():
        flipped = g.flips(own, opp, sq)
        out[sq] = -reference(g, opp ^ flipped, own | flipped | 1 << sq)
    return out


def late_positions(size: int, empties: int, count: int, seed: int) -> list[OthelloState]:
    """Positions with ``empties`` empty squares from random playouts (passes included)."""
    rng = random.Random(seed)
    out: list[OthelloState] = []
    while len(out) < count:
        state = OthelloState.start(size)
        while not state.is_over and state.board.count(".") > empties:
            state = state.play(rng.choice(state.legal_moves()))
        if not state.is_over:
            out.append(state)
    return out


def check_solves(state: OthelloState) -> None:
    """solve_root's score, best move and move margins (exact for the best moves, upper
    bounds below the best for the others; every one exact when asked) equal the reference."""
    own, opp, mask = to_kernel(state)
    legal = state.legal_moves()
    if legal == [PASS]:
        g = state.geometry
        mover, other = state.own_opp()
        result = solve_root(own, opp, mask, UNLIMITED)
        assert result[:3] == (True, -1, -reference(g, other, mover)), state.to_text()
        assert solve_root(own, opp, mask, UNLIMITED, every_exact=True).scores == {}
        return
    exact = reference_moves(state)
    best = max(exact.values())
    result = solve_root(own, opp, mask, UNLIMITED)
    assert result.completed, state.to_text()
    assert result.score == best, state.to_text()
    assert exact[square_of(result.best_bit, state.size)] == best, state.to_text()
    assert_margins(state, result.scores, exact)
    scores = solve_root(own, opp, mask, UNLIMITED, every_exact=True)
    assert scores.completed
    assert {square_of(b, state.size): s for b, s in scores.scores.items()} == exact, state.to_text()


def assert_margins(state: OthelloState, scores: dict[int, int], exact: dict[int, int]) -> None:
    """A best-move solve's margins: every move as good as the best exact, each other
    one an upper bound below the best."""
    best = max(exact.values())
    found = {square_of(b, state.size): s for b, s in scores.items()}
    assert found.keys() == exact.keys(), state.to_text()
    for square, margin in exact.items():
        if margin == best:
            assert found[square] == best, state.to_text()
        else:
            assert margin <= found[square] < best, state.to_text()


@pytest.mark.parametrize("empties", range(1, 13))
def test_solver_equals_the_reference_on_random_8x8_positions(empties: int) -> None:
    count = 6 if empties <= 8 else 2 if empties < 12 else 1  # the reference is slow there
    for state in late_positions(8, empties, count, seed=empties):
        check_solves(state)


@pytest.mark.parametrize("size, empties, count", [(4, 8, 3), (4, 11, 3), (6, 10, 3), (6, 12, 1)])
def test_solver_equals_the_reference_on_smaller_boards(size: int, empties: int, count: int) -> None:
    for state in late_positions(size, empties, count, seed=size * empties):
        check_solves(state)


def test_null_windows_give_true_fail_soft_bounds() -> None:
    """What solve_root relies on when it calls ``Memory.solve`` with null windows."""
    for state in late_positions(8, 10, 2, seed=31):
        own, opp, mask = to_kernel(state)
        exact = reference(state.geometry, *state.own_opp())
        for g in range(exact - 4, exact + 5):
            memory = memory_for(mask, UNLIMITED)
            value = memory.solve(own, opp, g - 1, g)
            if value >= g:
                assert exact >= value, (state.to_text(), g)
            else:
                assert exact <= value, (state.to_text(), g)


def test_any_guess_or_order_gives_the_same_solve() -> None:
    state = late_positions(8, 11, 1, seed=77)[0]
    own, opp, mask = to_kernel(state)
    exact = reference_moves(state)
    for guess in (-64, -9, 0, 3, 64):
        result = solve_root(own, opp, mask, UNLIMITED, guess)
        assert result.score == max(exact.values()), guess
        assert exact[square_of(result.best_bit, 8)] == result.score, guess
        assert_margins(state, result.scores, exact)
        scores = solve_root(own, opp, mask, UNLIMITED, guess, every_exact=True).scores
        assert {square_of(b, 8): v for b, v in scores.items()} == exact, guess
    bits = sorted(solve_root(own, opp, mask, UNLIMITED).scores)
    for order in (bits, bits[::-1]):  # the expert passes its midgame ranking
        result = solve_root(own, opp, mask, UNLIMITED, 5, order=order)
        assert result.score == max(exact.values()), order
        assert_margins(state, result.scores, exact)


def test_far_from_the_end_the_solver_equals_the_midgame_search_run_to_the_end() -> None:
    """From EVAL_EMPTIES on the solver's move order also uses the evaluation; its margins
    there (6x6, too far from the end for the plain reference) equal those of the other
    exact search of the kernel: the midgame search, full-width to the end of the game."""
    for state in late_positions(6, EVAL_EMPTIES + 1, 2, seed=18):
        own, opp, mask = to_kernel(state)
        order = np.array(move_bits(own, opp, mask), dtype=np.int64)
        scores = np.zeros(order.size, dtype=np.int64)
        memory = Memory.allocate(16)
        memory.clear(1 << 62)
        search_root(
            own, opp, EVAL_EMPTIES + 1, order, scores, 0, True, 0, eval_tables(6), memory.table,
            memory.killers, memory.history, memory.move_bits, memory.move_keys, memory.stats,
        )
        exact = {int(bit): int(score) // UNIT for bit, score in zip(order, scores)}
        assert solve_root(own, opp, mask, UNLIMITED, every_exact=True).scores == exact
        result = solve_root(own, opp, mask, UNLIMITED)
        assert result.score == max(exact.values()) == exact[result.best_bit]


def test_4x4_from_the_start_white_wins_11_to_3() -> None:
    state = OthelloState.start(4)
    own, opp, mask = to_kernel(state)
    assert solve_root(own, opp, mask, UNLIMITED).score == -8  # Black, to move, loses by 8
    while not state.is_over:  # perfect play by the solver's best moves
        own, opp, mask = to_kernel(state)
        result = solve_root(own, opp, mask, UNLIMITED)
        state = state.play(PASS if result.best_bit < 0 else square_of(result.best_bit, 4))
    assert state.score() == (3, 11)
    assert state.board.count(".") == 2


def positions_where(size: int, wanted: str, count: int, seed: int) -> list[OthelloState]:
    """Positions from random playouts where the side to move must pass with at most 14
    empties left (``"pass"``), or the game is over (``"over"``)."""
    rng = random.Random(seed)
    out: list[OthelloState] = []
    while len(out) < count:
        state = OthelloState.start(size)
        while not state.is_over:
            if wanted == "pass" and state.board.count(".") <= 14 and state.legal_moves() == [PASS]:
                break
            state = state.play(rng.choice(state.legal_moves()))
        if (wanted == "over") == state.is_over:
            out.append(state)
    return out


@pytest.mark.parametrize("size", [6, 8])
def test_a_forced_pass_at_the_root_is_solved_from_the_other_side(size: int) -> None:
    for state in positions_where(size, "pass", 3, seed=size):
        check_solves(state)


def test_a_finished_game_is_its_disc_margin() -> None:
    for state in positions_where(8, "over", 3, seed=5):
        own, opp, mask = to_kernel(state)
        mover, other = state.own_opp()
        margin = mover.bit_count() - other.bit_count()
        assert solve_root(own, opp, mask, UNLIMITED)[:3] == (True, -1, margin)


def test_a_solve_past_its_node_limit_reports_not_completed_and_leaves_no_false_bound() -> None:
    # fresh positions each (a solve keeps what it proved: a repeat would be quicker)
    states = late_positions(8, 16, 4, seed=99)
    for state, limit in zip(states, (1, 100, 1000, 10000)):
        own, opp, mask = to_kernel(state)
        cut = solve_root(own, opp, mask, limit)
        assert not cut.completed and cut.best_bit == -1, limit
        assert limit < cut.nodes < limit + 1000  # it stops soon after the limit
    own, opp, mask = to_kernel(states[0])
    partial = solve_root(own, opp, mask, 1000, every_exact=True)
    assert not partial.completed and partial.scores == {}
    state = late_positions(8, 11, 1, seed=98)[0]
    assert not solve_root(*to_kernel(state), 100).completed
    check_solves(state)  # what the cut solve left in the table is still true
