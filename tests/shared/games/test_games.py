"""The games registry, new_game and its bad inputs, and the text formats both ways."""

from __future__ import annotations

import dataclasses
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.games import (
    DEFAULT_GAME,
    GAMES,
    PASS,
    IllegalMoveError,
    State,
    catalogue,
    get_game,
    new_game,
    replay,
)
from shared.games.othello import (
    OthelloState,
    format_record,
    parse_record,
    parse_square,
    square_name,
)
from shared.games.tictactoe import TicTacToeState
from shared.words import get_words, reason_key

OTHELLO_8_START = "........" * 3 + "...OX..." + "...XO..." + "........" * 3

# ---- the registry and new_game ---------------------------------------------------------


def test_the_registry_names_each_game_with_its_sizes() -> None:
    assert {name: (info.sizes, info.default_size) for name, info in GAMES.items()} == {
        "tictactoe": ((3,), 3),
        "othello": ((4, 6, 8), 8),
    }
    assert (get_game("tictactoe").reasons, get_game("othello").reasons) == (("line",), ("discs",))


@pytest.mark.parametrize(("change", "refusal"), [
    ({"name": "Tic Tac"}, "a game's name is lowercase letters and digits, not 'Tic Tac'"),
    ({"reasons": ()}, "its rule reasons are lowercase words, got ()"),
    ({"reasons": ("line", "resign")}, "resign is the server's reason"),
    ({"default_size": 5}, "the default size 5 is not one of (3,)"),
])
def test_an_entry_that_would_mislead_the_server_is_refused(change: dict[str, object],
                                                            refusal: str) -> None:
    with pytest.raises(ValueError, match=re.escape(refusal)):
        dataclasses.replace(get_game("tictactoe"), **change)  # type: ignore[arg-type]


# ---- the catalogue: what clients show of each game --------------------------------------


def test_the_catalogue_lists_every_game_on_every_size_with_its_names() -> None:
    assert [(info.name, size) for info, size in catalogue()] == [
        ("tictactoe", 3), ("othello", 4), ("othello", 6), ("othello", 8)]
    assert DEFAULT_GAME in GAMES
    ttt, othello = get_game("tictactoe"), get_game("othello")
    assert (ttt.look.piece, othello.look.piece) == ("marks", "discs")
    assert (ttt.coordinates, ttt.scored, othello.coordinates, othello.scored) == (
        False, False, True, True)


@pytest.mark.parametrize(("name", "size"), [(info.name, size) for info, size in catalogue()])
def test_every_square_reads_back_from_its_name(name: str, size: int) -> None:
    game = get_game(name)
    names = [game.move_name(square, size) for square in range(size * size)]
    assert len(set(names)) == size * size
    assert [game.read_move(f" {name} ", size) for name in names] == list(range(size * size))
    assert game.move_name(PASS, size) == "pass"
    words = get_words("en")
    for square in range(size * size):  # the same square in a sentence
        assert names[square] in words(f"{name}-square", square=names[square])


@pytest.mark.parametrize(("name", "size", "typed", "sentence"), [
    ("tictactoe", 3, "hello", "'hello' is not a slot number: type a number from 0 to 8."),
    ("tictactoe", 3, "9", "9 is off the board: the slots are numbered 0 to 8."),
    ("tictactoe", 3, "-1", "-1 is off the board: the slots are numbered 0 to 8."),
    ("othello", 4, "e1", "'e1' is not a square: type a column letter and a row number, "
                         "like d3 (a1 to d4)."),
    ("othello", 8, "z9", "'z9' is not a square: type a column letter and a row number, "
                         "like d3 (a1 to h8)."),
])
def test_a_mistyped_move_gets_a_sentence(name: str, size: int, typed: str,
                                         sentence: str) -> None:
    with pytest.raises(ValueError) as caught:
        get_game(name).read_move(typed, size)
    assert str(caught.value) == sentence


def test_the_end_in_words_and_a_typed_pass() -> None:
    """Each rule reason is worded by its game's entry (`<game>-end-<reason>`)."""
    en = get_words("en")
    line, discs = reason_key("tictactoe", "line"), reason_key("othello", "discs")
    assert en(line, winner="side", side="O") == "O has three in a row."
    assert en(line, winner="none", side="X") \
        == "The board is full and nobody has three in a row."
    assert en(discs, side0="Black", score0=35, side1="White", score1=29) \
        == "Black 35, White 29 discs."
    assert reason_key("othello", "resign") == "match-reason"
    assert get_game("othello").read_move("pass", 8) == PASS
    assert (en("tictactoe-square", square="4"), en("othello-square", square="d3")) == (
        "Slot 4", "d3")
    assert (en("tictactoe-illegal-why"), en("othello-illegal-why")) == (
        "is taken", "flips nothing")


@pytest.mark.parametrize("name", ["chess", "Othello", "", None, ["othello"], 8])
def test_unknown_games_are_refused_naming_the_known_ones(name: object) -> None:
    with pytest.raises(ValueError, match=r"unknown game .*; known games: tictactoe, othello"):
        new_game(name)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "size", "state_type", "default_size"),
    [("tictactoe", None, TicTacToeState, 3), ("othello", None, OthelloState, 8)]
    + [("othello", size, OthelloState, size) for size in (4, 6, 8)],
)
def test_new_game_starts_each_game_on_each_size(
    name: str, size: int | None, state_type: type, default_size: int
) -> None:
    state = new_game(name, size=size)
    assert isinstance(state, state_type)
    assert state.game == name and state.size == default_size
    assert state.to_move == 0 and not state.is_over and state.outcome() is None
    assert len(state.board) == default_size**2


@pytest.mark.parametrize(
    ("name", "size"),
    [("othello", 5), ("othello", 10), ("othello", 0), ("othello", -8), ("othello", 3),
     ("othello", True), ("othello", "8"), ("othello", 8.0), ("tictactoe", 4),
     ("tictactoe", True), ("tictactoe", "3")],
)
def test_bad_sizes_are_refused(name: str, size: object) -> None:
    with pytest.raises(ValueError, match=rf"is played on size .*, not {size!r}"):
        new_game(name, size=size)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "size", "board", "message"),
    [
        ("othello", 8, OTHELLO_8_START[:-1], "the 8x8 board has 64 squares, got 63 characters"),
        ("othello", 6, OTHELLO_8_START, "the 6x6 board has 36 squares, got 64 characters"),
        ("othello", 4, "", "the 4x4 board has 16 squares, got 0"),
        ("tictactoe", 3, "X" * 10, "the 3x3 board has 9 squares, got 10"),
        ("othello", 8, OTHELLO_8_START.replace("X", "x"), "only '.', 'X' and 'O', got 'x'"),
        ("othello", 4, ".....O0..XO.....", "got '0'"),
        ("tictactoe", 3, "X-O .....", "got ' -'"),
        ("othello", 4, list(".....OX..XO....."), "a board is a string, got list"),
        ("othello", 4, ".....OX...O.....", "the four centre squares are never empty"),
        ("othello", 8, "." * 64, "the four centre squares are never empty"),
    ],
)
def test_bad_boards_are_refused(name: str, size: int, board: object, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        new_game(name, size=size, board=board)  # type: ignore[arg-type]


@pytest.mark.parametrize("to_move", [2, -1, "0", "X", 1.0, True, False])
def test_bad_sides_to_move_are_refused(to_move: object) -> None:
    with pytest.raises(ValueError, match=r"the side to move is seat 0 or 1, got"):
        new_game("othello", size=4, board=".....OX..XO.....", to_move=to_move)  # type: ignore[arg-type]


def test_a_position_takes_the_side_to_move() -> None:
    board = ".....OX..XO....."
    assert new_game("othello", size=4, board=board).to_move == 0
    white = new_game("othello", size=4, board=board, to_move=1)
    assert white.to_move == 1 and white.legal_moves() == [2, 7, 8, 13]
    assert new_game("tictactoe", board="X........").to_move == 1  # implied by the marks


def test_the_side_to_move_needs_a_board() -> None:
    with pytest.raises(ValueError, match="only together with a board"):
        new_game("othello", to_move=1)


# ---- value objects -----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["tictactoe", "othello"])
def test_states_are_immutable_hashable_values(name: str) -> None:
    start = new_game(name)
    move = start.legal_moves()[0]
    assert start.play(move) == new_game(name).play(move)
    assert len({start.play(move), new_game(name).play(move), start}) == 2
    assert start == new_game(name)  # playing left the start as it was
    with pytest.raises(dataclasses.FrozenInstanceError):
        start.to_move = 1  # type: ignore[misc]


# ---- positions as text ------------------------------------------------------------------


def _random_positions(name: str, size: int, seed: int) -> list[State]:
    """Every position of one random game, the finished one included."""
    rng = random.Random(seed)
    states = [new_game(name, size=size)]
    while not states[-1].is_over:
        states.append(states[-1].play(rng.choice(states[-1].legal_moves())))
    return states


@pytest.mark.parametrize(("name", "size"), [("tictactoe", 3), ("othello", 4), ("othello", 6),
                                            ("othello", 8)])
@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_positions_round_trip_through_text(name: str, size: int, seed: int) -> None:
    state_type: Any = type(new_game(name, size=size))  # the game's class: from_text is its own
    for state in _random_positions(name, size, seed):
        text = state.to_text()
        assert text == f"{state.board} {'XO'[state.to_move]}"
        again = state_type.from_text(text)
        assert again == state and again.to_text() == text
        assert new_game(name, size=size, board=state.board, to_move=state.to_move) == state


def test_position_text_examples() -> None:
    assert new_game("othello").to_text() == OTHELLO_8_START + " X"
    state = OthelloState.from_text(".....OX..XO..... O")
    assert (state.size, state.to_move) == (4, 1)
    assert TicTacToeState.from_text("X........ O").legal_moves() == list(range(1, 9))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "a position is '<board> <X|O>'"),
        (".....OX..XO.....", "a position is '<board> <X|O>'"),
        (".....OX..XO..... x", "a position is '<board> <X|O>'"),
        (".....OX..XO..... X O", "a position is '<board> <X|O>'"),
        (".....OX..XO.... X", "16, 36 or 64 squares (4x4, 6x6 or 8x8), got '.....OX"),
        ("................ X", "centre squares are never empty"),
    ],
)
def test_bad_position_texts_are_refused(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        OthelloState.from_text(text)


def test_bad_tictactoe_text_is_refused() -> None:
    with pytest.raises(ValueError, match="it is O's turn, not X's"):
        TicTacToeState.from_text("X........ X")


# ---- Othello move records ----------------------------------------------------------------


def test_square_names_are_columns_a_to_h_and_rows_from_the_top() -> None:
    assert [square_name(sq, 8) for sq in (0, 7, 19, 56, 63)] == ["a1", "h1", "d3", "a8", "h8"]
    assert [square_name(sq, 4) for sq in (0, 3, 12, 15)] == ["a1", "d1", "a4", "d4"]
    assert square_name(PASS, 6) == "pa"
    for size in (4, 6, 8):
        for sq in range(size * size):
            assert parse_square(square_name(sq, size), size) == sq
    assert parse_square(" D3 ", 8) == 19 and parse_square("PASS", 8) == PASS


@pytest.mark.parametrize(
    ("text", "size"),
    [("i1", 8), ("a9", 8), ("a0", 8), ("e1", 4), ("a5", 4), ("g6", 6), ("zz", 8), ("", 8),
     ("d", 8), ("d33", 8), (19, 8), (None, 8)],
)
def test_bad_squares_are_refused(text: object, size: int) -> None:
    with pytest.raises(ValueError, match=r"'d3' or 'pa'|is not a square of the"):
        parse_square(text, size)  # type: ignore[arg-type]


@pytest.mark.parametrize("square", [64, -2, 100, True, "d3"])
def test_names_of_squares_off_the_board_are_refused(square: object) -> None:
    with pytest.raises(ValueError, match="is not a square of the 8x8 board"):
        square_name(square, 8)  # type: ignore[arg-type]


def test_the_shortest_game_replays_from_its_record() -> None:
    """Maruo's nine-move game: Black wipes White out, 13-0."""
    record = "e6f4e3f6g5d6e7f5c5"
    moves = parse_record(record)
    assert moves[:2] == [44, 29]
    assert format_record(moves) == record
    states = replay(new_game("othello"), moves)
    assert len(states) == 10 and states[0] == new_game("othello")
    outcome = states[-1].outcome()
    assert outcome is not None and (outcome.winner, outcome.score) == (0, (13, 0))


def _move_between(before: State, after: State) -> int:
    """The one move that leads from ``before`` to ``after``."""
    (move,) = [m for m in before.legal_moves() if before.play(m) == after]
    return move


def test_records_round_trip_with_passes() -> None:
    passes = 0
    for seed in range(12):
        states = _random_positions("othello", 4, seed)
        moves = [_move_between(a, b) for a, b in zip(states, states[1:])]
        record = format_record(moves, 4)
        assert len(record) == 2 * len(moves) and record.count("pa") == moves.count(PASS)
        assert parse_record(record, 4) == moves
        spaced = " ".join(record[i : i + 2] for i in range(0, len(record), 2))
        assert parse_record(spaced, 4) == moves
        assert replay(states[0], parse_record(record.upper(), 4)) == states
        passes += moves.count(PASS)
    assert passes > 0  # the seeds include games with passes


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ("f5d", "a move record is pairs like 'f5' or 'pa'"),
        ("f5 d", "a move record is pairs like 'f5' or 'pa'"),
        ("f5i9", "'i9' is not a square of the 8x8 board"),
        ("f5xx", "'xx' is not a square of the 8x8 board"),
        (["f5"], "a move record is a string"),
        (None, "a move record is a string"),
    ],
)
def test_bad_records_are_refused(record: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_record(record)  # type: ignore[arg-type]


def test_records_of_squares_off_the_board_are_refused() -> None:
    with pytest.raises(ValueError, match="is not a square of the 4x4 board"):
        format_record([5, 16], 4)


def test_replay_checks_every_move() -> None:
    with pytest.raises(IllegalMoveError, match=r"a1 \(0\) is not a legal move for O"):
        replay(new_game("othello"), parse_record("f5a1"))
    with pytest.raises(IllegalMoveError, match="O may pass only with no legal move"):
        replay(new_game("othello"), parse_record("f5pa"))
