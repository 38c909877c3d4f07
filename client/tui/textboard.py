"""Boards as text for the terminal: marks with the free slots numbered (tic-tac-toe),
discs with coordinates a-h across and 1-8 down (Othello), and Othello with the engine's
score in each square it judged. Pure functions of a board string.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from shared.games import GameInfo
from shared.games.othello import COLUMNS


def board_text(info: GameInfo, board: str, size: int, *, legal: Collection[int] = (),
               last: int | None = None) -> str:
    """The board in its game's picture (the catalogue's ``pieces``); ``legal`` and
    ``last`` are marked on a disc board."""
    if info.pieces == "marks":
        return tictactoe_text(board)
    return othello_text(board, size, legal=legal, last=last)


def tictactoe_text(board: str) -> str:
    """A framed 3x3 grid: free slots show their number, taken ones X or O.

        /---|---|---\\
        | 0 | 1 | O |
        |---|---|---|
        | 3 | X | 5 |
        |---|---|---|
        | 6 | 7 | 8 |
        \\---|---|---/
    """
    cells = [ch if ch != "." else str(i) for i, ch in enumerate(board)]
    rows = [f"| {cells[r * 3]} | {cells[r * 3 + 1]} | {cells[r * 3 + 2]} |" for r in range(3)]
    return "\n".join(["/---|---|---\\", rows[0], "|---|---|---|", rows[1], "|---|---|---|",
                      rows[2], "\\---|---|---/"])


def othello_text(board: str, size: int, *, legal: Collection[int] = (),
                 last: int | None = None) -> str:
    """Coordinates around the board; X is Black, O is White, '*' a legal move for you,
    and the last move in brackets, e.g. ``[X]``."""
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


def scored_othello_text(board: str, size: int, scores: Mapping[int, tuple[str, str]]) -> str:
    """The Othello board with the engine's word on the squares of ``scores``: a score of
    up to three characters and a one-character mark ('=' for exact) after it; five
    characters a square, so two scores side by side ('+16= +10=') never run together
    and an 8x8 board is 43 columns wide.

              a    b    c    d
         1    .  +2=    .    .
         2    .    X    X    X
    """
    header = "   " + "".join(f"{c:>4} " for c in COLUMNS[:size])
    lines = [header.rstrip()]
    for r in range(size):
        cells = [scores.get(i, (board[i], " ")) for i in range(r * size, (r + 1) * size)]
        lines.append((f"{r + 1:>2} " + "".join(f"{text:>4}{mark}" for text, mark in cells))
                     .rstrip())
    return "\n".join(lines)
