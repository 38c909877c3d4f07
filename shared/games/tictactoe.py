"""Tic-tac-toe on 3x3: X (seat 0) moves first; three in a row wins.

Squares are slot numbers, row by row::

    0|1|2
    3|4|5
    6|7|8
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from shared.games.base import (
    SEAT_CHARS,
    IllegalMoveError,
    Outcome,
    TextPosition,
    check_seat,
    format_board,
    parse_board,
)

SIZES: tuple[int, ...] = (3,)
DEFAULT_SIZE = 3
REASONS = ("line",)
"""The rule that decides a finished game (``Outcome.reason``)."""
FULL = 0b111_111_111
LINES: tuple[int, ...] = tuple(
    sum(1 << sq for sq in line)
    for line in (
        (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
        (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
        (0, 4, 8), (2, 4, 6),  # diagonals
    )
)


# Whether each of the 512 possible mark sets holds a line: one lookup instead of eight tests.
_HAS_LINE: tuple[bool, ...] = tuple(
    any(marks & line == line for line in LINES) for marks in range(FULL + 1)
)
# The empty squares of each set of taken squares, ascending.
_EMPTIES: tuple[tuple[int, ...], ...] = tuple(
    tuple(sq for sq in range(9) if not taken >> sq & 1) for taken in range(FULL + 1)
)


def has_line(marks: int) -> bool:
    """True when ``marks`` hold three in a row."""
    return _HAS_LINE[marks]


@dataclass(frozen=True, slots=True)
class TicTacToeState(TextPosition):
    """A tic-tac-toe position: X's and O's marks as 9-bit masks."""

    x: int
    o: int
    to_move: int

    game: ClassVar[str] = "tictactoe"
    size: ClassVar[int] = 3

    @classmethod
    def start(cls, size: int = DEFAULT_SIZE) -> TicTacToeState:
        if size != 3:
            raise ValueError(f"tic-tac-toe is played on size 3, not {size}")
        return cls(0, 0, 0)

    @classmethod
    def from_board(
        cls, board: str, to_move: int | None = None, size: int | None = None
    ) -> TicTacToeState:
        """A validated position; the side to move follows from the mark counts.

        ``to_move``, when given, must agree with them.
        """
        if size not in (None, 3):
            raise ValueError(f"tic-tac-toe is played on size 3, not {size}")
        x, o = parse_board(board, 3)
        nx, no = x.bit_count(), o.bit_count()
        if nx not in (no, no + 1):
            raise ValueError(
                f"impossible tic-tac-toe position: X moves first, so X has as many marks as O "
                f"or one more; got {nx} X and {no} O"
            )
        implied = 0 if nx == no else 1
        if to_move is not None and check_seat(to_move) != implied:
            raise ValueError(
                f"with {nx} X and {no} O it is {SEAT_CHARS[implied]}'s turn, "
                f"not {SEAT_CHARS[to_move]}'s"
            )
        x_line, o_line = has_line(x), has_line(o)
        if (x_line and o_line) or (x_line and implied == 0) or (o_line and implied == 1):
            raise ValueError("impossible tic-tac-toe position: play went on after a line")
        return cls(x, o, implied)

    @property
    def board(self) -> str:
        return format_board(self.x, self.o, 3)

    @property
    def winner(self) -> int | None:
        """The seat with three in a row, if any."""
        if _HAS_LINE[self.x]:
            return 0
        if _HAS_LINE[self.o]:
            return 1
        return None

    @property
    def is_over(self) -> bool:
        return (self.x | self.o) == FULL or _HAS_LINE[self.x] or _HAS_LINE[self.o]

    def legal_moves(self) -> list[int]:
        if self.is_over:
            return []
        return list(_EMPTIES[self.x | self.o])

    def play_unchecked(self, move: int) -> TicTacToeState:
        """The position after ``move``, trusting that it is legal (for search)."""
        if self.to_move == 0:
            return TicTacToeState(self.x | 1 << move, self.o, 1)
        return TicTacToeState(self.x, self.o | 1 << move, 0)

    def play(self, move: int) -> TicTacToeState:
        """The position after ``move``; IllegalMoveError if the rules forbid it."""
        if isinstance(move, bool) or not isinstance(move, int) or move not in self.legal_moves():
            raise IllegalMoveError(self._why_illegal(move))
        return self.play_unchecked(move)

    def _why_illegal(self, move: object) -> str:
        where = f"in position {self.to_text()}"
        if self.is_over:
            return f"the game is over, no move can be played {where}"
        if isinstance(move, bool) or not isinstance(move, int):
            return f"{move!r} is not a move (a slot number 0-8) {where}"
        if not 0 <= move < 9:
            return f"slot {move} is off the board (slots are 0-8) {where}"
        return f"slot {move} is already taken {where}"

    def score(self) -> tuple[int, int]:
        return self.x.bit_count(), self.o.bit_count()

    def outcome(self) -> Outcome | None:
        """Decided by the line rule: a winner, or None when the board filled without one."""
        if not self.is_over:
            return None
        return Outcome(self.winner, "line", self.score())

    def move_name(self, move: int) -> str:
        return str(move)

    def parse_move(self, text: str) -> int:
        t = text.strip() if isinstance(text, str) else ""
        if len(t) != 1 or t not in "012345678":
            raise ValueError(f"{text!r} is not a slot number 0-8")
        return int(t)


# ---- for people: a typed move, a square's name ------------------------------------------


def read_move(text: str, size: int = DEFAULT_SIZE) -> int:
    """The slot a person typed ('4'); ValueError with a sentence for them otherwise."""
    typed = text.strip()
    if not typed.lstrip("+-").isdigit():
        raise ValueError(f"{typed!r} is not a slot number: type a number from 0 to 8.")
    square = int(typed)
    if not 0 <= square < 9:
        raise ValueError(f"{square} is off the board: the slots are numbered 0 to 8.")
    return square


def square_name(square: int, size: int = DEFAULT_SIZE) -> str:
    """A slot as people write it: its number."""
    return str(square)
