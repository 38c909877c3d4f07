"""The games and their registry: the public API that the server, clients and bots use.

    from shared.games import new_game, PASS
    state = new_game("othello", size=8)
    state = state.play(state.legal_moves()[0])

A state is immutable; ``play`` returns a new one. See :class:`shared.games.base.State`.

The registry is also the catalogue clients show: ``get_game(name)`` gives a
:class:`GameInfo` with the title, sizes, side names and how a move is written, read and
named in a sentence; :func:`catalogue` lists every game on every size for a menu.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from shared.games import othello, tictactoe
from shared.games.base import PASS, IllegalMoveError, Outcome, State
from shared.games.look import Look


@dataclass(frozen=True)
class GameInfo:
    """A registered game: its rules (sizes, how to make states) and how people see it.

    Everything that differs from one game to another for a client is here, so the
    window and the terminal ask the catalogue instead of testing the game's name.
    """

    name: str
    title: str
    sizes: tuple[int, ...]
    default_size: int
    start: Callable[[int], State]
    from_board: Callable[[str, int | None, int], State]
    sides: tuple[str, str]
    """What people call seat 0 and seat 1: "X"/"O", "Black"/"White"."""
    move_help: str
    """How a person writes a move, for a prompt: "slot 0-8", "a square like d3"."""
    look: Look
    """How the board is drawn (shared.games.look): every client draws from it."""
    scored: bool
    """The count of pieces is the score (Othello's discs), worth showing during play."""
    illegal_why: str
    """Why a free square can be refused, for a sentence: "flips nothing"."""
    name_square: Callable[[int, int], str]
    """(square, size) -> the square as people write it: "4", "d3"."""
    read_move: Callable[[str, int], int]
    """(typed text, size) -> the square; ValueError with a sentence for the person."""
    square_words: Callable[[int, int], str]
    """(square, size) -> the square at the start of a sentence: "Slot 4", "d3"."""
    end_words: Callable[[int | None, tuple[int, int]], str]
    """(winner, score) -> how the rules decided a finished game, in words."""

    @property
    def coordinates(self) -> bool:
        """Squares are named by column letter and row number, shown around the board."""
        return self.look.labels == "coordinates"

    def label(self, size: int) -> str:
        """The game and its board for people: 'Tic-tac-toe', 'Othello 8x8'."""
        return self.title if len(self.sizes) == 1 else f"{self.title} {size}x{size}"

    def move_name(self, move: int, size: int) -> str:
        """A move as people write it: a slot number, a square like 'd3', or 'pass'."""
        return "pass" if move == PASS else self.name_square(move, size)


def _othello_from_board(board: str, to_move: int | None, size: int) -> State:
    return othello.OthelloState.from_board(board, 0 if to_move is None else to_move, size)


_TICTACTOE_LOOK = Look("paper", "marks", "slots", lines={3: tuple(
    tuple(sq for sq in range(9) if line >> sq & 1) for line in tictactoe.LINES)})
_OTHELLO_LOOK = Look("felt", "discs", "coordinates", stars={8: ((2, 2), (2, 6), (6, 2), (6, 6))},
                     move="turn-bracketed")

GAMES: dict[str, GameInfo] = {
    "tictactoe": GameInfo(
        "tictactoe", tictactoe.TITLE, tictactoe.SIZES, tictactoe.DEFAULT_SIZE,
        tictactoe.TicTacToeState.start, tictactoe.TicTacToeState.from_board,
        sides=tictactoe.SIDES, move_help=tictactoe.MOVE_HELP, look=_TICTACTOE_LOOK,
        scored=False, illegal_why="is taken",
        name_square=tictactoe.square_name, read_move=tictactoe.read_move,
        square_words=tictactoe.square_words, end_words=tictactoe.end_words,
    ),
    "othello": GameInfo(
        "othello", othello.TITLE, othello.SIZES, othello.DEFAULT_SIZE,
        othello.OthelloState.start, _othello_from_board,
        sides=othello.SIDES, move_help=othello.MOVE_HELP, look=_OTHELLO_LOOK,
        scored=True, illegal_why="flips nothing",
        name_square=othello.square_name, read_move=othello.read_move,
        square_words=othello.square_words, end_words=othello.end_words,
    ),
}
"""Every game, in the order clients offer them."""

DEFAULT_GAME = "othello"
"""The game a start screen has chosen before the person chooses."""


def catalogue() -> list[tuple[GameInfo, int]]:
    """Every game on every size, in the order a menu lists them (Tic-tac-toe, Othello
    4x4, 6x6, 8x8)."""
    return [(info, size) for info in GAMES.values() for size in info.sizes]


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
    "DEFAULT_GAME",
    "GAMES",
    "PASS",
    "GameInfo",
    "IllegalMoveError",
    "Look",
    "Outcome",
    "State",
    "catalogue",
    "get_game",
    "new_game",
    "replay",
]
