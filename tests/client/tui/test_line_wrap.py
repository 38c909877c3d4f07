"""Lines broken between words to the terminal's width, counting the columns each
character takes."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from client.tui.input import rows_above
from client.tui.line_wrap import text_columns, wrap


def test_lines_break_at_spaces_and_keep_their_indent() -> None:
    line = "  Best first: c5 0, d5 -4, e2 -6, b5 -8, f4 -10."
    assert wrap(line, 20) == ["  Best first: c5 0,", "  d5 -4, e2 -6, b5", "  -8, f4 -10."]
    assert wrap("  h, hint     the engine's score", 20, hang=8) == [
        "  h, hint     the", "        engine's", "        score"]
    assert wrap("short", 20) == ["short"]


def test_wide_characters_count_twice_and_an_overlong_word_is_cut() -> None:
    assert text_columns("花子 played") == 11
    assert wrap("花子花子花子 ok", 8) == ["花子花子", "花子 ok"]
    assert wrap("ws://192.168.100.200:8765/", 10) == ["ws://192.1", "68.100.200", ":8765/"]


@given(st.lists(st.text(alphabet="ab 花", min_size=1, max_size=12), max_size=12),
       st.integers(min_value=4, max_value=40))
def test_no_row_is_wider_than_asked_and_no_word_is_lost(words: list[str], width: int) -> None:
    line = " ".join(words)
    rows = wrap(line, width)
    assert all(text_columns(row) <= width for row in rows)
    assert "".join(rows).replace(" ", "") == line.replace(" ", "")


def test_the_rows_a_prompt_takes_on_the_screen() -> None:
    assert rows_above("Play: 1 a, 2 b", 80) == 0
    assert rows_above("x" * 80, 80) == 0  # the cursor waits at the row's end
    assert rows_above("x" * 81, 80) == 1
    assert rows_above("first line\nsecond: typed", 80) == 1
    assert rows_above("x" * 160 + "\nq quit [2]: ", 80) == 2
