"""The kernel's move generation: perft against the published counts, moves and flips
against ``shared.games`` on random positions of every size, and the same kernels (these
and the solver's) run with numba's JIT disabled.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import random
import subprocess
import sys

import numpy as np
import pytest

from shared.ai.kernel import warm_up
from shared.ai.kernel.bits import ONE, flips, flips_at, legal_moves, lowest_bit, popcount
from shared.ai.kernel.board import bit_of, board_mask, spread, square_of, to_kernel
from shared.ai.kernel.jit import COMPILED, njit
from shared.games import PASS, State
from shared.games.othello import OthelloState
from tests import ROOT


@njit
def kernel_perft(own: np.uint64, opp: np.uint64, mask: np.uint64, depth: int) -> int:
    """Leaves ``depth`` plies deep: a pass is a ply, a finished game one leaf."""
    moves = legal_moves(own, opp, mask)
    if depth == 1:
        return popcount(moves) if moves else 1
    if not moves:
        if not legal_moves(opp, own, mask):
            return 1
        return kernel_perft(opp, own, mask, depth - 1)
    leaves = 0
    while moves:
        disc = ONE << np.uint64(lowest_bit(moves))
        moves ^= disc
        flipped = flips_at(own, opp, disc)
        leaves += kernel_perft(opp ^ flipped, own | flipped | disc, mask, depth - 1)
    return leaves


def state_perft_counts(state: State, depth: int) -> list[int]:
    """The counts at depths 1 to ``depth`` with the ``shared.games`` State API, in one walk
    (the reference for 4x4)."""
    if depth == 0 or state.is_over:
        return [1] * depth
    counts = [0] * depth
    for move in state.legal_moves():
        counts[0] += 1
        for i, leaves in enumerate(state_perft_counts(state.play_unchecked(move), depth - 1)):
            counts[i + 1] += leaves
    return counts


def perft_counts(size: int, depth: int) -> list[int]:
    own, opp, mask = to_kernel(OthelloState.start(size))
    return [kernel_perft(own, opp, mask, d) for d in range(1, depth + 1)]


def test_perft_8x8_to_depth_9_equals_the_published_counts() -> None:
    assert perft_counts(8, 9) == [4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288]


def test_perft_6x6_to_depth_8_equals_the_published_counts() -> None:
    assert perft_counts(6, 8) == [4, 12, 56, 244, 1364, 7604, 47740, 308716]


def test_perft_4x4_equals_the_rules_to_the_end_of_every_game() -> None:
    counts = perft_counts(4, 16)
    assert counts == state_perft_counts(OthelloState.start(4), 16)
    assert counts[-2] == counts[-1] == 60060  # every game has ended: 60060 of them


def random_positions(size: int, count: int, seed: int) -> list[OthelloState]:
    """Positions from random playouts, every ply of them, finished games included."""
    rng = random.Random(seed)
    out: list[OthelloState] = []
    while len(out) < count:
        state = OthelloState.start(size)
        out.append(state)
        while not state.is_over:
            state = state.play(rng.choice(state.legal_moves()))
            out.append(state)
    return out


@pytest.mark.parametrize("size", [4, 6, 8])
def test_moves_and_flips_equal_the_rules_on_random_positions(size: int) -> None:
    mask = board_mask(size)
    for state in random_positions(size, 300, seed=size):
        own, opp, kernel_mask = to_kernel(state)
        assert kernel_mask == mask
        own_int, opp_int = state.own_opp()
        assert (int(own), int(opp)) == (spread(own_int, size), spread(opp_int, size))
        legal = {sq for sq in state.legal_moves() if sq != PASS}
        moves = int(legal_moves(own, opp, mask))
        assert {square_of(b, size) for b in range(64) if moves >> b & 1} == legal
        for bit in range(64):
            got = int(flips(own, opp, bit, mask))
            if not int(mask) >> bit & 1:
                assert got == 0, (state.to_text(), bit)
                continue
            sq = square_of(bit, size)
            expected = spread(state.geometry.flips(own_int, opp_int, sq), size)
            assert got == (expected if sq in legal else 0), (state.to_text(), bit)


def test_flips_refuse_bits_off_the_grid() -> None:
    own, opp, mask = to_kernel(OthelloState.start(8))
    assert flips(own, opp, -1, mask) == 0
    assert flips(own, opp, 64, mask) == 0


@pytest.mark.parametrize("size", [4, 6, 8])
def test_squares_and_bits_convert_both_ways(size: int) -> None:
    bits = [bit_of(sq, size) for sq in range(size * size)]
    assert [square_of(b, size) for b in bits] == list(range(size * size))
    assert sum(1 << b for b in bits) == int(board_mask(size))


def test_popcount_and_lowest_bit() -> None:
    rng = random.Random(1)
    for _ in range(200):
        x = rng.getrandbits(64) & rng.getrandbits(64)
        assert popcount(np.uint64(x)) == x.bit_count()
        assert lowest_bit(np.uint64(x)) == ((x & -x).bit_length() - 1 if x else 64)


def compiled() -> dict[str, list[tuple[object, ...]]]:
    """Every kernel function by name, with the signatures compiled for it so far."""
    from numba.core.dispatcher import Dispatcher  # here: this module also runs without numba

    import shared.ai.kernel as kernel

    modules = [importlib.import_module(info.name)
               for info in pkgutil.iter_modules(kernel.__path__, kernel.__name__ + ".")]
    return {f"{module.__name__}.{name}": sorted(map(tuple, obj.signatures), key=repr)
            for module in modules for name, obj in vars(module).items()
            if isinstance(obj, Dispatcher)}


@pytest.mark.skipif(not COMPILED, reason="the kernel runs as plain Python without numba")
def test_warm_up_twice_is_the_same_as_once() -> None:
    """A second warm-up compiles nothing more, and none less: it finds the kernels as
    the first left them (the server's workers and the window may both warm up)."""
    warm_up()
    once = compiled()
    assert sum(map(len, once.values())) > 0
    warm_up()
    assert compiled() == once


UNCOMPILED_CHECK = """
import sys
if {without_numba!r}:
    sys.modules["numba"] = None  # import numba now raises ImportError
from shared.ai.kernel.jit import COMPILED
import tests.shared.ai.kernel.test_kernel_bits as t

assert not COMPILED
own, opp, mask = t.to_kernel(t.OthelloState.start(4))
assert t.kernel_perft(own, opp, mask, 16) == 60060
assert t.kernel_perft(own, opp, mask, 8) == 9116
for size in (4, 6, 8):
    t.test_moves_and_flips_equal_the_rules_on_random_positions(size)
import tests.shared.ai.kernel.test_kernel_solver as s
s.test_4x4_from_the_start_white_wins_11_to_3()
for empties in (2, 5, 8):
    s.check_solves(s.late_positions(8, empties, 1, seed=empties)[0])
s.test_a_forced_pass_at_the_root_is_solved_from_the_other_side(6)
print("ok")
"""


@pytest.mark.parametrize("without_numba", [False, True], ids=["jit-disabled", "no-numba"])
def test_the_same_kernel_source_runs_uncompiled(without_numba: bool) -> None:
    """With NUMBA_DISABLE_JIT=1, or on a platform where numba cannot be imported."""
    env = dict(os.environ, NUMBA_DISABLE_JIT="0" if without_numba else "1")
    script = UNCOMPILED_CHECK.format(without_numba=without_numba)
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
