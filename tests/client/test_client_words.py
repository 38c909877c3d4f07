"""The language of the window and the terminal: the system locale as POSIX orders it."""

from __future__ import annotations

import pytest

from client.common.words import system_language


@pytest.mark.parametrize(("env", "lang"), [
    ({"LANG": "ja_JP.UTF-8"}, "ja"),
    ({"LANG": "ja_JP.UTF-8", "LC_ALL": "C"}, "en"),  # LC_ALL wins over everything
    ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8"}, "ja"),
    ({"LC_ALL": "", "LANG": "ja_JP.eucJP"}, "ja"),  # an empty variable is not set
    ({}, "en"),
])
def test_the_system_locale_chooses(env: dict[str, str], lang: str) -> None:
    assert system_language(env) == lang
