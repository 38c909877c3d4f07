"""The clients' one sanitiser: what a server or another player sends is shown as text and
never acts on a terminal (escape sequences, controls, bidi and zero-width characters)."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from client.common.sanitise import clean, clean_text, plain
from shared.protocol import ChatLine, Error, Lobby, MatchSummary, PlayerInfo, encode

HOSTILE = ("\x1b[2J\x1b[H"          # clear the screen, cursor home
           "\x1b]0;owned\x07"        # retitle the window
           "\x1b]52;c;ZXZpbA==\x1b\\"  # write the clipboard
           "\x9b31m"                 # C1 CSI: red
           "\x1bc"                   # reset the terminal
           "Ha\u202ena\u200b\u2066"  # bidi override, zero-width space, isolate
           "\r\nTaro: I resign\x07\x00\ud800")


def test_escape_sequences_go_whole_and_breaks_become_spaces() -> None:
    assert clean_text(HOSTILE) == "Hana  Taro: I resign"
    assert clean_text("\x1b[31mred\x1b[0m\tok") == "red ok"
    assert clean_text("a\u2028b\u2029c\x85d") == "a b c d"


def test_plain_and_foreign_text_is_kept_as_it_is() -> None:
    for text in ("Taro", "good game!", "花子", "Zoë", "مرحبا", "👍🏽", " two  spaces "):
        assert clean_text(text) == text
    plain = "nothing to clean"
    assert clean_text(plain) is plain


@given(st.text())
def test_nothing_a_terminal_acts_on_is_left(text: str) -> None:
    kept = clean_text(text)
    assert all(unicodedata.category(ch)[0] != "C" for ch in kept)
    assert clean_text(kept) == kept  # cleaning twice changes nothing more


def test_every_string_of_a_message_is_cleaned_and_clean_ones_are_kept() -> None:
    lobby = Lobby(matches=[MatchSummary(
        match="K7QX", game="othello", size=8, status="playing", spectators=0,
        players=[PlayerInfo(0, "\x1b[5mTaro", "human", True, "p_1"),
                 PlayerInfo(1, "Hana", "human", True, "p_2")])])
    cleaned = clean(lobby)
    assert [p.name for p in cleaned.matches[0].players] == ["Taro", "Hana"]
    assert cleaned.matches[0].players[1] is lobby.matches[0].players[1]  # untouched
    error = Error(code="illegal_move", message="no\x1b]0;x\x07 way")
    assert clean(error).message == "no way"
    line = ChatLine(match="K7QX", seq=1, time=0.0, seat=None, player="p_3", name="Ken",
                    text="hi")
    assert clean(line) is line


@given(st.text(), st.text())
def test_a_frame_judged_plain_holds_nothing_to_clean(name: str, text: str) -> None:
    """The check on the raw frame that spares the walk never spares a string that needs
    cleaning (msgspec escapes every control character, so they show as a backslash)."""
    line = ChatLine(match="K7QX", seq=1, time=0.0, seat=0, player="p_1", name=name, text=text)
    if plain(encode(line)):
        assert clean(line) is line
    assert not plain(encode(Error(code="illegal_move", message="no\x1b[2J way")))
    assert plain(encode(Error(code="illegal_move", message="花子 is not here")))
