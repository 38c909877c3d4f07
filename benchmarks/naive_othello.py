"""Othello the straightforward way: a list of lists, scanning each direction square by square.

This is how the beginner tutorials write it, and it is the baseline that
``benchmarks/perft.py`` times the bitboards against. It shares no code with
``shared.games`` on purpose, so that the tests can cross-check the two move for move.
"""

from __future__ import annotations

EMPTY, BLACK, WHITE = 0, 1, 2
PASS = -1
DIRECTIONS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
CHARS = ".XO"

Grid = list[list[int]]


def start_grid(size: int) -> Grid:
    """The start position: White on the top-left and bottom-right centre squares."""
    grid = [[EMPTY] * size for _ in range(size)]
    mid = size // 2
    grid[mid - 1][mid - 1] = grid[mid][mid] = WHITE
    grid[mid - 1][mid] = grid[mid][mid - 1] = BLACK
    return grid


def flips(grid: Grid, row: int, col: int, player: int) -> list[tuple[int, int]]:
    """The discs that ``player`` placing on (row, col) turns over; empty if none."""
    if grid[row][col] != EMPTY:
        return []
    size = len(grid)
    other = BLACK + WHITE - player
    turned: list[tuple[int, int]] = []
    for dr, dc in DIRECTIONS:
        line = []
        r, c = row + dr, col + dc
        while 0 <= r < size and 0 <= c < size and grid[r][c] == other:
            line.append((r, c))
            r, c = r + dr, c + dc
        if line and 0 <= r < size and 0 <= c < size and grid[r][c] == player:
            turned.extend(line)
    return turned


def placements(grid: Grid, player: int) -> list[int]:
    """The squares (row * size + col) where ``player`` may place a disc, ascending."""
    size = len(grid)
    return [
        row * size + col
        for row in range(size)
        for col in range(size)
        if flips(grid, row, col, player)
    ]


class NaiveOthello:
    """A position and the side to move (seat 0 is Black); moves return new positions."""

    def __init__(self, size: int = 8, grid: Grid | None = None, to_move: int = 0) -> None:
        self.size = size
        self.grid = start_grid(size) if grid is None else grid
        self.to_move = to_move

    @classmethod
    def from_board(cls, board: str, to_move: int) -> NaiveOthello:
        """A position from a row-major string of '.', 'X' and 'O'."""
        size = round(len(board) ** 0.5)
        grid = [[CHARS.index(board[r * size + c]) for c in range(size)] for r in range(size)]
        return cls(size, grid, to_move)

    @property
    def player(self) -> int:
        return BLACK if self.to_move == 0 else WHITE

    @property
    def board(self) -> str:
        return "".join(CHARS[cell] for row in self.grid for cell in row)

    def legal_moves(self) -> list[int]:
        """Placements, else ``[PASS]`` if the opponent can move, else nothing (game over)."""
        moves = placements(self.grid, self.player)
        if moves:
            return moves
        return [PASS] if placements(self.grid, BLACK + WHITE - self.player) else []

    def play(self, move: int) -> NaiveOthello:
        """The position after a legal ``move`` (not checked: this is the fast path)."""
        grid = [row[:] for row in self.grid]
        if move != PASS:
            row, col = divmod(move, self.size)
            for r, c in flips(grid, row, col, self.player):
                grid[r][c] = self.player
            grid[row][col] = self.player
        return NaiveOthello(self.size, grid, 1 - self.to_move)

    def score(self) -> tuple[int, int]:
        """Discs of Black and of White."""
        cells = [cell for row in self.grid for cell in row]
        return cells.count(BLACK), cells.count(WHITE)
