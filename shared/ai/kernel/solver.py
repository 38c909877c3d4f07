"""The exact endgame solver: the final disc margin under perfect play, as numba kernels.

Scores are the side to move's discs minus the other side's when the game ends (empty
squares are not awarded, as in :mod:`shared.games.othello`). The search is fail-soft
negamax with principal-variation (null-window) searches, in tiers by the number of empty
squares ``n``:

- ``n > SHALLOW`` (:func:`_search`): moves fastest-first (the reply leaving the opponent
  the fewest moves, corners counted twice, then the fewest empty squares next to our
  discs), after the transposition table's move; with ``SORT_EMPTIES`` or more empties
  each move's key also includes a shallow look at the opponent's best reply, and with
  ``EVAL_EMPTIES`` or more the evaluation of the position after the move (as strong
  solvers order by a shallow evaluated search far from the end). A
  transposition table of score bounds, probed for the children too (enhanced
  transposition cutoff) from ``ETC_EMPTIES`` on, and a stability cutoff: the opponent's
  stable discs cap what the side to move can still reach.
- ``5 <= n <= SHALLOW`` (:func:`_shallow`): no table, no move list; the legal moves in
  odd quadrants first (whoever moves first into a region with an odd number of empties
  tends to get its last move too), corners before others.
- the last four, three, two and one empties (:func:`_last4` ... :func:`_last1`):
  dedicated code on the squares themselves, no move generation, odd quadrants first.

A kernel cannot read a clock portably, so a solve gets a node limit: past it the search
unwinds at once and reports that it did not complete. Bounds are stored only from
completed subtrees, so the table stays true across solves and is kept between calls.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple, Sequence

import numpy as np

from shared.ai.kernel.bits import (
    FULL,
    ONE,
    S1,
    S4,
    S6,
    S7,
    S8,
    S9,
    S16,
    S21,
    S24,
    S32,
    S41,
    ZERO,
    flips_at,
    legal_moves,
    lowest_bit,
    popcount,
)
from shared.ai.kernel.evaluate import UNIT, eval_tables, evaluate
from shared.ai.kernel.jit import njit

SHALLOW = 6
"""At or below this many empties the solver tries squares in place, without a table."""

ETC_EMPTIES = 12
"""From this many empties on, the children are looked up in the table before searching."""

W_POT = 8
"""Move ordering: the weight of the opponent's potential mobility (64 for a move)."""

W_FEW = 24
"""Move ordering: the weight of our mobility after the opponent's most restricting reply."""

EVAL_EMPTIES = 18
"""From this many empties on, move ordering adds the evaluation of the position after a move."""

W_EVAL = 8
"""Move ordering: the weight of the evaluation (per disc of expected margin)."""

SORT_EMPTIES = 16
"""From this many empties on, move ordering adds a shallow look at the opponent's replies."""

TABLE_BITS = {4: 12, 6: 17, 8: 20}
"""Per board size, the transposition table has 2**bits entries of 32 bytes, two to a
bucket: 128 KB for 4x4 (whose whole game has fewer positions), 4 MB for 6x6, 32 MB for
8x8. A process that never solves a board never allocates its table."""

INF = 127
"""Beyond every score (at most 64 discs): a window's open end."""

MAX_MOVES = 40
"""More than the moves of any Othello position (at most 33 on 8x8)."""

# stats: nodes searched, node limit
NODES, LIMIT = 0, 1
# geo: the board's squares, then its four quadrants
GEO_MASK = 0
# table columns: the position's two bitboards, then its packed data (see _store, _unpack)
TT_OWN, TT_OPP, TT_DATA = 0, 1, 2

# The corners of 8x8. They serve move ordering only: smaller boards, whose corners these
# are not, are solved just as exactly, a little more slowly.
_CORNERS = np.uint64(0x8100000000000081)
_NOT_COL0 = np.uint64(0xFEFEFEFEFEFEFEFE)
_NOT_COL7 = np.uint64(0x7F7F7F7F7F7F7F7F)
_COL0 = np.uint64(0x0101010101010101)
_COL7 = np.uint64(0x8080808080808080)
_ROW0 = np.uint64(0x00000000000000FF)
_ROW7 = np.uint64(0xFF00000000000000)
_BYTE = np.uint64(0xFF)


@njit
def _neighbours(disc: np.uint64) -> np.uint64:
    """The squares around those of ``disc`` on the 8x8 grid (and some of ``disc``'s own
    when it has several: it serves as a filter, a superset is harmless)."""
    side = ((disc << S1) & _NOT_COL0) | ((disc >> S1) & _NOT_COL7)
    line = disc | side
    return side | (line << S8) | (line >> S8)


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


@njit
def _hash(own: np.uint64, opp: np.uint64) -> np.uint64:
    """Mixes a position's two bitboards with shifts and xors (no multiplication, which
    numpy scalars would warn about overflowing when the JIT is off)."""
    h = own ^ ((opp << S21) | (opp >> S41)) ^ (opp >> S6)
    h ^= h >> S32
    h ^= h >> S16
    h ^= (h >> S8) ^ (h << S6)
    return h


@njit
def _last1(own: np.uint64, opp: np.uint64, disc: np.uint64) -> int:
    """The final margin with one empty square ``disc``: whoever can play there does."""
    margin = popcount(own) - popcount(opp)
    flipped = popcount(flips_at(own, opp, disc))
    if flipped:
        return margin + 2 * flipped + 1
    flipped = popcount(flips_at(opp, own, disc))
    if flipped:
        return margin - 2 * flipped - 1
    return margin


@njit
def _last2(
    own: np.uint64, opp: np.uint64, alpha: int, beta: int, a: np.uint64, b: np.uint64,
) -> tuple[int, int]:
    """(the final margin, nodes visited) with two empty squares ``a`` and ``b``.

    The last few empties' functions count their nodes in their result, not in the
    ``stats`` array: a counter in memory at every one of them costs time.
    """
    best = -INF
    nodes = 1
    if _neighbours(a) & opp:
        flipped = flips_at(own, opp, a)
        if flipped:
            nodes += 1
            best = -_last1(opp ^ flipped, own | flipped | a, b)
            if best >= beta:
                return best, nodes
    if _neighbours(b) & opp:
        flipped = flips_at(own, opp, b)
        if flipped:
            nodes += 1
            score = -_last1(opp ^ flipped, own | flipped | b, a)
            if score > best:
                best = score
    if best > -INF:
        return best, nodes
    # no move: the opponent plays if it can, else the game is over
    best = INF
    if _neighbours(a) & own:
        flipped = flips_at(opp, own, a)
        if flipped:
            nodes += 1
            best = _last1(own ^ flipped, opp | flipped | a, b)
            if best <= alpha:
                return best, nodes
    if _neighbours(b) & own:
        flipped = flips_at(opp, own, b)
        if flipped:
            nodes += 1
            score = _last1(own ^ flipped, opp | flipped | b, a)
            if score < best:
                best = score
    if best < INF:
        return best, nodes
    return popcount(own) - popcount(opp), nodes


@njit
def _last3(
    own: np.uint64, opp: np.uint64, alpha: int, beta: int, a: np.uint64, b: np.uint64,
    c: np.uint64,
) -> tuple[int, int]:
    """(the final margin, nodes visited) with three empty squares, tried in the order
    ``a``, ``b``, ``c``."""
    best = -INF
    nodes = 1
    for i in range(3):
        if i == 0:
            x, y, z = a, b, c
        elif i == 1:
            x, y, z = b, a, c
        else:
            x, y, z = c, a, b
        if not _neighbours(x) & opp:
            continue
        flipped = flips_at(own, opp, x)
        if not flipped:
            continue
        floor = alpha if alpha > best else best
        score, count = _last2(opp ^ flipped, own | flipped | x, -beta, -floor, y, z)
        nodes += count
        if -score > best:
            best = -score
            if best >= beta:
                return best, nodes
    if best > -INF:
        return best, nodes
    if legal_moves(opp, own, a | b | c):  # a pass
        score, count = _last3(opp, own, -beta, -alpha, a, b, c)
        return -score, nodes + count
    return popcount(own) - popcount(opp), nodes


@njit
def _take(first: np.uint64, rest: np.uint64) -> tuple[np.uint64, np.uint64, np.uint64]:
    """The lowest square of ``first`` (of ``rest`` once ``first`` is empty), and the two
    sets without it."""
    if first:
        disc = ONE << np.uint64(lowest_bit(first))
        return disc, first ^ disc, rest
    disc = ONE << np.uint64(lowest_bit(rest))
    return disc, first, rest ^ disc


@njit
def _last4(
    own: np.uint64, opp: np.uint64, alpha: int, beta: int, empty: np.uint64,
    geo: np.ndarray,
) -> tuple[int, int]:
    """(the final margin, nodes visited) with the four empty squares ``empty``, those of
    odd quadrants tried first."""
    odd = _odd_quadrants(empty, geo)
    a, first, rest = _take(empty & odd, empty & ~odd)
    b, first, rest = _take(first, rest)
    c, first, rest = _take(first, rest)
    d = first | rest
    best = -INF
    nodes = 1
    for i in range(4):
        if i == 0:
            x, y, z, w = a, b, c, d
        elif i == 1:
            x, y, z, w = b, a, c, d
        elif i == 2:
            x, y, z, w = c, a, b, d
        else:
            x, y, z, w = d, a, b, c
        if not _neighbours(x) & opp:
            continue
        flipped = flips_at(own, opp, x)
        if not flipped:
            continue
        floor = alpha if alpha > best else best
        score, count = _last3(opp ^ flipped, own | flipped | x, -beta, -floor, y, z, w)
        nodes += count
        if -score > best:
            best = -score
            if best >= beta:
                return best, nodes
    if best > -INF:
        return best, nodes
    if legal_moves(opp, own, empty):  # a pass
        score, count = _last4(opp, own, -beta, -alpha, empty, geo)
        return -score, nodes + count
    return popcount(own) - popcount(opp), nodes


@njit
def _odd_quadrants(empty: np.uint64, geo: np.ndarray) -> np.uint64:
    """The squares of the quadrants holding an odd number of ``empty`` squares."""
    odd = ZERO
    for q in range(1, 5):
        if popcount(empty & geo[q]) & 1:
            odd |= geo[q]
    return odd


@njit
def _shallow(
    own: np.uint64, opp: np.uint64, alpha: int, beta: int, n: int, geo: np.ndarray,
    stats: np.ndarray,
) -> int:
    """The exact margin if inside (alpha, beta), else a bound on that side; 5 to SHALLOW
    empties, without a table: the legal moves in odd quadrants first, corners first within
    each."""
    stats[NODES] += 1
    mask = geo[GEO_MASK]
    empty = mask & ~(own | opp)
    legal = legal_moves(own, opp, mask)
    if not legal:
        if legal_moves(opp, own, mask):
            return -_shallow(opp, own, -beta, -alpha, n, geo, stats)
        return popcount(own) - popcount(opp)
    odd = _odd_quadrants(empty, geo)
    best = -INF
    for phase in range(4):
        if phase == 0:
            todo = legal & odd & _CORNERS
        elif phase == 1:
            todo = legal & odd & ~_CORNERS
        elif phase == 2:
            todo = legal & ~odd & _CORNERS
        else:
            todo = legal & ~odd & ~_CORNERS
        while todo:
            disc = ONE << np.uint64(lowest_bit(todo))
            todo ^= disc
            flipped = flips_at(own, opp, disc)
            floor = alpha if alpha > best else best
            child_own, child_opp = opp ^ flipped, own | flipped | disc
            if n == 5:
                score, count = _last4(child_own, child_opp, -beta, -floor, empty ^ disc, geo)
                stats[NODES] += count
                score = -score
            else:
                score = -_shallow(child_own, child_opp, -beta, -floor, n - 1, geo, stats)
            if score > best:
                best = score
                if best >= beta:
                    return best
    return best


@njit
def _order_key(
    own: np.uint64, opp: np.uint64, n: int, mask: np.uint64, t: np.ndarray,
) -> int:
    """Sort key of the position after a move (``own`` is the opponent, to move there):
    lower is tried first. The opponent's mobility with corners counted twice, then their
    potential mobility; with many empties, also how few moves their most restricting
    reply leaves us, and with more, their evaluation of the position (``t``: the
    evaluation's tables)."""
    replies = legal_moves(own, opp, mask)
    key = 64 * (popcount(replies) + popcount(replies & _CORNERS))
    if n >= EVAL_EMPTIES:  # the opponent's evaluation of the position: lower first
        our_moves = popcount(legal_moves(opp, own, mask))
        key += W_EVAL * evaluate(own, opp, popcount(replies), our_moves, t) // UNIT
    # potential mobility: the empty squares next to our discs, where they may play later
    key += W_POT * popcount(_neighbours(opp) & mask & ~(own | opp))
    if n >= SORT_EMPTIES:
        # the opponent's reply that leaves us fewest moves: our mobility after it
        fewest = 64
        while replies:
            disc = ONE << np.uint64(lowest_bit(replies))
            replies ^= disc
            flipped = flips_at(own, opp, disc)
            ours = legal_moves(opp ^ flipped, own | flipped | disc, mask)
            count = popcount(ours) + popcount(ours & _CORNERS)
            if count < fewest:
                fewest = count
        key -= W_FEW * fewest
    return key


@njit
def _search(
    own: np.uint64, opp: np.uint64, alpha: int, beta: int, n: int, geo: np.ndarray,
    t: np.ndarray, table: np.ndarray, moves: np.ndarray, keys: np.ndarray, stats: np.ndarray,
) -> int:
    """The exact margin if inside (alpha, beta), else a bound on that side; more than
    SHALLOW empties (fewer go to :func:`_shallow`). Returns 0 at once once the node limit
    is passed (callers check)."""
    if n <= SHALLOW:
        return _shallow(own, opp, alpha, beta, n, geo, stats)
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
    bucket = _bucket(table, own, opp)
    lower, upper, hint = -INF, INF, -1
    row = _find(table, bucket, own, opp)
    if row >= 0:
        lower, upper, hint = _unpack(table[row, TT_DATA])
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
        return -_search(opp, own, -beta, -alpha, n, geo, t, table, moves, keys, stats)
    count = 0
    while todo:
        bit = lowest_bit(todo)
        disc = ONE << np.uint64(bit)
        todo ^= disc
        flipped = flips_at(own, opp, disc)
        child_own, child_opp = opp ^ flipped, own | flipped | disc
        # enhanced transposition cutoff: a child already known to be bad enough for them
        if n >= ETC_EMPTIES:
            row = _find(table, _bucket(table, child_own, child_opp), child_own, child_opp)
            if row >= 0:
                score = -_unpack(table[row, TT_DATA])[1]
                if score >= beta:
                    _store(table, bucket, own, opp, max(score, lower), upper, bit, n)
                    return score
        moves[n, count] = disc
        keys[n, count] = -(1 << 20) if bit == hint else _order_key(child_own, child_opp, n, mask, t)
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
            score = -_search(child_own, child_opp, -beta, -floor, n - 1, geo, t,
                             table, moves, keys, stats)
        else:
            score = -_search(child_own, child_opp, -floor - 1, -floor, n - 1, geo, t,
                             table, moves, keys, stats)
            if floor < score < beta and stats[NODES] <= stats[LIMIT]:
                score = -_search(child_own, child_opp, -beta, -score, n - 1, geo, t,
                                 table, moves, keys, stats)
        if stats[NODES] > stats[LIMIT]:
            return 0
        if score > best:
            best, best_bit = score, lowest_bit(disc)
            if best >= beta:
                break
            if best > floor:
                floor = best
    if best >= beta:
        lower = best if best > lower else lower
    elif best <= alpha:
        upper = best if best < upper else upper
    else:
        lower = upper = best
    _store(table, bucket, own, opp, lower, upper, best_bit, n)
    return best


@njit
def _signed(x: np.uint64) -> int:
    """``x`` as an int64 (numba's ``int()`` would keep it unsigned)."""
    return np.int64(x)  # type: ignore[return-value]


@njit
def _bucket(table: np.ndarray, own: np.uint64, opp: np.uint64) -> int:
    """The first row of a position's bucket (two rows, one cache line)."""
    return _signed(_hash(own, opp) & np.uint64(table.shape[0] - 2))


@njit
def _find(table: np.ndarray, bucket: int, own: np.uint64, opp: np.uint64) -> int:
    """The row holding the position, or -1."""
    for row in range(bucket, bucket + 2):
        if table[row, TT_OWN] == own and table[row, TT_OPP] == opp:
            return row
    return -1


@njit
def _unpack(data: np.uint64) -> tuple[int, int, int]:
    """(lower bound, upper bound, best move's bit or -1) of a row's data."""
    return (_signed(data & _BYTE) - INF, _signed((data >> S8) & _BYTE) - INF,
            _signed((data >> S16) & _BYTE) - 1)


@njit
def _store(
    table: np.ndarray, bucket: int, own: np.uint64, opp: np.uint64,
    lower: int, upper: int, bit: int, n: int,
) -> None:
    """Keep a position's bounds and best move: in its own row if it has one, else in the
    bucket's first row if it searched at least as many empties as what is there, else
    in the second (the bigger solves stay, and the newest always finds a place)."""
    row = _find(table, bucket, own, opp)
    if row < 0:
        row = bucket if n >= _signed(table[bucket, TT_DATA] >> S24) else bucket + 1
    table[row, TT_OWN] = own
    table[row, TT_OPP] = opp
    table[row, TT_DATA] = (np.uint64(lower + INF) | (np.uint64(upper + INF) << S8)
                           | (np.uint64(bit + 1) << S16) | (np.uint64(n) << S24))


@njit
def _solve_any(
    own: np.uint64, opp: np.uint64, alpha: int, beta: int, n: int, geo: np.ndarray,
    t: np.ndarray, table: np.ndarray, moves: np.ndarray, keys: np.ndarray, stats: np.ndarray,
) -> int:
    """The solve of a root position with ``n`` empties, by the tier that fits ``n``."""
    if n >= 5:
        return _search(own, opp, alpha, beta, n, geo, t, table, moves, keys, stats)
    empty = geo[GEO_MASK] & ~(own | opp)
    if n == 4:
        score, nodes = _last4(own, opp, alpha, beta, empty, geo)
    elif n >= 2:
        a, first, rest = _take(empty, ZERO)
        b, first, rest = _take(first, rest)
        if n == 3:
            score, nodes = _last3(own, opp, alpha, beta, a, b, first | rest)
        else:
            score, nodes = _last2(own, opp, alpha, beta, a, b)
    else:
        score = _last1(own, opp, empty) if n == 1 else popcount(own) - popcount(opp)
        nodes = 1
    stats[NODES] += nodes
    return score


class RootSolve(NamedTuple):
    """What :func:`solve_root` found.

    ``scores`` maps each legal move's bit to its exact margin, except that unless every
    move was asked for, a move worse than the best carries only an upper bound below the
    best score (what refuting it proved). ``best_bit`` is a best move, -1 when the side
    to move must pass or the game is over (``scores`` is then empty). When the solve did
    not complete, nothing but ``nodes`` means anything.
    """

    completed: bool
    best_bit: int
    score: int
    nodes: int
    scores: dict[int, int]


@dataclass
class Memory:
    """The solver's arrays, allocated once per process and board: the table of bounds
    (kept between solves: it holds only proven bounds), the move lists per number of
    empties, the counters, and the board's squares and quadrants."""

    mask: np.uint64
    geo: np.ndarray = field(init=False)
    t: np.ndarray = field(init=False)
    table: np.ndarray = field(init=False)
    moves: np.ndarray = field(init=False)
    keys: np.ndarray = field(init=False)
    stats: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        mask = int(self.mask)
        size = max(s for s in (4, 6, 8) if mask >> (9 * (s - 1)) & 1)
        half = size // 2
        top = (1 << (8 * half)) - 1
        left = sum(((1 << half) - 1) << (8 * row) for row in range(8))
        quadrants = [rows & cols & mask for rows in (top, ~top) for cols in (left, left << half)]
        self.geo = np.array([mask, *quadrants], dtype=np.uint64)
        self.t = eval_tables(size)
        self.table = np.zeros((1 << TABLE_BITS[size], 4), dtype=np.uint64)
        self.moves = np.zeros((65, MAX_MOVES), dtype=np.uint64)
        self.keys = np.zeros((65, MAX_MOVES), dtype=np.int64)
        self.stats = np.zeros(2, dtype=np.int64)

    def start(self, node_limit: int) -> None:
        """Zero the node count and set the limit of the solves that follow."""
        self.stats[NODES] = 0
        self.stats[LIMIT] = node_limit

    @property
    def nodes(self) -> int:
        """Nodes visited since :meth:`start`."""
        return int(self.stats[NODES])

    @property
    def aborted(self) -> bool:
        """Whether the node limit was passed: the last solve's result means nothing."""
        return bool(self.stats[NODES] > self.stats[LIMIT])

    def solve(self, own: np.uint64, opp: np.uint64, alpha: int, beta: int) -> int:
        """One kernel call on a position (meaningless once :attr:`aborted`)."""
        n = int(self.mask & ~(own | opp)).bit_count()
        return int(_solve_any(own, opp, alpha, beta, n, self.geo, self.t, self.table,
                              self.moves, self.keys, self.stats))

    def children(self, own: np.uint64, opp: np.uint64) -> list[tuple[int, np.uint64, np.uint64]]:
        """(bit, opponent's discs, ours) after each legal move, the likeliest best first."""
        n = int(self.mask & ~(own | opp)).bit_count()
        out = []
        todo = int(legal_moves(own, opp, self.mask))
        while todo:
            bit = (todo & -todo).bit_length() - 1
            todo &= todo - 1
            disc = np.uint64(1 << bit)
            flipped = flips_at(own, opp, disc)
            out.append((bit, opp ^ flipped, own | flipped | disc))
        return sorted(out, key=lambda c: int(_order_key(c[1], c[2], n, self.mask, self.t)))


_memories: dict[int, Memory] = {}


def memory_for(mask: np.uint64, node_limit: int) -> Memory:
    """This process's solver memory for a board (one per board size), counters zeroed."""
    if int(mask) not in _memories:
        _memories[int(mask)] = Memory(np.uint64(mask))
    memory = _memories[int(mask)]
    memory.start(node_limit)
    return memory


def next_test(lower: int, upper: int, last: int, step: int) -> int:
    """The score to test next, given the bounds proved so far and the last test: halfway
    once both bounds are known, else ``step`` beyond the known one (the caller doubles
    ``step`` each time), so that a far guess costs a few tests, not one per disc."""
    if lower > -INF and upper < INF:
        return (lower + upper + 1) // 2
    return lower + step if lower >= last else upper + 1 - step


def solve_root(
    own: np.uint64, opp: np.uint64, mask: np.uint64, node_limit: int, guess: int = 0,
    every_exact: bool = False, order: Sequence[int] | None = None,
) -> RootSolve:
    """The exact result of the position and its moves' margins, within ``node_limit`` nodes.

    The one root driver: the expert (level 5 and analysis) and the benchmarks call it. The
    moves are tried in ``order`` (bits; say, the midgame search's ranking), else likeliest
    best first by the solver's own ordering. ``guess`` (say, the midgame search's score)
    is the first score tested: a close guess saves tests.

    Best move (not ``every_exact``): null-window tests at the root, each asking whether
    some move reaches a score ``g``, trying first the move that last did, raise the
    root's lower bound or lower its upper bound until they meet; a refuted move costs
    only the proof that it falls short, and keeps that bound. Then each other move whose
    bound does not fall below the best gets one more test, so that a move as good as the
    best has its exact margin too. ``every_exact`` (analysis) solves each move by
    null-window tests, from ``guess`` and then from the last move's margin.
    """
    memory = memory_for(mask, node_limit)
    children = memory.children(own, opp)
    if not children:
        score = memory.solve(own, opp, -INF, INF)
        return RootSolve(not memory.aborted, -1, score, memory.nodes, {})
    if order is not None:
        rank = {bit: i for i, bit in enumerate(order)}
        children.sort(key=lambda child: rank.get(child[0], len(rank)))
    failed = RootSolve(False, -1, 0, 0, {})
    if every_exact:
        scores: dict[int, int] = {}
        for bit, child_own, child_opp in children:
            scores[bit] = guess = _margin(memory, child_own, child_opp, guess)
            if memory.aborted:
                return failed._replace(nodes=memory.nodes)
        best_bit = max(scores, key=lambda bit: scores[bit])
        return RootSolve(True, best_bit, scores[best_bit], memory.nodes, scores)
    bounds = {bit: INF for bit, _, _ in children}  # each move's upper bound
    lower, upper, best_bit = -INF, INF, -1
    g, step = guess, 1
    while lower < upper:
        g = min(max(g, lower + 1), upper)
        top = -INF  # the best upper bound of the moves that fall short of g
        for i, (bit, child_own, child_opp) in enumerate(children):
            score = -memory.solve(child_own, child_opp, -g, 1 - g)
            if memory.aborted:
                return failed._replace(nodes=memory.nodes)
            if score >= g:
                lower, best_bit = score, bit
                children.insert(0, children.pop(i))
                break
            bounds[bit] = min(bounds[bit], score)
            top = max(top, score)
        else:
            upper = top
        g, step = next_test(lower, upper, g, step), 2 * step
    bounds[best_bit] = lower
    for bit, child_own, child_opp in children:  # no move exceeds the best: is it as good?
        if bit != best_bit and bounds[bit] >= lower:
            score = -memory.solve(child_own, child_opp, -lower, 1 - lower)
            if memory.aborted:
                return failed._replace(nodes=memory.nodes)
            bounds[bit] = lower if score >= lower else score
    return RootSolve(True, best_bit, lower, memory.nodes, bounds)


def _margin(memory: Memory, own: np.uint64, opp: np.uint64, guess: int) -> int:
    """Our exact margin after a move (``own`` is the opponent, to move), by null-window
    tests starting from ``guess`` (meaningless once ``memory.aborted``)."""
    lower, upper, step = -INF, INF, 1
    while lower < upper:
        guess = min(max(guess, lower + 1), upper)
        score = -memory.solve(own, opp, -guess, 1 - guess)
        if memory.aborted:
            return 0
        if score >= guess:
            lower = score
        else:
            upper = score
        guess, step = next_test(lower, upper, guess, step), 2 * step
    return lower
