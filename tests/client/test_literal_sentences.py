"""No sentence a person reads is written into the Python clients' code: every one comes
from the catalogue (shared/words/*.ftl), so it exists in every language.

The check reads each module with `ast` and finds the string constants (and f-strings)
that read as words for a person: two words in a row, or any Japanese; and, given straight
to something that shows it (a print, a `say`, a widget's text), even one word ("Resign").
What people read in English by design is passed over by where it stands, never by what
it says: docstrings, logging, the errors only a programmer sees (RuntimeError,
TypeError... and asserts), and the command line's `--help` and usage errors (argparse),
which the issue lets stay English; and a line that says its string is data that only
reads as words (``# not words``). The headless bot (client/bot) is a tool for bot
authors and speaks English; the page (client/web) has its own check in
tests/client/web/test_web_language.py.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FOR_BOT_AUTHORS = ROOT / "client" / "bot"
"""The headless bot, the one client that speaks English only (see above); every other
module of client/, and any client added later, is checked."""

WORDS = re.compile(r"\b[A-Za-z]{2,}[,;:!?.]? [A-Za-z]+\b")
"""Two words in a row: 'Connection lost', 'Your move', 'wants a rematch'."""
WORD = re.compile(r"[A-Za-z]{2,}")
SMALL_KANA = "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ"
JAPANESE = re.compile(f"[\u3400-\u4dbf\u4e00-\u9fff]|(?=[\u3041-\u3096\u30a1-\u30fa]{{2}})"
                      f"(?:[^{SMALL_KANA}]|.[^{SMALL_KANA}])")
"""Japanese words: a kanji, or two kana of which one is full-size (パス, あなた). The sets of
marks and small kana that line breaking reads (kinsoku) are not words."""
NAMES = re.compile(r"\btaikyoku(?: (?:play|tui|serve|bot|records))?\b")
"""The program's name and its commands, which a person types as they are (as the page's
check allows 'taikyoku')."""

SHOWN_BY = frozenset({
    "print", "say", "complain", "notice", "write", "text", "paragraph", "button",
    "draw_text", "render", "set_caption", "LinkStatus"})
"""Calls that show their text to a person, so even one word given to them is a word."""
LOGGING = frozenset({"debug", "info", "warning", "error", "exception", "critical", "log"})
LOGGERS = frozenset({"log", "logger", "logging"})
FOR_PROGRAMMERS = frozenset({
    "RuntimeError", "TypeError", "AssertionError", "NotImplementedError", "KeyError",
    "IndexError", "AttributeError", "LookupError", "error"})
"""Exceptions that mean a bug, read by whoever fixes it, and a C library's own error type
(``pygame.error``, whose messages are SDL's); a person's errors, such as ValueError,
OSError or ConnectError, carry catalogue words."""
LABELLED = frozenset({"Thread", "create_task", "Task", "ensure_future"})
"""Calls whose ``name=`` labels a thread or a task for a debugger."""
SHOWN_KEYWORDS = frozenset({"text", "label", "message", "caption"})
"""The keywords of a showing call that are its text (its others are options: an anchor,
a key's name in a corner)."""
COMMAND_LINE = frozenset({
    "ArgumentParser", "add_argument", "add_argument_group", "add_mutually_exclusive_group",
    "add_subparsers", "add_parser", "ArgumentTypeError"})
"""argparse: the command line's --help and usage errors (``parser.error``), English."""
NOT_WORDS = "# not words"
"""Ends a line whose string only reads as words: data that must stay as it is written (a
key that names files already on people's disks), said so where it stands."""


def _name(func: ast.expr) -> str:
    """The called name: ``say`` for ``self.say(...)``, ``print`` for ``print(...)``."""
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return ""


def _command_line_text(target: ast.expr) -> bool:
    """A constant named as the command line's text: DESCRIPTION, LEVEL_HELP..."""
    return isinstance(target, ast.Name) and bool(
        re.search(r"(^|_)(DESCRIPTION|HELP|USAGE|EPILOG)$", target.id))


def _english_by_design(call: ast.Call) -> bool:
    """A call whose text is for programmers or the command line."""
    name, func = _name(call.func), call.func
    if name in FOR_PROGRAMMERS or name in COMMAND_LINE:
        return True
    receiver = func.value if isinstance(func, ast.Attribute) else None
    receiver_name = _name(receiver) if receiver is not None else ""
    if name in LOGGING and receiver_name in LOGGERS:
        return True
    return name == "error" and receiver_name.endswith("parser")  # parser.error(...)


def _text(node: ast.Constant | ast.JoinedStr) -> str:
    """The letters written in a string: an f-string's parts, its placeholders as '{}'."""
    if isinstance(node, ast.Constant):
        return str(node.value)
    return "".join(str(v.value) if isinstance(v, ast.Constant) else "{}" for v in node.values)


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: parent for parent in ast.walk(tree) for child in ast.iter_child_nodes(parent)}


def literal_sentences(source: str, filename: str = "<source>") -> Iterator[str]:
    """'file:line: text' for each string in ``source`` that a person would read."""
    tree = ast.parse(source, filename)
    parents = _parents(tree)
    lines = source.splitlines()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(parents.get(node), ast.JoinedStr):
            continue  # read as part of its f-string
        if not (isinstance(node, ast.JoinedStr)
                or isinstance(node, ast.Constant) and isinstance(node.value, str)):
            continue
        text = NAMES.sub(" ", _text(node))
        shown: bool | None = None  # by the first call it is given to
        exempt = False
        child: ast.AST = node
        parent = parents.get(child)
        if isinstance(parent, ast.Expr):
            continue  # a docstring, or a string standing as a comment
        keyword: str | None = None  # the keyword the string is given as, if any
        while parent is not None and not isinstance(parent, ast.stmt):
            if isinstance(parent, ast.keyword):
                keyword = parent.arg
            if isinstance(parent, ast.Call) and child is not parent.func:
                name = _name(parent.func)
                if _english_by_design(parent) or keyword == "name" and name in LABELLED:
                    exempt = True
                    break
                if shown is None:
                    shown = name in SHOWN_BY and (keyword is None or keyword in SHOWN_KEYWORDS)
                keyword = None
            child, parent = parent, parents.get(parent)
        if isinstance(parent, (ast.Assign, ast.AnnAssign)) and child is parent.value:
            targets = parent.targets if isinstance(parent, ast.Assign) else [parent.target]
            exempt = exempt or any(_command_line_text(t) for t in targets)
        if isinstance(parent, ast.Assert) and child is parent.msg:
            exempt = True
        if isinstance(parent, ast.Raise) and isinstance(child, ast.Call) \
                and _name(child.func) in FOR_PROGRAMMERS:
            exempt = True
        if exempt or lines[node.lineno - 1].endswith(NOT_WORDS):
            continue
        if WORDS.search(text) or JAPANESE.search(text) or shown and WORD.search(text):
            yield f"{filename}:{node.lineno}: {text!r}"


def _modules() -> list[Path]:
    return sorted(p for p in (ROOT / "client").rglob("*.py")
                  if not p.is_relative_to(FOR_BOT_AUTHORS))


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_clients_write_no_sentence_of_their_own(path: Path) -> None:
    found = list(literal_sentences(path.read_text(encoding="utf-8"),
                                   str(path.relative_to(ROOT))))
    assert not found, "words for a person belong in the catalogue:\n" + "\n".join(found)


SAMPLE = '''
"""A module's docstring: words, and fine."""
import logging
log = logging.getLogger(__name__)

def draw(ui, w, name, parser):
    """A function's docstring."""
    log.info("the link to %s closed", name)          # logging
    parser.add_argument("--x", help="what x does")    # the command line's help
    parser.error("choose one of --a and --b")         # and its usage errors
    assert name, "a name is needed here"               # for programmers
    raise RuntimeError("this connection is already open")
    ui.button(rect, w("button-resign"), resign)       # a key, composed
    say(f"{name}: {w('turn-yours')}")                  # only punctuation around words
    say("Connection lost, reconnecting")               # 15: two words
    ui.button(rect, "Resign", resign)                  # 16: one word, shown
    print(f"{name} played {move}")                     # 17: one word among facts, shown
    label = f"{name} wants a rematch"                  # 18: two words, shown later
    title = "対局"                                      # 19: Japanese
    raise ValueError("not a clock")                    # 20: a person's error
    ok = "パス"                                         # 21: a Japanese word
    print(f"{name}: cannot open a window ({err})")     # 22: a sentence after the name
    key = f"this computer {name}"  # not words
    ui.text("taikyoku", (0, 0), 12, anchor="center")  # the program's name; an option
    ui.button(rect, w("b"), lambda: pick("bot"), selected=vs == "human", hint="Esc")
    threading.Thread(target=read, name="stdin reader")  # a label for a debugger
    NO_LINE_START = "、。ーぁぃぅっゃゅょァィゥッャュョ"     # marks and small kana
    raise pygame.error("no display found")               # SDL's own kind of error
    DESCRIPTION = "Play in a window, against the bot."   # the command line's --help
    return "utf-8", "pass", f"ws://{name}:8765/"       # words for no person
'''


def test_the_check_finds_words_wherever_a_person_reads_them() -> None:
    found = sorted(int(line.split(":")[1]) for line in literal_sentences(SAMPLE))
    assert found == [15, 16, 17, 18, 19, 20, 21, 22]
