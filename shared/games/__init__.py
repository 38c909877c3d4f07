"""The games and their registry: the public API that the server, clients and bots use.

    from shared.games import new_game, PASS
    state = new_game("othello", size=8)
    state = state.play(state.legal_moves()[0])

A state is immutable; ``play`` returns a new one. See :class:`shared.games.base.State`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from shared.games import othello, tictactoe
from shared.games.base import PASS, IllegalMoveError, Outcome, State


@dataclass(frozen=True)
class GameInfo:
    """A registered game: its name, the board sizes it is played on, how to make states."""

    name: str
    title: str
    sizes: tuple[int, ...]
    default_size: int
    start: Callable[[int], State]
    from_board: Callable[[str, int | None, int], State]


def _othello_from_board(board: str, to_move: int | None, size: int) -> State:
    return othello.OthelloState.from_board(board, 0 if to_move is None else to_move, size)


GAMES: dict[str, GameInfo] = {
    "tictactoe": GameInfo(
        "tictactoe", "Tic-tac-toe", tictactoe.SIZES, tictactoe.DEFAULT_SIZE,
        tictactoe.TicTacToeState.start, tictactoe.TicTacToeState.from_board,
    ),
    "othello": GameInfo(
        "othello", "Othello", othello.SIZES, othello.DEFAULT_SIZE,
        othello.OthelloState.start, _othello_from_board,
    ),
}


def get_game(name: str) -> GameInfo:
    """The registered game called ``name``; ValueError naming the known ones otherwise."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(GAMES)}") from None


def new_game(
    name: str,
    size: int | None = None,
    board: str | None = None,
    to_move: int | None = None,
) -> State:
    """A new game at the start, or from a validated position.

    ``size`` defaults to the game's usual one (3, or 8 for Othello). With ``board``
    (row-major '.', 'X', 'O'), ``to_move`` defaults to what the marks imply in
    tic-tac-toe and to 0 (Black) in Othello. Unknown names, sizes or bad positions
    raise ValueError.
    """
    info = get_game(name)
    if size is None:
        size = info.default_size
    if isinstance(size, bool) or not isinstance(size, int) or size not in info.sizes:
        sizes = ", ".join(map(str, info.sizes))
        raise ValueError(f"{info.title} is played on size {sizes}, not {size!r}")
    if board is None:
        if to_move not in (None, 0):
            raise ValueError("the side to move can be set only together with a board")
        return info.start(size)
    return info.from_board(board, to_move, size)


def replay(state: State, moves: Iterable[int]) -> list[State]:
    """Every position from ``state`` through ``moves`` (checked), the first included."""
    states = [state]
    for move in moves:
        states.append(states[-1].play(move))
    return states


__all__ = [
    "GAMES",
    "PASS",
    "GameInfo",
    "IllegalMoveError",
    "Outcome",
    "State",
    "get_game",
    "new_game",
    "replay",
]
