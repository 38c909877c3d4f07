"""The language of the window and the terminal: the system locale as POSIX orders it."""

from __future__ import annotations

import pytest

from client.common.words import refusal, system_language
from shared.protocol import ERROR_CODES, Error
from shared.words import get_words


@pytest.mark.parametrize(("env", "lang"), [
    ({"LANG": "ja_JP.UTF-8"}, "ja"),
    ({"LANG": "ja_JP.UTF-8", "LC_ALL": "C"}, "en"),  # LC_ALL wins over everything
    ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8"}, "ja"),
    ({"LC_ALL": "", "LANG": "ja_JP.eucJP"}, "ja"),  # an empty variable is not set
    ({}, "en"),
])
def test_the_system_locale_chooses(env: dict[str, str], lang: str) -> None:
    assert system_language(env) == lang


def test_a_refusal_in_the_clients_words_by_its_code() -> None:
    en, ja = get_words("en"), get_words("ja")
    missing = Error("unknown_match", "there is no match 'ZZZZ' on this server", "join", "ZZZZ")
    assert refusal(missing, en) == "There is no match ZZZZ on this server."
    assert refusal(missing, ja) == "対局 ZZZZ はこのサーバーにありません。"
    hint = Error("engine_failed", "the engine could not work out a hint", "hint", "K7QX")
    assert refusal(hint, en) == "The engine could not work out a hint: you may ask again."
    newer = Error("from_a_newer_server", "a refusal this client has no name for")
    assert refusal(newer, en) == "The server refused that."
    for code in ERROR_CODES:  # every code the protocol has, in every language
        for words in (en, ja):
            assert words.has(f"error-{code}"), code
