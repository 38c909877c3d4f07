"""Boards as text for the terminal, drawn from the game's look
(:mod:`shared.games.look`) by its labels: slots (a framed grid, free squares showing
their numbers) or coordinates (column letters across, row numbers down, legal moves
and the last move marked), on any size; and the board with the engine's score in each
square it judged. X is seat 0's piece and O seat 1's, marks or discs alike. Pure
functions of a board string.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from shared.games.look import COLUMNS, Look


def board_text(look: Look, board: str, size: int, *, legal: Collection[int] = (),
               last: int | None = None) -> str:
    """The board as its look labels it; ``legal`` and ``last`` are marked on a board
    with coordinates (on slots every free square shows its number instead)."""
    if look.labels == "slots":
        return slots_text(board, size)
    return coordinates_text(board, size, legal=legal, last=last)


def slots_text(board: str, size: int) -> str:
    """A framed grid: free slots show their number, taken ones X or O (3x3 here; a
    larger board's cells are as wide as its largest number).

        /---|---|---\\
        | 0 | 1 | O |
        |---|---|---|
        | 3 | X | 5 |
        |---|---|---|
        | 6 | 7 | 8 |
        \\---|---|---/
    """
    width = len(str(size * size - 1))
    cells = [ch if ch != "." else str(i) for i, ch in enumerate(board)]
    bar = "|".join(["-" * (width + 2)] * size)
    rows = ["| " + " | ".join(f"{cell:>{width}}" for cell in cells[r * size:(r + 1) * size])
            + " |" for r in range(size)]
    return "\n".join([f"/{bar}\\", f"\n|{bar}|\n".join(rows), f"\\{bar}/"])


def coordinates_text(board: str, size: int, *, legal: Collection[int] = (),
                     last: int | None = None) -> str:
    """Coordinates around the board; '*' a legal move for you, and the last move in
    brackets, e.g. ``[X]``."""
    header = "    " + "  ".join(COLUMNS[:size])
    lines = [header]
    for r in range(size):
        cells = []
        for c in range(size):
            i = r * size + c
            ch = board[i]
            if ch == "." and i in legal:
                ch = "*"
            cells.append(f"[{ch}]" if i == last else f" {ch} ")
        lines.append(f"{r + 1:>2} " + "".join(cells).rstrip())
    return "\n".join(lines)


def scored_text(look: Look, board: str, size: int,
                scores: Mapping[int, tuple[str, str]]) -> str:
    """The board with the engine's word on the squares of ``scores``: a score of up to
    three characters and a one-character mark ('=' for exact) after it; five characters
    a square, so two scores side by side ('+16= +10=') never run together and an 8x8
    board is 43 columns wide. Coordinates go around it; on slots, a free square without
    a score shows its number.

              a    b    c    d
         1    .  +2=    .    .
         2    .    X    X    X
    """
    slots = look.labels == "slots"

    def cell(i: int) -> tuple[str, str]:
        return scores.get(i, (str(i) if slots and board[i] == "." else board[i], " "))

    lines = [] if slots else [("   " + "".join(f"{c:>4} " for c in COLUMNS[:size])).rstrip()]
    for r in range(size):
        squares = range(r * size, (r + 1) * size)
        row = "".join(f"{text:>4}{mark}" for text, mark in map(cell, squares))
        lines.append((row if slots else f"{r + 1:>2} " + row).rstrip())
    return "\n".join(lines)
