"""The checks that a Japanese screen shows no English word, run on every shape a match
code may take: the codes are random (server/room/identity.py), so a check that reads a
code starting with digits, or one of letters only, as English fails a test by chance
(CI failed once on 497TPN, read as 'TPN')."""

from __future__ import annotations

import pytest

from server.room.identity import CODE_ALPHABET, CODE_LENGTH, UNLISTED_CODE_LENGTH
from shared.words import get_words
from tests.client.gui.japanese_window import english
from tests.client.tui.japanese_terminal import english_words
from tests.client.web.web_actions import latin_words

CODES = ["497TPN", "KQXMNP", "234567", "TPN497", "K7QX2M", "K7QXM2AB", "23456789"]
"""Codes of every shape: digits first, letters only, digits only, letters first, mixed,
and unlisted (longer)."""


def sentences(code: str) -> list[str]:
    """Japanese sentences of the catalogue with ``code`` in them, as the clients say them."""
    words = get_words("ja")
    return [words("page-match-title", game=words("othello-title"), code=code),
            words("window-share-code", code=code),
            words("lobby-line", code=code, game=words("othello-title"), who="花子", extra=""),
            words("error-unknown_match", match=code)]


def test_the_codes_are_the_servers_shapes() -> None:
    for code in CODES:
        assert set(code) <= set(CODE_ALPHABET)
        assert len(code) in (CODE_LENGTH, UNLISTED_CODE_LENGTH)


@pytest.mark.parametrize("code", CODES)
def test_a_code_of_any_shape_is_no_english_word(code: str) -> None:
    for text in sentences(code):
        assert code in text
        assert english_words(text, set()) == [], text  # the terminal's check
        assert latin_words(text) == [], text  # the page's
        assert english([text], {code}) == [], text  # the window's (told the code)


@pytest.mark.parametrize("code", CODES)
def test_an_english_word_beside_a_code_is_still_found(code: str) -> None:
    text = sentences(code)[0] + " Opponent"
    assert english_words(text, set()) == ["Opponent"]
    assert latin_words(text) == ["Opponent"]
    assert english([text], {code}) == ["Opponent"]
