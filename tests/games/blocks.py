"""Blocks, a game for the tests: on a 4x4 board, X (seat 0) and O take turns filling an
empty square; the first to hold a 2x2 block of their own marks wins, and a full board
without one is a draw. Squares are written a1 to d4 (column letter, row from the top).

Plugged in with ``TAIKYOKU_GAMES=tests.games.blocks``: its rules (a ``State``), its
registry entry (``GAME``) with its words in English and Japanese, and nothing else. It
brings no engine, so the generic search (:mod:`shared.ai.generic`) is its bot.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from shared.games import GameInfo, IllegalMoveError, Look, Outcome
from shared.games.base import (
    SEAT_CHARS,
    TextPosition,
    check_seat,
    format_board,
    parse_board,
)

SIZE = 4
COLUMNS = "abcd"
FULL = (1 << SIZE * SIZE) - 1
BLOCKS: tuple[int, ...] = tuple(
    (1 | 1 << 1 | 1 << SIZE | 1 << SIZE + 1) << (row * SIZE + col)
    for row in range(SIZE - 1) for col in range(SIZE - 1)
)
"""Every 2x2 block of squares as a mask: nine of them."""
BLOCK_SQUARES: tuple[tuple[int, ...], ...] = tuple(
    (corner, corner + 1, corner + SIZE, corner + SIZE + 1)
    for corner in (row * SIZE + col for row in range(SIZE - 1) for col in range(SIZE - 1))
)
"""The same blocks as squares, top left to bottom right: the look's winning lines, so a
client strikes the winning block through corner to corner."""


def has_block(marks: int) -> bool:
    """True when ``marks`` fill a 2x2 block."""
    return any(marks & block == block for block in BLOCKS)


def square_name(square: int, size: int = SIZE) -> str:
    """'b3': the column letter, then the row counted from the top."""
    row, col = divmod(square, SIZE)
    return f"{COLUMNS[col]}{row + 1}"


def read_move(text: str, size: int = SIZE) -> int:
    """The square a person typed ('b3'); ValueError with a sentence otherwise."""
    typed = text.strip().lower()
    if len(typed) != 2 or typed[0] not in COLUMNS or typed[1] not in "1234":
        raise ValueError(f"{text.strip()!r} is not a square: type one like b3 (a1 to d4).")
    return (int(typed[1]) - 1) * SIZE + COLUMNS.index(typed[0])


@dataclass(frozen=True, slots=True)
class BlocksState(TextPosition):
    """A Blocks position: X's and O's marks as 16-bit masks."""

    x: int
    o: int
    to_move: int

    game: ClassVar[str] = "blocks"
    size: ClassVar[int] = SIZE

    @classmethod
    def start(cls, size: int = SIZE) -> BlocksState:
        if size != SIZE:
            raise ValueError(f"blocks is played on size {SIZE}, not {size}")
        return cls(0, 0, 0)

    @classmethod
    def from_board(cls, board: str, to_move: int | None = None,
                   size: int = SIZE) -> BlocksState:
        """A validated position; the side to move follows from the mark counts."""
        if size != SIZE:
            raise ValueError(f"blocks is played on size {SIZE}, not {size}")
        x, o = parse_board(board, SIZE)
        nx, no = x.bit_count(), o.bit_count()
        if nx not in (no, no + 1):
            raise ValueError(f"impossible blocks position: {nx} X and {no} O")
        implied = 0 if nx == no else 1
        if to_move is not None and check_seat(to_move) != implied:
            raise ValueError(f"with {nx} X and {no} O it is {SEAT_CHARS[implied]}'s turn")
        if has_block(x) and has_block(o):
            raise ValueError("impossible blocks position: both sides have a block")
        return cls(x, o, implied)

    @property
    def board(self) -> str:
        return format_board(self.x, self.o, SIZE)

    @property
    def winner(self) -> int | None:
        if has_block(self.x):
            return 0
        if has_block(self.o):
            return 1
        return None

    @property
    def is_over(self) -> bool:
        return (self.x | self.o) == FULL or self.winner is not None

    def legal_moves(self) -> list[int]:
        if self.is_over:
            return []
        taken = self.x | self.o
        return [sq for sq in range(SIZE * SIZE) if not taken >> sq & 1]

    def play_unchecked(self, move: int) -> BlocksState:
        if self.to_move == 0:
            return BlocksState(self.x | 1 << move, self.o, 1)
        return BlocksState(self.x, self.o | 1 << move, 0)

    def play(self, move: int) -> BlocksState:
        if isinstance(move, bool) or not isinstance(move, int) or move not in self.legal_moves():
            raise IllegalMoveError(f"{move!r} is not a legal move in position {self.to_text()}")
        return self.play_unchecked(move)

    def score(self) -> tuple[int, int]:
        return self.x.bit_count(), self.o.bit_count()

    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        return Outcome(self.winner, "block", self.score())

    def move_name(self, move: int) -> str:
        return square_name(move)

    def parse_move(self, text: str) -> int:
        return read_move(text)


ENGLISH = """
blocks-title = Blocks
blocks-side-0 = X
blocks-side-1 = O
blocks-move-help = a square like b3
blocks-square = { $square }
blocks-illegal-why = is taken
blocks-end-block = { $winner ->
    [none] The board is full and nobody has a block of four.
   *[side] { $side } has a block of four.
}
"""

JAPANESE = """
blocks-title = ブロック
blocks-side-0 = ×
blocks-side-1 = ○
blocks-move-help = b3 のようなマス
blocks-square = { $square }
blocks-illegal-why = はもう埋まっています
blocks-end-block = { $winner ->
    [none] 盤が埋まり、どちらも四角を作れませんでした。
   *[side] { $side }が四角を作りました。
}
"""

GAME = GameInfo(
    "blocks", (SIZE,), SIZE, BlocksState.start, BlocksState.from_board,
    look=Look("paper", "marks", "coordinates", lines={SIZE: BLOCK_SQUARES}), scored=False,
    name_square=square_name, read_move=read_move, reasons=("block",),
    words={"en": ENGLISH, "ja": JAPANESE},
)
"""Blocks' registry entry."""
