"""The engine's verdict on one legal move, as every game's engine gives it (hints and
reviews: :func:`shared.ai.analyse`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class MoveScore:
    """The engine's verdict on one legal move (see :func:`shared.ai.analyse`)."""

    move: int
    """The square (or PASS)."""
    score: float
    """A scored game (Othello): the final disc margin the side to move can expect after
    this move (positive: ahead), exact or estimated by the evaluation (in discs), never
    beyond what the board allows (:mod:`shared.ai.kernel.bounds`: the squares, less the
    stable discs). Any other (tic-tac-toe): ``WIN - d`` for a win d plies from now (the
    move itself is ply 1), ``d - WIN`` for a loss, 0 for a draw (``WIN`` is 10 in
    tic-tac-toe, :data:`shared.ai.generic.WIN` in the generic search)."""
    exact: bool
    """True when ``score`` is the value under perfect play by both sides."""
    depth: int
    """Plies searched from the position, the move itself included (when exact: the
    empties, enough to reach the end of the game)."""
