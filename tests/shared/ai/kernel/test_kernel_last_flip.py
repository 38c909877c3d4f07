"""The last move's flip count read from tables (:mod:`shared.ai.kernel.last_flip`)
against the general flip generator, and the one-empty tier built on it against the rules."""

from __future__ import annotations

import random

import numpy as np

from shared.ai.kernel.bits import FULL, ONE, flips_at, popcount
from shared.ai.kernel.board import to_kernel
from shared.ai.kernel.last_empties import last1
from shared.ai.kernel.last_flip import count_last_flips
from shared.games.othello import OthelloState


def test_the_count_equals_the_flips_on_random_full_boards_at_every_square() -> None:
    rng = random.Random(22)
    for x in range(64):
        disc = ONE << np.uint64(x)
        for _ in range(60):
            # sparse, even and crowded boards: runs of every length along every line
            own = np.uint64(rng.getrandbits(64) & rng.choice([rng.getrandbits(64), 2**64 - 1]))
            own &= ~disc
            opp = FULL & ~own & ~disc
            assert count_last_flips(own, x) == popcount(flips_at(own, opp, disc)), (x, hex(own))


def test_the_lines_through_a_square_count_together() -> None:
    # d4 (bit 27): the mover's discs at the far end of each of its eight lines, every
    # other square the opponent's: each line flips the squares between
    x, own = 27, 0
    for step_row, step_col in ((0, 1), (0, -1), (1, 0), (-1, 0),
                               (1, 1), (-1, -1), (1, -1), (-1, 1)):
        r, c = 3, 3
        while 0 <= r + step_row < 8 and 0 <= c + step_col < 8:
            r, c = r + step_row, c + step_col
        own |= 1 << (8 * r + c)
    # towards h, a, the 8th row, the 1st, h8, a1, a7 (three squares, two between), g1
    assert count_last_flips(np.uint64(own), x) == 3 + 2 + 3 + 2 + 3 + 2 + 2 + 2


def test_the_last_empty_square_ends_the_game_as_the_rules_do() -> None:
    rng = random.Random(7)
    checked = 0
    while checked < 200:
        state = OthelloState.start(8)
        while not state.is_over and state.board.count(".") > 1:
            state = state.play(rng.choice(state.legal_moves()))
        if state.is_over:
            continue
        own, opp, mask = to_kernel(state)
        mover = state.to_move
        while not state.is_over:  # the one move left, or a pass and the other's move
            state = state.play(state.legal_moves()[0])
        discs = (state.black.bit_count(), state.white.bit_count())
        assert last1(own, opp, mask & ~(own | opp)) == discs[mover] - discs[1 - mover]
        checked += 1
