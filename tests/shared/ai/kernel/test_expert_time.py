"""How level 5 spends its time, keeps a cut iteration and varies its moves.

Time here is a stand-in clock driven by the searches themselves: it advances by the
nodes each kernel call visits over a fixed speed, so the figures do not depend on how
busy the machine is (never wall time).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from shared.ai import choose_move
from shared.ai.kernel import expert, midgame, solver
from shared.ai.kernel.board import square_of, to_kernel
from shared.ai.kernel.evaluate import UNIT
from shared.ai.kernel.expert import Appraisal, appraise
from shared.ai.kernel.midgame import NODES
from shared.ai.othello import VARIETY_DISCS
from shared.games.othello import OthelloState

SPEED = 2e6
"""The stand-in machine's nodes a second (both searches)."""


class NodeClock:
    """``time.perf_counter`` for the expert: the kernel calls' nodes over ``SPEED``."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> NodeClock:
    """The expert reads a :class:`NodeClock` that its midgame and solver calls advance,
    with speeds of its own, measured already (the process's stay untouched)."""
    clock = NodeClock()
    search_root, solve_root = midgame.search_root, solver.solve_root

    def timed_search(*args: Any) -> int:
        stats = args[-1]
        before = int(stats[NODES])
        done: int = search_root(*args)
        clock.now += (int(stats[NODES]) - before) / SPEED
        return done

    def timed_solve(*args: Any, **kwargs: Any) -> Any:
        result = solve_root(*args, **kwargs)
        clock.now += result.nodes / SPEED
        return result

    monkeypatch.setattr(expert, "time", clock)
    speed = expert._Speed()
    speed.midgame = speed.solver = SPEED
    monkeypatch.setattr(expert, "_speed", speed)
    monkeypatch.setattr(expert, "search_root", timed_search)
    monkeypatch.setattr(expert, "solve_root", timed_solve)
    return clock


def playout(size: int, empties: int, seed: int) -> OthelloState:
    """Seeded random play to ``empties`` empty squares, to a position with two moves or more."""
    rng = random.Random(seed)
    while True:
        state = OthelloState.start(size)
        while not state.is_over and state.board.count(".") > empties:
            state = state.play(rng.choice(state.legal_moves()))
        if not state.is_over and len(state.legal_moves()) > 1:
            return state


@pytest.mark.parametrize("size", [6, 8])
def test_the_midgame_uses_most_of_its_time_and_never_more(clock: NodeClock, size: int) -> None:
    seconds = 0.2
    used = []
    for seed in range(6):
        state = playout(size, size * size - 4 - 2 * seed, seed)
        start = clock.now
        appraisal = appraise(state, seconds, every_exact=False)
        used.append(clock.now - start)
        assert not appraisal.exact and appraisal.depth >= 4
    assert max(used) <= seconds
    assert sum(used) / len(used) >= 0.8 * seconds, used


def test_a_solve_that_fits_answers_early_and_exactly(clock: NodeClock) -> None:
    state = playout(8, 14, 3)
    appraisal = appraise(state, 30.0, every_exact=False)
    assert appraisal.exact and appraisal.depth == 14
    assert clock.now < 3.0  # the solve alone: no midgame search to the deadline first


def test_a_cut_iteration_keeps_the_moves_it_completed() -> None:
    order = np.array([10, 20, 30, 40], dtype=np.int64)
    # the first two searched at the new depth (the last best fell to 300, the second
    # move reached 450); the last two still hold the depth before's scores
    scores = np.array([300, 450, 500, 200], dtype=np.int64)
    cut = expert._cut_short(order, scores, 2, 100, 9)
    assert cut.scores == {10: 300, 20: 450, 30: 349, 40: 200}
    assert cut.depth == 9 and not cut.exact
    assert max(cut.scores, key=cut.scores.__getitem__) == 20


def scripted(scores: dict[int, int], exact: bool, seen: list[int]) -> Any:
    """A stand-in for ``appraise`` answering ``scores`` (by kernel bit) and noting the
    slack it was asked for."""

    def appraise(state: OthelloState, seconds: float, every_exact: bool, slack: int) -> Appraisal:
        seen.append(slack)
        return Appraisal(scores, exact, depth=5, nodes=1)

    return appraise


def test_without_a_seed_level_5_varies_within_its_margin(monkeypatch: pytest.MonkeyPatch) -> None:
    state = OthelloState.start(8).play(19)  # d3: three replies for White
    bits = sorted(expert.move_bits(*to_kernel(state)))
    assert len(bits) == 3
    margin = VARIETY_DISCS * UNIT
    scores = {bits[0]: 400, bits[1]: 400 - margin, bits[2]: 399 - margin}
    seen: list[int] = []
    monkeypatch.setattr(expert, "appraise", scripted(scores, False, seen))
    squares = {square_of(bit, 8): bit for bit in bits}
    chosen = {squares[choose_move(state, 5, seconds=1)] for _ in range(60)}
    assert chosen == {bits[0], bits[1]}  # within the margin, never below it
    assert set(seen) == {margin}
    seeded = {choose_move(state, 5, seconds=1, seed=7) for _ in range(5)}
    assert seeded == {square_of(bits[0], 8)} and seen[-1] == 0


def test_no_variety_in_a_solved_position_nor_late_in_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = OthelloState.start(8).play(19)
    bits = sorted(expert.move_bits(*to_kernel(state)))
    scores = {bits[0]: 4 * UNIT, bits[1]: 3 * UNIT, bits[2]: -2 * UNIT}
    seen: list[int] = []
    monkeypatch.setattr(expert, "appraise", scripted(scores, True, seen))
    assert {choose_move(state, 5, seconds=1) for _ in range(30)} == {square_of(bits[0], 8)}
    late = playout(8, 30, 1)
    late_bits = expert.move_bits(*to_kernel(late))
    monkeypatch.setattr(expert, "appraise", scripted(
        {bit: (100 if i else 150) for i, bit in enumerate(late_bits)}, False, seen))
    assert choose_move(late, 5, seconds=1) == square_of(late_bits[0], 8)
    assert seen[-1] == 0
