"""The bot API: legal moves at every level and size, seeds, passes, bad input."""

from __future__ import annotations

import random

import pytest

from shared.ai import BOT_NAMES, analyse, choose_move
from shared.games import PASS, State, new_game
from shared.games.othello import OthelloState

GAMES = [("tictactoe", 3), ("othello", 4), ("othello", 6), ("othello", 8)]


def random_positions(game: str, size: int, count: int, seed: int) -> list[State]:
    """Positions from random playouts, every few plies, none of them finished."""
    rng = random.Random(seed)
    out: list[State] = []
    while len(out) < count:
        state = new_game(game, size=size)
        while not state.is_over and len(out) < count:
            if rng.random() < 0.3:
                out.append(state)
            state = state.play(rng.choice(state.legal_moves()))
    return out


def forced_pass() -> OthelloState:
    """A position (found by random playouts) where the side to move must pass."""
    rng = random.Random(0)
    while True:
        state = new_game("othello", size=6)
        while not state.is_over:
            if state.legal_moves() == [PASS]:
                assert isinstance(state, OthelloState)
                return state
            state = state.play(rng.choice(state.legal_moves()))


def test_levels_names() -> None:
    assert BOT_NAMES == {1: "random", 2: "greedy", 3: "minimax", 4: "alphabeta", 5: "expert"}


@pytest.mark.parametrize("game, size", GAMES)
def test_every_level_plays_legal_moves(game: str, size: int) -> None:
    for i, state in enumerate(random_positions(game, size, 8, seed=size)):
        for level in BOT_NAMES:
            seconds = 0.05 if level == 5 else None
            move = choose_move(state, level, seconds=seconds, seed=i)
            assert move in state.legal_moves(), (level, state.to_text(), move)


@pytest.mark.parametrize("level", sorted(BOT_NAMES))
def test_pass_when_it_is_the_only_move(level: int) -> None:
    assert choose_move(forced_pass(), level) == PASS


def test_seeded_choices_repeat() -> None:
    for game, size in GAMES:
        for state in random_positions(game, size, 3, seed=1):
            for level in (1, 2, 3, 4):
                picks = {choose_move(state, level, seed=42) for _ in range(3)}
                assert len(picks) == 1, (level, state.to_text())
    # the expert is reproducible when its search is complete (an exact 4x4 solve)
    start = new_game("othello", size=4)
    assert len({choose_move(start, 5, seconds=30, seed=s) for s in range(12)}) > 1
    assert len({choose_move(start, 5, seconds=30, seed=5) for _ in range(3)}) == 1


def test_random_level_varies_without_a_seed() -> None:
    start = new_game("othello", size=8)
    assert len({choose_move(start, 1) for _ in range(60)}) == 4


def test_expert_respects_a_short_deadline() -> None:
    # a midgame 8x8 position: with a tiny budget the expert still answers legally
    state = random_positions("othello", 8, 1, seed=9)[0]
    assert choose_move(state, 5, seconds=0.01) in state.legal_moves()


@pytest.mark.parametrize("level", [0, 6, -1, "3", 2.5, True, None])
def test_unknown_level_is_a_value_error(level: object) -> None:
    with pytest.raises(ValueError, match="bot levels are 1-5"):
        choose_move(new_game("othello"), level)  # type: ignore[arg-type]


@pytest.mark.parametrize("seconds", [0, -1.0, True, float("nan")])
def test_bad_thinking_time_is_a_value_error(seconds: object) -> None:
    with pytest.raises(ValueError, match="seconds must be a positive number"):
        choose_move(new_game("othello"), 5, seconds=seconds)  # type: ignore[arg-type]


@pytest.mark.parametrize("level", sorted(BOT_NAMES))
def test_finished_game_is_a_value_error(level: int) -> None:
    over = new_game("tictactoe", board="XXXOO....")
    with pytest.raises(ValueError, match="the game is over"):
        choose_move(over, level)
    full = new_game("othello", size=4, board="XXXXXXXXXXXXXXXO")
    assert full.is_over
    with pytest.raises(ValueError, match="the game is over"):
        choose_move(full, level)


def test_unknown_game_is_a_value_error() -> None:
    class Draughts:
        game = "draughts"

        def legal_moves(self) -> list[int]:
            return [1, 2]

    with pytest.raises(ValueError, match="unknown game 'draughts'"):
        choose_move(Draughts(), 3)  # type: ignore[arg-type]


def test_analyse_scores_every_legal_move() -> None:
    for game, size in GAMES:
        for state in random_positions(game, size, 3, seed=5):
            entries = analyse(state, 0.1)
            assert [entry.move for entry in entries] == state.legal_moves(), state.to_text()
            assert all(entry.depth >= 1 for entry in entries)


def test_analyse_tic_tac_toe_is_exact_on_the_ten_minus_depth_scale() -> None:
    assert [(e.score, e.exact, e.depth) for e in analyse(new_game("tictactoe"), 1)] == [
        (0.0, True, 9)
    ] * 9
    # X to move wins at once on square 2 (10 - 1); on 6 it lets O win on 5 next (2 - 10)
    state = new_game("tictactoe", board="XX.OO....")
    scores = {entry.move: entry.score for entry in analyse(state, 1)}
    assert scores[2] == 9.0 and scores[6] == -8.0
    assert max(score for move, score in scores.items() if move != 2) < 9


def test_analyse_a_forced_pass_scores_it_from_the_reply() -> None:
    state = forced_pass()
    entries = analyse(state, 30)
    replies = analyse(state.play(PASS), 30)
    best = max(replies, key=lambda entry: entry.score)
    assert entries == [type(best)(PASS, -best.score, best.exact, best.depth)]


@pytest.mark.parametrize("seconds", [0, -1.0, True, float("nan")])
def test_analyse_refuses_a_bad_thinking_time(seconds: object) -> None:
    with pytest.raises(ValueError, match="seconds must be a positive number"):
        analyse(new_game("othello"), seconds)  # type: ignore[arg-type]


def test_analyse_refuses_finished_and_unknown_games() -> None:
    with pytest.raises(ValueError, match="the game is over"):
        analyse(new_game("othello", size=4, board="XXXXXXXXXXXXXXXO"), 1)

    class Draughts:
        game = "draughts"

        def legal_moves(self) -> list[int]:
            return [1, 2]

    with pytest.raises(ValueError, match="unknown game 'draughts'"):
        analyse(Draughts(), 1)  # type: ignore[arg-type]
