"""The kernel's evaluation and midgame search, and the expert built on them.

The midgame search is checked against a plain full-width negamax written here, which
shares only the rules of ``shared.games`` and the evaluation with it; the evaluation
against the board's symmetries and a swap of colours.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

from benchmarks.plain_othello import plain_margin
from shared.ai import analyse, choose_move
from shared.ai.kernel import expert
from shared.ai.kernel.bits import legal_moves
from shared.ai.kernel.board import square_of, to_kernel
from shared.ai.kernel.evaluate import UNIT, eval_tables, evaluate
from shared.ai.kernel.expert import appraise, move_bits
from shared.ai.kernel.handwritten import handwritten, mask_tables, position_score
from shared.ai.kernel.midgame import (
    ABORTED,
    LIMIT,
    NODES,
    PROBCUT_DEPTH,
    Memory,
    search_root,
)
from shared.games import PASS
from shared.games.othello import OthelloState


def positions(size: int, count: int, seed: int, min_empties: int = 1) -> list[OthelloState]:
    """Positions from seeded random playouts where the side to move has a move (no pass),
    with at least ``min_empties`` empty squares."""
    rng = random.Random(seed)
    out: list[OthelloState] = []
    while len(out) < count:
        state = OthelloState.start(size)
        while not state.is_over and len(out) < count:
            legal = state.legal_moves()
            empties = size * size - (state.black | state.white).bit_count()
            if legal != [PASS] and empties >= min_empties and rng.random() < 0.2:
                out.append(state)
            state = state.play(rng.choice(legal))
    return out


def playout(size: int, empties: int, seed: int) -> OthelloState:
    """Seeded random play until ``empties`` squares are left (or the game ends)."""
    rng = random.Random(seed)
    state = OthelloState.start(size)
    while not state.is_over and size * size - (state.black | state.white).bit_count() > empties:
        state = state.play(rng.choice(state.legal_moves()))
    return state


def static_value(state: OthelloState) -> int:
    """The evaluation of a position for the side to move, or its final margin (in UNITs)."""
    if state.is_over:
        black, white = state.score()
        margin = black - white if state.to_move == 0 else white - black
        return margin * UNIT
    own, opp, mask = to_kernel(state)
    t = eval_tables(state.size)
    return evaluate(own, opp, mobility(own, opp, mask), mobility(opp, own, mask), t)


def mobility(own: np.uint64, opp: np.uint64, mask: np.uint64) -> int:
    """How many moves ``own`` has (numba hands a uint64 back to Python as an int)."""
    return int(legal_moves(own, opp, mask)).bit_count()


def plain_negamax(state: OthelloState, depth: int) -> int:
    """Full-width negamax to ``depth`` plies over the rules (a pass uses no depth)."""
    if depth == 0 or state.is_over:
        return static_value(state)
    legal = state.legal_moves()
    if legal == [PASS]:
        return -plain_negamax(state.play(PASS), depth)
    return max(-plain_negamax(state.play(move), depth - 1) for move in legal)


def kernel_search(
    state: OthelloState, depth: int, every_exact: bool, table_bits: int = 12,
    selective: bool = False, slack: int = 0,
) -> tuple[dict[int, int], int]:
    """The midgame kernel's root scores (by square) at one fixed depth, and its nodes."""
    own, opp, mask = to_kernel(state)
    memory = Memory.allocate(table_bits)
    memory.clear(1 << 62, selective)
    order = np.array(move_bits(own, opp, mask), dtype=np.int64)
    scores = np.zeros(order.size, dtype=np.int64)
    assert search_root(
        own, opp, depth, order, scores, 0, every_exact, slack, eval_tables(state.size),
        memory.table,
        memory.killers, memory.history, memory.move_bits, memory.move_keys, memory.stats,
    ) == order.size
    by_square = {square_of(int(bit), state.size): int(s) for bit, s in zip(order, scores)}
    return by_square, int(memory.stats[NODES])


def kernel_scores(
    state: OthelloState, depth: int, every_exact: bool, table_bits: int = 12, slack: int = 0,
) -> dict[int, int]:
    """The (full-width) midgame kernel's root scores at one fixed depth."""
    return kernel_search(state, depth, every_exact, table_bits, slack=slack)[0]


@pytest.mark.parametrize("size", [4, 6, 8])
def test_search_equals_plain_negamax_at_fixed_depths(size: int) -> None:
    for state in positions(size, 4, seed=size):
        for depth in (1, 2, 3):
            plain = {m: -plain_negamax(state.play(m), depth - 1) for m in state.legal_moves()}
            # every move exact, even in a tiny table where positions keep evicting each other
            for table_bits in (2, 12):
                assert kernel_scores(state, depth, True, table_bits) == plain, (
                    state.to_text(), depth,
                )
            # the cheaper search: the best moves exact, the others bounded below the best
            best = max(plain.values())
            for move, score in kernel_scores(state, depth, False).items():
                if plain[move] == best:
                    assert score == best, (state.to_text(), depth, move)
                else:
                    assert plain[move] <= score < best, (state.to_text(), depth, move)
            # with slack: every move within it of the best exact (level 5's variety)
            for slack in (50, 300):
                for move, score in kernel_scores(state, depth, False, slack=slack).items():
                    if plain[move] >= best - slack:
                        assert score == plain[move], (state.to_text(), depth, move, slack)
                    else:
                        assert plain[move] <= score < best - slack, (state.to_text(), move)


def test_probcut_prunes_from_its_depth_on() -> None:
    """Below PROBCUT_DEPTH the selective search is the full-width one; at depth 10
    it visits fewer nodes in all (at one node a shallow search can cost more than it saves;
    the savings grow with depth)."""
    pruned = nodes = 0
    for state in positions(8, 3, seed=11, min_empties=30):
        for depth in range(1, PROBCUT_DEPTH):
            assert kernel_search(state, depth, True, selective=True) == kernel_search(
                state, depth, True
            )
        pruned += kernel_search(state, 10, False, table_bits=18, selective=True)[1]
        nodes += kernel_search(state, 10, False, table_bits=18)[1]
    assert pruned < 0.8 * nodes


def test_node_limit_stops_the_search_and_it_goes_on_from_there() -> None:
    state = positions(8, 1, seed=3, min_empties=40)[0]
    own, opp, mask = to_kernel(state)
    memory = Memory.allocate(12)
    memory.clear(500)
    order = np.array(move_bits(own, opp, mask), dtype=np.int64)
    scores = np.zeros(order.size, dtype=np.int64)

    def resume(first: int) -> int:
        return search_root(
            own, opp, 6, order, scores, first, True, 0, eval_tables(8), memory.table,
            memory.killers, memory.history, memory.move_bits, memory.move_keys, memory.stats,
        )

    stopped = resume(0)
    assert stopped < order.size and memory.stats[ABORTED]
    memory.stats[LIMIT], memory.stats[ABORTED] = 1 << 62, 0
    assert resume(stopped) == order.size
    resumed = {square_of(int(bit), 8): int(s) for bit, s in zip(order, scores)}
    assert resumed == kernel_scores(state, 6, True)


def transforms(size: int) -> list[list[int]]:
    """The eight symmetries of a board as maps from kernel bit to kernel bit."""
    last = size - 1
    maps = []
    for flip in (False, True):
        for turns in range(4):
            table = list(range(64))
            for row in range(size):
                for col in range(size):
                    r, c = (col, row) if flip else (row, col)
                    for _ in range(turns):
                        r, c = c, last - r
                    table[row * 8 + col] = r * 8 + c
            maps.append(table)
    return maps


def moved(discs: np.uint64, table: list[int]) -> np.uint64:
    return np.uint64(sum(1 << table[bit] for bit in range(64) if int(discs) >> bit & 1))


@pytest.mark.parametrize("size", [4, 6, 8])
def test_evaluation_is_symmetric(size: int) -> None:
    """The expert's evaluation (learned on 6x6 and 8x8, hand-written on 4x4)."""
    t = eval_tables(size)
    maps = transforms(size)
    assert len({tuple(m) for m in maps}) == 8
    for state in positions(size, 12, seed=20 + size):
        own, opp, mask = to_kernel(state)
        mine, theirs = mobility(own, opp, mask), mobility(opp, own, mask)
        value = evaluate(own, opp, mine, theirs, t)
        assert abs(value) < size * size * UNIT
        for table in maps:
            assert evaluate(moved(own, table), moved(opp, table), mine, theirs, t) == value


@pytest.mark.parametrize("size", [4, 6, 8])
def test_handwritten_evaluation_is_symmetric_and_swaps_sign_with_the_colours(size: int) -> None:
    t = mask_tables(size)
    maps = transforms(size)
    for state in positions(size, 12, seed=20 + size):
        own, opp, mask = to_kernel(state)
        mine, theirs = mobility(own, opp, mask), mobility(opp, own, mask)
        value = handwritten(own, opp, mine, theirs, t)
        for table in maps:
            assert handwritten(moved(own, table), moved(opp, table), mine, theirs, t) == value
        # every term but the side to move's (tempo, parity) changes sign with the colours
        swapped = position_score(opp, own, theirs, mine, t)
        assert swapped == -position_score(own, opp, mine, theirs, t)
        side_to_move = value - position_score(own, opp, mine, theirs, t)
        assert handwritten(opp, own, theirs, mine, t) == swapped + side_to_move


def test_evaluation_prefers_a_corner_to_an_x_square() -> None:
    """Both evaluations; the position with a disc more is in another phase of the learned
    one (and has another parity), so only the hand-written one is compared with it."""
    state = OthelloState.start(8)
    own, opp, mask = to_kernel(state)
    corner, x_square = own | np.uint64(1), own | np.uint64(1 << 9)
    t = eval_tables(8)
    assert evaluate(corner, opp, 4, 4, t) > evaluate(x_square, opp, 4, 4, t)
    hand = mask_tables(8)
    assert handwritten(corner, opp, 4, 4, hand) > handwritten(own, opp, 4, 4, hand) > (
        handwritten(x_square, opp, 4, 4, hand)
    )


CORNER_OFFER = (
    ".OOOOOX."
    "........"
    "...X...."
    "...XXO.."
    "...XO..."
    "........"
    "........"
    "........"
)
"""Black to move can take a1, turning the top edge black; no other move takes a corner."""


def test_expert_takes_a_corner_with_an_edge() -> None:
    state = OthelloState.from_board(CORNER_OFFER, 0)
    assert choose_move(state, 5, seconds=0.5, seed=1) == 0
    assert max(analyse(state, 0.5), key=lambda entry: entry.score).move == 0


def test_exact_search_finds_the_only_winning_move() -> None:
    """Late positions where one move wins and every other loses (by the rules' negamax):
    the midgame kernel searching to the end, the expert and analyse all pick it."""
    found = 0
    for seed in range(200):
        state = playout(8, 7, seed)
        if state.is_over or state.legal_moves() == [PASS]:
            continue
        g = state.geometry
        own, opp = state.own_opp()
        margins = {}
        for sq in state.legal_moves():
            flipped = g.flips(own, opp, sq)
            margins[sq] = -plain_margin(g, opp ^ flipped, own | flipped | 1 << sq)
        winners = [sq for sq, margin in margins.items() if margin > 0]
        losers = [sq for sq, margin in margins.items() if margin < 0]
        if len(winners) != 1 or len(losers) != len(margins) - 1 or not losers:
            continue
        scores = kernel_scores(state, 7, True)
        assert scores == {sq: margin * UNIT for sq, margin in margins.items()}
        assert choose_move(state, 5, seconds=5, seed=0) == winners[0]
        entries = analyse(state, 5)
        assert all(entry.exact for entry in entries)
        assert {entry.move: entry.score for entry in entries} == margins
        found += 1
        if found == 2:
            break
    assert found == 2


class Clock:
    """A stand-in for the clock the expert reads (``time.perf_counter``): it stands at 0
    for its first ``still`` reads, then each read is an hour after the one before (every
    deadline set from one read has passed at the next); it counts its reads."""

    def __init__(self, still: int) -> None:
        self.still, self.reads = still, 0

    def perf_counter(self) -> float:
        self.reads += 1
        return 3600.0 * max(0, self.reads - self.still)


def stand_in_clock(monkeypatch: pytest.MonkeyPatch, clock: Clock) -> None:
    """The expert reads ``clock``, with speeds of its own: what it measures by a clock
    that jumps an hour a read must not teach the process's real speeds (the next test
    would budget its solve from a few nodes a second)."""
    monkeypatch.setattr(expert, "time", clock)
    monkeypatch.setattr(expert, "_speed", expert._Speed())


@pytest.mark.parametrize("size", [4, 6, 8])
def test_expert_stops_at_its_deadline(size: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Once the clock the expert reads says its time is up, it answers with what it has:
    the one-ply search it always completes, with no deeper search and no solve after."""
    for i, state in enumerate(positions(size, 5, seed=40 + size)):
        clock = Clock(still=1)  # time is up at every look after the start
        stand_in_clock(monkeypatch, clock)
        appraisal = appraise(state, 0.2, every_exact=False)
        monkeypatch.undo()
        assert {square_of(bit, size) for bit in appraisal.scores} == set(state.legal_moves())
        assert appraisal.depth == 1 and not appraisal.exact
        # a one-ply search and a solve cut at once (its node limit is 1; the solver's
        # last six empties, which it does not cut, may add a few hundred nodes)
        assert appraisal.nodes < 1000
        assert choose_move(state, 5, seconds=0.2, seed=i) in state.legal_moves()


def test_exact_answer_comes_before_the_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a clock that never moves, a solvable position is answered exactly as soon as
    the solve is done: a few clock reads, not a wait for the deadline."""
    state = next(
        s for seed in range(10) if not (s := playout(8, 10, seed)).is_over
        and s.legal_moves() != [PASS]
    )
    clock = Clock(still=1 << 62)
    stand_in_clock(monkeypatch, clock)
    appraisal = appraise(state, 30, every_exact=False)
    assert appraisal.exact and appraisal.depth == 10
    assert clock.reads <= 4


def test_analyse_scores_every_move_as_a_disc_margin() -> None:
    state = positions(8, 1, seed=9, min_empties=40)[0]
    entries = analyse(state, 0.3)
    assert [entry.move for entry in entries] == sorted(state.legal_moves())
    for entry in entries:
        assert not entry.exact and entry.depth >= 1
        assert -64 < entry.score < 64



def test_searches_from_several_threads_take_turns() -> None:
    """One process has one search memory, so a search waits while another one runs; each
    thread still gets what it would get alone (exact scores: nothing depends on timing)."""
    states = [s for seed in range(20) if not (s := playout(8, 10, seed)).is_over
              and s.legal_moves() != [PASS]][:3]
    alone = [analyse(state, 30) for state in states]
    together: list[object] = [None] * len(states)

    def run(i: int) -> None:
        together[i] = analyse(states[i], 30)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(states))]
    with expert._one_search_at_a_time:  # a search in progress
        for thread in threads:
            thread.start()
        time.sleep(0.3)
        assert all(thread.is_alive() for thread in threads)  # waiting their turn
    for thread in threads:
        thread.join(timeout=60)
    assert together == alone
    assert all(entry.exact for entries in alone for entry in entries)


def test_level_5_runs_with_the_jit_disabled() -> None:
    """The same kernel source as plain Python (how a platform without numba plays)."""
    code = (
        "import numpy as np\n"
        "from shared.ai import analyse, choose_move\n"
        "from shared.ai.kernel.board import to_kernel\n"
        "from shared.ai.kernel.evaluate import eval_tables\n"
        "from shared.ai.kernel.expert import move_bits\n"
        "from shared.ai.kernel.jit import COMPILED\n"
        "from shared.ai.kernel.midgame import Memory, search_root\n"
        "from shared.games.othello import OthelloState\n"
        "assert not COMPILED\n"
        "start = OthelloState.start(4)\n"
        "print(choose_move(start, 5, seconds=1, seed=0) in start.legal_moves())\n"
        "print(sorted((e.move, e.score, e.exact) for e in analyse(start, 30)))\n"
        "six = OthelloState.start(6)\n"
        "print(choose_move(six, 5, seconds=0.5, seed=0) in six.legal_moves())\n"
        "own, opp, mask = to_kernel(six)\n"
        "order = np.array(move_bits(own, opp, mask), dtype=np.int64)\n"
        "memory = Memory.allocate(10)\n"
        "memory.clear(1 << 62, selective=True)\n"  # ProbCut runs from depth 5 on
        "print(search_root(own, opp, 6, order, np.zeros(order.size, dtype=np.int64), 0, False, 0,\n"
        "    eval_tables(6), memory.table, memory.killers, memory.history, memory.move_bits,\n"
        "    memory.move_keys, memory.stats) == order.size)\n"
    )
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    result = subprocess.run(
        [sys.executable, "-W", "error", "-c", code], env=env, capture_output=True, text=True,
        timeout=100,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == lines[2] == lines[3] == "True"
    # 4x4 is a White win by 8 whatever Black's first move (the four are symmetric)
    assert lines[1] == str([(m, -8.0, True) for m in sorted(OthelloState.start(4).legal_moves())])


def test_warm_up_leaves_no_big_search_tables() -> None:
    """A process that only warms up (the server's, the window's for `taikyoku play`) keeps
    no midgame table and only the small solver table of 4x4, on which it warmed up."""
    code = (
        "from shared.ai.kernel import expert, solver, warm_up\n"
        "warm_up()\n"
        "print(len(expert._memories), [m.table.nbytes for m in solver._memories.values()])\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["0", f"[{32 << 12}]"]
