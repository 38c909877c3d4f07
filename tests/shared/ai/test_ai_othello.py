"""Othello bots through the API: the expert's exact scores against a plain negamax, the
4x4 result, and the fixed-depth levels' pruned searches against the plain ones.

The plain negamax is ``benchmarks/plain_othello.py``: full width, no pruning, sharing
only the rules with the searches. The kernels themselves are tested in
``tests/test_kernel_*.py``.
"""

from __future__ import annotations

import random

import pytest

from benchmarks.plain_othello import plain_margin
from shared.ai import analyse, choose_move
from shared.ai.othello import analyse_to_depth
from shared.ai.othello_eval import positional, tables
from shared.ai.othello_fixed import (
    NO_DEADLINE,
    TimeUp,
    alphabeta_scores,
    deepened,
    minimax_scores,
)
from shared.games import PASS, new_game
from shared.games.othello import OthelloState, geometry


def late_positions(empties: int, count: int, seed: int) -> list[OthelloState]:
    """8x8 positions with ``empties`` empty squares from random playouts (no forced pass)."""
    rng = random.Random(seed)
    out: list[OthelloState] = []
    while len(out) < count:
        state = OthelloState.start(8)
        while not state.is_over and 64 - (state.black | state.white).bit_count() > empties:
            state = state.play(rng.choice(state.legal_moves()))
        if not state.is_over and state.legal_moves() != [PASS]:
            out.append(state)
    return out


def test_analyse_solves_4x4_as_a_white_win_by_8() -> None:
    entries = analyse(new_game("othello", size=4), seconds=60)
    assert [(entry.score, entry.exact, entry.depth) for entry in entries] == [(-8, True, 12)] * 4


@pytest.mark.parametrize("use_api", [False, True])
def test_perfect_4x4_self_play_ends_3_to_11_with_two_empties(use_api: bool) -> None:
    state = new_game("othello", size=4)
    rng = random.Random(4)
    while not state.is_over:
        if use_api:
            move = choose_move(state, 5, seconds=60, seed=rng.randrange(1000))
        else:  # the best move by analysis
            move = max(analyse(state, seconds=60), key=lambda entry: entry.score).move
        state = state.play(move)
    assert state.score() == (3, 11)
    assert state.board.count(".") == 2


@pytest.mark.parametrize("empties, count", [(8, 3), (9, 2), (10, 1)])
def test_analyse_matches_plain_negamax_on_late_8x8_positions(empties: int, count: int) -> None:
    g = geometry(8)
    for state in late_positions(empties, count, seed=empties):
        own, opp = state.own_opp()
        plain = {}  # each move's exact margin by the plain negamax
        for sq in state.legal_moves():
            flipped = g.flips(own, opp, sq)
            plain[sq] = -plain_margin(g, opp ^ flipped, own | flipped | 1 << sq)
        entries = analyse(state, seconds=60)
        assert all(entry.exact and entry.depth == empties for entry in entries)
        assert {entry.move: entry.score for entry in entries} == plain, state.to_text()


def test_analyse_to_depth_estimates_at_that_depth_and_is_exact_at_the_end() -> None:
    """The review's estimates at a fixed depth (benchmarks.review_noise measures them):
    every move scored at the depth asked, none exact short of the end; asked to the end,
    the plain negamax's margins."""
    g = geometry(8)
    state = late_positions(9, 1, seed=5)[0]
    short = analyse_to_depth(state, 4)
    assert sorted(entry.move for entry in short) == sorted(state.legal_moves())
    assert all(entry.depth == 4 and not entry.exact for entry in short)
    own, opp = state.own_opp()
    plain = {}
    for sq in state.legal_moves():
        flipped = g.flips(own, opp, sq)
        plain[sq] = -plain_margin(g, opp ^ flipped, own | flipped | 1 << sq)
    full = analyse_to_depth(state, 30)
    assert all(entry.exact and entry.depth == 9 for entry in full)
    assert {entry.move: entry.score for entry in full} == plain


def test_the_start_s_four_moves_are_scored_alike() -> None:
    """The four first moves are one move under the board's symmetries; the search,
    reaching them by other paths, estimated them apart (to depth 12 on 8x8: 0.32 discs
    for d3 and c4, 1.29 for f5 and e6), so a hint called two of them better."""
    for size, depth in ((8, 11), (8, 12), (6, 10)):
        entries = analyse_to_depth(OthelloState.start(size), depth)
        assert len(entries) == 4
        assert len({entry.score for entry in entries}) == 1, (size, depth, entries)


def test_expert_plays_a_perfect_move_near_the_end() -> None:
    g = geometry(8)
    for state in late_positions(9, 2, seed=11):
        own, opp = state.own_opp()
        exact = plain_margin(g, own, opp)
        move = choose_move(state, 5, seconds=60, seed=0)
        flipped = g.flips(own, opp, move)
        assert -plain_margin(g, opp ^ flipped, own | flipped | 1 << move) == exact


def test_alphabeta_finds_the_minimax_best_moves() -> None:
    rng = random.Random(8)
    for size in (4, 6, 8):
        t = tables(size)
        for _ in range(4):
            state = OthelloState.start(size)
            for _ in range(rng.randrange(0, size * 2)):
                if state.is_over:
                    break
                state = state.play(rng.choice(state.legal_moves()))
            if state.is_over or state.legal_moves() == [PASS]:
                continue
            own, opp = state.own_opp()
            plain = minimax_scores(t, own, opp, 3)
            pruned = alphabeta_scores(t, own, opp, 3)
            best = max(plain.values())
            assert max(pruned.values()) == best
            assert {m for m, v in pruned.items() if v == best} == {
                m for m, v in plain.items() if v == best
            }


def test_positional_evaluation_is_antisymmetric_and_likes_corners() -> None:
    t = tables(8)
    state = OthelloState.start(8)
    own, opp = state.own_opp()
    assert positional(t, own, opp) == -positional(t, opp, own)
    assert positional(t, own | 1, opp) > positional(t, own | 1 << 9, opp)  # a1 over b2


def test_greedy_plays_the_best_one_ply_position() -> None:
    """Level 2 picks a move whose resulting position scores best on the weight table."""
    rng = random.Random(12)
    for size in (4, 6, 8):
        t = tables(size)
        state = new_game("othello", size=size)
        while not state.is_over:
            legal = state.legal_moves()
            after = {move: state.play(move) for move in legal}
            if legal != [PASS] and not any(s.is_over for s in after.values()):
                values = {}
                for move, child in after.items():
                    assert isinstance(child, OthelloState)
                    theirs, mine = child.own_opp()  # the mover is no longer to move
                    values[move] = positional(t, mine, theirs)
                move = choose_move(state, 2, seed=1)
                assert values[move] == max(values.values()), state.to_text()
            state = after[rng.choice(legal)]


@pytest.mark.parametrize("size", [6, 8])
def test_every_hint_lies_within_what_the_board_allows(size: int) -> None:
    """analyse's margins over random positions at every stage: never beyond the board's
    squares, nor past what the corners alone settle (a corner is never flipped, so the
    side to move ends at most squares - 2 * (their corners) ahead), exact ones included."""
    rng = random.Random(size)
    squares = size * size
    g = geometry(size)
    checked = 0
    while checked < 40:
        state = OthelloState.start(size)
        while not state.is_over and rng.random() > 1 / squares:
            state = state.play(rng.choice(state.legal_moves()))
        if state.is_over or state.legal_moves() == [PASS]:
            continue
        own, opp = state.own_opp()
        corners = sum(1 << sq for sq in (0, size - 1, squares - size, squares - 1))
        for entry in analyse(state, 0.02):
            flipped = g.flips(own, opp, entry.move)
            mine, theirs = own | flipped | 1 << entry.move, opp ^ flipped
            assert -squares <= entry.score <= squares, (state.to_text(), entry)
            assert entry.score <= squares - 2 * (theirs & corners).bit_count(), state.to_text()
            assert entry.score >= -(squares - 2 * (mine & corners).bit_count()), state.to_text()
        checked += 1


def test_a_fixed_depth_search_past_its_deadline_stops() -> None:
    state = late_positions(40, 1, seed=7)[0]
    t, (own, opp) = tables(8), state.own_opp()
    with pytest.raises(TimeUp):
        alphabeta_scores(t, own, opp, 5, deadline=0.0)  # perf_counter() is past 0
    with pytest.raises(TimeUp):
        minimax_scores(t, own, opp, 3, deadline=0.0)
    assert alphabeta_scores(t, own, opp, 2, deadline=NO_DEADLINE) == alphabeta_scores(
        t, own, opp, 2)


def test_deepening_keeps_the_deepest_depth_that_finished() -> None:
    asked: list[int] = []

    def search(depth: int, deadline: float) -> dict[int, int]:
        asked.append(depth)
        if depth == 3:
            raise TimeUp
        return {depth: depth}

    assert deepened(search, 5, deadline=123.0) == {2: 2}
    assert asked == [1, 2, 3]  # no deeper search once one ran out of time


def test_level_4_given_no_time_plays_by_one_ply_and_with_time_by_its_depth() -> None:
    for state in late_positions(36, 4, seed=11):
        t, (own, opp) = tables(8), state.own_opp()
        one_ply = minimax_scores(t, own, opp, 1)
        best = {sq for sq, score in one_ply.items() if score == max(one_ply.values())}
        assert choose_move(state, 4, seconds=1e-9) in best  # depth 1 always finishes
        assert choose_move(state, 4, seconds=60, seed=3) == choose_move(state, 4, seed=3)
