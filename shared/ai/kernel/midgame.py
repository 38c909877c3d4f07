"""The expert's midgame search: fail-soft negamax with principal-variation search.

:func:`search_root` scores the root moves at one depth; the Python driver
(:mod:`shared.ai.kernel.expert`) deepens one iteration at a time and decides whether
another fits in its time. A kernel cannot read a clock portably, so the driver gives the
search a node limit (a share of its remaining time times the measured speed); past it
the search unwinds at once, and the driver looks at the clock and either goes on from the
root move it stopped in or counts the iteration as unfinished.

Moves are tried in this order: the transposition table's best move; then, with
``EVAL_ORDER_DEPTH`` plies or more left, by the evaluation of the position after each
move and the replies it leaves (as strong engines order their upper plies by the
evaluation); below that, the two killer moves of the ply (the last moves that cut off
there), then, with ``SORT_DEPTH`` plies or more left, fastest-first (the move leaving the
opponent the fewest replies, corners weighted), else by the history of cutoffs. The
table keeps score bounds and the best move (not for the last ply: a cache miss
costs more than it saves there); with ``ETC_DEPTH`` plies left the children are looked
up first (enhanced transposition cutoff). A selective search (the expert's, short of the
end of the game) adds Multi-ProbCut from ``PROBCUT_DEPTH`` plies left, after the table
(a position the table settles costs no shallow search). Scores are in evaluation units
(:data:`~shared.ai.kernel.evaluate.UNIT` per disc); a finished game is worth its disc
margin in those units, so a won ending beats an evaluation only by the discs it wins.

All memory is allocated once by :class:`Memory` and passed in: no allocation in the
recursion (and numba freezes module globals into the compiled code).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from shared.ai.kernel import table as tt
from shared.ai.kernel.bits import ONE, flips_at, legal_moves, lowest_bit, popcount
from shared.ai.kernel.evaluate import SCORE_LIMIT, T_CORNERS, T_MASK, UNIT, evaluate
from shared.ai.kernel.jit import njit
from shared.ai.kernel.probcut_table import PHASE_EMPTIES, PHASES, SLOPE_ONE
from shared.ai.kernel.probcut_table import SHIFT as PROBCUT_SHIFT
from shared.ai.kernel.probcut_table import SIGMA as PROBCUT_SIGMA
from shared.ai.kernel.probcut_table import SLOPE as PROBCUT_SLOPE

INF = SCORE_LIMIT + 1
"""Beyond every score (a finished game is worth at most 64 discs): a window's open end."""

MAX_PLY = 128
"""Deeper than any search (64 moves and the passes between them)."""

MAX_MOVES = 40
"""More than the moves of any Othello position (at most 33 on 8x8)."""

SORT_DEPTH = 3
"""Nodes with at least this many plies left order their moves fastest-first."""

EVAL_ORDER_DEPTH = 4
"""Nodes with at least this many plies left order their moves by the evaluation of the
position after each (the opponent's, lowest first) and the replies it leaves."""

W_MOBILITY = 50
"""Evaluation units a reply left to the opponent costs a move in that ordering."""

TABLE_DEPTH = 1
"""Nodes with fewer plies left skip the table: too cheap to be worth a cache miss. 2
before: with 1, the step from depth 12 to 14 takes x2.50 the nodes instead of x2.90
(medians of depth.py's ten positions; 8 % fewer nodes to depth 14 in all)."""

ETC_DEPTH = 4
"""Nodes with at least this many plies left look their children up in the table first."""

PROBCUT_DEPTH = 5
"""Selective searches try a ProbCut from this many plies left on."""

PROBCUT_T = 1.0
"""How many standard deviations of the shallow-to-deep error a ProbCut needs to spare
(1.5 before issue 22; 1.0 reaches depth 14 in a third of the time: benchmarks/README.md
has the duel and the ladder that weigh what it costs)."""

TABLE_BITS = {4: 12, 6: 17, 8: 19}
"""Per board size, the transposition table (:mod:`.table`) has 2**bits rows of 32 bytes:
128 KB for 4x4, 4 MB for 6x6, 16 MB for 8x8."""

# stats: what the driver reads and sets
NODES, LIMIT, ABORTED, SELECTIVE, AGE = 0, 1, 2, 3, 4


@dataclass
class Memory:
    """The arrays one search works in, allocated once and cleared for every new search."""

    table: np.ndarray
    """The transposition table (:mod:`.table`): bounds by depth in plies, best moves."""
    killers: np.ndarray
    """The two last moves that cut off at each ply."""
    history: np.ndarray
    """Per move bit, how often (weighted by depth) it cut off."""
    move_bits: np.ndarray
    """Per ply, the moves of the node being searched there."""
    move_keys: np.ndarray
    """Per ply, each move's ordering key (higher first)."""
    stats: np.ndarray
    """Nodes visited, the node limit, 1 once the limit stopped the search, 1 when the
    search is selective (ProbCut), and the search's age (the table's: :mod:`.table`)."""

    @classmethod
    def allocate(cls, table_bits: int) -> Memory:
        return cls(
            table=tt.allocate(table_bits),
            killers=np.full((MAX_PLY, 2), -1, dtype=np.int64),
            history=np.zeros(64, dtype=np.int64),
            move_bits=np.zeros((MAX_PLY, MAX_MOVES), dtype=np.int64),
            move_keys=np.zeros((MAX_PLY, MAX_MOVES), dtype=np.int64),
            stats=np.zeros(5, dtype=np.int64),
        )

    def clear(self, node_limit: int, selective: bool = False) -> None:
        """Forget everything learned: a new search is reproducible whatever came before.

        ``selective`` turns ProbCut on (see :func:`search`): deeper for the same nodes, no
        longer exact.
        """
        self.table.fill(0)
        self.renew(node_limit, selective)
        self.stats[AGE] = 0

    def renew(self, node_limit: int, selective: bool = False) -> None:
        """Start a new search that keeps the table of the ones before, at a new age (their
        rows order moves and, as deep as they reach, cut; this search's replace them first:
        :mod:`.table`). What it finds then depends on what came before.

        ``selective`` as for :meth:`clear`: a table that held selective results must be
        cleared before an exact search.
        """
        self.killers.fill(-1)
        self.history.fill(0)
        self.stats[:] = (0, node_limit, 0, int(selective), tt.next_age(int(self.stats[AGE])))


@njit
def final_score(own: np.uint64, opp: np.uint64) -> int:
    """A finished game's disc margin for ``own``, in evaluation units."""
    return (popcount(own) - popcount(opp)) * UNIT


@njit
def _order_moves(
    own: np.uint64, opp: np.uint64, moves: np.uint64, depth: int, ply: int, hint: int,
    t: np.ndarray, killers: np.ndarray, history: np.ndarray,
    move_bits: np.ndarray, move_keys: np.ndarray,
) -> int:
    """Fill this ply's move list with ``moves`` and their ordering keys; their count."""
    mask = t[T_MASK]
    corners = t[T_CORNERS]
    count = 0
    while moves:
        bit = lowest_bit(moves)
        disc = ONE << np.uint64(bit)
        moves ^= disc
        if bit == hint:
            key = 1 << 40
        elif depth >= EVAL_ORDER_DEPTH:
            flipped = flips_at(own, opp, disc)
            child_own, child_opp = opp ^ flipped, own | flipped | disc
            replies = legal_moves(child_own, child_opp, mask)
            ours = legal_moves(child_opp, child_own, mask)
            key = (1 << 30) - evaluate(child_own, child_opp, popcount(replies), popcount(ours), t)
            key -= W_MOBILITY * (popcount(replies) + popcount(replies & corners))
        elif bit == killers[ply, 0]:
            key = 1 << 39
        elif bit == killers[ply, 1]:
            key = 1 << 38
        elif depth >= SORT_DEPTH:
            flipped = flips_at(own, opp, disc)
            replies = legal_moves(opp ^ flipped, own | flipped | disc, mask)
            key = (1 << 30) - (popcount(replies) + popcount(replies & corners)) * (1 << 20)
            key += history[bit]
        else:
            key = history[bit]
        move_bits[ply, count] = bit
        move_keys[ply, count] = key
        count += 1
    return count


@njit
def _next_move(
    ply: int, start: int, count: int, move_bits: np.ndarray, move_keys: np.ndarray
) -> int:
    """Swap the best-keyed of this ply's moves from ``start`` on into ``start``; its bit.

    Picking one at a time is cheaper than sorting when a cutoff ends the loop early.
    """
    best = start
    for i in range(start + 1, count):
        if move_keys[ply, i] > move_keys[ply, best]:
            best = i
    bit: int = move_bits[ply, best]
    move_bits[ply, best] = move_bits[ply, start]
    move_keys[ply, best] = move_keys[ply, start]
    move_bits[ply, start] = bit
    return bit


@njit
def shallow_depth(depth: int) -> int:
    """The depth of the shallow search Multi-ProbCut pairs with a ``depth``-ply one:
    about half, of the same parity (odd and even depths evaluate different sides)."""
    return depth // 2 - ((depth - depth // 2) & 1)


@njit
def search(
    own: np.uint64, opp: np.uint64, depth: int, alpha: int, beta: int, ply: int,
    t: np.ndarray, table: np.ndarray, killers: np.ndarray, history: np.ndarray,
    move_bits: np.ndarray, move_keys: np.ndarray, stats: np.ndarray,
) -> int:
    """The negamax value of the position to ``depth`` plies; a bound outside (alpha, beta).

    Returns 0 once the node limit in ``stats`` is passed (with ``stats[ABORTED]`` set):
    the caller must then discard the result.
    """
    stats[NODES] += 1
    if stats[NODES] >= stats[LIMIT]:
        stats[ABORTED] = 1
        return 0
    mask = t[T_MASK]
    moves = legal_moves(own, opp, mask)
    if depth <= 0:
        opp_moves = legal_moves(opp, own, mask)
        if not moves and not opp_moves:
            return final_score(own, opp)
        return evaluate(own, opp, popcount(moves), popcount(opp_moves), t)
    if not moves:
        if not legal_moves(opp, own, mask):
            return final_score(own, opp)
        return -search(
            opp, own, depth, -beta, -alpha, ply + 1,
            t, table, killers, history, move_bits, move_keys, stats,
        )
    hint = -1
    lower: int = -INF
    upper: int = INF
    use_table = depth >= TABLE_DEPTH
    first = tt.bucket(table, own, opp) if use_table else -1
    slot = tt.find(table, first, own, opp) if use_table else -1
    if slot >= 0:
        hint = tt.move_at(table, slot)
        if tt.depth_at(table, slot) >= depth:
            lower, upper = tt.lower_at(table, slot), tt.upper_at(table, slot)
            if lower >= beta:
                return lower
            if upper <= alpha or lower == upper:
                return upper
            alpha, beta = max(alpha, lower), min(beta, upper)
    if stats[SELECTIVE] and depth >= PROBCUT_DEPTH:
        # Multi-ProbCut: the deep value is predicted from a shallow search's, deep ~
        # slope * shallow + shift with an error of sigma (fitted per board, phase and
        # depth: probcut_table.py); a shallow value whose prediction clears the window by
        # PROBCUT_T sigmas stands in for the deep search. (Kept inline: numba's cache
        # cannot load mutually recursive functions.)
        shallow = shallow_depth(depth)
        board = 1 if popcount(mask) == 64 else 0  # 8x8, else 6x6's rows
        phase = min(popcount(mask & ~(own | opp)) // PHASE_EMPTIES, PHASES - 1)
        slope, shift = PROBCUT_SLOPE[board, phase, depth], PROBCUT_SHIFT[board, phase, depth]
        margin = int(PROBCUT_T * PROBCUT_SIGMA[board, phase, depth])
        # the least shallow value predicting beta + margin (a ceiling), then the most
        # predicting alpha - margin (a floor)
        bound = -((shift - beta - margin) * SLOPE_ONE // slope)
        if bound < INF and search(
            own, opp, shallow, bound - 1, bound, ply,
            t, table, killers, history, move_bits, move_keys, stats,
        ) >= bound:
            return 0 if stats[ABORTED] else beta
        bound = (alpha - margin - shift) * SLOPE_ONE // slope
        if bound > -INF and search(
            own, opp, shallow, bound, bound + 1, ply,
            t, table, killers, history, move_bits, move_keys, stats,
        ) <= bound:
            return 0 if stats[ABORTED] else alpha
        if stats[ABORTED]:
            return 0
    count = _order_moves(
        own, opp, moves, depth, ply, hint, t, killers, history, move_bits, move_keys
    )
    if depth >= ETC_DEPTH:
        # enhanced transposition cutoff: a child the table already proves good enough
        for i in range(count):
            disc = ONE << np.uint64(move_bits[ply, i])
            flipped = flips_at(own, opp, disc)
            child_own, child_opp = opp ^ flipped, own | flipped | disc
            child = tt.find(table, tt.bucket(table, child_own, child_opp), child_own, child_opp)
            if (
                child >= 0 and tt.depth_at(table, child) >= depth - 1
                and -tt.upper_at(table, child) >= beta
            ):
                return -tt.upper_at(table, child)
    best, best_bit = -INF, -1
    for i in range(count):
        bit = _next_move(ply, i, count, move_bits, move_keys)
        disc = ONE << np.uint64(bit)
        flipped = flips_at(own, opp, disc)
        child_own, child_opp = opp ^ flipped, own | flipped | disc
        floor = max(alpha, best)
        if i == 0:
            score = -search(
                child_own, child_opp, depth - 1, -beta, -floor, ply + 1,
                t, table, killers, history, move_bits, move_keys, stats,
            )
        else:
            score = -search(
                child_own, child_opp, depth - 1, -floor - 1, -floor, ply + 1,
                t, table, killers, history, move_bits, move_keys, stats,
            )
            if floor < score < beta and not stats[ABORTED]:
                score = -search(
                    child_own, child_opp, depth - 1, -beta, -score, ply + 1,
                    t, table, killers, history, move_bits, move_keys, stats,
                )
        if stats[ABORTED]:
            return 0
        if score > best:
            best, best_bit = score, bit
            if best >= beta:
                if killers[ply, 0] != bit:
                    killers[ply, 1] = killers[ply, 0]
                    killers[ply, 0] = bit
                history[bit] += depth * depth
                break
    if use_table:
        tt.store_result(table, first, own, opp, depth, lower, upper, best, alpha, beta,
                        best_bit, stats[AGE])
    return best


@njit
def search_root(
    own: np.uint64, opp: np.uint64, depth: int, order: np.ndarray, scores: np.ndarray,
    first: int, every_exact: bool, slack: int,
    t: np.ndarray, table: np.ndarray, killers: np.ndarray, history: np.ndarray,
    move_bits: np.ndarray, move_keys: np.ndarray, stats: np.ndarray,
) -> int:
    """Score the root moves (bits, in ``order``) to ``depth`` plies into ``scores``,
    from the move at index ``first`` on (the ones before are scored already).

    With ``every_exact`` each move gets its exact value; otherwise (cheaper) each move
    within ``slack`` (>= 0) of the best does, and the others an upper bound below the
    best minus ``slack`` (found by a null-window search). Returns the index of the first
    move left unscored: the number of moves, unless the node limit stopped the search
    (then the driver may go on from there with a new limit; the table keeps what the
    stopped move's search found).
    """
    # plain int64s, not literals: a literal argument would compile a second version of the
    # recursive search, and numba's cache crashes loading that (numba issues #6061, #6713)
    inf, ply = int(np.int64(INF)), int(np.int64(1))
    best = -inf
    for i in range(first):
        best = max(best, scores[i])
    for i in range(first, order.shape[0]):
        disc = ONE << np.uint64(order[i])
        flipped = flips_at(own, opp, disc)
        child_own, child_opp = opp ^ flipped, own | flipped | disc
        if i == 0 or every_exact:
            score = -search(
                child_own, child_opp, depth - 1, -inf, inf, ply,
                t, table, killers, history, move_bits, move_keys, stats,
            )
        else:
            bar = best - slack  # a move reaching it gets its exact value
            score = -search(
                child_own, child_opp, depth - 1, -bar, -bar + 1, ply,
                t, table, killers, history, move_bits, move_keys, stats,
            )
            if score >= bar and not stats[ABORTED]:
                score = -search(
                    child_own, child_opp, depth - 1, -inf, -bar + 1, ply,
                    t, table, killers, history, move_bits, move_keys, stats,
                )
        if stats[ABORTED]:
            return i
        scores[i] = score
        best = max(best, score)
    return len(order)
