"""The bots: one entry point for every level, a pure function of the position, and the
engine's analysis of a position (hints), for every game.

    from shared.ai import analyse, choose_move
    move = choose_move(state, level=5, seconds=1.0, seed=None)
    for entry in analyse(state, seconds=1.0): print(entry.move, entry.score, entry.exact)

Levels (see :mod:`shared.ai.levels` and docs/rules-and-bots.md): 1 random, 2 greedy,
3 minimax, 4 alpha-beta, 5 expert (in Othello the compiled kernel of
:mod:`shared.ai.kernel`). Level 1 is the same for every game; the others are the game's
engine: the module its registry entry names (``GameInfo.engine``: :mod:`shared.ai.othello`,
:mod:`shared.ai.tictactoe`, or the generic search :mod:`shared.ai.generic` for a game that
brings none), an :class:`Engine`. Engines are imported by the first search of their game,
not with this package, so a client that only names the levels (:mod:`shared.ai.levels`,
``BOT_NAMES``) starts without numba. Everything here is pure computation: no I/O, no
threads; the server runs it in a worker process.
"""

from __future__ import annotations

import importlib
import random
from functools import cache
from typing import Final, Protocol, cast

from shared.ai.levels import LEVELS
from shared.ai.move_score import MoveScore
from shared.games import GAMES, PASS, PluginError, State, get_game, plugged_from

BOT_NAMES: Final[dict[int, str]] = {level: spec.name for level, spec in LEVELS.items()}
"""Bot levels and their names, weakest first (the protocol's `welcome.bots`)."""


class Engine(Protocol):
    """A game's bots above level 1 and its analysis: the module ``GameInfo.engine``
    names defines these two functions."""

    def scores(self, state: State, level: int, seconds: float | None,
               vary: bool) -> tuple[dict[int, int], int]:
        """Each legal move's score for the side to move by ``level``'s search (2-5)
        within ``seconds`` if given, and the margin below the best within which a move
        may be played (0: only the best); ``vary``: no seed asks for reproducible play."""
        ...

    def analyse(self, state: State, seconds: float) -> list[MoveScore]:
        """Every legal move with its own score (:class:`MoveScore`), in square order."""
        ...


def engine_of(state: State) -> Engine:
    """The engine of ``state``'s game (ValueError for a game not registered)."""
    return _engine(get_game(state.game).engine)


@cache
def _engine(module: str) -> Engine:
    return cast(Engine, importlib.import_module(module))


def check_engines() -> None:
    """Import every registered game's engine and check that it is one, so a misspelt
    ``engine`` in a plugged-in game's entry stops a server or a bot as it starts, not at
    the game's first bot move: PluginError naming the module that brought the game
    (ValueError for a built-in game's). Loads no numba (the kernel comes with a search)."""
    for info in GAMES.values():
        try:
            engine = importlib.import_module(info.engine)
        except ImportError as e:
            problem = f"its engine {info.engine} cannot be imported: {e}"
        else:
            lacking = [name for name in ("scores", "analyse")
                       if not callable(getattr(engine, name, None))]
            if not lacking:
                continue
            problem = f"its engine {info.engine} has no {' or '.join(lacking)}"
        module = plugged_from(info.name)
        if module is None:
            raise ValueError(f"{info.name}: {problem}")
        raise PluginError(module, problem)


def choose_move(
    state: State, level: int, seconds: float | None = None, seed: int | None = None
) -> int:
    """A legal move for the side to move (PASS when that is the only one).

    ``seconds`` caps the thinking time of the levels that search to a deadline
    (level 5; default its level's own, :func:`shared.ai.move_time.move_seconds`); given
    to Othello's fixed-depth levels, they deepen to their depth and play by the deepest
    they finished within it (without it, they search their depth however long it
    takes). Tic-tac-toe ignores it.
    ``seed`` makes the choice reproducible (for level 5, as long as the search
    reaches the same depth) and plays a best move; without one, equally good moves are
    chosen at random, and Othello's level 5 varies in the opening
    (``shared.ai.othello.VARIETY_DISCS``).
    ValueError for an unknown level, an unsupported game or a finished game.
    """
    if isinstance(level, bool) or level not in LEVELS:
        raise ValueError(f"bot levels are 1-5, not {level!r}")
    if seconds is not None:
        _check_seconds(seconds)
    legal = _legal_moves(state)
    rng = random.Random(seed)
    if len(legal) == 1 or level == 1:
        return rng.choice(legal)
    scores, margin = engine_of(state).scores(state, level, seconds, seed is None)
    best = max(scores.values())
    return rng.choice(sorted(sq for sq, score in scores.items() if score >= best - margin))


def quick_move(state: State) -> int:
    """A move worth playing, found at once (milliseconds, pure Python, no engine to load):
    the best by one ply (level 2), for a bot that got no time to think (not a random one)."""
    return choose_move(state, 2)


def analyse(state: State, seconds: float) -> list[MoveScore]:
    """Every legal move of the side to move scored by the game's engine, in square order.

    Othello moves get the expert's search within ``seconds``, or the exact margin when
    the game can be solved in that time; tic-tac-toe moves get their exact perfect-play
    value (at once, whatever ``seconds``); a game with the generic search, the deepest
    values ``seconds`` allow. ValueError for a bad ``seconds``, an unknown game or a
    finished game.
    """
    _check_seconds(seconds)
    _legal_moves(state)
    return engine_of(state).analyse(state, seconds)


def _check_seconds(seconds: float) -> None:
    if isinstance(seconds, bool) or not seconds > 0:
        raise ValueError(f"seconds must be a positive number, not {seconds!r}")


def _legal_moves(state: State) -> list[int]:
    legal = state.legal_moves()
    if not legal:
        raise ValueError(f"the game is over, there is no move to choose in {state.to_text()}")
    return legal


__all__ = ["BOT_NAMES", "PASS", "Engine", "MoveScore", "analyse", "check_engines", "choose_move",
           "engine_of", "quick_move"]
