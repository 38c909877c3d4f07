"""The bots of a game that brings no engine of its own: a search over the State
protocol alone (``legal_moves``, ``play_unchecked``, ``outcome``), fit for small games.

Scores are from the side to move, as tic-tac-toe's: a win ``d`` plies below the root is
worth ``WIN - d``, a loss ``d - WIN``, a draw 0, and a position the search stops short
of the end in is worth 0 (no evaluation: nothing is known of the game but its rules), so
every level prefers quicker wins and slower losses. Level 2 looks one ply ahead, level 3
two, level 4 four; level 5 deepens until the game is solved or its time is up. Each
level given seconds stops deepening at its deadline and plays by the deepest search it
finished.
"""

from __future__ import annotations

from time import perf_counter
from typing import Final

from shared.ai.move_score import MoveScore
from shared.ai.move_time import move_seconds
from shared.ai.roots import Value, root_scores
from shared.games import State

WIN: Final = 1000
"""The value of a win on the spot; one less for every ply before it."""

DEPTHS: Final[dict[int, int | None]] = {2: 1, 3: 2, 4: 4, 5: None}
"""How many plies each level searches (None: to the end of the game, time allowing)."""

_CHECK_EVERY: Final = 512
"""Nodes between two looks at the clock."""


class _TimeUp(Exception):
    """The deadline passed in the middle of a search."""


class _Search:
    """One fixed-depth negamax alpha-beta search, which notes whether any line was cut
    short of the end (if none was, its values are exact)."""

    def __init__(self, deadline: float | None) -> None:
        self.deadline = deadline
        self.cut = False
        self.nodes = 0

    def value(self, state: State, depth: int, ply: int, alpha: int, beta: int) -> int:
        """The fail-soft value of ``state`` for its side to move, ``ply`` plies below the
        root, searched ``depth`` plies deeper, within (alpha, beta)."""
        outcome = state.outcome()
        if outcome is not None:
            if outcome.winner is None:
                return 0
            return WIN - ply if outcome.winner == state.to_move else ply - WIN
        if depth == 0:
            self.cut = True
            return 0
        self.nodes += 1
        if (self.deadline is not None and self.nodes % _CHECK_EVERY == 0
                and perf_counter() > self.deadline):
            raise _TimeUp
        best = -WIN - 1
        for move in state.legal_moves():
            score = -self.value(state.play_unchecked(move), depth - 1, ply + 1, -beta,
                                -max(alpha, best))
            if score > best:
                best = score
                if best >= beta:
                    return best
        return best


def _deepened(state: State, most: int | None, deadline: float | None,
              every_exact: bool) -> tuple[dict[int, int], bool, int]:
    """The root's moves scored by searches one ply deeper each time, up to ``most``
    plies (None: until solved) or ``deadline``: the scores of the deepest search
    finished, whether they are exact, and its depth. With ``every_exact`` every move
    gets its own value; otherwise only the best ones do (the others an upper bound)."""
    found: dict[int, int] = {}
    exact = False
    depth = 0
    while most is None or depth < most:
        search = _Search(deadline if found else None)  # the first ply always finishes
        children = [(move, state.play_unchecked(move)) for move in state.legal_moves()]
        try:
            if every_exact:
                scores = {move: -search.value(child, depth, 1, -WIN - 2, WIN + 2)
                          for move, child in children}
            else:
                scores = root_scores(
                    ((move, _window(search, child, depth)) for move, child in children),
                    WIN + 2)
        except _TimeUp:
            break
        found, exact, depth = scores, not search.cut, depth + 1
        if exact:
            break
    return found, exact, depth


def _window(search: _Search, child: State, depth: int) -> Value:
    """The value of the position after a root move, within a window."""
    return lambda alpha, beta: -search.value(child, depth, 1, -beta, -alpha)


def scores(state: State, level: int, seconds: float | None,
           vary: bool) -> tuple[dict[int, int], int]:
    """The moves' scores by the level's search, with no margin: only the best moves are
    played (equal ones at random)."""
    if seconds is None and DEPTHS[level] is None:
        seconds = move_seconds(level)
    deadline = None if seconds is None else perf_counter() + seconds
    found, _, _ = _deepened(state, DEPTHS[level], deadline, every_exact=False)
    return found, 0


def analyse(state: State, seconds: float) -> list[MoveScore]:
    """Every legal move with its own value, searched as deep as ``seconds`` allow (exact
    when the game is solved within them)."""
    found, exact, depth = _deepened(state, None, perf_counter() + seconds, every_exact=True)
    return [MoveScore(move, float(score), exact, depth)
            for move, score in sorted(found.items())]
