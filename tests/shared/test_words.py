"""The catalogue of words (shared/words): every entry in every language with the same
facts, readable by Fluent and by the page's resolver, and the language a locale asks for."""

from __future__ import annotations

import pytest
from fluent.syntax import FluentParser

from shared.ai.levels import LEVELS, level_words
from shared.games import GAMES, catalogue
from shared.words import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    choose_language,
    game_keys,
    game_label,
    get_words,
    message_ids,
    parse_text,
    placeholders,
    source,
)
from shared.words.page_form import page_form


def differences(a: str, b: str) -> list[str]:
    """What one catalogue (Fluent text) has that the other lacks, or asks other facts for."""
    pa = placeholders(FluentParser().parse(a))
    pb = placeholders(FluentParser().parse(b))
    found = [f"missing {key}" for key in pa.keys() - pb.keys()]
    found += [f"extra {key}" for key in pb.keys() - pa.keys()]
    found += [f"{key}: {sorted(pa[key])} v {sorted(pb[key])}"
              for key in pa.keys() & pb.keys() if pa[key] != pb[key]]
    return sorted(found)


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE])
def test_every_entry_is_in_every_language_with_the_same_facts(lang: str) -> None:
    assert differences(source(DEFAULT_LANGUAGE), source(lang)) == []
    assert message_ids(lang) == message_ids(DEFAULT_LANGUAGE)  # the same order, to compare


def test_the_check_finds_a_missing_an_extra_and_a_mismatched_entry() -> None:
    english = "a = A { $x }\nb = B\nc = { $n -> [one] one *[other] { $n } }\n"
    assert differences(english, english) == []
    assert differences(english, "a = A { $x }\nc = { $n -> *[other] { $n } }\n") \
        == ["missing b"]
    assert differences(english, english + "d = D\n") == ["extra d"]
    assert differences(english, "a = A { $y }\nb = B\nc = { $n -> *[other] x }\n") == [
        "a: ['x'] v ['y']"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_entry_reads_in_python_and_as_the_page_reads_it(lang: str) -> None:
    entries = page_form(lang)
    assert list(entries) == message_ids(lang)
    words = get_words(lang)
    assert words("who-you") == {"en": "You", "ja": "あなた"}[lang]


def test_a_catalogue_with_a_typo_fails_to_load() -> None:
    from shared.words import Words
    with pytest.raises(ValueError, match="no words in 'fr'"):
        Words("fr")
    with pytest.raises(ValueError, match="cannot read the entry"):
        parse_text("en", "good = fine\nbad = { $x\n")
    with pytest.raises(ValueError, match="good is there twice"):
        parse_text("en", "good = fine\ngood = again\n")
    with pytest.raises(KeyError):
        get_words("en")("no-such-entry")
    with pytest.raises(ValueError, match="turn-yours"):
        get_words("en")("turn-yours")  # without its $side


def test_plurals_and_numbers() -> None:
    en, ja = get_words("en"), get_words("ja")
    assert en("resume-played", count=0) == ""
    assert en("resume-played", count=1) == "1 move played. "
    assert en("resume-played", count=12) == "12 moves played. "
    assert ja("resume-played", count=12) == "12手まで進んでいます。"
    assert en("clock-words", unit="minutes", minutes=5, seconds=300, increment=3) \
        == "5 min +3s"
    assert ja("clock-words", unit="seconds", minutes=1.5, seconds=90, increment=0) == "90秒"


@pytest.mark.parametrize(("wishes", "lang"), [
    (["ja_JP.UTF-8"], "ja"), (["ja-JP", "en-US"], "ja"), (["fr-FR", "ja"], "ja"),
    (["en-GB"], "en"), (["C"], "en"), (["POSIX"], "en"), ([], "en"), (["de_DE"], "en"),
])
def test_choose_language(wishes: list[str], lang: str) -> None:
    assert choose_language(wishes) == lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_game_and_level_has_its_words(lang: str) -> None:
    """A game's words are keyed by its registry name, a level's by its number; the
    English level words say what shared.ai.levels says. (A plugged-in game's:
    tests/games/test_plugged_in.py.)"""
    words = get_words(lang)
    for name, info in GAMES.items():
        for key in game_keys(info):
            assert words.has(key), key
    labels = [game_label(words, info.name, size) for info, size in catalogue()]
    assert labels == {"en": ["Tic-tac-toe", "Othello 4x4", "Othello 6x6", "Othello 8x8"],
                      "ja": ["三目並べ（○×）", "オセロ 4×4", "オセロ 6×6", "オセロ 8×8"]}[lang]
    sides = [words(f"{name}-side-{seat}") for name in GAMES for seat in (0, 1)]
    assert sides == {"en": ["X", "O", "Black", "White"], "ja": ["×", "○", "黒", "白"]}[lang]
    for level, spec in LEVELS.items():
        title, feel = words(f"level-{level}-title"), words(f"level-{level}-feel")
        if lang == "en":
            assert words("level-words", level=level, title=title, feel=feel) \
                == level_words(level)
