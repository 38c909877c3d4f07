"""The solver's general search, for more than ``SHALLOW`` empties (:func:`search`).

Fail-soft negamax with principal-variation (null-window) searches: moves fastest-first
(the reply leaving the opponent the fewest moves, corners counted twice, then the fewest
empty squares next to our discs), after the transposition table's move; with
``SORT_EMPTIES`` or more empties each move's key also includes a shallow look at the
opponent's best reply, and with ``EVAL_EMPTIES`` or more the evaluation of the position
after the move (as strong solvers order by a shallow evaluated search far from the end).
A transposition table (:mod:`.table`) of score bounds by empties, probed for the children
too (enhanced transposition cutoff) from ``ETC_EMPTIES`` on, and a stability cutoff: the
opponent's stable discs cap what the side to move can still reach. Fewer empties go to
:mod:`.last_empties`.

Past the node limit in ``stats`` the search unwinds at once (the caller checks); bounds
are stored only from completed subtrees, so the table stays true across solves.
"""

from __future__ import annotations

import numpy as np

from shared.ai.kernel import table as tt
from shared.ai.kernel.bits import (
    FULL,
    ONE,
    S1,
    S4,
    S7,
    S8,
    S9,
    ZERO,
    flips_at,
    legal_moves,
    lowest_bit,
    popcount,
)
from shared.ai.kernel.evaluate import UNIT, evaluate
from shared.ai.kernel.jit import njit, njit_inline
from shared.ai.kernel.last_empties import (
    AGE,
    CORNERS,
    GEO_MASK,
    INF,
    LIMIT,
    NODES,
    SHALLOW,
    Geo,
    adjacent,
    last1,
    last2,
    last3,
    last4,
    shallow_search,
    take,
)

ETC_EMPTIES = 12
"""From this many empties on, the children are looked up in the table before searching."""

W_POT = 8
"""Move ordering: the weight of the opponent's potential mobility (64 for a move)."""

W_FEW = 24
"""Move ordering: the weight of our mobility after the opponent's most restricting reply."""

EVAL_EMPTIES = 10
"""From this many empties on, move ordering adds the evaluation of the position after a
move. Its cost a node pays for itself down to here: on FFO #40-#42, from 18 empties
102.6 M nodes, from 14 76.9 M, from 12 68.1 M, from 10 62.6 M (52.9 M with ``W_EVAL``
16), each no slower a node than the one before within the noise of a loaded machine."""

W_EVAL = 16
"""Move ordering: the weight of the evaluation (per disc of expected margin; 8 before:
62.6 M nodes on FFO #40-#42, 32: 60.9 M, 16: 52.9 M)."""

SORT_EMPTIES = 16
"""From this many empties on, move ordering adds a shallow look at the opponent's replies."""

_NOT_COL0 = np.uint64(0xFEFEFEFEFEFEFEFE)
_NOT_COL7 = np.uint64(0x7F7F7F7F7F7F7F7F)
_COL0 = np.uint64(0x0101010101010101)
_COL7 = np.uint64(0x8080808080808080)
_ROW0 = np.uint64(0x00000000000000FF)
_ROW7 = np.uint64(0xFF00000000000000)


@njit
def _fill(seed: np.uint64, s: np.uint64, up_mask: np.uint64, down_mask: np.uint64) -> np.uint64:
    """``seed`` spread along one axis both ways to the grid's edge (Kogge-Stone)."""
    up = seed
    pr = up_mask
    up |= pr & (up << s)
    pr &= pr << s
    up |= pr & (up << (s + s))
    pr &= pr << (s + s)
    up |= pr & (up << (s * S4))
    down = seed
    pr = down_mask
    down |= pr & (down >> s)
    pr &= pr >> s
    down |= pr & (down >> (s + s))
    pr &= pr >> (s + s)
    down |= pr & (down >> (s * S4))
    return up | down


@njit
def stable_discs(discs: np.uint64, occupied: np.uint64, mask: np.uint64) -> np.uint64:
    """A subset of ``discs`` that can never be flipped again (``occupied``: all discs).

    A disc is stable when along each of the four axes its line is full or one of its two
    neighbours is stable too or off the board; corners start it, and it spreads from them.
    """
    off = ~mask
    empty = ~(occupied | off)
    full_h = ~_fill(empty, S1, _NOT_COL0, _NOT_COL7)
    full_v = ~_fill(empty, S8, FULL, FULL)
    full_d9 = ~_fill(empty, S9, _NOT_COL0, _NOT_COL7)
    full_d7 = ~_fill(empty, S7, _NOT_COL7, _NOT_COL0)
    edge_h = _COL0 | _COL7
    edge_v = _ROW0 | _ROW7
    edge_d = edge_h | edge_v
    stable = discs & full_h & full_v & full_d9 & full_d7
    while True:
        known = stable | off
        h = full_h | edge_h | (known << S1) | (known >> S1)
        v = full_v | edge_v | (known << S8) | (known >> S8)
        d9 = full_d9 | edge_d | (known << S9) | (known >> S9)
        d7 = full_d7 | edge_d | (known << S7) | (known >> S7)
        grown = stable | (discs & h & v & d9 & d7)
        if grown == stable:
            return stable
        stable = grown



@njit_inline
def order_key(
    own: np.uint64, opp: np.uint64, n: int, mask: np.uint64, t: np.ndarray,
) -> int:
    """Sort key of the position after a move (``own`` is the opponent, to move there):
    lower is tried first. The opponent's mobility with corners counted twice, then their
    potential mobility; with many empties, also how few moves their most restricting
    reply leaves us, and with more, their evaluation of the position (``t``: the
    evaluation's tables)."""
    replies = legal_moves(own, opp, mask)
    key = 64 * (popcount(replies) + popcount(replies & CORNERS))
    if n >= EVAL_EMPTIES:  # the opponent's evaluation of the position: lower first
        our_moves = popcount(legal_moves(opp, own, mask))
        key += W_EVAL * evaluate(own, opp, popcount(replies), our_moves, t) // UNIT
    # potential mobility: the empty squares next to our discs, where they may play later
    key += W_POT * popcount(adjacent(opp) & mask & ~(own | opp))
    if n >= SORT_EMPTIES:
        # the opponent's reply that leaves us fewest moves: our mobility after it
        fewest = 64
        while replies:
            disc = ONE << np.uint64(lowest_bit(replies))
            replies ^= disc
            flipped = flips_at(own, opp, disc)
            ours = legal_moves(opp ^ flipped, own | flipped | disc, mask)
            count = popcount(ours) + popcount(ours & CORNERS)
            if count < fewest:
                fewest = count
        key -= W_FEW * fewest
    return key


@njit
def search(
    own: np.uint64, opp: np.uint64, alpha: int, beta: int, n: int, geo: Geo,
    t: np.ndarray, table: np.ndarray, moves: np.ndarray, keys: np.ndarray, stats: np.ndarray,
) -> int:
    """The exact margin if inside (alpha, beta), else a bound on that side; more than
    SHALLOW empties (fewer go to :func:`shallow_search`). Returns 0 at once once the node
    limit is passed (callers check)."""
    if n <= SHALLOW:
        score, count = shallow_search(own, opp, alpha, beta, n, geo)
        stats[NODES] += count
        return score
    stats[NODES] += 1
    if stats[NODES] > stats[LIMIT]:
        return 0
    mask = geo[GEO_MASK]
    squares = popcount(mask)
    # stability cutoff: the opponent's stable discs stay theirs to the end
    if alpha >= squares - 2 * popcount(opp):
        bound = squares - 2 * popcount(stable_discs(opp, own | opp, mask))
        if bound <= alpha:
            return bound
    first = tt.bucket(table, own, opp)
    lower, upper, hint = -INF, INF, -1
    row = tt.find(table, first, own, opp)
    if row >= 0:
        lower, upper = tt.lower_at(table, row), tt.upper_at(table, row)
        hint = tt.move_at(table, row)
        if lower >= beta:
            return lower
        if upper <= alpha or lower == upper:
            return upper
        if lower > alpha:
            alpha = lower
        if upper < beta:
            beta = upper
    todo = legal_moves(own, opp, mask)
    if not todo:
        if not legal_moves(opp, own, mask):
            return popcount(own) - popcount(opp)
        return -search(opp, own, -beta, -alpha, n, geo, t, table, moves, keys, stats)
    count = 0
    while todo:
        bit = lowest_bit(todo)
        disc = ONE << np.uint64(bit)
        todo ^= disc
        flipped = flips_at(own, opp, disc)
        child_own, child_opp = opp ^ flipped, own | flipped | disc
        # enhanced transposition cutoff: a child already known to be bad enough for them
        if n >= ETC_EMPTIES:
            row = tt.find(table, tt.bucket(table, child_own, child_opp), child_own, child_opp)
            if row >= 0:
                score = -tt.upper_at(table, row)
                if score >= beta:
                    tt.store(table, first, own, opp, n, max(score, lower), upper, bit,
                             stats[AGE])
                    return score
        moves[n, count] = disc
        keys[n, count] = -(1 << 20) if bit == hint else order_key(child_own, child_opp, n, mask, t)
        count += 1
    best, best_bit, floor = -INF, -1, alpha
    for i in range(count):
        pick = i  # selection sort: the lowest key of the rest
        for j in range(i + 1, count):
            if keys[n, j] < keys[n, pick]:
                pick = j
        disc = moves[n, pick]
        moves[n, pick], keys[n, pick] = moves[n, i], keys[n, i]
        flipped = flips_at(own, opp, disc)
        child_own, child_opp = opp ^ flipped, own | flipped | disc
        if i == 0:
            score = -search(child_own, child_opp, -beta, -floor, n - 1, geo, t,
                            table, moves, keys, stats)
        else:
            score = -search(child_own, child_opp, -floor - 1, -floor, n - 1, geo, t,
                            table, moves, keys, stats)
            if floor < score < beta and stats[NODES] <= stats[LIMIT]:
                score = -search(child_own, child_opp, -beta, -score, n - 1, geo, t,
                                table, moves, keys, stats)
        if stats[NODES] > stats[LIMIT]:
            return 0
        if score > best:
            best, best_bit = score, lowest_bit(disc)
            if best >= beta:
                break
            if best > floor:
                floor = best
    tt.store_result(table, first, own, opp, n, lower, upper, best, alpha, beta, best_bit,
                    stats[AGE])
    return best


@njit
def solve_any(
    own: np.uint64, opp: np.uint64, alpha: int, beta: int, n: int, geo: Geo,
    t: np.ndarray, table: np.ndarray, moves: np.ndarray, keys: np.ndarray, stats: np.ndarray,
) -> int:
    """The solve of a root position with ``n`` empties, by the tier that fits ``n``."""
    if n >= 5:
        return search(own, opp, alpha, beta, n, geo, t, table, moves, keys, stats)
    empty = geo[GEO_MASK] & ~(own | opp)
    if n == 4:
        score, nodes = last4(own, opp, alpha, beta, empty, geo)
    elif n >= 2:
        a, first, rest = take(empty, ZERO)
        b, first, rest = take(first, rest)
        if n == 3:
            score, nodes = last3(own, opp, alpha, beta, a, b, first | rest)
        else:
            score, nodes = last2(own, opp, alpha, beta, a, b)
    else:
        score = last1(own, opp, empty) if n == 1 else popcount(own) - popcount(opp)
        nodes = 1
    stats[NODES] += nodes
    return score
