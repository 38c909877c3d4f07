"""One function decides a bot's move time: the level's own, the server's cap, the clock."""

from __future__ import annotations

import pytest

from shared.ai.levels import LEVELS
from shared.ai.move_time import UNTIMED_SECONDS, Budget, move_seconds

FIXED_DEPTH = (1, 2, 3, 4)


def test_a_level_thinks_its_own_time_and_a_fixed_depth_the_untimed_one() -> None:
    assert move_seconds(5) == 1.0
    assert UNTIMED_SECONDS == 10.0
    for level in FIXED_DEPTH:
        assert LEVELS[level].seconds is None
        assert move_seconds(level) == UNTIMED_SECONDS


def test_the_servers_cap_bounds_every_level_and_times_a_fixed_depth() -> None:
    assert move_seconds(5, cap=0.05) == 0.05
    assert move_seconds(5, cap=30.0) == 1.0  # a cap never lengthens a level's own time
    for level in FIXED_DEPTH:
        assert move_seconds(level, cap=0.05) == 0.05
        assert move_seconds(level, cap=30.0) == 30.0


def test_a_bots_budget_is_a_share_of_its_clock() -> None:
    budget = Budget(flag_at=130.0, moves_left=10, increment=2.0)
    assert budget.share(100.0) == pytest.approx(30 / 10 + 0.8 * 2)
    assert budget.share(129.0) == pytest.approx(0.5)  # never over half of what is left
    assert budget.share(140.0) == 0.0
    assert Budget(flag_at=130.0, moves_left=0, increment=0.0).share(100.0) == 15.0


def test_the_clock_shortens_a_move_but_never_lengthens_it() -> None:
    budget = Budget(flag_at=130.0, moves_left=10, increment=2.0)  # a share of 4.6 s at 100
    assert move_seconds(5, budget=budget, now=100.0) == 1.0
    assert move_seconds(3, budget=budget, now=100.0) == pytest.approx(4.6)
    assert move_seconds(3, cap=2.0, budget=budget, now=100.0) == 2.0
    assert move_seconds(5, budget=budget, now=129.0) == pytest.approx(0.5)
    assert move_seconds(5, budget=budget, now=140.0) == 0.0


def test_an_unknown_level_has_no_time() -> None:
    with pytest.raises(KeyError):
        move_seconds(6)
