"""What a long-lived process keeps from search to search (issue 22).

The server's engine workers live from move to move, so whatever the expert keeps between
calls (its measured speeds, its tables) must not make a later search slower than the same
search in a fresh process (the warm-process bug), and its tables should make it faster:
they are kept, aged, from move to move. Time here is a stand-in clock driven by the
searches' nodes at fixed speeds (as in test_expert_time.py), so the figures are the same
on any machine and at any load: the solver runs slower than a fresh process's first guess
of its speed, as it does on real machines at these numbers of empties (9-14 M nodes/s
against the guess's 15 M).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from shared.ai.kernel import expert, midgame, solver
from shared.ai.kernel.midgame import NODES
from shared.games.othello import OthelloState

SOLVER_SPEED = 10e6
MIDGAME_SPEED = 3e6


class Machine:
    """The expert's process on a stand-in clock: :meth:`fresh` starts a new process (no
    measured speeds, no tables)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.now = 0.0
        self.monkeypatch = monkeypatch
        search_root, solve_root = midgame.search_root, solver.solve_root

        def timed_search(*args: Any) -> int:
            stats = args[-1]
            before = int(stats[NODES])
            done: int = search_root(*args)
            self.now += (int(stats[NODES]) - before) / MIDGAME_SPEED
            return done

        def timed_solve(*args: Any, **kwargs: Any) -> Any:
            result = solve_root(*args, **kwargs)
            self.now += result.nodes / SOLVER_SPEED
            return result

        monkeypatch.setattr(expert, "time", self)
        monkeypatch.setattr(expert, "search_root", timed_search)
        monkeypatch.setattr(expert, "solve_root", timed_solve)
        self.fresh()

    def perf_counter(self) -> float:
        return self.now

    def fresh(self) -> None:
        self.monkeypatch.setattr(expert, "_speed", expert._Speed())
        self.monkeypatch.setattr(expert, "_memories", {})
        self.monkeypatch.setattr(solver, "_memories", {})

    def search(self, state: OthelloState, budget: float) -> tuple[float, expert.Appraisal]:
        """The clock time of level 5's search of ``state`` within ``budget``, and what it
        found."""
        start = self.now
        appraisal = expert.appraise(state, budget, every_exact=False)
        return self.now - start, appraisal


def game_position(seed: int, empties: int) -> OthelloState:
    """Seeded play to ``empties`` empty squares, each move the one leaving the opponent
    fewest replies (a game-like position, quieter than random play's), not a pass."""
    rng = random.Random(seed)
    state = OthelloState.start(8)
    while True:
        for _ in range(6):
            state = state.play(rng.choice(state.legal_moves()))
        while not state.is_over and state.board.count(".") > empties:
            moves = state.legal_moves()
            state = state.play(min(moves, key=lambda m: (len(state.play(m).legal_moves()),
                                                         rng.random())))
        if not state.is_over and len(state.legal_moves()) > 1:
            return state
        state = OthelloState.start(8)


@pytest.mark.parametrize("budget", [1.0, 2.0])
def test_a_second_solve_takes_no_longer_than_in_a_fresh_process(
    monkeypatch: pytest.MonkeyPatch, budget: float
) -> None:
    first, second = game_position(3, 19), game_position(2, 19)
    machine = Machine(monkeypatch)
    fresh, found = machine.search(second, budget)
    assert found.exact  # the solve fits the time
    machine.fresh()
    machine.search(first, budget)
    warm, found = machine.search(second, budget)
    assert warm <= 1.25 * fresh, f"{warm:.2f} s warm, {fresh:.2f} s fresh"
    assert found.exact


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_position_searched_again_is_searched_deeper(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    """The midgame table is kept from search to search: a position searched again (as when
    a game comes back to a line searched before) starts from what the last search
    learned, so it reaches deeper in the same time (the same depth when the table was
    cleared for every search)."""
    state = game_position(seed, 40)
    machine = Machine(monkeypatch)
    _, first = machine.search(state, 0.3)
    _, again = machine.search(state, 0.3)
    assert again.depth > first.depth, f"depth {again.depth} again, {first.depth} first"
