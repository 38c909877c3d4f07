"""What every game shares: the pass constant, the outcome, the error, the state protocol,
the position as text."""

from __future__ import annotations

from dataclasses import dataclass
from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    Final,
    Generic,
    Literal,
    Protocol,
    Self,
    TypeVar,
    get_args,
    overload,
)

_T = TypeVar("_T")

PASS: Final[int] = -1
"""The move that passes the turn (Othello only, and only when the side to move has none)."""

SEAT_CHARS: Final[str] = "XO"
"""Board characters of seat 0 and seat 1 ('.' is an empty square)."""


class IllegalMoveError(ValueError):
    """A move that the rules forbid in the given position; the message names both."""


class computed_once(Generic[_T]):
    """A property of an immutable state worked out on first use and kept in the
    instance's ``__dict__``, where later reads find it as a plain attribute.

    What ``functools.cached_property`` does, without its lock: in Python 3.11 that one
    takes a lock each time it computes, which the server paid on every move. Two threads
    filling the same state at once would only compute the same value twice.
    """

    def __init__(self, compute: Callable[[Any], _T]) -> None:
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> computed_once[_T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> _T: ...

    def __get__(self, instance: object, owner: type | None = None) -> _T | computed_once[_T]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.compute(instance)
        return value


ServerReason = Literal["resign", "left", "abandon", "time"]
"""How the server ends a match the rules did not finish: a resignation, a player who
left on purpose, a seat abandoned (or a match called off), a clock run out."""
SERVER_REASONS: Final[tuple[str, ...]] = get_args(ServerReason)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended.

    ``winner`` is the winning seat or None for a draw; ``reason`` is the rule that
    decided it, one of the game's ``GameInfo.reasons`` ("line" for tic-tac-toe, "discs"
    for Othello); ``score`` counts marks or discs per seat.
    """

    winner: int | None
    reason: str
    score: tuple[int, int]


class State(Protocol):
    """One immutable position of a game, with the side to move.

    Moves are square indices ``row * size + col`` (0 is the top-left corner);
    ``PASS`` is Othello's forced pass.
    """

    @property
    def game(self) -> str: ...

    @property
    def size(self) -> int: ...

    @property
    def to_move(self) -> int: ...

    @property
    def board(self) -> str: ...

    @property
    def is_over(self) -> bool: ...

    def legal_moves(self) -> list[int]: ...

    def play(self, move: int) -> State: ...

    def play_unchecked(self, move: int) -> State: ...

    def outcome(self) -> Outcome | None: ...

    def score(self) -> tuple[int, int]: ...

    def move_name(self, move: int) -> str: ...

    def parse_move(self, text: str) -> int: ...

    def to_text(self) -> str: ...


def half_the_empty_squares(state: State) -> int:
    """The moves the side to move still has to make when each move fills one empty
    square: its half of them, and one more (what a clock shares out among them)."""
    return state.board.count(".") // 2 + 1


def split_position_text(text: str) -> tuple[str, int]:
    """Split ``"<board> <X|O>"`` (the side to move after the board) into its parts."""
    parts = text.split()
    if len(parts) != 2 or parts[1] not in ("X", "O"):
        raise ValueError(
            f"a position is '<board> <X|O>' (the board, a space, the side to move), got {text!r}"
        )
    return parts[0], SEAT_CHARS.index(parts[1])


class TextPosition:
    """A state's position as text, ``"<board> <X|O>"`` (the board string, a space, the side
    to move): every game writes and reads it the same way, from its ``board``,
    ``to_move`` and ``from_board``."""

    __slots__ = ()

    if TYPE_CHECKING:
        to_move: int

        @property
        def board(self) -> str: ...

        @classmethod
        def from_board(cls, board: str, to_move: int) -> Self: ...

    @classmethod
    def from_text(cls, text: str) -> Self:
        """The inverse of :meth:`to_text`."""
        board, to_move = split_position_text(text)
        return cls.from_board(board, to_move)

    def to_text(self) -> str:
        return f"{self.board} {SEAT_CHARS[self.to_move]}"


def parse_board(board: str, size: int) -> tuple[int, int]:
    """Bitboards (seat 0, seat 1) of a row-major board string of '.', 'X' and 'O'.

    Raises ValueError naming the problem: wrong length or an unknown character.
    """
    if not isinstance(board, str):
        raise ValueError(f"a board is a string, got {type(board).__name__}")
    if len(board) != size * size:
        raise ValueError(
            f"the {size}x{size} board has {size * size} squares, got {len(board)} characters"
        )
    bad = sorted(set(board) - {".", "X", "O"})
    if bad:
        raise ValueError(f"a board holds only '.', 'X' and 'O', got {''.join(bad)!r}")
    x = o = 0
    for i, ch in enumerate(board):
        if ch == "X":
            x |= 1 << i
        elif ch == "O":
            o |= 1 << i
    return x, o


_CELL_BYTES: Final = bytes.maketrans(b"\x90\x91\x92", b".XO")
"""Byte ``0x90 + x_bit + 2 * o_bit`` (see :func:`format_board`) to its board character."""


def format_board(x: int, o: int, size: int) -> str:
    """The row-major board string of two disjoint bitboards.

    The server formats a board for every state it sends, so this avoids a Python loop
    over squares: each bitboard becomes a string of '0'/'1' bytes (0x30/0x31), read as
    one big int; ``X + 2 * O`` adds them bytewise without carries (0x90 empty, 0x91 X,
    0x92 O), and the little-endian bytes put square 0 first.
    """
    n = size * size
    cells = int.from_bytes(f"{x:0{n}b}".encode()) + 2 * int.from_bytes(f"{o:0{n}b}".encode())
    return cells.to_bytes(n, "little").translate(_CELL_BYTES).decode()


def check_seat(to_move: object) -> int:
    """``to_move`` validated as a seat, 0 or 1."""
    if isinstance(to_move, bool) or not isinstance(to_move, int) or to_move not in (0, 1):
        raise ValueError(f"the side to move is seat 0 or 1, got {to_move!r}")
    return to_move
