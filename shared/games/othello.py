"""Othello (Reversi) on 4x4, 6x6 and 8x8 boards, on bitboards.

A board is two Python ints, one bit per square (bit ``row * size + col``). Legal
moves come from a shift-and-mask flood fill in the eight directions; the discs a move
flips come from tables of precomputed rays, so neither loops over squares. The search in
``shared.ai`` uses the same :class:`Geometry` directly on raw ints.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import ClassVar, Iterable

from shared.games.base import (
    PASS,
    SEAT_CHARS,
    IllegalMoveError,
    Outcome,
    TextPosition,
    check_seat,
    computed_once,
    format_board,
    parse_board,
)

SIZES: tuple[int, ...] = (4, 6, 8)
DEFAULT_SIZE = 8
COLUMNS = "abcdefgh"
REASONS = ("discs",)
"""The rule that decides a finished game (``Outcome.reason``)."""
_DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1))


Flank = tuple[int, dict[int, tuple[int, int]]]
"""A ray from a square as (its mask, its outflank table; see :func:`_outflanks`)."""


class Geometry:
    """Masks and rays of one board size; build it with :func:`geometry`."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.squares = size * size
        self.full = (1 << self.squares) - 1
        self.images = _symmetry_images(size)
        """Where each square goes under each of the board's symmetries but the identity."""
        not_first_col = not_last_col = 0
        for sq in range(self.squares):
            if sq % size != 0:
                not_first_col |= 1 << sq
            if sq % size != size - 1:
                not_last_col |= 1 << sq
        # (shift, the opponent discs a run may pass through) of each line through a
        # square: a row, a column and the two diagonals. A shift up moves toward higher
        # indices. Off the column, a run never passes a disc on the first or last column
        # (it would wrap around a row edge, and on the line it ends there anyway), so one
        # mask per line keeps both of its directions on the board.
        inner = not_first_col & not_last_col
        self.axes: tuple[tuple[int, int], ...] = (
            (1, inner), (size, self.full), (size + 1, inner), (size - 1, inner),
        )
        # _flanks[sq]: for each set of opponent discs on _next_to[sq] (the squares next to sq
        # that start a ray of two or more: an opponent disc and then one's own), the rays
        # starting at those discs (ray mask, its outflank table; see _outflanks).
        self._next_to: list[int] = []
        self._flanks: list[dict[int, tuple[Flank, ...]]] = []
        for sq in range(self.squares):
            row, col = divmod(sq, size)
            next_to = 0
            flanks: dict[int, tuple[Flank, ...]] = {0: ()}
            for dr, dc in _DIRECTIONS:
                steps, r, c = [], row + dr, col + dc
                while 0 <= r < size and 0 <= c < size:
                    steps.append(1 << (r * size + c))
                    r, c = r + dr, c + dc
                if len(steps) >= 2:
                    next_to |= steps[0]
                    flank = (sum(steps), _outflanks(steps))
                    flanks |= {key | steps[0]: rays + (flank,) for key, rays in flanks.items()}
            self._next_to.append(next_to)
            self._flanks.append(flanks)
        mid = size // 2
        self.start_black = 1 << ((mid - 1) * size + mid) | 1 << (mid * size + mid - 1)
        self.start_white = 1 << ((mid - 1) * size + mid - 1) | 1 << (mid * size + mid)
        self.centre = self.start_black | self.start_white

    def moves(self, own: int, opp: int) -> int:
        """Bitmask of the squares where ``own`` may play (each flips at least one disc)."""
        # Per direction, the runs of opponent discs that start next to an own disc,
        # grown with doubled shifts (Kogge-Stone): after the first two single steps a run
        # is two long, and each step through ``pairs`` (two opponent discs in a row)
        # adds two more, so two of those cover the longest run of 8x8 (six discs). The
        # square past a run is a move if it is empty and on the board (the final mask).
        result = 0
        for s, through in self.axes:
            s2 = s + s
            line = opp & through
            run = (own << s) & line
            run |= (run << s) & line
            pairs = line & (line << s)
            run |= (run << s2) & pairs
            run |= (run << s2) & pairs
            result |= run << s
            run = (own >> s) & line
            run |= (run >> s) & line
            pairs = line & (line >> s)
            run |= (run >> s2) & pairs
            run |= (run >> s2) & pairs
            result |= run >> s
        return result & self.full & ~(own | opp)

    def flips(self, own: int, opp: int, square: int) -> int:
        """Bitmask of the discs that ``own`` playing on ``square`` turns over."""
        # Table lookups rather than arithmetic: every operation on a 64-bit int allocates,
        # so one dict lookup for the opponent's neighbouring discs and one per ray starting
        # at one of them beat a handful of masks in every direction (nearly twice as fast
        # on endgame positions).
        flipped = 0
        for ray, outflank in self._flanks[square][opp & self._next_to[square]]:
            end, run = outflank[opp & ray]
            if own & end:
                flipped |= run
        return flipped


def _outflanks(steps: list[int]) -> dict[int, tuple[int, int]]:
    """The outflank table of a ray, given its squares' bits from the nearest on.

    For each set of opponent discs on the ray that includes its first square: (the square
    just past the run of opponent discs from the start, or 0 if the run reaches the edge;
    that run). Playing at the ray's origin flips the run if one's own disc ends it.
    """
    table: dict[int, tuple[int, int]] = {}
    for pattern in range(1, 1 << len(steps), 2):
        opp = sum(bit for i, bit in enumerate(steps) if pattern >> i & 1)
        run = 0
        for bit in steps:
            if not opp & bit:
                table[opp] = (bit, run)
                break
            run |= bit
        else:
            table[opp] = (0, run)
    return table


def _symmetry_images(size: int) -> tuple[tuple[int, ...], ...]:
    """Where each square goes under each of the board's seven symmetries besides the
    identity: every mix of the transpose, a mirror across the rows and one across the
    columns (bits 2, 1 and 0 of ``k``)."""
    last = size - 1
    images = []
    for k in range(1, 8):
        image = []
        for r in range(size):
            for c in range(size):
                row, col = (c, r) if k & 4 else (r, c)
                image.append((last - row if k & 2 else row) * size
                             + (last - col if k & 1 else col))
        images.append(tuple(image))
    return tuple(images)


@cache
def geometry(size: int) -> Geometry:
    """The (shared, immutable) geometry of a board size."""
    if size not in SIZES:
        raise ValueError(f"Othello is played on sizes {', '.join(map(str, SIZES))}, not {size}")
    return Geometry(size)


_BYTE_SQUARES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(8 * k + bit for bit in range(8) if byte >> bit & 1) for byte in range(256))
    for k in range(8)
)
"""``_BYTE_SQUARES[k][byte]``: the squares of the set bits of byte ``k`` of a 64-bit mask."""


def squares_of(mask: int) -> list[int]:
    """The set bits of a mask of at most 64 squares as ascending square indices.

    A table lookup per byte rather than a loop per bit: the server lists legal moves
    in every state it sends, and the search lists them at every node.
    """
    out: list[int] = []
    for k, byte in enumerate(mask.to_bytes(8, "little")):
        if byte:
            out += _BYTE_SQUARES[k][byte]
    return out


def square_name(square: int, size: int) -> str:
    """Standard coordinates: column letter then row number from the top, e.g. 19 -> d3."""
    if square == PASS:
        return "pa"
    if isinstance(square, bool) or not isinstance(square, int) or not 0 <= square < size * size:
        raise ValueError(f"{square!r} is not a square of the {size}x{size} board")
    row, col = divmod(square, size)
    return f"{COLUMNS[col]}{row + 1}"


def parse_square(text: str, size: int) -> int:
    """The square (or PASS) written as ``d3`` or ``pa``; ValueError for anything else."""
    if not isinstance(text, str):
        raise ValueError(f"a square is written like 'd3' or 'pa', got {text!r}")
    t = text.strip().lower()
    if t in ("pa", "pass"):
        return PASS
    m = re.fullmatch(r"([a-h])([1-8])", t)
    if not m or COLUMNS.index(m[1]) >= size or int(m[2]) > size:
        last = f"{COLUMNS[size - 1]}{size}"
        raise ValueError(f"{text!r} is not a square of the {size}x{size} board (a1..{last} or pa)")
    return (int(m[2]) - 1) * size + COLUMNS.index(m[1])


def read_move(text: str, size: int = DEFAULT_SIZE) -> int:
    """The square (or PASS) a person typed, 'd3' or 'pass'; ValueError with a sentence
    for them otherwise."""
    try:
        return parse_square(text, size)
    except ValueError:
        last = f"{COLUMNS[size - 1]}{size}"
        raise ValueError(f"{text.strip()!r} is not a square: type a column letter and a row "
                         f"number, like d3 (a1 to {last}).") from None


def format_record(moves: Iterable[int], size: int = DEFAULT_SIZE) -> str:
    """A move list in the standard notation, e.g. ``f5d6c3pa``."""
    return "".join(square_name(m, size) for m in moves)


def parse_record(text: str, size: int = DEFAULT_SIZE) -> list[int]:
    """The moves of a record such as ``f5d6c3`` (spaces allowed); legality is not checked."""
    if not isinstance(text, str):
        raise ValueError(f"a move record is a string like 'f5d6c3', got {text!r}")
    compact = "".join(text.split())
    if len(compact) % 2:
        raise ValueError(f"a move record is pairs like 'f5' or 'pa', got {text!r}")
    return [parse_square(compact[i : i + 2], size) for i in range(0, len(compact), 2)]


@dataclass(frozen=True, init=False)
class OthelloState(TextPosition):
    """An Othello position: Black's (seat 0, 'X') and White's (seat 1, 'O') discs."""

    size: int
    black: int
    white: int
    to_move: int

    game: ClassVar[str] = "othello"

    def __init__(self, size: int, black: int, white: int, to_move: int) -> None:
        # The generated __init__ of a frozen dataclass sets each field through
        # object.__setattr__; filling the instance's dict makes a position in 40 % of
        # the time (the server makes one or two a move; still immutable: setattr raises).
        fields = self.__dict__
        fields["size"], fields["black"], fields["white"] = size, black, white
        fields["to_move"] = to_move

    @classmethod
    def start(cls, size: int = DEFAULT_SIZE) -> OthelloState:
        g = geometry(size)
        return cls(size, g.start_black, g.start_white, 0)

    @classmethod
    def from_board(cls, board: str, to_move: int = 0, size: int | None = None) -> OthelloState:
        """A validated position from a board string; without ``size``, read off its length."""
        if size is None:
            sizes = {size * size: size for size in SIZES}
            if not isinstance(board, str) or len(board) not in sizes:
                raise ValueError(
                    "an Othello board is a string of 16, 36 or 64 squares (4x4, 6x6 or 8x8), "
                    f"got {board!r:.80}"
                )
            size = sizes[len(board)]
        g = geometry(size)
        black, white = parse_board(board, size)
        if (black | white) & g.centre != g.centre:
            raise ValueError(
                "impossible Othello position: the four centre squares are never empty"
            )
        return cls(size, black, white, check_seat(to_move))

    @property
    def geometry(self) -> Geometry:
        return geometry(self.size)

    @property
    def board(self) -> str:
        return format_board(self.black, self.white, self.size)

    def symmetries(self) -> list[tuple[int, ...]]:
        """The board's symmetries (:attr:`Geometry.images`) that leave this position as it
        is: a move and its image under one of them are the same move seen another way."""
        black, white = squares_of(self.black), squares_of(self.white)
        return [image for image in self.geometry.images
                if sum(1 << image[sq] for sq in black) == self.black
                and sum(1 << image[sq] for sq in white) == self.white]

    def own_opp(self) -> tuple[int, int]:
        """(discs of the side to move, discs of the other side)."""
        return (self.black, self.white) if self.to_move == 0 else (self.white, self.black)

    @computed_once
    def _moves(self) -> int:
        own, opp = self.own_opp()
        return self.geometry.moves(own, opp)

    @computed_once
    def is_over(self) -> bool:
        if self._moves:
            return False
        own, opp = self.own_opp()
        return not self.geometry.moves(opp, own)

    def legal_moves(self) -> list[int]:
        """Sorted squares; ``[PASS]`` when the side to move has none but the other has."""
        if self._moves:
            return squares_of(self._moves)
        return [] if self.is_over else [PASS]

    def play_unchecked(self, move: int) -> OthelloState:
        """The position after ``move``, trusting that it is legal (for search)."""
        size, black, white = self.size, self.black, self.white
        if move == PASS:
            return OthelloState(size, black, white, 1 - self.to_move)
        disc = 1 << move
        if self.to_move == 0:
            flipped = geometry(size).flips(black, white, move)
            return OthelloState(size, black | flipped | disc, white ^ flipped, 1)
        flipped = geometry(size).flips(white, black, move)
        return OthelloState(size, black ^ flipped, white | flipped | disc, 0)

    def play(self, move: int) -> OthelloState:
        """The position after ``move``; IllegalMoveError if the rules forbid it."""
        legal = self.legal_moves()
        if isinstance(move, bool) or not isinstance(move, int) or move not in legal:
            raise IllegalMoveError(self._why_illegal(move, legal))
        return self.play_unchecked(move)

    def _why_illegal(self, move: object, legal: list[int]) -> str:
        where = f"in position {self.to_text()}"
        if not legal:
            return f"the game is over, no move can be played {where}"
        if isinstance(move, bool) or not isinstance(move, int):
            return f"{move!r} is not a move (a square index or PASS) {where}"
        side = SEAT_CHARS[self.to_move]
        if move == PASS:
            return f"{side} may pass only with no legal move, and has {len(legal)} {where}"
        if not 0 <= move < self.size * self.size:
            return f"{move} is off the {self.size}x{self.size} board {where}"
        name = square_name(move, self.size)
        if (self.black | self.white) >> move & 1:
            return f"{name} ({move}) is already occupied {where}"
        if legal == [PASS]:
            return f"{side} has no legal move and must pass; {name} ({move}) is illegal {where}"
        return f"{name} ({move}) is not a legal move for {side}: it flips nothing {where}"

    def score(self) -> tuple[int, int]:
        return self.black.bit_count(), self.white.bit_count()

    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        b, w = self.score()
        winner = 0 if b > w else 1 if w > b else None
        return Outcome(winner, "discs", (b, w))

    def move_name(self, move: int) -> str:
        return square_name(move, self.size)

    def parse_move(self, text: str) -> int:
        return parse_square(text, self.size)
