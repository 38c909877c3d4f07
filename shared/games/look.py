"""How a game's board is drawn: one description that the window, the terminal and the
page all read (the page gets it in /catalogue.json), so a new game picks its picture
from this vocabulary and needs no client change.

The vocabulary, each word drawn once by every client:

- ``ground``: ``"paper"`` (a light frame, ink lines between the squares, the last move
  shaded) or ``"felt"`` (green cloth, every line drawn, legal moves dotted, the last
  move dotted red on its piece);
- ``piece``: ``"marks"`` (X as two strokes, O as a ring) or ``"discs"`` (black and
  white discs that turn over); either on either ground, each client colouring a piece
  to read on the ground under it;
- ``labels``: ``"slots"`` (each free square shows its number, the move a person types:
  squares named "0", "1", ...) or ``"coordinates"`` (column letters across the top,
  row numbers down the side: squares named "a1", "d3", ...);
- ``stars``: the points marked on the grid, by board size, each a (column, row)
  crossing of grid lines counted from the top left corner;
- ``lines``: by board size, the runs of squares that win when one side holds all of
  them, struck through from the first square to the last when a board shows one (a
  straight run end to end; any other set of squares corner to corner, as the test
  game's 2x2 blocks, tests/games/blocks.py);
- ``move``: what a move does beyond filling its square, which the page needs to
  replay a record: ``"fill"`` (nothing more) or ``"turn-bracketed"`` (every straight
  line of the opponent's pieces between it and another of the mover's turns over).

A game that needs a picture this vocabulary lacks adds a word here and to each client
once (client/gui/board.py, client/tui/textboard.py, client/web/board.js, replay.js).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal, get_args

Ground = Literal["paper", "felt"]
Piece = Literal["marks", "discs"]
Labels = Literal["slots", "coordinates"]
MoveEffect = Literal["fill", "turn-bracketed"]

COLUMNS: Final[str] = "abcdefghijklmnopqrstuvwxyz"
"""The names of the columns of a board labelled by coordinates, left to right."""

Point = tuple[int, int]
"""A crossing of grid lines as (column, row), (0, 0) the board's top left corner."""


@dataclass(frozen=True)
class Look:
    """How one game's board is drawn; see the module's docstring for each word."""

    ground: Ground
    piece: Piece
    labels: Labels
    stars: Mapping[int, tuple[Point, ...]] = field(default_factory=dict, hash=False)
    lines: Mapping[int, tuple[tuple[int, ...], ...]] = field(default_factory=dict, hash=False)
    move: MoveEffect = "fill"

    def __post_init__(self) -> None:
        """A look from a plugged-in game is checked when it is made, so a client never
        meets a word it cannot draw."""
        for name, kind in (("ground", Ground), ("piece", Piece), ("labels", Labels),
                           ("move", MoveEffect)):
            value, allowed = getattr(self, name), get_args(kind)
            if value not in allowed:
                raise ValueError(f"a look's {name} is one of {', '.join(allowed)}, "
                                 f"not {value!r}")
        for size, points in self.stars.items():
            for col, row in points:
                if not (0 <= col <= size and 0 <= row <= size):
                    raise ValueError(f"star point {(col, row)} is off a {size}x{size} grid")
        for size, runs in self.lines.items():
            for run in runs:
                if len(run) < 2 or not all(0 <= sq < size * size for sq in run):
                    raise ValueError(f"a line is two or more squares of a {size}x{size} "
                                     f"board, not {run!r}")

    def stars_on(self, size: int) -> tuple[Point, ...]:
        """The star points of a ``size`` x ``size`` board (none unless the look has them)."""
        return self.stars.get(size, ())

    def winning_line(self, board: str, size: int) -> tuple[int, ...] | None:
        """The first of the look's lines that one side holds on ``board`` (row-major,
        '.' empty), to strike through; None when there is none."""
        for run in self.lines.get(size, ()):
            first = board[run[0]]
            if first != "." and all(board[sq] == first for sq in run):
                return run
        return None

    def data(self) -> dict[str, Any]:
        """The look as JSON data for the page (sizes as strings, JSON's keys)."""
        return {
            "ground": self.ground,
            "piece": self.piece,
            "labels": self.labels,
            "stars": {str(size): [list(p) for p in points]
                      for size, points in self.stars.items()},
            "lines": {str(size): [list(run) for run in runs]
                      for size, runs in self.lines.items()},
            "move": self.move,
        }
