"""The words a person types at the terminal's prompt for each command, from the catalogue.

Each command's entry (``tui-keys-hint = h, hint``) lists the words that give it, as the
help shows them; a language adds its own (``h, hint, ヒント``, ``resign, 投了``). The
English words work in every language, so a player who learned them, or reads a guide in
English, is never refused. What is typed is read as a keyboard in Japan may send it:
full-width letters and digits (ｄ３, ？) as their ASCII forms (Unicode NFKC).
"""

from __future__ import annotations

import unicodedata
from typing import Literal, get_args

from shared.words import Words, get_words

Command = Literal["hint", "takeback", "analyse", "clock", "bell", "resign", "help", "quit",
                  "lobby", "moves", "board", "rematch", "pass", "yes", "no"]
"""Every command given by a word alone (``say`` takes its text after it)."""
ENGLISH = "en"
"""The language whose command words are understood whatever the terminal speaks."""


def typed(text: str) -> str:
    """A typed word as the commands and moves are read: ASCII for full-width forms,
    lower case, no spaces around it."""
    return unicodedata.normalize("NFKC", text).strip().casefold()


def keys(words: Words, command: Command) -> list[str]:
    """The words that give ``command`` in ``words``' language, as its entry lists them."""
    return [key.strip() for key in words(f"tui-keys-{command}").split(",")]


class CommandWords:
    """Which command a typed word gives, in one language and in English."""

    def __init__(self, words: Words) -> None:
        self._command: dict[str, Command] = {}
        for language in (get_words(ENGLISH), words):
            for command in get_args(Command):
                self._command |= {typed(key): command for key in keys(language, command)}

    def __call__(self, text: str) -> Command | None:
        """The command ``text`` gives (None: not a command word)."""
        return self._command.get(typed(text))

    def means(self, text: str, *commands: Command) -> bool:
        """Whether ``text`` gives one of ``commands``."""
        return self(text) in commands
