"""Tic-tac-toe the way the beginner tutorials write it: a list of nine slots.

The baseline that ``benchmarks/perft.py`` times ``shared.games.tictactoe`` against;
it shares no code with ``shared.games``.
"""

from __future__ import annotations

EMPTY, CROSS, NOUGHT = 0, 1, 2


def winner(slots: list[int]) -> int:
    """CROSS or NOUGHT if that mark fills a row, a column or a diagonal, else EMPTY."""
    for i in range(3):
        if slots[3 * i] != EMPTY and slots[3 * i] == slots[3 * i + 1] == slots[3 * i + 2]:
            return slots[3 * i]
        if slots[i] != EMPTY and slots[i] == slots[i + 3] == slots[i + 6]:
            return slots[i]
    if slots[4] != EMPTY and (slots[0] == slots[4] == slots[8] or slots[2] == slots[4] == slots[6]):
        return slots[4]
    return EMPTY


class NaiveTicTacToe:
    """Nine slots and the side to move (seat 0 is X)."""

    def __init__(self, slots: list[int] | None = None, to_move: int = 0) -> None:
        self.slots = [EMPTY] * 9 if slots is None else slots
        self.to_move = to_move

    def legal_moves(self) -> list[int]:
        """The empty slots, or nothing once someone has a line."""
        if winner(self.slots) != EMPTY:
            return []
        return [i for i in range(9) if self.slots[i] == EMPTY]

    def play(self, move: int) -> NaiveTicTacToe:
        slots = self.slots[:]
        slots[move] = CROSS if self.to_move == 0 else NOUGHT
        return NaiveTicTacToe(slots, 1 - self.to_move)
