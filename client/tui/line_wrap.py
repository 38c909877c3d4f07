"""Lines broken to fit the terminal's width as a person reads them, and text padded to
line up in columns, counting the columns each character takes on screen.

A terminal breaks a long line at its last column, in the middle of a word ("so thi" /
"s one"). The console breaks each line it prints here first: at spaces, and in Japanese
(which has none) between phrases (client/common/phrases.py: "対局に" / "参加", never
"参" / "加"), where the rules of Japanese line breaking allow it (kinsoku: no row starts
with 、。）」ー or a small kana, none ends with （「), so names and sentences in any
language end where a word may end. A phrase longer than a row breaks between its
characters by the same rules; only a word longer than a whole line (a long address) is
cut.

The columns are the ``wcwidth`` package's, which knows East Asian widths and what
Python's ``unicodedata`` alone gets wrong: an emoji made wide by U+FE0F (❤️), a skin
tone that joins the emoji before it (👍🏽), Hangul syllables written as jamo.
"""

from __future__ import annotations

import re
import shutil
from typing import TextIO

from wcwidth import wcswidth, wcwidth

from client.common.phrases import phrase_pieces

NO_ROW_START = frozenset(
    "、。，．・：；？！ー〜…‥）」』】〕〉》｝］〙〗ゝゞ々"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
    ",.:;?!)]}%")
"""Characters a row may not start with (Japanese kinsoku shoshi, and the Latin closers)."""
NO_ROW_END = frozenset("（「『【〔〈《｛［〘〖([{")
"""Characters a row may not end with: the openers."""
SCORE = re.compile(r"[+-]\d|0(?!\d)")
"""How a score begins: a sign, then a digit; or an even score, 0 alone."""
CELL_UNDER = 4
"""How much deeper than its row a table's last cell goes when it goes under the row."""


def text_columns(text: str) -> int:
    """The columns ``text`` takes on one line (2 for a wide character, 0 for a combining
    mark or a joiner)."""
    if text.isascii() and text.isprintable():
        return len(text)
    width = wcswidth(text)
    return width if width >= 0 else sum(max(0, wcwidth(ch)) for ch in text)


def pad(text: str, width: int) -> str:
    """``text`` with spaces after it up to ``width`` columns (a left-aligned cell)."""
    return text + " " * max(0, width - text_columns(text))


def pad_left(text: str, width: int) -> str:
    """``text`` with spaces before it up to ``width`` columns (a right-aligned cell)."""
    return " " * max(0, width - text_columns(text)) + text


def table(rows: list[list[str]], indent: int = 2, gap: int = 2) -> list[str]:
    """``rows`` of cells as lines whose columns line up on screen: each cell but a row's
    last padded to its column's widest, ``gap`` spaces between, ``indent`` before."""
    widths = [max((text_columns(row[i]) for row in rows if i < len(row) - 1), default=0)
              for i in range(max((len(row) for row in rows), default=0))]
    return [(" " * indent + (" " * gap).join(
        [pad(cell, widths[i]) for i, cell in enumerate(row[:-1])] + row[-1:])).rstrip()
            for row in rows]


def terminal_width() -> int:
    """The columns a line may use: one less than the terminal's, so no terminal moves the
    cursor to the next row by itself at the last column."""
    return max(20, shutil.get_terminal_size().columns - 1)


def room(stream: TextIO) -> int | None:
    """The columns a line printed to ``stream`` may use: the terminal's (see
    :func:`terminal_width`), or None for a pipe or a file, which take lines as they are."""
    return terminal_width() if stream.isatty() else None


def fit(text: str, stream: TextIO, hang: int | None = None) -> str:
    """``text`` with each of its lines broken to the terminal's width when ``stream`` is
    a terminal (see :func:`wrap` for ``hang``); to a pipe or a file, as it is, a line a
    line, for whatever reads it."""
    width = room(stream)
    if width is None:
        return text
    return "\n".join(row for line in text.split("\n") for row in wrap(line, width, hang))


def wrap(line: str, width: int, hang: int | None = None) -> list[str]:
    """``line`` (no newline in it) as rows of at most ``width`` columns, broken at spaces
    or between Japanese characters; the rows after the first are indented by ``hang``
    spaces (default: as the line is, so an indented row of a list stays under its own).

    A ``hang`` past half the row (a table's last cell, on a narrow terminal) would leave
    that cell a few columns a row: then the cells before it keep their row (what of them
    goes on, a long name, goes under them as the last cell does), and the last one goes
    under them, indented by CELL_UNDER more than the line."""
    if text_columns(line) <= width:
        return [line]
    body = line.lstrip(" ")
    lead = line[: len(line) - len(body)]
    if hang is not None and hang > width // 2 and text_columns(line) > hang:
        head, under = _fitting(line, hang), len(lead) + CELL_UNDER
        return (wrap(head.rstrip(), width, under)
                + wrap(lead + " " * CELL_UNDER + line[len(head):].lstrip(" "), width))
    indent = lead if hang is None else " " * hang
    if len(indent) > width // 2:
        indent = ""
    rows: list[str] = []
    row, filled = lead, False
    for word in words(body):
        for i, part in enumerate(breakable(word, width)):
            glue = "" if i else " "  # the parts of one word join without a space
            if filled and text_columns(row) + len(glue) + text_columns(part) > width:
                rows.append(row.rstrip())
                row, filled = indent, False
            row = f"{row}{glue}{part}" if filled else row + part.lstrip(" ")
            filled = filled or bool(part)
            while text_columns(row) > width:  # a word longer than a row: cut where it must
                head = _fitting(row, width)
                rows.append(head)
                row = indent + row[len(head):]
    if row.strip():
        rows.append(row.rstrip())
    return rows


def words(body: str) -> list[str]:
    """``body`` split at its spaces into the words a row may end after; runs of spaces
    give empty words, so spacing is kept. A word of signs alone ("(+", "(?", "-", or
    after a place a row may end: "石差（+", "、-") opens what follows it and stays on its
    row: "(+ ahead", never "(+" / "ahead", "- 負け越し" never "-" / "負け越し"; so does a
    Latin letter or digit alone, a choice's key: "3 Othello 6x6", never "3" /
    "Othello 6x6" (nor "、3" / "オセロ 6×6"). A score ("+3", "-12", "0") stays with the move
    before it: "f5 +3", never "f5" / "+3"."""
    split = body.split(" ")
    joined: list[str] = []
    for word in split:
        if joined and joined[-1] and (lone_key(joined[-1]) or SCORE.match(word) or not any(
                ch.isalnum() for ch in breakable(joined[-1])[-1])):
            joined[-1] = f"{joined[-1]} {word}"
        else:
            joined.append(word)
    return joined


def lone_key(word: str) -> bool:
    """Whether ``word`` ends in a Latin letter alone or a number (after a space, a place
    a row may end, or an opening bracket): the key of a choice, as in "j join", "、3
    オセロ" or "（h ヒント", or a count and what it counts, "20 手先"."""
    last = breakable(word)[-1].lstrip("".join(NO_ROW_END))
    return last.isascii() and (last.isdigit() or (len(last) == 1 and last.isalpha()))


def breakable(word: str, width: int | None = None) -> list[str]:
    """``word`` (a space in it joins, see :func:`words`) in the pieces a row may end
    between: one piece for a Latin word, a phrase each for Japanese; a phrase wider than
    ``width`` columns, a character or so each (as the kinsoku rules allow)."""
    pieces, start = [], 0
    for i in range(1, len(word)):
        if may_break(word[i - 1], word[i]):
            pieces.append(word[start:i])
            start = i
    pieces.append(word[start:])
    return phrase_pieces(pieces, lambda whole: width is not None and text_columns(whole) > width)


def may_break(before: str, after: str) -> bool:
    """Whether a row may end between ``before`` and ``after`` with no space between them:
    beside a wide character (so never inside a Latin word or number, 'K7QX', '5:00'),
    neither inside a katakana word nor against the kinsoku rules."""
    if before == " " or (wcwidth(before) != 2 and wcwidth(after) != 2):
        return False  # a space inside a word joins what must stay together (see words)
    if katakana(before) and katakana(after):  # a loanword: コンピューター, ヘルプ
        return False
    return before not in NO_ROW_END and after not in NO_ROW_START and wcwidth(after) > 0


def katakana(ch: str) -> bool:
    """Whether ``ch`` is katakana (or its long-vowel mark), the script of loanwords."""
    return "\u30a1" <= ch <= "\u30fc" or "\uff66" <= ch <= "\uff9f"


def _fitting(text: str, width: int) -> str:
    """The longest start of ``text`` that fits in ``width`` columns (at least one
    character, so cutting always goes on)."""
    used = 0
    for i, ch in enumerate(text):
        used += max(0, wcwidth(ch))
        if used > width:
            return text[: max(1, i)]
    return text
