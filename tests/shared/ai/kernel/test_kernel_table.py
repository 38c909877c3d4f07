"""The transposition table's ages: a table kept from search to search (issue 22).

A search's rows replace an earlier search's before its own (however deep the old ones
are), and a search that keeps the table of the move before reaches its depth with fewer
nodes than one that starts from an empty table.
"""

from __future__ import annotations

import random

import numpy as np

from shared.ai.kernel import table as tt
from shared.ai.kernel.board import square_of, to_kernel
from shared.ai.kernel.evaluate import eval_tables
from shared.ai.kernel.expert import move_bits
from shared.ai.kernel.midgame import NODES, TABLE_BITS, Memory, search_root
from shared.games.othello import OthelloState

ONE_BUCKET = 1
"""Table bits for a table of one bucket (two rows): every position shares it."""


def positions(count: int) -> list[tuple[np.uint64, np.uint64]]:
    """Distinct (own, opp) pairs: what a row holds."""
    return [(np.uint64(1 << i), np.uint64(1 << (i + 32))) for i in range(count)]


def held(table: np.ndarray) -> set[int]:
    """The ``own`` words of the rows in use."""
    return {int(own) for own in table[:, tt.TT_OWN] if own}


def test_a_search_replaces_an_earlier_searchs_rows_before_its_own() -> None:
    table = tt.allocate(ONE_BUCKET)
    (deep_own, deep_opp), (a_own, a_opp), (b_own, b_opp), (c_own, c_opp) = positions(4)
    tt.store(table, 0, deep_own, deep_opp, 20, -5, 5, 3, 0)
    tt.store(table, 0, a_own, a_opp, 4, -5, 5, 3, 0)
    tt.store(table, 0, b_own, b_opp, 6, -5, 5, 3, 0)  # one age: the shallower row goes
    assert held(table) == {int(deep_own), int(b_own)}
    age = tt.next_age(0)
    tt.store(table, 0, a_own, a_opp, 2, -5, 5, 3, age)  # both old: the shallower goes
    assert held(table) == {int(deep_own), int(a_own)}
    tt.store(table, 0, c_own, c_opp, 3, -5, 5, 3, age)  # the deep old row before a new one
    assert held(table) == {int(a_own), int(c_own)}
    row = tt.find(table, 0, c_own, c_opp)
    assert (tt.depth_at(table, row), tt.move_at(table, row)) == (3, 3)
    assert (tt.lower_at(table, row), tt.upper_at(table, row)) == (-5, 5)


def test_ages_wrap_around() -> None:
    assert tt.next_age(tt.AGES - 1) == 0
    table = tt.allocate(ONE_BUCKET)
    (own, opp), = positions(1)
    tt.store(table, 0, own, opp, 7, -1, 1, 63, tt.AGES - 1)
    row = tt.find(table, 0, own, opp)
    assert (tt.depth_at(table, row), tt.move_at(table, row)) == (7, 63)


def midgame_position(seed: int) -> OthelloState:
    """An 8x8 position after 24 seeded random plies, its side to move with a move."""
    rng = random.Random(seed)
    while True:
        state = OthelloState.start(8)
        for _ in range(24):
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_moves()))
        if not state.is_over and len(state.legal_moves()) > 1:
            return state


def deepen(memory: Memory, state: OthelloState, depth: int) -> tuple[int, int]:
    """(nodes, best move bit) of a selective deepening of ``state`` to ``depth`` in
    ``memory``, as the expert's (without a clock)."""
    own, opp, mask = to_kernel(state)
    order = np.array(move_bits(own, opp, mask), dtype=np.int64)
    scores = np.zeros(order.size, dtype=np.int64)
    for d in range(1, depth + 1):
        search_root(own, opp, d, order, scores, 0, False, 0, eval_tables(state.size),
                    memory.table, memory.killers, memory.history, memory.move_bits,
                    memory.move_keys, memory.stats)
        ranking = np.argsort(-scores, kind="stable")
        order, scores = order[ranking], scores[ranking]
    return int(memory.stats[NODES]), int(order[0])


def test_the_next_turn_costs_fewer_nodes_with_the_table_kept() -> None:
    """Two plies on (our move, then the opponent's own choice), the deepening that keeps the
    last turn's table (``renew``) visits fewer nodes in all than one from an empty table."""
    kept = fresh = 0
    for seed in range(4):
        state = midgame_position(seed)
        memory = Memory.allocate(TABLE_BITS[8])
        memory.clear(1 << 62, selective=True)
        _, best = deepen(memory, state, 9)
        later = state.play(square_of(best, 8))
        opponent = Memory.allocate(12)
        opponent.clear(1 << 62, selective=True)
        _, reply = deepen(opponent, later, 6)
        later = later.play(square_of(reply, 8))
        memory.renew(1 << 62, selective=True)
        kept += deepen(memory, later, 9)[0]
        memory.clear(1 << 62, selective=True)
        fresh += deepen(memory, later, 9)[0]
    assert kept < 0.9 * fresh, f"{kept} nodes kept, {fresh} fresh"
