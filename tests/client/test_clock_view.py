"""Clocks between states: counting down, the low-time warning, and how they read."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from client.common.clock_view import ClockView, format_clock, low_time_threshold
from shared.protocol import ClockState, MatchState


def state(clock: ClockState | None) -> MatchState:
    return MatchState(match="K7QXM2", game="othello", size=4, ply=0, board="." * 16, to_move=0,
                 legal=[], moves=[], status="playing", score=[2, 2], players=[], clock=clock)


@pytest.mark.parametrize(
    ("seconds", "shown"),
    [
        (3723.9, "1:02:03"), (3600.0, "1:00:00"), (3599.99, "59:59"), (300.0, "5:00"),
        (299.999, "4:59"), (61.0, "1:01"), (10.0, "0:10"), (9.99, "9.9"), (9.4, "9.4"),
        (2.3, "2.3"), (0.7, "0.7"), (0.09, "0.0"), (0.0, "0.0"), (-1.5, "0.0"),
    ],
)
def test_format_clock(seconds: float, shown: str) -> None:
    assert format_clock(seconds) == shown


def test_a_match_without_a_clock_has_no_clock_view() -> None:
    assert ClockView.of(state(None), received=5.0) is None


def test_the_running_clock_counts_down_from_when_the_state_arrived() -> None:
    view = ClockView.of(state(ClockState(60.0, 2.0, [42.5, 58.0], running=0)), received=100.0)
    assert view is not None
    assert view.left(0, 100.0) == 42.5
    assert view.left(0, 110.25) == pytest.approx(32.25)
    assert view.text(0, 110.25) == "0:32"
    assert view.left(1, 110.25) == 58.0  # the other clock stands still
    assert view.left(0, 99.0) == 42.5  # a clock read before the state came never counts up
    assert view.left(0, 1000.0) == 0.0 and view.text(0, 1000.0) == "0.0"


def test_no_clock_runs_while_waiting_or_over() -> None:
    view = ClockView.of(state(ClockState(60.0, 0.0, [60.0, 0.0], running=None)), received=0.0)
    assert view is not None
    assert (view.left(0, 500.0), view.left(1, 500.0)) == (60.0, 0.0)
    assert view.next_change(500.0) is None


def test_the_low_time_warning() -> None:
    """The warning scales with the time control: an eighth of it, 10 s to a minute."""
    assert low_time_threshold(60.0) == 10.0  # 1+0: 10 s (a tenth would be 6 s: too late)
    assert low_time_threshold(180.0) == 22.5  # 3+2
    assert low_time_threshold(300.0) == 37.5  # 5+3
    assert low_time_threshold(600.0) == low_time_threshold(3600.0) == 60.0  # at most a minute
    assert low_time_threshold(6.0) == pytest.approx(1.0)  # a tiny clock: a sixth of it
    view = ClockView.of(state(ClockState(300.0, 0.0, [40.0, 37.0], running=0)), received=0.0)
    assert view is not None
    assert not view.low(0, 2.4) and view.low(0, 2.6)
    assert view.low(1, 0.0)


@given(left=st.floats(0.01, 20000.0), elapsed=st.floats(0.0, 100.0))
def test_next_change_is_when_the_text_changes(left: float, elapsed: float) -> None:
    view = ClockView((left, 30.0), 0, received=0.0, initial=20000.0, increment=0.0)
    wait = view.next_change(elapsed)
    if view.text(0, elapsed) == "0.0":
        assert wait is None
        return
    assert wait is not None
    assume(wait > 2e-4)  # not on a boundary already
    before, after = elapsed + wait - 1e-4, elapsed + wait + 1e-4
    assert view.text(0, before) == view.text(0, elapsed)
    assert view.text(0, after) != view.text(0, elapsed)
