"""Lines broken between words to fit the terminal's width, as a person reads them.

A terminal breaks a long line at its last column, in the middle of a word ("so thi" /
"s one"). The console breaks each line it prints here first, at spaces, counting the
columns each character takes (two for CJK, none for a combining mark), so names and
sentences in any language end where a word ends. Only a word longer than a whole line
(a long address) is cut.
"""

from __future__ import annotations

import shutil
import unicodedata
from typing import TextIO


def columns(ch: str) -> int:
    """The terminal columns ``ch`` takes: 2 wide (CJK), 0 combining or format, else 1."""
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def text_columns(text: str) -> int:
    """The columns ``text`` takes on one line."""
    return len(text) if text.isascii() else sum(columns(ch) for ch in text)


def terminal_width() -> int:
    """The columns a line may use: one less than the terminal's, so no terminal moves the
    cursor to the next row by itself at the last column."""
    return max(20, shutil.get_terminal_size().columns - 1)


def fit(text: str, stream: TextIO, hang: int | None = None) -> str:
    """``text`` with each of its lines broken to the terminal's width when ``stream`` is
    a terminal (see :func:`wrap` for ``hang``); to a pipe or a file, as it is, a line a
    line, for whatever reads it."""
    if not stream.isatty():
        return text
    width = terminal_width()
    return "\n".join(row for line in text.split("\n") for row in wrap(line, width, hang))


def wrap(line: str, width: int, hang: int | None = None) -> list[str]:
    """``line`` (no newline in it) as rows of at most ``width`` columns, broken at spaces;
    the rows after the first are indented by ``hang`` spaces (default: as the line is,
    so an indented row of a list stays under its own)."""
    if text_columns(line) <= width:
        return [line]
    body = line.lstrip(" ")
    lead = line[: len(line) - len(body)]
    indent = lead if hang is None else " " * hang
    if len(indent) > width // 2:
        indent = ""
    rows: list[str] = []
    row, filled = lead, False
    for word in body.split(" "):  # runs of spaces give empty words: spacing is kept
        if filled and text_columns(row) + 1 + text_columns(word) > width:
            rows.append(row.rstrip())
            row, filled = indent, False
        row = f"{row} {word}" if filled else row + word
        filled = filled or bool(word)
        while text_columns(row) > width:  # a word longer than a row: cut where it must
            head = _fitting(row, width)
            rows.append(head)
            row = indent + row[len(head):]
    if row.strip():
        rows.append(row.rstrip())
    return rows


def _fitting(text: str, width: int) -> str:
    """The longest start of ``text`` that fits in ``width`` columns (at least one
    character, so cutting always goes on)."""
    used = 0
    for i, ch in enumerate(text):
        used += columns(ch)
        if used > width:
            return text[: max(1, i)]
    return text
