"""The language of the window and the terminal, and the words they read in it.

The language is chosen once at start (:func:`client_language`): ``--lang en|ja`` on
``play`` and ``tui``, else the window's remembered setting, else the system locale as
POSIX orders it (LC_ALL, then LC_MESSAGES, then LANG); the window may change it later
(:func:`use_language`). Everything a client says comes from :func:`words`, the catalogue
(``shared.words``) in that language.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from shared.protocol import Error
from shared.words import DEFAULT_LANGUAGE, LANGUAGES, Words, choose_language, get_words

LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""Where the system locale says which language to speak, the first set one winning."""

_chosen = DEFAULT_LANGUAGE


def system_language(env: Mapping[str, str] = os.environ) -> str:
    """The language the system locale asks for ('ja' under LANG=ja_JP.UTF-8); the
    default for 'C', 'POSIX', nothing set, or a language the catalogue lacks."""
    for name in LOCALE_VARIABLES:
        value = env.get(name, "")
        if value:
            return choose_language([value])
    return DEFAULT_LANGUAGE


def client_language(asked: str | None, remembered: str | None = None,
                    env: Mapping[str, str] = os.environ) -> str:
    """The language a client starts in: ``asked`` (``--lang``), else ``remembered`` (the
    window's setting; one the catalogue lacks, saved by another version, is passed over),
    else the system locale's."""
    if asked is not None:
        return asked
    if remembered in LANGUAGES:
        return remembered
    return system_language(env)


def use_language(lang: str) -> None:
    """Speak ``lang`` from now on in this process (ValueError for one the catalogue lacks)."""
    global _chosen
    get_words(lang)
    _chosen = lang


def words() -> Words:
    """The catalogue in the language this client speaks."""
    return get_words(_chosen)


def refusal(error: Error, words_: Words | None = None) -> str:
    """The client's own words for a refusal by its code (the server's English
    ``message`` is for bot authors); a code a newer server added reads as a general one.
    The words may name the request refused (``ref``) and its match."""
    w = words_ or words()
    key = f"error-{error.code}"
    return w(key if w.has(key) else "error-other", ref=error.ref or "none",
             match=error.match or "")
