"""The words that give the terminal's commands: the catalogue's, the language's own
beside the English ones, read as a Japanese keyboard may send them."""

from __future__ import annotations

from typing import get_args

from client.tui.command_words import Command, CommandWords, keys, typed
from shared.words import LANGUAGES, get_words


def test_japanese_commands_beside_the_english_ones() -> None:
    ja = CommandWords(get_words("ja"))
    for word, command in (("パス", "pass"), ("投了", "resign"), ("待った", "takeback"),
                          ("ヘルプ", "help"), ("はい", "yes"), ("いいえ", "no"),
                          ("pass", "pass"), ("resign", "resign"), ("help", "help"),
                          ("？", "help"), ("Ｑ", "quit"), (" t ", "takeback")):
        assert ja(word) == command, word
    assert ja("d3") is None and ja("say hello") is None


def test_english_has_no_japanese_words() -> None:
    en = CommandWords(get_words("en"))
    assert en("resign") == "resign" and en("投了") is None and en("analyze") == "analyse"


def test_full_width_letters_and_digits_read_as_ascii() -> None:
    assert typed("ｄ３") == "d3" and typed("Ｄ3 ") == "d3" and typed("４") == "4"


def test_no_word_gives_two_commands() -> None:
    """A word in two commands' entries would give whichever came last: none is shared, in
    a language or between it and English (whose words work in every language)."""
    for lang in LANGUAGES:
        given: dict[str, set[str]] = {}
        for language in {"en", lang}:
            for command in get_args(Command):
                for key in keys(get_words(language), command):
                    given.setdefault(typed(key), set()).add(command)
        assert {key: commands for key, commands in given.items() if len(commands) > 1} == {}
