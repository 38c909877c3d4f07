"""The language of the window and the terminal: ``--lang``, then the window's setting, then
the system locale as POSIX orders it; and the words client/common says in it."""

from __future__ import annotations

import pytest

from client import cli
from client.common.client_state import ClientState
from client.common.identity import Identity
from client.common.link_errors import describe_failure
from client.common.options import Plan, parse, read_clock
from client.common.startup import Startup
from client.common.words import (
    LOCALE_VARIABLES,
    client_language,
    refusal,
    system_language,
    use_language,
    words,
)
from shared.protocol import ERROR_CODES, Clock, Error
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
    newer = Error("from_a_newer_server",  # type: ignore[arg-type]  # a code unknown here
                  "a refusal this client has no name for")
    assert refusal(newer, en) == "The server refused that."
    for code in ERROR_CODES:  # every code the protocol has, in every language
        for catalogue in (en, ja):
            assert catalogue.has(f"error-{code}"), code


@pytest.mark.parametrize(("argv", "remembered", "env", "lang"), [
    (["--lang", "ja"], None, {"LANG": "en_US.UTF-8"}, "ja"),  # the flag first
    (["--lang", "en"], "ja", {"LANG": "ja_JP.UTF-8"}, "en"),
    (["--lang=ja"], None, {}, "ja"),
    (["--lan", "ja"], None, {}, "ja"),  # argparse's abbreviation counts too
    ([], "ja", {"LANG": "en_US.UTF-8"}, "ja"),  # then the window's setting
    ([], "fr", {"LC_ALL": "ja_JP.UTF-8"}, "ja"),  # one this version lacks is passed over
    ([], None, {"LC_MESSAGES": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"}, "ja"),  # the locale
    ([], None, {"LANG": "C"}, "en"),
])
def test_the_language_is_the_flag_then_the_setting_then_the_locale(
        argv: list[str], remembered: str | None, env: dict[str, str], lang: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    for name in LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    plan = parse("taikyoku tui", "", argv, remembered=remembered)
    assert words().lang == lang
    assert plan.lang == (lang if argv else None)
    assert client_language(plan.lang, remembered, env) == lang


def test_an_unknown_language_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        parse("taikyoku play", "", ["--lang", "fr", "--game", "othello"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "taikyoku play: error: argument --lang: invalid choice: 'fr'" in err
    assert "en" in err and "ja" in err  # the ones there are
    with pytest.raises(ValueError, match="no words in 'fr'; the languages are en, ja"):
        use_language("fr")


def test_what_the_flags_say_of_a_typed_value_is_in_the_language_asked_for(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse("taikyoku tui", "", ["--clock", "x", "--lang", "ja"])
    assert "「x」は持ち時間の形ではありません" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        parse("taikyoku tui", "", ["--join", "K7-QX"])
    assert "'K7-QX' is not a match code" in capsys.readouterr().err


def test_the_clients_shared_words_follow_the_language() -> None:
    """A sentence of client/common (a refused connection, a bad clock, a link lost) in the
    language chosen, read from the catalogue at the time it is said."""
    refused = ConnectionRefusedError(111, "Connection refused")
    assert describe_failure("ws://h:1", refused).startswith("no server at ws://h:1")
    use_language("ja")
    assert describe_failure("ws://h:1", refused).startswith("ws://h:1 にサーバーがありません")
    with pytest.raises(ValueError, match="一手ごとに足す秒は 0 から 3600 まで"):
        read_clock("5+4000")
    assert words()("link-retry", first="no", reason=words()("link-broke"), seconds="2.0") \
        == "接続が切れました（通信が途中で途切れました）。2.0秒後にもう一度試します…"


def test_a_refusal_shown_by_a_client_is_its_own_words_not_the_servers() -> None:
    known = ClientState()
    use_language("ja")
    known.handle(Error("not_your_turn", "it is not your turn", "move", "K7QX"))
    assert known.notice == "まだあなたの番ではありません。"


def test_the_command_lists_its_commands_in_the_locales_language(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    assert cli.main([]) == 2
    out = capsys.readouterr().out
    assert out.startswith("使い方: taikyoku {play,tui,bot,serve,records} [オプション]")
    assert "  tui      端末で遊ぶ" in out
    assert cli.main(["nope"]) == 2
    assert capsys.readouterr().err.startswith("taikyoku: 「nope」というコマンドはありません")
    monkeypatch.setenv("LANG", "C")
    assert cli.main(["--help"]) == 0
    assert "  play     play in a window (finds or starts a server)" in capsys.readouterr().out


def test_two_notes_at_start_run_together_as_each_language_writes_sentences() -> None:
    plan = Plan(name="Taro", game="othello", clock=Clock(300, 3))
    startup = Startup(plan)
    startup.me = Identity(None, words()("identity-another-slot"))
    startup.unoffered = startup.not_offered()
    assert startup.note.startswith("Another taikyoku client here") \
        and ". This server does not offer clocks:" in startup.note
    use_language("ja")
    startup.me = Identity(None, words()("identity-another-slot"))
    startup.unoffered = startup.not_offered()
    assert "別の人として遊びます。このサーバーには持ち時間がありません。" in startup.note


def test_the_terminals_clock_question_names_the_minutes_as_the_page_does() -> None:
    """The terminal asked for "一人の分" (one person's share, read as one minute), where
    the page's legend says "各自の分", minutes each, as the English "minutes each" does."""
    ja = get_words("ja")
    assert "各自の分" in ja("lobby-clock-choice") and "各自の分" in ja("tui-ask-clock")
    assert "minutes each" in get_words("en")("tui-ask-clock")
