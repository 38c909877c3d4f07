"""The terminal's hint and review agree: both name whose margin a number is, and the
review marks and counts only what the server's rule calls a mistake (issue 26: after
1. c2 b4 on 6x6 the hint said "c5 0 (best), d5 -4", and the review called c5, one disc
from d5 by two estimates at different depths, a mistake)."""

from __future__ import annotations

from client.common.match_view import MatchView
from client.tui.match_text import hint_lines, review_lines
from shared.games import PASS
from shared.protocol import Analysis, PlyReview, Review, ScoredMove
from tests.client.client_support import seat, state_after

C2, B4, C5, D5 = 8, 19, 26, 27


def after_c2_b4(*third: PlyReview) -> MatchView:
    """Othello 6x6 after 1. c2 b4 3. c5, Black ours, with the review of those moves."""
    view = MatchView("K7QX", seat=0)
    view.update(state_after("othello", 6, [C2, B4, C5]))
    view.take_review(Review("K7QX", [PlyReview(0, 0, C2, C2, 0, 0, False, 10),
                                     PlyReview(1, 1, B4, B4, 0, 0, False, 10), *third]))
    return view


def test_the_hint_names_whose_margin_it_is() -> None:
    view = MatchView("K7QX", seat=0)
    view.update(state_after("othello", 6, [C2, B4]))
    view.take_analysis(Analysis("K7QX", 2, [ScoredMove(C5, 0, False, 10),
                                            ScoredMove(D5, -4, False, 10)]))
    lines = hint_lines(view)
    assert "Best first for you (Black): c5 0, d5 -4." in lines
    assert any(line.startswith("Scores: the disc margin you (Black) can expect") for line in lines)


def test_a_board_of_scores_too_wide_for_the_terminal_is_left_to_the_list() -> None:
    """8x8's board of scores is 42 columns: a 40-column terminal broke each of its rows
    in two; there the list, best first, says it alone."""
    view = MatchView("K7QX", seat=0)
    view.update(state_after("othello", 8, []))
    view.take_analysis(Analysis("K7QX", 0, [ScoredMove(m, 2, False, 18)
                                            for m in (19, 26, 37, 44)]))
    wide, narrow = hint_lines(view, 80), hint_lines(view, 39)
    board = wide[0].split("\n")
    assert len(board) == 9 and max(map(len, board)) == 42
    assert narrow == wide[1:]
    assert "Best first for you (Black): d3 +2, c4 +2, f5 +2, e6 +2." in narrow
    assert hint_lines(view) == wide  # a pipe takes the lines as they are


def test_a_disc_between_two_estimates_is_not_called_a_mistake() -> None:
    view = after_c2_b4(PlyReview(2, 0, C5, D5, 5, 1, False, 10, mistake=0))
    lines = review_lines(view)
    assert "     3  Black  c5      d5 (Black +5)              1" in lines  # no mark
    assert "You (Black): no mistakes." in lines
    assert view.review_text(2) == "Move 3, Black c5: 1 disc worse than d5 (Black +5)."


def test_a_forced_pass_keeps_its_row_so_the_numbers_run_on() -> None:
    played = [1, 0, 11, 2, 4, 8]  # Othello 4x4: then Black has no move and passes
    view = MatchView("K7QX", seat=0)
    view.update(state_after("othello", 4, [*played, PASS]))
    view.take_review(Review("K7QX", [PlyReview(i, seat(i % 2), m, m, 0, 0, True, 0)
                                     for i, m in enumerate(played)]))
    rows = [line.split() for line in review_lines(view) if line.startswith("  ")][1:]
    assert [row[0] for row in rows] == ["1", "2", "3", "4", "5", "6", "7"]
    assert rows[-1] == ["7", "Black", "pass"]
    narrow = [line.split() for line in review_lines(view, 30) if line.startswith("  ")]
    assert narrow[-1] == ["7", "pass", "Black", "passed"]  # no side column: the row says


def test_the_servers_verdict_marks_and_counts_mistakes() -> None:
    for mistake, mark, count in ((1, "?", "1 mistake"), (2, "??", "1 mistake (1 big)")):
        view = after_c2_b4(PlyReview(2, 0, C5, D5, 5, 9, False, 10, mistake=mistake))
        lines = review_lines(view)
        assert f"     3  Black  c5      d5 (Black +5)              9  {mark}" in lines
        assert f"You (Black): {count}, 9 discs given away in them." in lines
        assert "The bot (White): no mistakes." in lines
        big = "a big mistake" if mistake == 2 else "a mistake"
        assert view.review_text(2) == (
            f"Move 3, Black c5: 9 discs worse than d5 (Black +5): {big} ({mark}).")


def test_a_review_too_wide_for_the_terminal_is_drawn_narrow() -> None:
    """The table is 55 columns: in a 40-column terminal each mistake's loss and mark ran
    on to a row of its own, under the move numbers ("    16  ??" read as a move 16).
    Narrow, the side goes (the best move's margin names it) and the columns close up."""
    view = after_c2_b4(PlyReview(2, 0, C5, D5, 17, 16, True, 10, mistake=2))
    lines = review_lines(view, 39)
    assert lines[1:5] == ["  Move Played Best            Lost",
                          "     1 c2     c2 (Black 0)",
                          "     2 b4     b4 (White 0)",
                          "     3 c5     d5 (Black +17=)   16 ??"]
    assert lines[5:] == review_lines(view)[5:]  # the notes and the counts as they were
    assert review_lines(view, 80) == review_lines(view)  # room enough: every column
