"""Lines broken between words to the terminal's width, counting the columns each
character takes."""

from __future__ import annotations

import re
from collections.abc import Iterator

from hypothesis import given
from hypothesis import strategies as st

from client.common.phrases import inside_phrase
from client.tui.input import rows_above
from client.tui.line_wrap import NO_ROW_END, NO_ROW_START, pad, pad_left, table, text_columns, wrap


def wrapped(line: str, widths: range) -> Iterator[tuple[int, list[str]]]:
    """``line`` wrapped at each of ``widths``, with what every wrap must keep checked
    first: each row within the width, and no character lost or added."""
    for width in widths:
        rows = wrap(line, width)
        assert all(text_columns(row) <= width for row in rows), rows
        assert "".join(rows).replace(" ", "") == line.replace(" ", "")
        yield width, rows


def test_lines_break_at_spaces_and_keep_their_indent() -> None:
    line = "  Best first: c5 0, d5 -4, e2 -6, b5 -8, f4 -10."
    assert wrap(line, 20) == ["  Best first: c5 0,", "  d5 -4, e2 -6,", "  b5 -8, f4 -10."]
    assert wrap("  h, hint     the engine's score", 20, hang=8) == [
        "  h, hint     the", "        engine's", "        score"]
    assert wrap("short", 20) == ["short"]


def test_a_word_of_signs_alone_stays_with_the_word_after_it() -> None:
    """"(+ ahead, - behind)" never leaves "(+" or "-" at a row's end."""
    line = "at the end after that move (+ ahead, - behind), with best play (? for help)"
    for _, rows in wrapped(line, range(20, 60)):
        assert not any(row.endswith(("(+", " -", "(?")) for row in rows), rows
    assert wrap("one two (+ ahead", 10) == ["one two", "(+ ahead"]
    assert wrap("a  b", 2) == ["a", "b"]  # spacing between words is still where to break


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


def test_japanese_breaks_between_characters_by_its_rules() -> None:
    """No spaces to break at: a row ends between two characters, never before 、。） or
    a small kana, never after （, never inside a katakana word, a number or a code."""
    line = "あなたの番です（黒、5:00）。d3 のようなマス（h ヒント、t 待った、? ヘルプ）："
    # a terminal row is 20 columns or more (terminal_width)
    for _, rows in wrapped(line, range(20, 60)):
        for before, after in zip(rows, rows[1:]):
            assert after[0] not in NO_ROW_START and before[-1] not in NO_ROW_END, rows
        assert not any(row.startswith(("プ", "ルプ")) or "5:" in row[-2:] for row in rows)
    assert wrap("コンピューターが考えています…", 16) == ["コンピューターが", "考えています…"]


def test_columns_of_emoji_combining_marks_and_full_width_forms() -> None:
    """What a name may hold after the sanitiser (which drops zero-width joiners)."""
    assert text_columns("❤\ufe0f") == 2  # made wide by the emoji variation selector
    assert text_columns("👍🏽") == 2  # the skin tone joins the thumb
    assert text_columns("e\u0301") == 1  # a combining accent takes no column
    assert text_columns("ｄ３") == 4 and text_columns("ｱｲｳ") == 3  # full and half width
    assert text_columns("花子") == 4


def test_a_table_lines_up_by_columns_on_screen() -> None:
    rows = table([["1", "花子", "5 min"], ["2", "Ken", "3 min"], ["3", "👍🏽Jo", "1 min"]])
    assert {text_columns(row[:row.index("min") - 2]) for row in rows} == {11}
    assert pad("花子", 6) == "花子  " and pad_left("花", 4) == "  花"


def test_a_choices_key_stays_with_its_label() -> None:
    """At 40 columns the Japanese start menu ended a row with "3" and began the next with
    "オセロ 6×6": a letter or digit alone goes with the word after it."""
    menus = ["遊ぶ：1 三目並べ（○×）、2 オセロ 4×4、3 オセロ 6×6、4 オセロ 8×8。"
             "j 対局に参加、w 観戦、q 終了 [4]:",
             "Play: 1 Tic-tac-toe, 2 Othello 4x4, 3 Othello 6x6, 4 Othello 8x8; j join a "
             "match, w watch one, q quit [4]:"]
    for line in menus:
        for _, rows in wrapped(line, range(20, 81)):
            assert not any(re.search(r"(^|\s)[0-9a-z]$", row) for row in rows[:-1]), rows
    assert wrap("遊ぶ：1 三目並べ（○×）、2 オセロ 4×4、3 オセロ 6×6、4", 39) == [
        "遊ぶ：1 三目並べ（○×）、2 オセロ 4×4、", "3 オセロ 6×6、4"]


def test_a_key_after_a_bracket_stays_with_its_label() -> None:
    """At 40 columns the tic-tac-toe prompt ended a row with "0-8（h" and began the next
    with "ヒント": a key just inside a bracket goes with the word after it too."""
    prompts = ["あなたの番です（×）。マスの番号 0-8（h ヒント、? ヘルプ）：",
               "Your move (X), slot 0-8 (h hint, t takeback, ? help):"]
    for line in prompts:
        for _, rows in wrapped(line, range(20, 81)):
            assert not any(re.search(r"[(（][0-9a-z]$", row) for row in rows[:-1]), rows
    assert wrap(prompts[0], 39) == ["あなたの番です（×）。マスの番号 0-8",
                                    "（h ヒント、? ヘルプ）："]


def test_an_even_score_a_sign_and_a_count_stay_with_their_words() -> None:
    """The engine's scores at 40 columns in Japanese read "c4" / "0、f5 0" (an even score
    has no sign), "勝ち越し、-" / "負け越し" (the sign ends the row it opens), "負け" /
    "越し" (a compound broken at its okurigana) and "20" / "手先" (a count without what
    it counts)."""
    scores = ["あなた（黒）にとって良い順：d3 0、c4 0、f5 0、e6 0。",
              "Best first for you (Black): d3 0, c4 0, f5 0, e6 0."]
    note = ("評価：その手のあと二人とも最善を尽くしたとき、最後にあなた（黒）が見込める石差"
            "（+ 勝ち越し、- 負け越し）。20 手先まで読んだ推定。")
    for width in range(20, 61):
        for line in scores:
            rows = wrap(line, width)
            assert not any(re.search(r"[a-h]\d$", row) for row in rows[:-1]), rows
        rows = wrap(note, width)
        assert "".join(rows).replace(" ", "") == note.replace(" ", "")
        assert not any(row.endswith(("-", "+", "20")) for row in rows[:-1]), rows
        assert any("負け越し" in row for row in rows), rows


def test_a_score_stays_with_its_move() -> None:
    """The hint's list at 40 columns ended a row with "f5" and began the next with "+3"."""
    line = "あなた（黒）にとって良い順：c4 +3、f5 +3、d3 +2、e6 +1。"
    assert wrap(line, 39) == ["あなた（黒）にとって良い順：c4 +3、", "f5 +3、d3 +2、e6 +1。"]
    for width in range(20, 60):
        rows = wrap("Best first for you (Black): f5 +3, e6 +3, d3 +2, c4 -12.", width)
        assert not any(re.search(r"[a-h]\d$", row) for row in rows[:-1]), rows


def test_a_tables_last_cell_goes_under_its_row_when_the_row_is_narrow() -> None:
    """A help row at 40 columns: its description, 23 columns in, ran on at the left
    edge under the commands; it goes under its own row instead, whole words a row."""
    line = "  t, takeback, 待った  自分の最後の手を戻す（相手が人なら先に聞きます）"
    assert wrap(line, 39, hang=23) == [
        "  t, takeback, 待った",
        "      自分の最後の手を戻す（相手が",
        "      人なら先に聞きます）"]
    assert wrap("  q, quit, exit     quit (Ctrl-D quits and keeps your seat)", 39, hang=20) == [
        "  q, quit, exit", "      quit (Ctrl-D quits and keeps your", "      seat)"]
    assert wrap("  ?, help           this list", 39, hang=20) == [
        "  ?, help           this list"]  # a row that fits stays as it is


def test_a_long_name_in_a_list_goes_on_under_its_row() -> None:
    """A match to join at 40 columns: the rest of a long name went on at the row's left
    edge, under the list's numbers; it goes under its row as the clock does."""
    row = ["1", "UY6MAK", "オセロ 8×8", "山田 花子さんのとても長い名前", "持ち時間 5分 +3秒"]
    (line,) = table([row])
    assert wrap(line, 39, hang=text_columns(line) - text_columns(row[-1])) == [
        "  1  UY6MAK  オセロ 8×8  山田",
        "      花子さんのとても長い名前",
        "      持ち時間 5分 +3秒"]


def test_japanese_breaks_between_phrases_not_inside_a_word() -> None:
    """At 80 columns the start menu broke "参加" as "参" / "加", and at 40 the friend's
    line "遊べます" as "遊べま" / "す": a row of Japanese ends between phrases (a word
    and the kana after it), and inside one only when it is wider than a row."""
    lines = ["遊ぶ：1 三目並べ（○×）、2 オセロ 4×4、3 オセロ 6×6、4 オセロ 8×8。"
             "j 対局に参加、w 観戦、q 終了 [4]:",
             "友だちはブラウザーで http://127.0.0.1:18765 を開いても遊べます。",
             "評価：二人とも最善を尽くしたときの最後の石差（名前の側から見て）。= は最後まで"
             "読み切った値。エンジンが見分けられないほどの小さな損は悪手としません。"]
    for line in lines:
        for width, rows in wrapped(line, range(20, 81)):
            for before, after in zip(rows, rows[1:]):
                assert not inside_phrase(before[-1], after[0]), (width, rows)
    assert wrap(lines[0], 79)[1].startswith("参加")
    long = "あいうえおかきくけこさしすせそたちつてと"  # one phrase, wider than a row
    assert [text_columns(row) for row in wrap(long, 20)] == [20, 20]


def test_a_count_keeps_its_counter_and_a_row_its_indent() -> None:
    """A list's clock at 24 columns read "持ち時間 5分 +3" / "秒" (a number apart from
    its counter), and at 23 its next row began one space further in than its indent."""
    line = "  UY6MAK  持ち時間 5分 +3秒、観戦 2 人"
    for _, rows in wrapped(line, range(20, 41)):
        assert not any(row.lstrip().startswith(("分", "秒", "人")) for row in rows), rows
        assert all(row.startswith("  ") and row[2] != " " for row in rows), rows
