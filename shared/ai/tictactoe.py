"""Tic-tac-toe bots on the 9-bit masks of :mod:`shared.games.tictactoe`.

Scores are from the side to move and follow the seeds' ``10 - depth`` rule: a win
found ``d`` plies below the root is worth ``10 - d``, a loss ``d - 10``, a draw 0,
so every searching level prefers quicker wins and slower losses. Level 3 is plain
minimax, level 4 alpha-beta with centre-corner-edge ordering, level 5 alpha-beta with
a transposition table; all three search to the end of the game and play perfectly.
Level 2 looks one ply ahead only.
"""

from __future__ import annotations

from typing import Callable

from shared.ai.move_score import MoveScore
from shared.ai.roots import Value, root_scores
from shared.games import State
from shared.games.tictactoe import FULL, LINES, TicTacToeState, has_line

WIN = 10
"""The value of a win on the spot; one less for every ply before it."""

ORDER: tuple[int, ...] = (4, 0, 2, 6, 8, 1, 3, 5, 7)
"""Centre, corners, edges: the squares that lie on the most lines come first."""

Scores = dict[int, int]


_EMPTIES: tuple[tuple[int, ...], ...] = tuple(
    tuple(sq for sq in ORDER if not taken >> sq & 1) for taken in range(FULL + 1)
)
"""The empty squares in ORDER for each set of taken squares (searched at every node)."""


def _empties(own: int, opp: int) -> tuple[int, ...]:
    return _EMPTIES[own | opp]


def greedy_scores(own: int, opp: int) -> Scores:
    """Level 2: each move by the position it leaves, with no look-ahead.

    A completed line is best; then a move is worth the lines it keeps open for the
    mover minus the lines the opponent could complete on the next move.
    """
    scores: Scores = {}
    for sq in _empties(own, opp):
        mine = own | 1 << sq
        if has_line(mine):
            scores[sq] = WIN
            continue
        empty = FULL & ~(mine | opp)
        open_lines = sum(1 for line in LINES if not line & opp and line & mine)
        threats = sum(1 for line in LINES if (line & opp).bit_count() == 2 and line & empty)
        scores[sq] = open_lines - 3 * threats
    return scores


def _minimax(own: int, opp: int, ply: int) -> int:
    """Plain full-width negamax: the exact value for the side to move (``own``)."""
    if has_line(opp):
        return ply - WIN
    if own | opp == FULL:
        return 0
    return max(-_minimax(opp, own | 1 << sq, ply + 1) for sq in _empties(own, opp))


def _alphabeta(
    own: int, opp: int, ply: int, alpha: int, beta: int,
    table: dict[tuple[int, int], int] | None = None,
) -> int:
    """Fail-soft negamax alpha-beta, the same values as :func:`_minimax` inside the window.

    With a ``table`` it remembers the exact values of transposed positions. Only exact
    results (strictly inside the window) are stored, and as values relative to the node
    (``ply`` removed), so a hit is valid at any depth.
    """
    key = (own, opp)
    if table is not None and key in table:
        stored = table[key]
        return stored - ply if stored > 0 else stored + ply if stored < 0 else 0
    if has_line(opp):
        return ply - WIN
    if own | opp == FULL:
        return 0
    best = -WIN
    for sq in _empties(own, opp):
        score = -_alphabeta(opp, own | 1 << sq, ply + 1, -beta, -max(alpha, best), table)
        if score > best:
            best = score
            if best >= beta:
                return best
    if table is not None and alpha < best:
        table[key] = best + ply if best > 0 else best - ply if best < 0 else 0
    return best


def minimax_scores(own: int, opp: int) -> Scores:
    """Level 3: the exact value of every move by full-depth minimax."""
    return {sq: -_minimax(opp, own | 1 << sq, 1) for sq in _empties(own, opp)}


def _window_scores(own: int, opp: int, search: Callable[[int, int, int, int], int]) -> Scores:
    """Every move scored by ``search(own, opp, alpha, beta)`` on the position after it."""

    def value(sq: int) -> Value:
        return lambda alpha, beta: -search(opp, own | 1 << sq, -beta, -alpha)

    return root_scores(((sq, value(sq)) for sq in _empties(own, opp)), WIN + 2)


def alphabeta_scores(own: int, opp: int) -> Scores:
    """Level 4: full-depth alpha-beta; the best moves' values are exact."""
    return _window_scores(own, opp, lambda o, p, a, b: _alphabeta(o, p, 1, a, b))


def expert_scores(own: int, opp: int) -> Scores:
    """Level 5: full-depth alpha-beta with a transposition table."""
    table: dict[tuple[int, int], int] = {}
    return _window_scores(own, opp, lambda o, p, a, b: _alphabeta(o, p, 1, a, b, table))


SCORERS: dict[int, Callable[[int, int], Scores]] = {
    2: greedy_scores,
    3: minimax_scores,
    4: alphabeta_scores,
    5: expert_scores,
}
"""The scoring function of each level above random."""


# ---- the engine: what shared.ai calls for tic-tac-toe (GameInfo.engine) ------------------


def _own_opp(state: State) -> tuple[int, int]:
    assert isinstance(state, TicTacToeState)
    return (state.x, state.o) if state.to_move == 0 else (state.o, state.x)


def scores(state: State, level: int, seconds: float | None,
           vary: bool) -> tuple[dict[int, int], int]:
    """The moves' scores by the level's search (``seconds`` and ``vary`` are not needed:
    every level answers at once, and equal moves are chosen at random anyway); no
    margin: only the best moves are played."""
    return SCORERS[level](*_own_opp(state)), 0


def analyse(state: State, seconds: float) -> list[MoveScore]:
    """Every move's exact perfect-play value, on the ``10 - depth`` scale (at once,
    whatever ``seconds``)."""
    own, opp = _own_opp(state)
    empties = 9 - (own | opp).bit_count()
    return [MoveScore(sq, float(score), exact=True, depth=empties)
            for sq, score in sorted(minimax_scores(own, opp).items())]
