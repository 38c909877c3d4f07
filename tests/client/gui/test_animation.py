"""Disc animation: what each square looks like between two boards, as time passes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from client.gui.animation import (
    FLIP_SECONDS,
    GROW_SHARE,
    TURN_SHARE,
    BoardAnimation,
    Look,
)

EMPTY_ROWS = "." * 56
# Black plays a1 and turns over b1-f1, nearest first.
BEFORE = ".OOOOOX." + EMPTY_ROWS
AFTER = "XXXXXXX." + EMPTY_ROWS


def test_a_still_board_is_drawn_as_it_is() -> None:
    anim = BoardAnimation.still(AFTER)
    assert anim.looks(0.0) == [Look(ch) for ch in AFTER]
    assert not anim.running(0.0)


def test_the_new_disc_grows_in() -> None:
    anim = BoardAnimation(BEFORE, AFTER, start=10.0)
    grown = 10.0 + FLIP_SECONDS * GROW_SHARE
    assert anim.look(0, 10.0) == Look("X", size=0.0)
    growing = anim.look(0, (10.0 + grown) / 2)
    assert growing.face == "X" and growing.size == pytest.approx(0.5)
    assert anim.look(0, grown) == Look("X")
    assert anim.look(6, 10.05) == Look("X")  # the disc that closed the line stays put


def test_discs_turn_over_nearest_first() -> None:
    anim = BoardAnimation(BEFORE, AFTER, start=10.0)
    turn = FLIP_SECONDS * TURN_SHARE
    assert [anim.look(i, 10.0) for i in range(1, 6)] == [Look("O")] * 5
    # the nearest is edge-on half-way through its turn, the farthest has not started
    half = 10.0 + turn / 2
    assert anim.look(1, half).width == pytest.approx(0.0, abs=1e-9)
    assert anim.look(5, half) == Look("O")
    # a moment later the nearest shows its new face while the farthest is still white
    later = half + 0.01
    assert anim.look(1, later).face == "X" and anim.look(5, later).face == "O"
    widths = [anim.look(i, 10.0 + FLIP_SECONDS * 0.7).width for i in range(1, 6)]
    faces = [anim.look(i, 10.0 + FLIP_SECONDS * 0.7).face for i in range(1, 6)]
    assert faces == sorted(faces, reverse=True)  # X (turned) before O (still turning)
    assert all(0.0 <= w <= 1.0 for w in widths)


def test_everything_lies_flat_after_a_quarter_second() -> None:
    anim = BoardAnimation(BEFORE, AFTER, start=10.0)
    assert FLIP_SECONDS == pytest.approx(0.25)
    assert anim.running(10.0) and anim.running(10.0 + FLIP_SECONDS - 1e-3)
    end = 10.0 + FLIP_SECONDS
    assert not anim.running(end)
    assert anim.looks(end) == BoardAnimation.still(AFTER).looks(end)


def test_a_takeback_shrinks_discs_away_and_turns_the_rest_back_together() -> None:
    anim = BoardAnimation(AFTER, BEFORE, start=0.0)
    shrinking = anim.look(0, FLIP_SECONDS * GROW_SHARE / 2)
    assert shrinking.face == "X" and shrinking.size == pytest.approx(0.5)
    assert anim.look(0, FLIP_SECONDS * GROW_SHARE) == Look(".")
    mid = FLIP_SECONDS * TURN_SHARE / 4
    assert len({anim.look(i, mid) for i in range(1, 6)}) == 1  # no single new disc: no wave


def test_a_newer_board_cuts_the_running_animation_short() -> None:
    first = BoardAnimation.still(BEFORE).then(AFTER, now=5.0)
    assert (first.before, first.after, first.start) == (BEFORE, AFTER, 5.0)
    third = "XXXXXXXO" + EMPTY_ROWS
    second = first.then(third, now=5.1)  # the bot answered mid-animation
    assert (second.before, second.after, second.start) == (AFTER, third, 5.1)
    assert second.then(third, now=9.0) is second  # the same board again changes nothing
    assert second.then("." * 16, now=5.2) == BoardAnimation.still("." * 16)  # a new match


def one_move_before(after: str, data: st.DataObject) -> str:
    """A board one disc short of ``after``, with some of its other discs the other colour:
    what a move looks like, so the wave outward from the new disc is exercised."""
    discs = [i for i, ch in enumerate(after) if ch != "."]
    if not discs:
        return after
    placed = data.draw(st.sampled_from(discs))
    turned = data.draw(st.sets(st.sampled_from(discs)))
    return "".join("." if i == placed else {"X": "O", "O": "X"}[ch] if i in turned else ch
                   for i, ch in enumerate(after))


sizes = st.integers(1, 4).map(lambda n: (2 * n) ** 2)
any_board = sizes.flatmap(lambda cells: st.text(".XO", min_size=cells, max_size=cells))


@st.composite
def boards(draw: st.DrawFn) -> tuple[str, str]:
    after = draw(any_board)
    if draw(st.booleans()):
        return one_move_before(after, draw(st.data())), after
    return draw(st.text(".XO", min_size=len(after), max_size=len(after))), after


@given(pair=boards(), start=st.floats(0, 1e6), elapsed=st.floats(-1.0, 1.0))
def test_every_look_is_between_the_boards_and_settles_in_time(
    pair: tuple[str, str], start: float, elapsed: float
) -> None:
    before, after = pair
    anim = BoardAnimation(before, after, start)
    for i, look in enumerate(anim.looks(start + elapsed)):
        assert look.face in (before[i], after[i], ".")
        assert 0.0 <= look.width <= 1.0 and 0.0 <= look.size <= 1.0
    settled = start + FLIP_SECONDS + 1e-6  # (start + d) - start may fall short of d
    assert anim.looks(settled) == [Look(ch) for ch in after]
