"""The look (shared.games.look): a word outside the vocabulary, a star off the grid or
a line off the board is refused when the look is made; winning lines are found on any
size; the page's JSON form says all the look says."""

from __future__ import annotations

import json

import pytest

from shared.games import GAMES, catalogue, get_game
from shared.games.look import COLUMNS, Look
from tests.games.blocks import GAME as BLOCKS


@pytest.mark.parametrize(("field", "value"), [
    ("ground", "wood"), ("piece", "stones"), ("labels", "letters"), ("move", "capture")])
def test_a_word_outside_the_vocabulary_is_refused(field: str, value: str) -> None:
    words = {"ground": "paper", "piece": "marks", "labels": "slots", "move": "fill"}
    with pytest.raises(ValueError, match=f"a look's {field} is one of .*not '{value}'"):
        Look(**{**words, field: value})  # type: ignore[arg-type]


def test_stars_and_lines_off_the_board_are_refused() -> None:
    with pytest.raises(ValueError, match=r"star point \(5, 0\) is off a 4x4 grid"):
        Look("felt", "discs", "coordinates", stars={4: ((2, 2), (5, 0))})
    with pytest.raises(ValueError, match="a line is two or more squares of a 3x3 board"):
        Look("paper", "marks", "slots", lines={3: ((0, 1, 9),)})
    with pytest.raises(ValueError, match="a line is two or more squares"):
        Look("paper", "marks", "slots", lines={3: ((4,),)})
    Look("felt", "discs", "coordinates", stars={4: ((0, 0), (4, 4))})  # corners are on it


def test_the_winning_line_is_the_first_one_side_holds() -> None:
    ttt = get_game("tictactoe").look
    assert ttt.winning_line("XXX" "OO." "...", 3) == (0, 1, 2)
    assert ttt.winning_line("O.X" ".XO" "X..", 3) == (2, 4, 6)
    assert ttt.winning_line("XOX" "XOO" "OXX", 3) is None
    assert ttt.winning_line("..." "..." "...", 3) is None  # empty runs are not lines
    assert ttt.winning_line("X" * 16, 4) is None  # no lines on a size it has none for
    blocks = Look("paper", "marks", "slots", lines={4: ((0, 1, 4, 5), (10, 11, 14, 15))})
    assert blocks.winning_line("...." "...." "..OO" "..OO", 4) == (10, 11, 14, 15)
    assert get_game("othello").look.winning_line("X" * 64, 8) is None


def test_the_pages_form_says_all_the_look_says() -> None:
    for info in GAMES.values():
        data = json.loads(json.dumps(info.look.data()))
        look = info.look
        assert (data["ground"], data["piece"], data["labels"], data["move"]) == (
            look.ground, look.piece, look.labels, look.move)
        assert {int(size): [tuple(p) for p in points] for size, points in data["stars"].items()
                } == {size: list(points) for size, points in look.stars.items()}
        assert {int(size): [tuple(run) for run in runs] for size, runs in data["lines"].items()
                } == {size: list(runs) for size, runs in look.lines.items()}


def test_the_built_in_games_look_as_they_always_have() -> None:
    ttt, othello = get_game("tictactoe").look, get_game("othello").look
    assert (ttt.ground, ttt.piece, ttt.labels, ttt.move) == ("paper", "marks", "slots", "fill")
    assert len(ttt.lines[3]) == 8 and ttt.stars_on(3) == ()
    assert (othello.ground, othello.piece, othello.labels, othello.move) == (
        "felt", "discs", "coordinates", "turn-bracketed")
    assert othello.stars_on(8) == ((2, 2), (2, 6), (6, 2), (6, 6)) and othello.stars_on(6) == ()
    assert othello.lines == {}


def test_every_game_names_its_squares_as_its_labels_show_them() -> None:
    """The window and the terminal draw slot numbers and coordinates from the look alone
    (str(square), COLUMNS and row numbers): a game's own names must be those (the
    extra game of the tests' too)."""
    for info, size in [*catalogue(), *((BLOCKS, size) for size in BLOCKS.sizes)]:
        names = [info.name_square(square, size) for square in range(size * size)]
        if info.look.labels == "slots":
            assert names == [str(square) for square in range(size * size)], info.name
        else:
            assert names == [f"{COLUMNS[col]}{row + 1}" for row in range(size)
                             for col in range(size)], info.name
