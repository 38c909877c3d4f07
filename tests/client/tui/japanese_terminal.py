"""What the Japanese terminal tests read on a screen, shared by the terminal's, the
window's and the page's games against a Japanese terminal: its prompts, the board's top
row, a free square to type, and the check that every row fits, breaks where Japanese
may break and holds no English word but names, codes, squares and commands."""

from __future__ import annotations

import re
from typing import get_args

from client.tui.command_words import Command, keys
from client.tui.line_wrap import NO_ROW_END, NO_ROW_START
from server.shell.app import GameServer
from shared.games.othello import COLUMNS
from shared.words import LANGUAGES, get_words
from tests import OUTPUT
from tests.client.tui.pty_support import Pty

JAPANESE = "ja_JP.UTF-8"


MOVE_PROMPT = "? ヘルプ）： "


OVER_PROMPT = "q 終了： "


KEY_NAMES = {"Enter", "Ctrl"}
"""Keys named as the keyboard labels them."""


def command_words() -> set[str]:
    """Every word that gives a command, in every language (typed, so allowed on screen)."""
    words = {"say"}
    for lang in LANGUAGES:
        for command in get_args(Command):
            words.update(keys(get_words(lang), command))
    return words


def english_words(text: str, names: set[str]) -> list[str]:
    """The English words of ``text`` but names, match codes, squares (a1-h8), addresses,
    a command line to copy, and the words one types or presses."""
    text = re.sub(r"(?:ws|http)://\S+|`[^`]*`", " ", text)
    allowed = command_words() | KEY_NAMES | names
    runs = re.findall(r"[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*", text)  # whole: 497TPN, not TPN
    return [word for word in runs if len(word) > 1 and word not in allowed
            and not re.fullmatch(r"[A-Z0-9]{4,8}|[a-h][1-8]", word)]


def tictactoe_pick(screen: str) -> str:
    """The first free slot of the last tic-tac-toe board on ``screen``."""
    board = screen[screen.rindex("/---|---|---\\"):]
    return next(ch for ch in board[:120] if ch.isdigit())


def othello_top(size: int) -> str:
    """The column letters' row above an Othello board of ``size`` in the terminal."""
    return "    " + "  ".join(COLUMNS[:size])


def othello_pick(screen: str, size: int = 8) -> str:
    """The first square marked '*' (a legal move) on the last board of ``screen``."""
    rows = screen[screen.rindex(othello_top(size)):].splitlines()[1:size + 1]
    for row in rows:
        number, cells = row[:3], row[3:]
        if "*" in cells:
            return f"{COLUMNS[cells.index('*') // 3]}{int(number)}"
    raise AssertionError(f"no legal move on the board:\n{screen}")


TICTACTOE_TOP = "/---|"


OTHELLO_TOP = othello_top(8)


def board_in_view(screen: str, top: str) -> bool:
    """Whether ``screen`` (what was printed before a prompt) shows a board, from its row
    ``top``; if so, that it and everything after it down to the prompt fit in 24 rows
    (the heading too): no prompt pushes the board out of view."""
    rows = re.split(r"\r\n|[\r\n]", screen)
    tops = [i for i, row in enumerate(rows) if row.startswith(top)]
    if tops:
        assert len(rows) - tops[-1] + 1 <= 24, "\n".join(rows[tops[-1] - 1:])
    return bool(tops)


def record(term: Pty, name: str) -> str:
    """What the terminal printed, kept as tests/output/<name>.txt for a person to read."""
    text = term.text()
    OUTPUT.mkdir(exist_ok=True)
    (OUTPUT / f"{name}.txt").write_text(text)
    return text


def server_name(server: GameServer) -> list[str]:
    """The words of the server's name (a name, shown as its host chose it)."""
    return server.config.name.split()


def check_screen(term: Pty, text: str, names: set[str]) -> None:
    """Every row fits 80 columns, broken where Japanese may break, and nothing on screen
    is English but what ``english_words`` allows."""
    assert term.overlong() == [], text
    for row in filter(str.strip, term.rows()):  # Japanese broken by its rules
        first = row.lstrip()[0]
        assert first.isascii() or first not in NO_ROW_START, row
        assert row[-1].isascii() or row[-1] not in NO_ROW_END, row
    assert english_words(text, names) == [], text



NO_WINNER = {"en": "No winner.", "ja": "勝ち負けはありません。"}
"""The result of a match nobody is left at, in every client: nobody won, and no draw."""
ENDS = {
    "called off": {"en": "The match was called off.", "ja": "対局は中止になりました。"},
    "abandoned": {"en": "The match was abandoned: both players were away too long.",
                  "ja": "二人とも長く離れていたため、対局は打ち切りになりました。"},
}
"""How it ended, in every client: before a move, and after."""
