"""The terminal's boards by the look's labels on sizes no built-in game has: slots on
4x4 (cells as wide as the largest number), coordinates on 5x5, and the scored board
of each."""

from __future__ import annotations

from client.tui.textboard import board_text, scored_text
from shared.games.look import Look

SLOTS = Look("paper", "marks", "slots")
COORDINATES = Look("felt", "discs", "coordinates")


def test_slots_on_a_larger_board_keep_their_columns() -> None:
    assert board_text(SLOTS, "X..." "...." ".O.." "...O", 4).splitlines() == [
        "/----|----|----|----\\",
        "|  X |  1 |  2 |  3 |",
        "|----|----|----|----|",
        "|  4 |  5 |  6 |  7 |",
        "|----|----|----|----|",
        "|  8 |  O | 10 | 11 |",
        "|----|----|----|----|",
        "| 12 | 13 | 14 |  O |",
        "\\----|----|----|----/"]


def test_coordinates_on_any_size_mark_legal_squares_and_the_last_move() -> None:
    board = "X...." ".O..." "....." "....." "....X"
    assert board_text(COORDINATES, board, 5, legal=[1, 2], last=24).splitlines() == [
        "    a  b  c  d  e", " 1  X  *  *  .  .", " 2  .  O  .  .  .", " 3  .  .  .  .  .",
        " 4  .  .  .  .  .", " 5  .  .  .  . [X]"]


def test_the_scored_board_by_label_kind() -> None:
    board = "X.." ".O." "..."
    scores = {1: ("win", "="), 8: ("-2", " ")}
    assert scored_text(SLOTS, board, 3, scores).splitlines() == [
        "   X  win=   2", "   3    O    5", "   6    7   -2"]
    assert scored_text(COORDINATES, board, 3, scores).splitlines() == [
        "      a    b    c", " 1    X  win=   .", " 2    .    O    .", " 3    .    .   -2"]
