"""The engine's hints and game reviews as the protocol shows them: pure functions that
run in a bot worker (module-level, so the pool can call them by name).

``shared.ai.analyse`` scores every legal move; here those scores become the protocol's
(a scored game such as Othello: the disc margin, rounded; any other, such as
tic-tac-toe: 1 win, 0 draw, -1 loss), best first,
and a finished game is walked position by position against the engine's choice.
"""

from __future__ import annotations

from shared.ai import analyse
from shared.ai.review_rule import judge
from shared.games import GAMES, PASS, State, new_game
from shared.protocol import PlyReview, ScoredMove

HINT_SECONDS = 1.0
"""The engine's time for a hint."""
REVIEW_SECONDS = 0.2
"""The engine's time for each position of a review (the endgame is solved exactly)."""


def scored(state: State, seconds: float) -> list[ScoredMove]:
    """Every legal square of ``state`` with the engine's score for the side to move,
    best first (the highest score, then the lowest square)."""
    moves = [
        ScoredMove(move=entry.move, score=_wire_score(GAMES[state.game].scored, entry.score),
                   exact=entry.exact, depth=entry.depth)
        for entry in analyse(state, seconds) if entry.move != PASS
    ]
    return sorted(moves, key=lambda entry: (-entry.score, entry.move))


def _wire_score(scored: bool, score: float) -> int:
    """A scored game's margin, rounded; an unscored game's engine scores say how fast a
    win comes, and the protocol says only which result."""
    if scored:
        return round(score)
    return (score > 0) - (score < 0)


def hint(game: str, size: int, board: str, to_move: int, seconds: float) -> list[ScoredMove]:
    """Worker side of a `hint`: the position rebuilt, then :func:`scored`."""
    return scored(new_game(game, size, board, to_move), seconds)


def review(game: str, size: int, board: str, to_move: int, moves: list[int],
           seconds: float) -> list[PlyReview]:
    """Worker side of an `analyse`: from the start position ``board``, each played
    square against the engine's best one in its position (forced passes have none), with
    the one rule of :mod:`shared.ai.review_rule` for what counts as a mistake."""
    state = new_game(game, size, board, to_move)
    scored_game = GAMES[game].scored
    plies = []
    for ply, move in enumerate(moves):
        if move != PASS:
            verdicts = scored(state, seconds)
            best = verdicts[0]
            played = next(entry for entry in verdicts if entry.move == move)
            mistake = judge(scored=scored_game, size=size, best=best.score,
                            played=played.score, exact=best.exact and played.exact,
                            leaf_empties=state.board.count(".") - best.depth)
            plies.append(PlyReview(
                ply=ply, seat=0 if state.to_move == 0 else 1, played=move,
                best=move if played.score == best.score else best.move,
                score=best.score, loss=best.score - played.score,
                exact=best.exact, depth=best.depth, mistake=mistake,
            ))
        state = state.play(move)
    return plies
