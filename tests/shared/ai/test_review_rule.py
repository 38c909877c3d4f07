"""The review's one rule for a mistake: exact losses count beyond a floor, estimated ones
only beyond twice the evaluation's error (NOISE_FACTOR), thrown-away results always; and
the review the server sends carries the verdict (issue 26: a one-disc difference between
two estimates at different depths was called a mistake)."""

from __future__ import annotations

import pytest

from server.shell.analysis import review
from shared.ai.review_rule import (
    BIG_MISTAKE,
    MISTAKE,
    NOISE_FACTOR,
    NOT_A_MISTAKE,
    estimate_error,
    judge,
    mistake_bar,
)
from shared.games import new_game
from shared.games.othello import parse_square


def othello(best: int, played: int, exact: bool, leaf_empties: int = 30,
            size: int = 8) -> int:
    return judge(scored=True, size=size, best=best, played=played, exact=exact,
                 leaf_empties=leaf_empties)


def test_a_move_as_good_as_the_best_is_never_a_mistake() -> None:
    assert othello(10, 10, exact=True) == NOT_A_MISTAKE
    assert othello(-4, -4, exact=False) == NOT_A_MISTAKE
    assert judge(scored=False, size=3, best=0, played=0, exact=True,
                 leaf_empties=0) == NOT_A_MISTAKE


def test_exact_losses_count_beyond_half_the_side_and_twice_that_is_big() -> None:
    assert othello(20, 16, exact=True) == NOT_A_MISTAKE  # 4 discs on 8x8: the floor
    assert othello(20, 15, exact=True) == MISTAKE
    assert othello(20, 4, exact=True) == BIG_MISTAKE
    assert othello(10, 7, exact=True, size=6) == NOT_A_MISTAKE  # the floor is 3 on 6x6
    assert othello(10, 6, exact=True, size=6) == MISTAKE


def test_a_result_thrown_away_always_counts_when_it_is_exact() -> None:
    assert othello(2, 0, exact=True) == MISTAKE  # a win drawn
    assert othello(1, -1, exact=True) == BIG_MISTAKE  # a win lost
    assert othello(0, -2, exact=True) == BIG_MISTAKE  # a draw lost
    assert othello(-2, -4, exact=True) == NOT_A_MISTAKE  # lost either way, by 2 more


def test_estimates_count_only_beyond_twice_the_evaluations_error() -> None:
    noise = NOISE_FACTOR * estimate_error(8, 30)
    assert mistake_bar(8, exact=False, leaf_empties=30) == noise
    just_under = int(noise)  # a loss no larger than the bar is noise
    assert othello(20, 20 - just_under, exact=False) == NOT_A_MISTAKE
    assert othello(20, 20 - just_under, exact=True) == BIG_MISTAKE  # the same loss, solved
    assert othello(20, 20 - just_under - 1, exact=False) == MISTAKE
    assert othello(20, 20 - int(2 * noise) - 1, exact=False) == BIG_MISTAKE
    assert othello(1, -1, exact=False) == NOT_A_MISTAKE  # the sign of an estimate is unsure
    assert othello(20, 20 - int(estimate_error(8, 30)) - 1, exact=False) == NOT_A_MISTAKE


def test_the_error_follows_the_phase_the_search_reached() -> None:
    near_the_end, opening = estimate_error(8, 2), estimate_error(8, 40)
    assert 0 < near_the_end < opening  # leaves near the end are judged more finely
    assert estimate_error(4, 10) == 2.0  # no learned weights on 4x4: half its side


@pytest.mark.parametrize(("best", "played", "expected"), [
    (1, 0, MISTAKE),  # a win let go to a draw
    (1, -1, BIG_MISTAKE),  # a win let go to a loss
    (0, -1, BIG_MISTAKE),  # a draw let go to a loss
])
def test_tictactoe_judges_results(best: int, played: int, expected: int) -> None:
    assert judge(scored=False, size=3, best=best, played=played, exact=True,
                 leaf_empties=0) == expected


def test_the_review_does_not_call_a_near_equal_estimate_a_mistake() -> None:
    """Issue 26's game: 6x6, 1. c2 b4, then c5, which the hint had called best at 0 and
    a 0.2 s review estimated one disc worse than d5."""
    start = new_game("othello", 6)
    moves = [parse_square(name, 6) for name in ("c2", "b4", "c5")]
    plies = review("othello", 6, start.board, start.to_move, moves, 0.2)
    third = plies[2]
    assert not third.exact
    assert third.mistake == NOT_A_MISTAKE
    assert all(entry.mistake == NOT_A_MISTAKE for entry in plies if entry.loss == 0)
